// `npm run reliability`: the crash harness, the checks on opening and the list fuzzing at a larger size than CI's.
// Usage: npm run reliability [-- KILLS [LINES [FUZZ_RUNS]]]   (defaults 40 kills, 50,000-line lists, 300 fuzz runs)
//        npm run reliability -- hostile   (the hostile-input suite alone, at the sizes: test/reliability/hostile.spec.ts)
// Results: test-results/reliability.json (kills), test-results/fuzz-lists.json (fuzz tallies), test-results/hostile.json
// (attacks, printed); docs/reliability.md.
import { spawnSync } from 'node:child_process'

const hostileOnly = process.argv[2] === 'hostile'
const [kills = '40', lines = '50000', fuzzRuns = '300'] = hostileOnly ? [] : process.argv.slice(2)
const specs = hostileOnly ? ['test/reliability/hostile.spec.ts'] : ['test/reliability', 'test/main/core/db/open-check.spec.ts', 'test/main/core/registry/fuzz.spec.ts']
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...specs], {
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_KILLS: kills, RELIABILITY_LINES: lines, FUZZ_RUNS: fuzzRuns, HOSTILE_FULL: '1' }
})
process.stdout.write(hostileOnly ? 'results: test-results/hostile.json\n' : 'results: test-results/reliability.json, test-results/fuzz-lists.json, test-results/hostile.json\n')
process.exit(r.status ?? 1)
