// Issue 35, item 8: a tournament that would rate nothing. A real Krause file (the Bunratty Masters 2011, from
// sanichi/icu_ratings_app) whose players carry Irish national IDs in the FIDE ID column (7685, 6897, …) or none: the
// registry knows none of them. Counted by hand from the file: 40 players over 6 rounds, 100 pairings (one of them,
// Hebden–Orr in round 1, forfeited by both), 40 rounds without an opponent; no game can be rated, all 100 with a player
// the registry does not know. Before approval: an error with these figures, which a silent approval does not pass; once
// overridden and approved, the draft of the list shows the tournament as rating no game, with the finding's sentence.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { REAL_DIR } from '../../../helpers/fixtures'
import { tempDir } from '../../../helpers/temp-db'
import { call, refused } from './office-list-fixture'

const tmp = tempDir()
let s: Services
let id = 0
const FILE = 'sanichi_icu_ratings_app__spec__files__bunratty_masters_2011.tab'

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  // FIDE's list of 1 January 2011 with one player of the federation, none of the tournament's
  const list = writeCombinedList(tmp.file('players_list.txt'), [{ id: 2500001, name: 'Other, Oscar', fed: 'IRL', sex: 'M', standard: { rating: 2100, games: 0, k: 15 }, birthYear: 1970 }])
  importFideList(s.ctx.db, { file: list, listDate: '2011-01-01' })
  const [r] = (await call(s, 'tournaments:import', { files: [{ fileName: FILE, base64: readFileSync(REAL_DIR + FILE).toString('base64') }] })) as { ok: boolean; tournamentId: number }[]
  expect(r!.ok).toBe(true)
  id = r!.tournamentId
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('a tournament that would rate no game', () => {
  it('is an error before approval, with the games held, rated, and why not', async () => {
    const findings = (await call(s, 'tournaments:findings', { id })) as unknown as { code: string; level: string; message: string; params: Record<string, unknown> }[]
    const none = findings.filter((x) => x.code === 'check.games.noneRated')
    expect(none).toHaveLength(1)
    const f = none[0]
    expect(f!.level).toBe('error')
    expect(f!.params).toMatchObject({ held: 100, rated: 0, unknownPlayer: 100, unrated: 0, unplayed: 0, finding: 0, firstEvent: 0, byes: 40 })
    expect(f!.message).toContain('No game of this tournament would be rated: 100 games held, 0 rated. Not rated: 100 with a player the registry does not know')
    expect(findings.some((x) => x.code === 'check.games.fewRated')).toBe(false)
    // a silent approval is refused, naming the finding
    const no = await refused(s, 'checks:approve', { id, reason: 'looks fine' })
    expect(no.key).toBe('checks.openErrors')
    expect(no.message).toContain('1 error still open (No game would be rated). Decide it,')
  })

  it('once approved over it, the draft shows the tournament as rating no game, with the figures', async () => {
    await call(s, 'checks:approve', { id, reason: 'rated by the national federation only', overrideErrors: true })
    const g = (await s.ctx.jobs.run('lists:generate', { listDate: '2011-05-01' })) as { listId: number; tournaments: { tournamentId: number; games: number; players: number }[] }
    const rows = (await call(s, 'lists:tournaments', { listId: g.listId, offset: 0, limit: 50 })).rows
    const t = rows.find((r) => r.tournamentId === id)!
    expect(t).toMatchObject({ games: 0, players: 0 })
    expect(t.ratedGames).toMatchObject({ code: 'check.games.noneRated', level: 'error', held: 100, rated: 0, decision: 'overridden' })
    expect(t.ratedGames!.message).toContain('100 games held, 0 rated')
  })
})
