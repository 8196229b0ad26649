// A big correction's new version is computed on a helper thread while the job's thread writes it, as a big generation
// is (services/list-corrections.ts newVersionOnTwoThreads). It must be the version the one-thread way writes, row for
// row, with the same changelog, audit entry and tournaments rated. Forced here on the office-list fixture (threadFrom
// 0): November published, then a report found late, a rated report corrected and two records merged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { applyCorrection, correctionPreview } from '../../../../src/main/core/services/list-corrections'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'
import { versionRows } from '../../../helpers/version-rows'
import { PLAYERS, correctedNovember, playerId } from './office-list-fixture'

const tmp = tempDir()
let s: Services
let novId = 0
let t1 = 0
const thread = { thread: sourceWorkerScript(), threadFrom: 0 }
const REASON = 'Late Round Robin received, Autumn Round Robin corrected'

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  const month = await correctedNovember(s, tmp.file('players_list_foa.txt'))
  novId = month.novId
  t1 = month.t1
}, 180_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('a big correction on two threads', () => {
  it('writes the new version the one-thread way writes, row for row, with its changelog and audit entry', () => {
    const db = s.ctx.db
    const preview = correctionPreview(db, novId)
    // the preview on two threads: the same changes, nothing written
    const lists = db.prepare('SELECT count(*) FROM rating_lists').pluck().get()
    const events: string[] = []
    expect(correctionPreview(db, novId, { ...thread, progress: (_d, _t, m) => void events.push(m) })).toEqual(preview)
    expect(events).toContain('computing')
    expect(db.prepare('SELECT count(*) FROM rating_lists').pluck().get()).toBe(lists)
    expect(preview.changes.length).toBeGreaterThan(5)
    // the one-thread way, in a transaction rolled back: the same state for the other
    db.exec('BEGIN IMMEDIATE')
    let one: ReturnType<typeof applyCorrection>
    let here: Record<string, unknown[]>
    try {
      one = applyCorrection(db, novId, 'new-version', REASON)
      here = versionRows(s.ctx.db, one.newListIds[0]!)
    } finally {
      db.exec('ROLLBACK')
    }
    events.length = 0
    const two = applyCorrection(db, novId, 'new-version', REASON, { ...thread, progress: (_d, _t, m) => void events.push(m) })
    expect(two).toEqual(one)
    expect(versionRows(s.ctx.db, two.newListIds[0]!)).toEqual(here)
    // the helper computed it: its phases reached the progress (the one-thread way says only the chain's lists)
    expect(events).toContain('computing')
    expect(events).not.toContain('lists')

    // what the rows hold: version 2 of November, published, superseding version 1; each changed line in the changelog
    // with why: the late report's four players, Alpha and Bravo, and Delta's line leaving the list (nine lines now)
    expect(here.list).toEqual([[two.newListIds[0], 'office', '2025-11-01', 'standard', 'FIDE', 'fide-2024', 'published', 2, novId, expect.any(String), 9, 9]])
    const log = here.changelog as [number, number | null, number | null, ...unknown[]][]
    const reasonOf = (fideId: number): string => String(log.find((l) => l[0] === playerId(s, fideId))?.[9])
    expect(two.changed).toBe(log.length)
    expect(reasonOf(PLAYERS.F1.id)).toMatch(/^Late Round Robin received, Autumn Round Robin corrected — tournament \d+ \(Late Round Robin\) found late; tournament \d+ \(Autumn Round Robin\) corrected; player \d+ merged into player \d+/)
    expect(reasonOf(PLAYERS.D.id)).toMatch(/merged into player \d+ \(merge \d+\): one line, the kept record's$/)
    expect(log.find((l) => l[0] === playerId(s, PLAYERS.D.id))?.[2]).toBeNull()
    for (const k of ['F1', 'F2', 'F3', 'F4'] as const) expect(log.some((l) => l[0] === playerId(s, PLAYERS[k].id))).toBe(true)
    // Alpha's and Bravo's games are those of November, their ratings not: Alpha scores half a point less, Bravo more
    const [a, b] = [PLAYERS.A.id, PLAYERS.B.id].map((id) => log.find((l) => l[0] === playerId(s, id))!)
    expect([a![3] === a![4], b![3] === b![4]]).toEqual([true, true])
    expect([a![2]! < a![1]!, b![2]! > b![1]!]).toEqual([true, true])
    // and what the preview showed before: the same players, the same figures
    expect(log.map((l) => [l[0], l[1], l[2]])).toEqual(preview.changes.map((c) => [c.playerId, c.before, c.after]))
    // its causes as the screens say them (the players by name, the tournaments by theirs), the changelog's words from them
    const causesOf = (fideId: number): unknown => preview.changes.find((c) => c.playerId === playerId(s, fideId))?.causes
    const merge = { kind: 'merged', mergeId: expect.any(Number), keepId: playerId(s, PLAYERS.F5.id), dropId: playerId(s, PLAYERS.D.id), keep: 'Fox, Five', drop: 'Delta, Dan' }
    expect(causesOf(PLAYERS.F1.id)).toEqual([
      { kind: 'late', tournamentId: expect.any(Number), name: 'Late Round Robin' },
      { kind: 'corrected', tournamentId: t1, name: 'Autumn Round Robin' },
      { ...merge, leaves: false }
    ])
    expect(causesOf(PLAYERS.D.id)).toEqual([{ ...merge, leaves: true }])
  }, 120_000)
})
