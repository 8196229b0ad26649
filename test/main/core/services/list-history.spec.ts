// History replay on a real database: three consecutive office lists published from a FIDE-like list and approved
// reports, then every one regenerated from the stored tournaments (the `lists:replay` job) and checked against the
// checksum frozen at its publication; a tampered stored game, a corrected version and a player merge as the replay
// sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import type { ReplayResult } from '../../../../src/shared/contract/list-history'
import { tempDir } from '../../../helpers/temp-db'
import { copyCheckpointed } from '../../../helpers/db-copy'
import { PLAYERS, call, importApproved, refused, seedFideList, trf } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let services: Services
const open = (file: string): Services => createServices({ dbPath: file, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
const lists: GenerateResult[] = []
let t3 = 0
let t4 = 0
let corrected: number[] = []

async function publish(s: Services, listDate: string): Promise<GenerateResult> {
  const g = (await s.ctx.jobs.run('lists:generate', { listDate })) as GenerateResult
  await call(s, 'lists:publish', { listId: g.listId })
  return g
}
const replay = async (s: Services): Promise<ReplayResult> => (await s.ctx.jobs.run('lists:replay', {})) as ReplayResult

// the same round robin pattern for each report: 1 beats 2, draws 3, loses to 4; 2 beats 3, draws 4; 3 beats 4
const ROWS = ['x1=0', '0x1=', '=0x1', '1=0x']

beforeAll(async () => {
  services = open(tmp.file('office.db'))
  seedFideList(services, tmp.file('players_list_foa.txt'))
  nameFederation(services.ctx.db)
  await importApproved(services, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ROWS), 't1.trf')
  await importApproved(services, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
  lists.push(await publish(services, '2025-11-01'))
  t3 = await importApproved(services, trf('November Round Robin', '2025-11-05', '2025-11-07', ['A', 'B', 'E', 'F1'], ROWS), 't3.trf')
  lists.push(await publish(services, '2025-12-01'))
  t4 = await importApproved(services, trf('December Round Robin', '2025-12-10', '2025-12-12', ['C', 'D', 'F2', 'F3'], ROWS), 't4.trf')
  lists.push(await publish(services, '2026-01-01'))
}, 300_000)

afterAll(async () => {
  await services?.close()
  tmp.cleanup()
})

describe('lists:replay', () => {
  it('regenerates the three published lists from the FIDE list and the stored tournaments, each with its frozen checksum', async () => {
    const events: { state: string; done: number; total: number; message?: string }[] = []
    const r = (await services.ctx.jobs.run('lists:replay', {}, (e) => events.push(e))) as ReplayResult
    expect(r.ok).toBe(true)
    expect(r.firstDifference).toBeNull()
    expect(r.lists.map((l) => [l.listId, l.listDate, l.outcome, l.storedIntact])).toEqual([
      [lists[0]!.listId, '2025-11-01', 'reproduced', true],
      [lists[1]!.listId, '2025-12-01', 'reproduced', true],
      [lists[2]!.listId, '2026-01-01', 'reproduced', true]
    ])
    for (const [i, l] of r.lists.entries()) expect([l.checksum, l.replayed]).toEqual([lists[i]!.checksum, lists[i]!.checksum])
    // three distinct lists (the ratings moved each time), ten then the same ten players
    expect(new Set(r.lists.map((l) => l.checksum)).size).toBe(3)
    expect(r.lists.map((l) => l.entries)).toEqual([10, 10, 10])
    expect(events.filter((e) => e.state === 'running').map((e) => e.message)).toContain('standard 2025-11-01 v1')
  }, 120_000)

  it('names the first list that differs when a stored game was tampered with, the game, and the entries it moves', async () => {
    await copyCheckpointed(services.ctx.db, tmp.file('tampered.db'))
    const other = open(tmp.file('tampered.db'))
    try {
      // start rank 1 (Alpha) beat start rank 2 (Bravo) in the November report; the stored game now says she lost
      const db = other.ctx.db
      const g = db.prepare("SELECT round, opponent FROM tournament_games WHERE tournament_id = ? AND start_rank = 1 AND code = '1'").get(t3) as { round: number; opponent: number }
      db.prepare("UPDATE tournament_games SET code = '0' WHERE tournament_id = ? AND start_rank = 1 AND round = ?").run(t3, g.round)
      const r = await replay(other)
      expect(r.ok).toBe(false)
      expect(r.lists.map((l) => l.outcome)).toEqual(['reproduced', 'differs', 'not-replayed'])
      const d = r.firstDifference!
      expect([d.listId, d.listDate]).toEqual([lists[1]!.listId, '2025-12-01'])
      expect(d.causes.map((c) => [c.code, c.params.tournamentId, c.params.round, c.params.startRank, c.params.stored, c.params.file])).toEqual([
        ['game-changed', t3, g.round, 1, `0 against ${g.opponent}`, `1 against ${g.opponent}`]
      ])
      expect(d.causes[0]!.text).toContain('November Round Robin')
      // only Alpha's own line moves (her opponent's stored game is untouched): one point less, her rating lower
      expect(d.differing).toBe(1)
      expect(d.entries[0]).toMatchObject({ fideId: PLAYERS.A.id, fields: ['rating'] })
      expect(d.entries[0]!.replayed!.rating!).toBeLessThan(d.entries[0]!.published!.rating!)
      // the stored lists themselves are intact: it is the input that changed
      expect(r.lists.every((l) => l.storedIntact)).toBe(true)
    } finally {
      await other.close()
    }
  }, 120_000)

  it('reports a published entry changed behind the triggers as stored entries no longer matching their checksum', async () => {
    await copyCheckpointed(services.ctx.db, tmp.file('entries.db'))
    const other = open(tmp.file('entries.db'))
    try {
      const db = other.ctx.db
      db.exec('DROP TRIGGER rating_list_entries_frozen_update')
      db.prepare('UPDATE rating_list_entries SET rating = rating + 1 WHERE list_id = ? AND player_id = (SELECT id FROM players WHERE fide_id = ?)').run(lists[0]!.listId, PLAYERS.D.id)
      const r = await replay(other)
      expect(r.lists.map((l) => [l.outcome, l.storedIntact])).toEqual([
        ['differs', false],
        ['not-replayed', true],
        ['not-replayed', true]
      ])
      expect(r.firstDifference!.causes.map((c) => c.code)).toEqual(['entries-tampered'])
      expect(r.firstDifference!.entries).toMatchObject([{ fideId: PLAYERS.D.id, fields: ['rating'] }])
    } finally {
      await other.close()
    }
  }, 120_000)
})

describe('a correction as worker jobs, then the replay', () => {
  it('previews and applies a tournament found late as new versions of every list it changes; the replay regenerates the versions in force', async () => {
    const late = await importApproved(services, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['A', 'B', 'C', 'F1'], ['x===', '=x==', '==x=', '===x']), 'late.trf')
    const events: { state: string; done: number; total: number; message?: string }[] = []
    const p = await services.ctx.jobs.run('lists:correctPreview', { listId: lists[0]!.listId }, (e) => events.push(e))
    expect(events.some((e) => e.state === 'running' && e.message === 'lists')).toBe(true)
    expect(p.addedTournaments.map((t) => t.id)).toEqual([late])
    // November, then December and January built on it: each changes (Alpha's rating moves and is carried)
    expect(p.lists.map((l) => [l.listId, l.changed > 0])).toEqual(lists.map((l) => [l.listId, true]))
    const applied = await services.ctx.jobs.run('lists:correct', { listId: lists[0]!.listId, mode: 'new-version', reason: 'Late Round Robin received after publication' })
    expect(applied.newListIds).toHaveLength(3)
    const audit = services.ctx.db.prepare("SELECT entity_id FROM audit_log WHERE action = 'list.correct' ORDER BY id").pluck().all()
    expect(audit).toEqual(applied.newListIds.map(String))
    // each new version is based on the new version before it
    const baseOf = (id: number): unknown => services.ctx.db.prepare('SELECT base_list_id FROM office_list_meta WHERE list_id = ?').pluck().get(id)
    expect([baseOf(applied.newListIds[1]!), baseOf(applied.newListIds[2]!)]).toEqual([applied.newListIds[0], applied.newListIds[1]])

    const r = await replay(services)
    expect(r.ok).toBe(true)
    expect(r.lists.map((l) => [l.listId, l.version, l.outcome])).toEqual([
      [lists[0]!.listId, 1, 'superseded'],
      [applied.newListIds[0], 2, 'reproduced'],
      [lists[1]!.listId, 1, 'superseded'],
      [applied.newListIds[1], 2, 'reproduced'],
      [lists[2]!.listId, 1, 'superseded'],
      [applied.newListIds[2], 2, 'reproduced']
    ])
    expect(r.lists.every((l) => l.storedIntact)).toBe(true)
    corrected = applied.newListIds
  }, 300_000)

  it("names the corrected versions in the new versions' sheets: the base and the list the ratings at a tournament's start came from", async () => {
    const [nov2, dec2, jan2] = corrected as [number, number, number]
    type Sheet = { base: { listId: number | null }; tournaments: { tournamentId: number; ratingListId: number | null; games: { opponentListId: number | null; counted: boolean }[] }[] }
    const sheetOf = async (listId: number, fideId: number): Promise<Sheet> => (await call(services, 'lists:sheet', { listId, fideId })).sheet as Sheet
    const reference = services.ctx.db.prepare("SELECT id FROM rating_lists WHERE kind = 'reference'").pluck().get() as number
    // November v2 is computed from the FIDE list of 1 October, the list in force at the Autumn and Late events' start
    const novA = await sheetOf(nov2, PLAYERS.A.id)
    expect(novA.base.listId).toBe(reference)
    expect(novA.tournaments.map((t) => t.ratingListId)).toEqual([reference, reference])
    // December v2: the November Round Robin (5 November) took the ratings of November's list in force — version 2,
    // the one whose figures the recomputation used (v1 is superseded); so does its base
    const decA = await sheetOf(dec2, PLAYERS.A.id)
    expect(decA.base.listId).toBe(nov2)
    const nov = decA.tournaments.find((t) => t.tournamentId === t3)!
    expect(nov.ratingListId).toBe(nov2)
    // her three opponents (Echo has her first rating on November's list) with their ratings from the same version
    expect(nov.games.filter((g) => g.counted).map((g) => g.opponentListId)).toEqual([nov2, nov2, nov2])
    // January v2: the December Round Robin rated with December's version 2
    const janC = await sheetOf(jan2, PLAYERS.C.id)
    expect(janC.base.listId).toBe(dec2)
    expect(janC.tournaments.find((t) => t.tournamentId === t4)!.ratingListId).toBe(dec2)
    // the base the new versions record is the corrected version before them
    const metaBase = (id: number): unknown => services.ctx.db.prepare('SELECT base_list_id FROM office_list_meta WHERE list_id = ?').pluck().get(id)
    expect([metaBase(dec2), metaBase(jan2)]).toEqual([nov2, dec2])
  }, 120_000)

  it('replays a corrected version against the inputs it was computed from: a tampered game is the only cause named, not "inputs changed"', async () => {
    await copyCheckpointed(services.ctx.db, tmp.file('corrected-tampered.db'))
    const other = open(tmp.file('corrected-tampered.db'))
    try {
      const db = other.ctx.db
      // Charlie (start rank 1) beat Delta (start rank 2) in the December report, rated by January's version 2
      const g = db.prepare("SELECT round, opponent FROM tournament_games WHERE tournament_id = ? AND start_rank = 1 AND code = '1'").get(t4) as { round: number; opponent: number }
      db.prepare("UPDATE tournament_games SET code = '0' WHERE tournament_id = ? AND start_rank = 1 AND round = ?").run(t4, g.round)
      const r = await replay(other)
      expect(r.lists.map((l) => [l.version, l.outcome])).toEqual([
        [1, 'superseded'],
        [2, 'reproduced'],
        [1, 'superseded'],
        [2, 'reproduced'],
        [1, 'superseded'],
        [2, 'differs']
      ])
      expect(r.firstDifference!.listId).toBe(corrected[2])
      expect(r.firstDifference!.causes.map((c) => [c.code, c.params.tournamentId, c.params.round])).toEqual([['game-changed', t4, g.round]])
    } finally {
      await other.close()
    }
  }, 120_000)
})

describe('a corrected file for a tournament already rated', () => {
  it('is imported as the next version, audited, reviewed again; the lists that rated it are corrected by a new version, never edited', async () => {
    const db = services.ctx.db
    const inForce = (date: string): { id: number; checksum: string; version: number } =>
      db.prepare("SELECT id, checksum, version FROM rating_lists WHERE kind = 'office' AND status = 'published' AND list_date = ? ORDER BY version DESC LIMIT 1").get(date) as { id: number; checksum: string; version: number }
    const dec = inForce('2025-12-01')
    const jan = inForce('2026-01-01')
    expect([dec.version, jan.version]).toEqual([2, 2])
    expect(db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(t3)).toBe('rated')
    const ratedSha = db.prepare('SELECT file_sha256 FROM office_list_tournaments WHERE list_id = ? AND tournament_id = ?').pluck().get(dec.id, t3)

    // the arbiter's corrected report: Alpha and Bravo drew (the first file said Alpha won)
    const id = await importApproved(services, trf('November Round Robin', '2025-11-05', '2025-11-07', ['A', 'B', 'E', 'F1'], ['x==0', '=x1=', '=0x1', '1=0x']), 't3-corrected.trf', false, t3)
    expect(id).toBe(t3)
    expect(db.prepare('SELECT count(*) FROM tournament_files WHERE tournament_id = ?').pluck().get(t3)).toBe(2)
    const trace = JSON.parse(db.prepare("SELECT data FROM audit_log WHERE action = 'tournament.correct' AND entity_id = ?").pluck().get(String(t3)) as string) as { version: number; lists: { listId: number; ratedSha256: string }[] }
    expect(trace.version).toBe(2)
    expect(trace.lists).toEqual([{ listId: dec.id, listDate: '2025-12-01', ratingType: 'standard', ratedSha256: ratedSha }])
    // reviewed again: not approved yet, so no correction takes it
    expect(db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(t3)).not.toBe('rated')
    expect((await refused(services, 'lists:correctPreview', { listId: dec.id })).key).toBe('lists.correctionNotApproved')
    await call(services, 'checks:approve', { id: t3, reason: 'corrected report checked', overrideErrors: true })

    const p = await call(services, 'lists:correctPreview', { listId: dec.id })
    expect(p.changedTournaments.map((t) => t.id)).toEqual([t3])
    expect(p.lists.map((l) => l.listId)).toEqual([dec.id, jan.id])
    // Alpha scores half a point less, Bravo half a point more, against each other (both rated): both lines move
    const moved = p.changes.filter((c) => c.listId === dec.id).map((c) => c.fideId)
    expect(moved).toEqual(expect.arrayContaining([PLAYERS.A.id, PLAYERS.B.id]))
    // the published lists are untouched so far
    expect(inForce('2025-12-01')).toEqual(dec)

    const r = await services.ctx.jobs.run('lists:correct', { listId: dec.id, mode: 'new-version', reason: 'corrected November report' })
    expect(r.newListIds).toHaveLength(2)
    expect(db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(t3)).toBe('rated')
    expect(inForce('2025-12-01')).toMatchObject({ id: r.newListIds[0], version: 3 })
    // the version it supersedes keeps its entries and checksum
    expect(db.prepare('SELECT checksum FROM rating_lists WHERE id = ?').pluck().get(dec.id)).toBe(dec.checksum)
    const corrected = JSON.parse(db.prepare("SELECT data FROM audit_log WHERE action = 'list.correct' AND entity_id = ?").pluck().get(String(r.newListIds[0])) as string) as { supersedes: number; tournaments: { id: number; sha256: string; ratedSha256: string }[] }
    expect(corrected.supersedes).toBe(dec.id)
    expect(corrected.tournaments).toHaveLength(1)
    expect(corrected.tournaments[0]).toMatchObject({ id: t3, ratedSha256: ratedSha })
    expect(corrected.tournaments[0]!.sha256).not.toBe(ratedSha)

    const again = await replay(services)
    expect(again.ok).toBe(true)
    expect(again.lists.filter((l) => l.outcome === 'reproduced').map((l) => [l.listDate, l.version])).toEqual([
      ['2025-11-01', 2],
      ['2025-12-01', 3],
      ['2026-01-01', 3]
    ])
  }, 300_000)
})
