// `npm run serve -- --db FILE [--port N]`: browser mode (builds the renderer and the CLI when missing).
import { spawn } from 'node:child_process'
import { root, ensureNode, ensureWeb } from './ensure-built.mjs'

ensureWeb()
ensureNode()

// `--db` and `--json` are global options of the CLI: move them before the command
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
