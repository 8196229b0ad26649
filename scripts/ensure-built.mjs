// Builds the browser-mode renderer (out/web) and the Node hosts (out/node) when they are missing; shared by
// `npm start`, `npm run serve` and the e2e runner so the three agree on how a build is made.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

export const root = fileURLToPath(new URL('..', import.meta.url))
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

export function ensureWeb(force = false) {
  if (force || !existsSync(join(root, 'out/web/index.html'))) run(npx, ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'])
}

export function ensureNode(force = false) {
  if (force || !existsSync(join(root, 'out/node/cli.js'))) run(process.execPath, ['scripts/build-node.mjs'])
}

export function ensureDesktop(force = false) {
  if (force || !existsSync(join(root, 'out/main/index.js'))) run(npx, ['electron-vite', 'build'])
}
