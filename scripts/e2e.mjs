// `npm run test:e2e`: end-to-end tests in headless Chromium against browser mode (builds out/web if missing, and the
// Node hosts every time: the servers' jobs run in the bundled worker, which must be the source's, and it builds in a second).
import { spawnSync } from 'node:child_process'
import { root, ensureNode, ensureWeb } from './ensure-built.mjs'

ensureWeb()
ensureNode(true)
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const r = spawnSync(npx, ['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/e2e.json', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
process.exit(r.status ?? 1)
