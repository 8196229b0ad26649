// FIDE's list and a national list of the same players, on a real database (issue 11: "a national list and FIDE's list of
// the same players are two lists of the office, each with its own base, profile and calendar"). The office holds FIDE's
// download and the federation's list (source SUI) of the same date, 1 October 2025, with different ratings. A FIDE-rules
// list reads only FIDE's figures (its base, its tournaments' start ratings, its sheets' source lists), the federation's
// profile (FSE, seed 004) only the national ones; both chains rate the same tournaments, each in its own lists.
// Every figure by hand: D, PD from table 8.1b (regulations.md § 2), ΔR = score − PD, change = K × ΣΔR rounded per
// period (§ 4.1); K from the imported list's K column (§ 3: FIDE 20, the federation's 24), then the K each chain's
// own list prints for the next period (FIDE 2024: 20; FSE: 24 below 2200).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { CallOutput, GenerateResult } from '../../../../src/shared/contract/index'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { call, entry, importApproved } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let s: Services
const PLAYERS = [
  { id: 5500001, name: 'Aare, Ali', fide: 2000, national: 2040 },
  { id: 5500002, name: 'Birs, Bea', fide: 1900, national: 1930 },
  { id: 5500003, name: 'Doubs, Dom', fide: 1800, national: 1790 },
  { id: 5500004, name: 'Emme, Eli', fide: 1700, national: 1760 },
  { id: 5500005, name: 'Glatt, Gil', fide: 1500, national: 1550 }
]
const [A, B, C, D, E] = PLAYERS.map((p) => p.id) as [number, number, number, number, number]
// start rank 1 beats 2, draws 3, loses to 4; 2 beats 3, draws 4; 3 beats 4
const ROWS = ['x1=0', '0x1=', '=0x1', '1=0x']
let fideList = 0
let nationalList = 0
let tournament1 = 0
const ratings = (listId: number, ids: number[]): (number | null)[] => ids.map((id) => entry(s, listId, id)?.rating ?? null)
// a sheet's games in round order; the comments list them strongest opponent first
const byOpponent = (sh: CalculationSheet): unknown[] => sh.tournaments[0]!.games.map((g) => [g.opponentRating, g.opponentListId, g.pd]).sort((x, y) => Number(y[0]) - Number(x[0]))
const sheetOf = async (listId: number, fideId: number): Promise<CalculationSheet> => (await call(s, 'lists:sheet', { listId, fideId })).sheet as CalculationSheet
const report = (title: string, start: string, end: string): string =>
  roundRobinTrf(title, start, 'Round robin standard', PLAYERS.slice(0, 4).map((p, i) => ({ name: p.name, rating: p.fide, fideId: p.id, results: ROWS[i]!.split('') }))).replace(
    /^052 .*$/m,
    `052 ${end.replace(/-/g, '/')}`
  )

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
  const write = (file: string, key: 'fide' | 'national', k: number): string =>
    writeCombinedList(tmp.file(file), PLAYERS.map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: 'M' as const, standard: { rating: p[key], games: 0, k }, birthYear: 1980 })))
  importFideList(s.ctx.db, { file: write('fide.txt', 'fide', 20), listDate: '2025-10-01' })
  // the federation's own list of the same date (same players, its own ratings and K), imported after FIDE's: on one
  // date the later import used to win for every feature
  importFideList(s.ctx.db, { file: write('national.txt', 'national', 24), listDate: '2025-10-01', source: 'SUI' })
  const ids = s.ctx.db.prepare("SELECT id, source FROM rating_lists WHERE kind = 'reference' ORDER BY id").all() as { id: number; source: string }[]
  fideList = ids.find((l) => l.source === 'FIDE')!.id
  nationalList = ids.find((l) => l.source === 'SUI')!.id
  tournament1 = await importApproved(s, report('Early October', '2025-10-03', '2025-10-05'), 'early.trf')
}, 300_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

let fideNov: GenerateResult
let fseNov: GenerateResult

