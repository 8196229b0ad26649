// A player merge after publication on a real database: one person held two FIDE records, both rated on the FIDE list
// of 1 October 2025, each playing a round robin in October; November's and December's lists were published with
// both. After the registry merge, the next draft folds the two lines into one (and a draft made before the merge is
// stale), the correction's preview names every line that moves, and its new versions rate the person once, with the
// kept record's rating, carried through December; the replay reproduces the new versions. Every figure by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import type { ReplayResult } from '../../../../src/shared/contract/list-history'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved, refused } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let s: Services

// the FIDE list of 1 October 2025: P and Q are one person (two IDs), R, S, T, U others
const P = { id: 5100001, name: 'Papa, Paul', rating: 2000 }
const Q = { id: 5100002, name: 'Papa, Paul', rating: 1900 }
const R = { id: 5100003, name: 'Romeo, Rita', rating: 2100 }
const S = { id: 5100004, name: 'Sierra, Sam', rating: 1800 }
const T = { id: 5100005, name: 'Tango, Tom', rating: 1950 }
const U = { id: 5100006, name: 'Uniform, Uma', rating: 1700 }
type Who = typeof P

// every report: start rank 1 beats 2, draws 3, loses to 4; 2 beats 3, draws 4; 3 beats 4
const ROWS = ['x1=0', '0x1=', '=0x1', '1=0x']
const report = (title: string, start: string, end: string, who: Who[]): string =>
  roundRobinTrf(
    title,
    start,
    'Round robin standard',
    who.map((p, i) => ({ name: p.name, rating: p.rating, fideId: p.id, results: ROWS[i]!.split('') }))
  ).replace(/^052 .*$/m, `052 ${end.replace(/-/g, '/')}`)

const pid = (fideId: number): number => s.ctx.db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(fideId) as number
const line = (listId: number, playerId: number): { rating: number | null; games: number; k: number | null } | undefined =>
  s.ctx.db.prepare('SELECT rating, games, k FROM rating_list_entries WHERE list_id = ? AND player_id = ?').get(listId, playerId) as { rating: number | null; games: number; k: number | null } | undefined
const generate = async (listDate: string): Promise<GenerateResult> => (await s.ctx.jobs.run('lists:generate', { listDate })) as GenerateResult

