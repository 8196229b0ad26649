// The batch import as a worker job (tournaments:import, what the import screen starts): per-file progress, the same
// per-file results as the call, a refused file leaving nothing while the others stay, and a cancel leaving none of
// the batch (one transaction, each file in its own savepoint).
import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../../src/main/core/services/index'
import { importReports } from '../../../../src/main/core/services/tournaments'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { JobEvent } from '../../../../src/shared/contract/jobs'
import { tempDir } from '../../../helpers/temp-db'
import { REAL_DIR, TRF_DIR } from '../../../helpers/fixtures'

const tmp = tempDir()
const services = createServices({ dbPath: tmp.file('office.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
const db = services.ctx.db
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})
const file = (dir: string, name: string) => ({ fileName: name, base64: readFileSync(dir + name).toString('base64') })
const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
const DEMO = file(REAL_DIR, 'erral_fidetournament__tests__test_demo.trf')
const INVALID = file(TRF_DIR, 'py4swiss_invalid_code.trf')
const KRAUSE = file(REAL_DIR, 'sanichi_icu_tournament__spec__samples__krause__irish_junior_champs_2011.tab')

async function start(input: unknown): Promise<string> {
  const r = await services.dispatch('jobs:start', { kind: 'tournaments:import', input })
  if (!r.ok) throw new Error(r.error.message)
  return (r.value as { jobId: string }).jobId
}

describe('tournaments:import as a worker job', () => {
  it('imports a batch file by file with progress; a refused file leaves nothing, the others are imported and checked', async () => {
    const events: JobEvent[] = []
    services.ctx.jobs.on('event', (e: JobEvent) => events.push(e))
    const jobId = await start({ files: [DEMO, INVALID, KRAUSE], receivedDate: '2025-11-03' })
    const end = await services.ctx.jobs.wait(jobId)
    expect(end.state).toBe('done')
    if (end.kind !== 'tournaments:import' || !end.result) throw new Error('no result')
    expect(end.result.map((r) => [r.ok, r.ok ? r.players : null, r.fileName])).toEqual([
      [true, 137, DEMO.fileName],
      [false, null, INVALID.fileName],
      [true, 34, KRAUSE.fileName]
    ])
    const refused = end.result[1]!
    // the refusal as the call gives it: its message and the located findings
    // its one fatal finding: line 7 is numbered 101 where a player line (001) stands, columns 1–3
    expect(!refused.ok && refused.findings.map((f) => [f.code, f.location])).toEqual([['trf.record.misnumbered', { file: INVALID.fileName, line: 7, column: 1, endColumn: 3 }]])
    // progress came from the worker with the totals of the batch
    expect(events.filter((e) => e.jobId === jobId && e.state === 'running').every((e) => e.total === 3 || e.total === 0)).toBe(true)
    expect(count('tournaments')).toBe(2)
    expect(count('tournament_players')).toBe(137 + 34)
    expect(db.prepare("SELECT DISTINCT status FROM tournaments").pluck().all()).toEqual(['checked'])
    expect(db.prepare("SELECT count(*) FROM tournament_files WHERE file_name = ?").pluck().get(INVALID.fileName)).toBe(0)
    expect(db.prepare("SELECT DISTINCT received_date FROM tournaments").pluck().all()).toEqual(['2025-11-03'])
  })

  it('a cancel before the first file leaves the database as it was', async () => {
    const before = [count('tournaments'), count('tournament_files'), count('audit_log')]
    const jobId = await start({ files: [file(REAL_DIR, 'sklangen_TRF__tests__example1.trf')] })
    services.ctx.jobs.cancel(jobId)
    const end = await services.ctx.jobs.wait(jobId)
    expect(end.state).toBe('cancelled')
    expect([count('tournaments'), count('tournament_files'), count('audit_log')]).toEqual(before)
  })
})

describe('importReports: one transaction, a savepoint per file', () => {
  it('a cancel after two files rolls the whole batch back', () => {
    const before = [count('tournaments'), count('tournament_players'), count('tournament_findings'), count('audit_log')]
    let done = 0
    const cancelled = new Error('cancelled')
    expect(() =>
      importReports(db, { files: [file(REAL_DIR, 'sklangen_TRF__tests__example1.trf'), INVALID, file(TRF_DIR, 'py4swiss_invalid_code.trf')] }, {
        progress: (d) => (done = d),
        throwIfCancelled: () => {
          if (done === 2) throw cancelled
        }
      })
    ).toThrow(cancelled)
    expect(done).toBe(2)
    expect([count('tournaments'), count('tournament_players'), count('tournament_findings'), count('audit_log')]).toEqual(before)
  })

  it('reports each file as it is done, in order, with its name', () => {
    const seen: [number, number, string][] = []
    const out = importReports(db, { files: [INVALID, DEMO] }, { progress: (d, t, name) => seen.push([d, t, name]) })
    expect(seen).toEqual([[1, 2, INVALID.fileName], [2, 2, DEMO.fileName]])
    // the demo is already in: recognised, nothing written again
    expect(out.map((r) => (r.ok ? r.outcome : 'refused'))).toEqual(['refused', 'duplicate'])
  })
})