describe('two chains of lists over the same players', () => {
  it('a FIDE-rules list reads only FIDE figures: base, start ratings, sheets (FIDE 2024 rules, K 20 from the download)', async () => {
    fideNov = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })) as GenerateResult
    expect(fideNov).toMatchObject({ baseListId: fideList, edition: 'fide-2024' })
    // A 2000: B (D +100, PD .64) won +.36; C (D +200, .76) drew −.26; D (D +300, .85) lost −.85: 20 × −.75 = −15
    // B 1900: A (D −100, .36) lost −.36; C (D +100, .64) won +.36; D (D +200, .76) drew −.26: 20 × −.26 = −5.2 → −5
    // C 1800: A (D −200, .24) drew +.26; B (D −100, .36) lost −.36; D (D +100, .64) won +.36: 20 × .26 = 5.2 → +5
    // D 1700: A (D −300, .15) won +.85; B (D −200, .24) drew +.26; C (D −100, .36) lost −.36: 20 × .75 = +15
    // E 1500: no games, carried
    expect(ratings(fideNov.listId, [A, B, C, D, E])).toEqual([1985, 1895, 1805, 1715, 1500])
    const a = await sheetOf(fideNov.listId, A)
    expect(a.base).toMatchObject({ listId: fideList, rating: 2000, k: 20 })
    expect(a.tournaments[0]).toMatchObject({ rating: 2000, ratingListId: fideList, k: 20, chg: -0.75, kChg: -15 })
    // the calculation sheet's source list of every opponent rating: FIDE's download, not the national list of that date
    expect(byOpponent(a)).toEqual([
      [1900, fideList, 0.64],
      [1800, fideList, 0.76],
      [1700, fideList, 0.85]
    ])
  }, 120_000)

  it('a national profile (FSE, seed 004) reads only national figures: base, start ratings, sheets (K 24 from its list)', async () => {
    fseNov = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', profile: 'fse' })) as GenerateResult
    expect(fseNov).toMatchObject({ baseListId: nationalList, edition: 'fse' })
    // A 2040: B 1930 (D +110, PD .65) won +.35; C 1790 (D +250, .81) drew −.31; D 1760 (D +280, .84) lost −.84:
    //   24 × −.80 = −19.2 → −19
    // B 1930: A (D −110, .35) lost −.35; C (D +140, .69) won +.31; D (D +170, .72) drew −.22: 24 × −.26 = −6.24 → −6
    // C 1790: A (D −250, .19) drew +.31; B (D −140, .31) lost −.31; D (D +30, .54) won +.46: 24 × .46 = 11.04 → +11
    // D 1760: A (D −280, .16) won +.84; B (D −170, .28) drew +.22; C (D −30, .46) lost −.46: 24 × .60 = 14.4 → +14
    // E 1550: no games, carried from the national list
    expect(ratings(fseNov.listId, [A, B, C, D, E])).toEqual([2021, 1924, 1801, 1774, 1550])
    const a = await sheetOf(fseNov.listId, A)
    expect(a.base).toMatchObject({ listId: nationalList, rating: 2040, k: 24 })
    expect(a.tournaments[0]).toMatchObject({ rating: 2040, ratingListId: nationalList, k: 24, chg: -0.8 })
    expect(byOpponent(a)).toEqual([
      [1930, nationalList, 0.65],
      [1790, nationalList, 0.81],
      [1760, nationalList, 0.84]
    ])
  }, 120_000)

  it('both chains publish their list of the same tournament; each rates the next period from its own published list', async () => {
    await call(s, 'lists:publish', { listId: fideNov.listId })
    // FIDE's list rated the tournament (status rated): the national list still rates it, in its own chain
    expect(s.ctx.db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(tournament1)).toBe('rated')
    await call(s, 'lists:publish', { listId: fseNov.listId })
    await importApproved(s, report('Early November', '2025-11-05', '2025-11-07'), 'november.trf')

    // FIDE, 1 December (monthly): the start ratings from FIDE's November list, K 20 printed on it
    const fideDec = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(fideDec.baseListId).toBe(fideNov.listId)
    expect(fideDec.tournaments.map((t) => t.name)).toEqual(['Early November'])
    // A 1985: B 1895 (D +90, .62) won +.38; C 1805 (D +180, .74) drew −.24; D 1715 (D +270, .83) lost −.83:
    //   20 × −.69 = −13.8 → −14
    // B 1895: A (D −90, .38) lost −.38; C (D +90, .62) won +.38; D (D +180, .74) drew −.24: 20 × −.24 = −4.8 → −5
    // C 1805: A (D −180, .26) drew +.24; B (D −90, .38) lost −.38; D (D +90, .62) won +.38: 20 × .24 = 4.8 → +5
    // D 1715: A (D −270, .17) won +.83; B (D −180, .26) drew +.24; C (D −90, .38) lost −.38: 20 × .69 = 13.8 → +14
    expect(ratings(fideDec.listId, [A, B, C, D, E])).toEqual([1971, 1890, 1810, 1729, 1500])
    expect((await sheetOf(fideDec.listId, A)).tournaments[0]).toMatchObject({ rating: 1985, ratingListId: fideNov.listId, k: 20 })
    await call(s, 'lists:publish', { listId: fideDec.listId })

    // FSE, 1 January 2026 (two-monthly): the same November event, from the national November list, K 24 printed on it
    const fseJan = (await s.ctx.jobs.run('lists:generate', { listDate: '2026-01-01', profile: 'fse' })) as GenerateResult
    expect(fseJan.baseListId).toBe(fseNov.listId)
    expect(fseJan.tournaments.map((t) => t.name)).toEqual(['Early November'])
    // A 2021: B 1924 (D +97, .63) won +.37; C 1801 (D +220, .78) drew −.28; D 1774 (D +247, .81) lost −.81:
    //   24 × −.72 = −17.28 → −17
    // B 1924: A (D −97, .37) lost −.37; C (D +123, .67) won +.33; D (D +150, .70) drew −.20: 24 × −.24 = −5.76 → −6
    // C 1801: A (D −220, .22) drew +.28; B (D −123, .33) lost −.33; D (D +27, .54) won +.46: 24 × .41 = 9.84 → +10
    // D 1774: A (D −247, .19) won +.81; B (D −150, .30) drew +.20; C (D −27, .46) lost −.46: 24 × .55 = 13.2 → +13
    expect(ratings(fseJan.listId, [A, B, C, D, E])).toEqual([2004, 1918, 1811, 1787, 1550])
    expect((await sheetOf(fseJan.listId, A)).tournaments[0]).toMatchObject({ rating: 2021, ratingListId: fseNov.listId, k: 24 })
    await call(s, 'lists:publish', { listId: fseJan.listId })
  }, 300_000)

  it("a national event (put under the federation's profile) is rated in the national list only", async () => {
    const cup = await importApproved(s, report('National Cup', '2025-12-10', '2025-12-12'), 'cup.trf', false)
    await call(s, 'checks:setFacts', { id: cup, edition: 'fse', receivedDate: '2025-12-14', reason: 'a national event: the national list only; report received on 14 December' })
    await call(s, 'checks:approve', { id: cup, reason: 'checked by the office', overrideErrors: true })
    // the cup names the national list it goes into: the two-monthly calendar of the profile (seed 004), after its
    // published January list: 1 March 2026; the October event names FIDE's November list, its own chain's
    expect((await call(s, 'checks:facts', { id: cup })).list).toEqual({ state: 'due', listDate: '2026-03-01' })
    expect((await call(s, 'checks:facts', { id: tournament1 })).list).toEqual({ state: 'rated', listId: fideNov.listId, listDate: '2025-11-01', version: 1 })
    // the date each chain offers next: FIDE's list has no approved tournament (the cup is not FIDE's), the national one has
    expect(await call(s, 'lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2026-01-01', reason: 'afterPublished', tournaments: 0, closingDate: '2025-12-29' })
    expect(await call(s, 'lists:nextDate', { ratingType: 'standard', profile: 'fse' })).toEqual({ listDate: '2026-03-01', reason: 'approved', tournaments: 1, closingDate: '2026-02-26' })
    // FIDE's list of 1 January 2026 has no tournament (the cup is not FIDE's): it is still due, computed from December
    // with no game: every rating as on 1 December (1971, 1890, 1810, 1729)
    const fideJan = (await s.ctx.jobs.run('lists:generate', { listDate: '2026-01-01' })) as GenerateResult
    expect(fideJan.tournaments).toEqual([])
    expect(ratings(fideJan.listId, [A, B, C, D])).toEqual([1971, 1890, 1810, 1729])
    // the national list of 1 March 2026 rates it with the ratings in force at its start (10 December): the national
    // list of 1 November (the January list is dated after the start), K 24 — the same games at the same ratings as the
    // November event above: A −17, B −6, C +10, D +13, added to the January list (2004, 1918, 1811, 1787)
    const fseMar = (await s.ctx.jobs.run('lists:generate', { listDate: '2026-03-01', profile: 'fse' })) as GenerateResult
    expect(fseMar.tournaments.map((t) => t.name)).toEqual(['National Cup'])
    expect(ratings(fseMar.listId, [A, B, C, D])).toEqual([1987, 1912, 1821, 1800])
    expect((await sheetOf(fseMar.listId, A)).tournaments[0]).toMatchObject({ rating: 2021, ratingListId: fseNov.listId, k: 24 })
  }, 300_000)

  it('a tournament rated under a rule set reads that rule set’s chain (tournaments:rate)', async () => {
    type Rating = CallOutput<'tournaments:rate'>
    // the October event, at its start (3 October 2025): FIDE's download under FIDE's rules, the national list under FSE's
    const fide = (await call(s, 'tournaments:rate', { id: tournament1 })) as Rating
    expect(fide.list).toMatchObject({ id: fideList })
    expect(fide.players.map((p) => p.rating)).toEqual([2000, 1900, 1800, 1700])
    const fse = (await call(s, 'tournaments:rate', { id: tournament1, edition: 'fse' })) as Rating
    expect(fse.list).toMatchObject({ id: nationalList })
    expect(fse.players.map((p) => p.rating)).toEqual([2040, 1930, 1790, 1760])
    // A under FSE: 24 × −.80 = −19.2 (as on the national November list)
    expect(fse.players[0]).toMatchObject({ k: 24, kChg: -19.2 })
  })

  it("a player's current rating in the registry is FIDE's, not the national list imported after it", async () => {
    type Search = CallOutput<'players:search'>
    const found = (await call(s, 'players:search', { text: 'Aare' })) as Search
    expect(found.rows[0]!.ratings.standard).toMatchObject({ rating: 2000, listId: fideList })
  })

  it('a list page is compared with the previous list of its own chain', async () => {
    type Entries = CallOutput<'lists:entries'>
    const page = (await call(s, 'lists:entries', { listId: fseNov.listId, offset: 0, limit: 10 })) as Entries
    expect(page.previous).toMatchObject({ id: nationalList })
    const fidePage = (await call(s, 'lists:entries', { listId: fideNov.listId, offset: 0, limit: 10 })) as Entries
    expect(fidePage.previous).toMatchObject({ id: fideList })
  })
})
