// `npm run reliability`: the crash harness, the checks on opening and the list fuzzing at a larger size than CI's.
// Usage: npm run reliability [-- KILLS [LINES [FUZZ_RUNS]]]   (defaults 40 kills, 50,000-line lists, 300 fuzz runs)
// Results: test-results/reliability.json (kills) and test-results/fuzz-lists.json (fuzz tallies); docs/reliability.md.
import { spawnSync } from 'node:child_process'

const [kills = '40', lines = '50000', fuzzRuns = '300'] = process.argv.slice(2)
const specs = ['test/reliability', 'test/main/core/db/open-check.spec.ts', 'test/main/core/registry/fuzz.spec.ts']
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...specs], {
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_KILLS: kills, RELIABILITY_LINES: lines, FUZZ_RUNS: fuzzRuns }
})
process.stdout.write('results: test-results/reliability.json, test-results/fuzz-lists.json\n')
process.exit(r.status ?? 1)