let pId = 0
let qId = 0
let nov: GenerateResult
let dec: GenerateResult
let draft: GenerateResult

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
  const list = writeCombinedList(
    tmp.file('players_list_foa.txt'),
    [P, Q, R, S, T, U].map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: 'M' as const, standard: { rating: p.rating, games: 0, k: 20 }, birthYear: 1980 }))
  )
  importFideList(s.ctx.db, { file: list, listDate: '2025-10-01' })
  await importApproved(s, report('Papa One', '2025-10-10', '2025-10-12', [P, R, S, T]), 't1.trf')
  await importApproved(s, report('Papa Two', '2025-10-15', '2025-10-17', [Q, R, S, T]), 't2.trf')
  nov = await generate('2025-11-01')
  await call(s, 'lists:publish', { listId: nov.listId })
  await importApproved(s, report('November', '2025-11-05', '2025-11-07', [Q, R, S, T]), 't3.trf')
  dec = await generate('2025-12-01')
  await call(s, 'lists:publish', { listId: dec.listId })
  await importApproved(s, report('December', '2025-12-10', '2025-12-12', [R, S, T, U]), 't4.trf')
  draft = await generate('2026-01-01')
  pId = pid(P.id)
  qId = pid(Q.id)
}, 300_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('two records of one person, merged after publication', () => {
  it('November was published with both lines, each rated on its own (2024 edition, K 20 from the FIDE list)', () => {
    // P (2000) in Papa One: beats R (D −100, PD .36), draws S (D +200, .76), loses to T (D +50, .57):
    // W 1.5 − We 1.69 = −0.19; 20 × −0.19 = −3.8 → −4 (regulations.md § 4.1) → 1996
    expect(line(nov.listId, pId)).toMatchObject({ rating: 1996, games: 3 })
    // Q (1900) in Papa Two: R (D −200, .24), S (D +100, .64), T (D −50, .43): We 1.31, W 1.5 → +3.8 → +4 → 1904
    expect(line(nov.listId, qId)).toMatchObject({ rating: 1904, games: 3 })
    // R (2100): Papa One −0.64 + 0.15 − 0.20, Papa Two (Q 1900: D +200, .76) −0.76 + 0.15 − 0.20: 20 × −1.50 = −30
    expect(line(nov.listId, pid(R.id))).toMatchObject({ rating: 2070, games: 6 })
  })

  it('after the merge, a draft made before it is stale, and the next draft folds the two lines into one', async () => {
    const m = await call(s, 'players:merge', { keepId: pId, dropId: qId, reason: 'one person, two FIDE IDs' })
    // both records are on every list so far (FIDE's, November, December, January's draft): their lines stay where
    // they are (the published lists are frozen)
    expect(m.entryConflicts.length).toBe(4)
    expect((await refused(s, 'lists:publish', { listId: draft.listId })).key).toBe('lists.staleDraft')
    const again = await generate('2026-01-01')
    expect(again.listId).toBe(draft.listId)
    // December's two lines (P carried at 1996 with no games; Q 1904 + his November change) are one now: the kept
    // record's, both rated (lists/README.md, player merges); Q has no line
    expect(line(again.listId, qId)).toBeUndefined()
    expect(line(again.listId, pId)).toMatchObject({ rating: 1996, games: 0 })
    const sheet = (await call(s, 'lists:sheet', { listId: again.listId, playerId: pId })).sheet as { notes: { ref: string; text: string }[] }
    expect(sheet.notes.map((n) => n.text).join('\n')).toContain(`player ${qId} merged into player ${pId}`)
  }, 120_000)

  it('the correction preview names the lines that move on November and December, the dropped record leaving both', async () => {
    const p = await call(s, 'lists:correctPreview', { listId: nov.listId })
    expect(p.lists.map((l) => l.listId)).toEqual([nov.listId, dec.listId])
    const novChanges = p.changes.filter((c) => c.listId === nov.listId)
    const by = new Map(novChanges.map((c) => [c.playerId, c]))
    // the person plays both October events with the kept record's 2000: Papa Two is −0.19 too (the same opponents
    // and scores as Papa One at the same differences); 20 × −0.38 = −7.6 → −8 → 1992, six games
    expect(by.get(pId)).toMatchObject({ before: 1996, after: 1992, beforeGames: 3, afterGames: 6 })
    expect(by.get(qId)).toMatchObject({ before: 1904, after: null, afterGames: null })
    expect(by.get(qId)!.reason).toContain('merged into player')
    // R's Papa Two game is now against 2000 (D +100, .64): −0.69 there, 20 × −1.38 = −27.6 → −28 → 2072
    expect(by.get(pid(R.id))).toMatchObject({ before: 2070, after: 2072 })
    // S drew rank 1: against 1900 +0.14, against 2000 (D −200, .24) +0.26: 20 × (0.81 + 0.81) = 32.4 → 32 → 1832
    expect(by.get(pid(S.id))).toMatchObject({ before: 1830, after: 1832 })
    // T beat rank 1: against 1900 +0.43, against 2000 (D −50, .43) +0.57: 20 × (0.07 + 0.07) = 2.8 → 3 → 1953
    expect(by.get(pid(T.id))).toMatchObject({ before: 1950, after: 1953 })
    expect(novChanges).toHaveLength(5)
    expect(p.changes.some((c) => c.listId === dec.listId && c.playerId === qId && c.after === null)).toBe(true)
  }, 120_000)

  it('new versions rate the person once, carried through December, with the changelog and the fold on his sheet; the replay reproduces them', async () => {
    const r = await s.ctx.jobs.run('lists:correct', { listId: nov.listId, mode: 'new-version', reason: 'P and Q are one person' })
    const [nov2, dec2] = r.newListIds as [number, number]
    expect(r.newListIds).toHaveLength(2)
    expect(line(nov2, qId)).toBeUndefined()
    expect(line(nov2, pId)).toMatchObject({ rating: 1992, games: 6, k: 20 })
    expect([line(nov2, pid(R.id))?.rating, line(nov2, pid(S.id))?.rating, line(nov2, pid(T.id))?.rating]).toEqual([2072, 1832, 1953])
    // December: the November report's rank 1 is the person, rated 1992 on November's version 2 (the list in force at
    // its start): R 2072 (D −80, .39) won +0.61; S 1832 (D +160, .71) drew −0.21; T 1953 (D +39, .55) lost −0.55:
    // ΣΔR −0.15; K 20 → −3 → 1989
    expect(line(dec2, qId)).toBeUndefined()
    expect(line(dec2, pId)).toMatchObject({ rating: 1989, games: 3, k: 20 })
    const log = s.ctx.db.prepare('SELECT player_id AS playerId, before_rating AS before, after_rating AS after, reason FROM office_list_changelog WHERE list_id = ? ORDER BY player_id').all(nov2) as { playerId: number; before: number | null; after: number | null; reason: string }[]
    expect(log.map((l) => [l.playerId, l.before, l.after])).toContainEqual([qId, 1904, null])
    expect(log.find((l) => l.playerId === pId)).toMatchObject({ before: 1996, after: 1992 })
    const sheet = (await call(s, 'lists:sheet', { listId: nov2, playerId: pId })).sheet as { notes: { text: string }[]; tournaments: { name: string; rating: number }[] }
    expect(sheet.tournaments.map((t) => [t.name, t.rating])).toEqual([
      ['Papa One', 2000],
      ['Papa Two', 2000]
    ])
    expect(sheet.notes.some((n) => n.text.includes(`merge`) && n.text.includes(`record ${qId}'s line (1900) ends`))).toBe(true)
    // the earlier versions stay as published
    expect(line(nov.listId, qId)).toMatchObject({ rating: 1904 })

    // the draft of January is stale again (its base is December's new version) and, generated again, builds on it
    expect((await refused(s, 'lists:publish', { listId: draft.listId })).key).toBe('lists.staleDraft')
    const jan = await generate('2026-01-01')
    expect(line(jan.listId, pId)).toMatchObject({ rating: 1989, games: 0 })
    await call(s, 'lists:publish', { listId: jan.listId })

    const replay = (await s.ctx.jobs.run('lists:replay', {})) as ReplayResult
    expect(replay.lists.map((l) => [l.listDate, l.version, l.outcome])).toEqual([
      ['2025-11-01', 1, 'superseded'],
      ['2025-11-01', 2, 'reproduced'],
      ['2025-12-01', 1, 'superseded'],
      ['2025-12-01', 2, 'reproduced'],
      ['2026-01-01', 1, 'reproduced']
    ])
    expect(replay.ok).toBe(true)
  }, 300_000)
})
