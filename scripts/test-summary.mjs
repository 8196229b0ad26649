// Prints one closing line for CI from the test runs' JSON reports: "tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const f of ['test-results/unit.json', 'test-results/e2e.json']) {
  if (!existsSync(f)) continue
  const r = JSON.parse(readFileSync(f, 'utf8'))
  passed += r.numPassedTests ?? 0
  failed += r.numFailedTests ?? 0
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
