// `npm run reliability`: the crash harness at a larger size than CI's (more kill points, bigger lists).
// Usage: npm run reliability [-- KILLS [LINES]]   (defaults 40 kills, 50,000-line lists)
import { spawnSync } from 'node:child_process'

const [kills = '40', lines = '50000'] = process.argv.slice(2)
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/reliability'], {
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_KILLS: kills, RELIABILITY_LINES: lines }
})
process.stdout.write('results: test-results/reliability.json\n')
process.exit(r.status ?? 1)
