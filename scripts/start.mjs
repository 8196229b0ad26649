// `npm start`: the desktop app when Electron's binary is installed, otherwise browser mode on 127.0.0.1,
// both on the default database (RATING_OFFICE_DB or the user data folder). Builds what is missing first.
import { existsSync, readFileSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'

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

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const args = process.argv.slice(2)
const bin = process.env.RATING_OFFICE_BROWSER === '1' ? null : electronBinary()
if (bin) {
  if (!existsSync(join(root, 'out/main/index.js')) || args.includes('--rebuild')) run(npx, ['electron-vite', 'build'])
  const child = spawn(bin, ['.', ...args.filter((a) => a !== '--rebuild')], { cwd: root, stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  console.log('Electron is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD): starting browser mode instead.')
  if (!existsSync(join(root, 'out/web/index.html')) || args.includes('--rebuild')) run(npx, ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'])
  if (!existsSync(join(root, 'out/node/cli.js')) || args.includes('--rebuild')) run(process.execPath, ['scripts/build-node.mjs'])
  const child = spawn(process.execPath, ['bin/rating-office.js', 'serve', ...args.filter((a) => a !== '--rebuild')], { cwd: root, stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
}
