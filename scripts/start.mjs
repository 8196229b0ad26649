// `npm start`: the desktop app when Electron's binary is installed, otherwise browser mode on 127.0.0.1,
// both on the default database (RATING_OFFICE_DB or the user data folder). Builds what is missing first.
import { existsSync, readFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { root, ensureDesktop, ensureNode, ensureWeb } from './ensure-built.mjs'

function electronBinary() {
  try {
    const pathFile = join(root, 'node_modules/electron/path.txt')
    if (!existsSync(pathFile)) return null
    const bin = join(root, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim())
    return existsSync(bin) ? bin : null
  } catch {
    return null
  }
}

const rebuild = process.argv.includes('--rebuild')
const args = process.argv.slice(2).filter((a) => a !== '--rebuild')
const bin = process.env.RATING_OFFICE_BROWSER === '1' ? null : electronBinary()
let child
if (bin) {
  ensureDesktop(rebuild)
  child = spawn(bin, ['.', ...args], { cwd: root, stdio: 'inherit' })
} else {
  console.log('Electron is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD): starting browser mode instead.')
  ensureWeb(rebuild)
  ensureNode(rebuild)
  child = spawn(process.execPath, ['bin/rating-office.js', 'serve', ...args], { cwd: root, stdio: 'inherit' })
}
child.on('exit', (code) => process.exit(code ?? 0))
