// Crash safety: each multi-step write killed with SIGKILL at points spread over its duration (20 by default;
// `npm run reliability` runs more on bigger data) leaves a database that opens, passes integrity_check and
// foreign_key_check, and holds the operation whole or not at all. docs/reliability.md records the results.
import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { crashTest, type CrashReport } from './harness'
import { listImport, restore, trfSequence } from './operations'
import { tempDir } from '../helpers/temp-db'

const KILLS = Number(process.env.RELIABILITY_KILLS ?? 20)
const LINES = Number(process.env.RELIABILITY_LINES ?? 2_000)
// each run starts a child process: minutes in all on a loaded machine
const TIMEOUT = 15 * 60_000
const tmp = tempDir('rating-office-crash-')
const reports: CrashReport[] = []
afterAll(() => {
  mkdirSync('test-results', { recursive: true })
  writeFileSync('test-results/reliability.json', JSON.stringify({ kills: KILLS, lines: LINES, reports }, null, 2))
  tmp.cleanup()
})

describe('crash safety (SIGKILL at spread points)', () => {
  it(`imports of real reports: ${KILLS} kills, every file whole or absent, in order`, async () => {
    const report = await crashTest(trfSequence(tmp.dir), tmp.file('trf.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(Object.values(report.outcomes).reduce((a, b) => a + b, 0)).toBe(KILLS)
  }, TIMEOUT)

  it(`a monthly list import into a loaded registry: ${KILLS} kills, the month whole or absent`, async () => {
    const report = await crashTest(listImport(tmp.dir, LINES), tmp.file('list.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    // the kills fell on both sides of the commit: the harness did test the interrupted write
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a restore over a changed database: ${KILLS} kills, the old file or the restored one`, async () => {
    const report = await crashTest(await restore(tmp.dir, LINES / 4), tmp.file('restore.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
  }, TIMEOUT)
})
