// `npm run serve -- --db FILE [--port N]`: browser mode (builds the renderer and the CLI when missing).
import { existsSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
if (!existsSync(join(root, 'out/web/index.html'))) spawnSync(npx, ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
if (!existsSync(join(root, 'out/node/cli.js'))) spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: root, stdio: 'inherit' })

// `--db` is a global option of the CLI: move it before the command
const args = process.argv.slice(2)
const global = []
const rest = []
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--db' || args[i] === '--json') {
    global.push(args[i])
    if (args[i] === '--db') global.push(args[++i])
  } else rest.push(args[i])
}
const child = spawn(process.execPath, ['bin/rating-office.js', ...global, 'serve', ...rest], { cwd: root, stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
