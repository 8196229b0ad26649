// Issue 14: nothing the officer starts freezes the window. A FIDE-layout list import, a PDF export, a batch of reports
// and a list generation, started through the calls the UI makes (players:importList, lists:saveExport, jobs:start
// tournaments:import and lists:generate), run in the worker: the
// main process's event loop is never blocked over 100 ms. At a reduced scale (the full scale is `npm run bench --
// --full`). A block is the main thread's own work: where Linux tells (test/helpers/loop-watch.ts), the most the thread
// ran between two ticks of a 10 ms timer, so that a gap spent waiting for a CPU — the machine's load: CI's other test
// files, the job's own two threads on two cores — is not taken for one (both figures are in the message); elsewhere
// the delay monitorEventLoopDelay sees, with the machine's jitter on an idle loop just before allowed on top.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { writeSyntheticCombinedList } from '../../../helpers/synthetic-list'
import { generateMonth, type RegistryFacts } from '../../../helpers/trf-month'
import { tempDir } from '../../../helpers/temp-db'
import { watchLoop, type Watched } from '../../../helpers/loop-watch'

const BLOCK_LIMIT_MS = 100
const LINES = 40_000 // about 6 MB: above the bulk threshold, so the first load takes the two-thread path
const tmp = tempDir()
let s: Services

/** Under 100 ms: the thread's own longest run where the scheduler tells, else the loop's delay less the idle jitter. */
function expectResponsive(w: Watched): void {
  const limit = w.gap ? BLOCK_LIMIT_MS : BLOCK_LIMIT_MS + jitter
  expect(w.blockMs, `${w.said} (idle jitter ${jitter.toFixed(0)} ms)`).toBeLessThan(limit)
}

async function jobDone(jobId: string): Promise<void> {
  const end = await s.ctx.jobs.wait(jobId)
  if (end.state !== 'done') throw new Error(`job ${end.kind} ended ${end.state}: ${JSON.stringify(end)}`)
}

async function call(name: string, input: unknown): Promise<unknown> {
  const r = await s.dispatch(name, input)
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`)
  return r.value
}

let jitter = 0
beforeAll(async () => {
  // A small import first, on a database of its own, so that the modules the calls load on first use are loaded:
  // under vitest each is compiled on the main thread then (in the built app they are bundled already).
  s = createServices({ dbPath: tmp.file('warm.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript() })
  const upload = s.ctx.uploads.register(writeSyntheticCombinedList(tmp.file('warm_foa.txt'), 200), 'fide-list').handle
  const { jobId } = (await call('players:importList', { upload, listDate: '2025-09-01' })) as { jobId: string }
  await jobDone(jobId)
  await s.close()
  s = createServices({ dbPath: tmp.file('office.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript() })
  // the machine's jitter: an idle loop for a second
  jitter = (await watchLoop(() => new Promise((r) => setTimeout(r, 1000)))).delayMs
})
afterAll(async () => {
  await s.close()
  tmp.cleanup()
})

describe('the main process stays responsive during long work', () => {
  it('a FIDE list import started by players:importList blocks the loop under 100 ms', async () => {
    // the file as the browser's upload leaves it: a handle the main process issued (the UI sends no path)
    const upload = s.ctx.uploads.register(writeSyntheticCombinedList(tmp.file('players_list_foa.txt'), LINES), 'fide-list').handle
    const block = await watchLoop(async () => {
      const { jobId } = (await call('players:importList', { upload, listDate: '2025-10-01' })) as { jobId: string }
      await jobDone(jobId)
    })
    expect((s.ctx.db.prepare('SELECT count(*) AS n FROM players').get() as { n: number }).n).toBe(LINES)
    expectResponsive(block)
  })

  it('a PDF of the top 2,000 saved from the desktop (lists:saveExport, the lists:export job) blocks the loop under 100 ms', async () => {
    const listId = (s.ctx.db.prepare("SELECT max(id) AS id FROM rating_lists WHERE rating_type = 'standard' AND kind = 'reference'").get() as { id: number }).id
    const out = tmp.file('top.pdf')
    // the desktop app's save dialog, answered at once
    s.ctx.chooseSaveFile = async () => out
    let saved: unknown
    const block = await watchLoop(async () => (saved = await call('lists:saveExport', { listId, format: 'pdf', top: 2000 })))
    expect(saved).toEqual({ saved: true, file: out, rows: 2000, skipped: 0 })
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-')
    expectResponsive(block)
  })

  let imported: { ok: boolean; tournamentId: number }[] = []
  it('a batch of 30 reports imported by jobs:start tournaments:import (the import screen) blocks the loop under 100 ms', async () => {
    // a month's tournaments of October, named as the registry has their players
    const db = s.ctx.db
    const facts = db.prepare(
      `SELECT p.surname || ', ' || p.given_names AS name, p.federation, p.sex, CAST(substr(p.birth_date, 1, 4) AS INTEGER) AS birthYear, e.rating
         FROM players p LEFT JOIN rating_list_entries e ON e.player_id = p.id AND e.list_id = (SELECT max(id) FROM rating_lists WHERE rating_type = 'standard')
        WHERE p.fide_id = ?`
    )
    const files = [...generateMonth(30, { pool: LINES, month: '2025-10', registry: (id) => facts.get(id) as RegistryFacts | undefined })]
    const input = { files: files.map((f) => ({ fileName: f.fileName, base64: Buffer.from(f.text, 'latin1').toString('base64') })), receivedDate: '2025-10-30' }
    let end: unknown
    const block = await watchLoop(async () => {
      const { jobId } = (await call('jobs:start', { kind: 'tournaments:import', input })) as { jobId: string }
      await jobDone(jobId)
      end = s.ctx.jobs.get(jobId)
    })
    imported = (end as { result: { ok: boolean; tournamentId: number }[] }).result
    expect(imported).toHaveLength(30)
    expect((db.prepare('SELECT count(*) AS n FROM tournaments').get() as { n: number }).n).toBe(30)
    expectResponsive(block)
  })

  it('a list generation started by jobs:start blocks the loop under 100 ms', async () => {
    for (const t of imported) {
      expect(t.ok).toBe(true)
      await call('checks:approve', { id: t.tournamentId, reason: 'checked', overrideErrors: true })
    }
    const generate = async (): Promise<unknown> => {
      const { jobId } = (await call('jobs:start', { kind: 'lists:generate', input: { listDate: '2025-11-01', ratingType: 'standard' } })) as { jobId: string }
      await jobDone(jobId)
      return s.ctx.jobs.get(jobId)
    }
    // generated once (modules loaded), then again as the officer does after a correction: that one is watched
    await generate()
    let result: unknown
    const block = await watchLoop(async () => (result = await generate()))
    expect(result).toMatchObject({ state: 'done', result: { tournaments: expect.arrayContaining([expect.anything()]) } })
    expectResponsive(block)
  })
})
