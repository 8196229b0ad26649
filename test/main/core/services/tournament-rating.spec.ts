// tournaments:rate on a real database: a four-player Swiss imported from its TRF, rated with the list in force at its
// start (2010 rules), a forfeit, an unrated first event below the threshold, and a game a regulation finding takes out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { CallOutput } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { SWISS_OF_FOUR_TRF, seedSwissOfFourLists } from '../../../helpers/swiss-of-four'

const tmp = tempDir()
let services: Services

const TRF = SWISS_OF_FOUR_TRF

let tournamentId = 0

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedSwissOfFourLists(services.ctx.db)
  const reply = await services.dispatch('tournaments:import', { files: [{ fileName: 'four.trf', base64: Buffer.from(TRF).toString('base64') }] })
  if (!reply.ok) throw new Error(reply.error.message)
  const [imported] = reply.value as { ok: boolean; tournamentId: number }[]
  tournamentId = imported!.tournamentId
})
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

type Rating = CallOutput<'tournaments:rate'>
async function rate(input: Record<string, unknown>): Promise<Rating> {
  const reply = await services.dispatch('tournaments:rate', input)
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value as Rating
}
const player = (r: Rating, rank: number) => r.players.find((p) => p.startRank === rank)!

describe('tournaments:rate', () => {
  it('rates with the list in force at the start, game by game, with why the others do not count (2010 § 8.1, § 6.42, § 8.2)', async () => {
    const r = await rate({ id: tournamentId })
    expect(r).toMatchObject({ tournamentId, start: '2011-05-01', ratingType: 'standard', edition: 'fide-2010', editionFrom: 'startDate', system: 'swiss', excludedGames: 0 })
    expect(r.list).toMatchObject({ listDate: '2011-03-01', kind: 'reference' })
    // A 2210 (list): C 1800 → D 410 counted as 400 (§ 8.54), PD .92 (table 8.1b, 392–411), ΔR +.08;
    // B 2000 → D 210, PD .77 (207–215), ΔR −.27
    const a = player(r, 1)
    expect(a).toMatchObject({ rating: 2210, ratingFrom: 'list', n: 2, w: 1.5, we: 1.69, k: 15, kChg: -2.85 })
    expect(a.games.map((g) => [g.round, g.counted, g.opponentRating, g.d, g.pd, g.chg, g.reason?.code ?? null])).toEqual([
      [1, true, 1800, 400, 0.92, 0.08, null],
      [2, true, 2000, 210, 0.77, -0.27, null],
      [3, false, null, null, null, null, 'notPlayed']
    ])
    expect(a.games[0]).toMatchObject({ ratingUsed: 1810, note: 'difference 410 counted as 400 (2010 § 8.54)' })
    // B 2000: D unrated in his first event with 0 points (below 1, 2010 § 8.2): that game goes; A → PD .23, C → PD .76
    const b = player(r, 2)
    expect(b).toMatchObject({ n: 2, w: 1.5, we: 0.99, k: 15, kChg: 7.65 })
    expect(b.games[0]!.reason).toMatchObject({ code: 'opponentFirstEvent', ref: '2010 § 8.2' })
    // C 1800, K 30 on the list: A → PD .08, B → PD .24; ΣΔR −.32 → −9.6
    expect(player(r, 3)).toMatchObject({ n: 2, w: 0, we: 0.32, k: 30, kChg: -9.6 })
    const d = player(r, 4)
    expect(d).toMatchObject({ rating: null, ratingFrom: 'none', ru: null, firstEventIgnored: true, n: 0 })
    expect(d.games.map((g) => g.reason?.code)).toEqual(['firstEvent', 'firstEvent', 'notPlayed'])
  })

  it('leaves out a game a regulation finding excludes while it is open, and rates it again once overridden', async () => {
    const db = services.ctx.db
    const finding = Number(
      db
        .prepare(
          "INSERT INTO tournament_findings (tournament_id, source, level, code, grp, params, subject, paragraph, excludes_games) VALUES (?, 'check', 'warning', 'check.timeControl.gameBelowMinimum', 'games', '{}', ?, '2010 § 1.1', 1)"
        )
        .run(tournamentId, JSON.stringify({ games: [{ round: 3, startRank: 2 }] })).lastInsertRowid
    )
    const r = await rate({ id: tournamentId })
    expect(r.excludedGames).toBe(2)
    // B keeps only A (ΔR +.27 × 15 = 4.05); C keeps only A (−.08 × 30 = −2.4)
    expect(player(r, 2)).toMatchObject({ n: 1, w: 0.5, we: 0.23, kChg: 4.05 })
    expect(player(r, 3)).toMatchObject({ n: 1, w: 0, we: 0.08, kChg: -2.4 })
    expect(player(r, 2).games[2]).toMatchObject({ round: 3, opponent: 3, counted: false, reason: { code: 'excludedByFinding', ref: '2010 § 1.1', params: { finding: 'check.timeControl.gameBelowMinimum', findingId: finding } } })
    expect(player(r, 3).games[2]!.reason?.code).toBe('excludedByFinding')
    db.prepare("UPDATE tournament_findings SET decision = 'overridden', decision_reason = 'played at the right time control', decided_at = '2011-06-01' WHERE id = ?").run(finding)
    const again = await rate({ id: tournamentId })
    expect([again.excludedGames, player(again, 2).kChg]).toEqual([0, 7.65])
  })

  it('follows the edition asked for, and the tournament’s own choice, and says which it used', async () => {
    // asked for: the 2005 rules (§ 10.51 caps at 350); chosen for the tournament: the same, named as such
    expect(await rate({ id: tournamentId, edition: 'fide-2005' })).toMatchObject({ edition: 'fide-2005', editionFrom: 'asked' })
    services.ctx.db.prepare("UPDATE tournaments SET edition = 'fide-2005' WHERE id = ?").run(tournamentId)
    expect(await rate({ id: tournamentId })).toMatchObject({ edition: 'fide-2005', editionFrom: 'tournament' })
    services.ctx.db.prepare('UPDATE tournaments SET edition = NULL WHERE id = ?').run(tournamentId)
  })

  it('refuses an unknown tournament and an unknown edition with their messages, and writes nothing', async () => {
    const before = services.ctx.db.prepare('SELECT count(*) AS n FROM audit_log').get()
    expect(await services.dispatch('tournaments:rate', { id: 999 })).toMatchObject({ ok: false, error: { key: 'tournaments.notFound', message: 'No tournament 999.' } })
    expect(await services.dispatch('tournaments:rate', { id: tournamentId, edition: 'fide-1999' })).toMatchObject({ ok: false, error: { key: 'engine.unknownEdition' } })
    expect(await services.dispatch('tournaments:rate', { id: tournamentId, report: { fileName: 'x.trf', base64: 'eA==' } })).toMatchObject({ ok: false, error: { code: 'validation' } })
    expect(services.ctx.db.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual(before)
  })

  it('rates a report file that is not stored the same way, with no findings to honour', async () => {
    const r = await rate({ report: { fileName: 'four.trf', base64: Buffer.from(TRF).toString('base64') } })
    expect(r).toMatchObject({ tournamentId: null, name: 'Swiss of Four', edition: 'fide-2010', excludedGames: 0 })
    expect(r.players.map((p) => p.kChg)).toEqual([-2.85, 7.65, -9.6, null])
  })
})
