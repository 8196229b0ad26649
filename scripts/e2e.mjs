// `npm run test:e2e`: end-to-end tests in headless Chromium against browser mode (needs out/web built).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('out/web/index.html')) {
  const b = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (b.status !== 0) process.exit(b.status ?? 1)
}
const r = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/e2e.json', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(r.status ?? 1)
