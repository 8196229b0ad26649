// FIDE 2010 (seed 002) on a real database: a small federation over three two-monthly lists (1 March, 1 May, 1 July
// 2011) from FIDE's list of 1 January 2011, through the real calls (TRF import, matching, approval, the generation job,
// publication, a correction as new versions). Every figure worked out by hand from regulations.md:
// - table 8.1b (§ 2): |D| 110 → PD .65, 100 → .64, 191 → .75, 208 → .77, 123 → .67, 102 → .64, 77 → .61, 200 → .76;
//   a difference above 400 counts as 400 (2010 § 8.54: 499, 599 → .92; 400 → .92);
// - ΔR = score − PD; change = K × ΣΔR summed over the period, rounded once, 0.5 away from zero (§ 4.1);
// - K (2010 § 8.56): the K column of FIDE's list for the first period (§ 3), then 30 for a new player (< 30 games), 15,
//   10 once a published rating reached 2400 (for ever); no junior rule in 2010;
// - Swiss: a rated player's games against an unrated opponent do not count (2010 § 6.42);
// - first rating (2010 § 7.14): 9 games within two years, at least 1 point per event, all events pooled, Ra (rounded)
//   + 15 per half point above 50 % (§ 8.23);
// - floor 1200 (§ 7.14d): below it shown once as delisted, then unrated; `i` stays without a game, goes after one (§ 5);
// - a late tournament is rated with the ratings at its start (§ 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved } from './office-list-fixture'
import { approved, generate, generateAndPublish, line, seedList, sheet, swissReport, type Game, type Who } from './edition-scenario'

const tmp = tempDir()
let s: Services

const H: Who = { id: 5620001, name: 'Hoch, Hans', rating: 2390, k: 15 }
const S: Who = { id: 5620002, name: 'Stark, Sven', rating: 2500, k: 10, title: 'GM' }
const J: Who = { id: 5620003, name: 'Jung, Jan', rating: 1600, k: 15, birth: 1997 }
const N: Who = { id: 5620004, name: 'Neu, Nico', rating: null }
const I: Who = { id: 5620005, name: 'Ilg, Ivo', rating: 1900, k: 15, flag: 'i' }
const L: Who = { id: 5620006, name: 'Lau, Leo', rating: 1201, k: 15 }
const O1: Who = { id: 5620007, name: 'Ober, Otto', rating: 2000, k: 15 }
const O2: Who = { id: 5620008, name: 'Ort, Oskar', rating: 1800, k: 15 }
const O3: Who = { id: 5620009, name: 'Ost, Oli', rating: 1700, k: 15 }

const MARCH: Game[] = [
  [1, O1, H, '1-0'], [1, N, O2, '1-0'], [1, I, O3, '='],
  [2, N, O3, '1-0'], [2, J, O2, '0-1'],
  [3, O1, N, '='],
  [4, N, J, '1-0']
]
let reference = 0
let l1: GenerateResult
let l2: GenerateResult
let l3: GenerateResult
let march = 0

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  reference = seedList(s, tmp.file('players_list_foa.txt'), '2011-01-01', [H, S, J, N, I, L, O1, O2, O3])
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('FIDE 2010: three two-monthly lists on a real database', () => {
  it('1 March 2011: H reaches 2400 (K 10 from now on), the junior at K 15, L delisted under 1200, N short of 9 games', async () => {
    await approved(s, 'January Open', '2011-01-15', '2011-01-19', [
      [1, H, S, '1-0'], [1, N, O2, '='], [1, J, O3, '1-0'],
      [2, N, O3, '1-0'], [2, L, O2, '0-1'],
      [3, J, N, '1-0'], [3, L, O3, '0-1'],
      [4, O1, N, '1-0'],
      [5, N, I, '=']
    ])
    l1 = await generateAndPublish(s, '2011-03-01')
    expect(l1).toMatchObject({ edition: 'fide-2010', baseListId: reference, closingDate: '2011-02-22' })
    // H 2390 (K 15) beat S 2500: D −110, PD .35: +.65 × 15 = 9.75 → +10: 2400, K 10 next (§ 8.56)
    expect(line(s, l1.listId, H)).toMatchObject({ rating: 2400, k: 10 })
    // S 2500 (K 10): −.65 × 10 = −6.5 → −7 (0.5 away from zero)
    expect(line(s, l1.listId, S)).toMatchObject({ rating: 2493, k: 10 })
    // J (born 1997) 1600, K 15: 2010 has no junior rule. Beat O3 1700: D −100, PD .36: +.64 × 15 = 9.6 → +10
    expect(line(s, l1.listId, J)).toMatchObject({ rating: 1610, k: 15, games: 1 })
    // O3 1700: lost to J −.64; beat L 1201 (D 499 → 400, PD .92) +.08: 15 × −.56 = −8.4 → −8; N's win not counted
    expect(line(s, l1.listId, O3)).toMatchObject({ rating: 1692, games: 2 })
    // O2 1800: beat L (D 599 → 400): +.08 × 15 = 1.2 → +1
    expect(line(s, l1.listId, O2)).toMatchObject({ rating: 1801 })
    // L 1201: −.16 × 15 = −2.4 → −2: 1199, under 1200: delisted
    expect(line(s, l1.listId, L)).toMatchObject({ rating: 1199, status: 'delisted' })
    // I (inactive) played only the unrated N: no rated game, still `i`; O1 the same
    expect(line(s, l1.listId, I)).toMatchObject({ rating: 1900, flags: 'i', games: 0 })
    expect(line(s, l1.listId, O1)).toMatchObject({ rating: 2000, games: 0 })
    // N: 5 games, 2 points, fewer than 9: waits
    expect(line(s, l1.listId, N)?.rating ?? null).toBeNull()
  }, 300_000)

  it('1 May 2011: N rated from 9 games pooled; H under 2400 keeps K 10; I active again; L gone', async () => {
    march = await approved(s, 'March Open', '2011-03-10', '2011-03-13', MARCH)
    l2 = await generateAndPublish(s, '2011-05-01')
    // H 2400 (K 10) lost to O1 2000: D 400, PD .92: −9.2 → −9: 2391, K 10 still
    expect(line(s, l2.listId, H)).toMatchObject({ rating: 2391, k: 10 })
    // O1 2000: +.92 × 15 = 13.8 → +14 (the draw with N does not count)
    expect(line(s, l2.listId, O1)).toMatchObject({ rating: 2014 })
    // I 1900 drew O3 1692: D 208, PD .77: −.27 × 15 = −4.05 → −4: 1896, active again; O3 +4.05 → +4: 1696
    expect(line(s, l2.listId, I)).toMatchObject({ rating: 1896, flags: null })
    expect(line(s, l2.listId, O3)).toMatchObject({ rating: 1696 })
    // J 1610 lost to O2 1801: D −191, PD .25: −.25 × 15 = −3.75 → −4: 1606; O2 +3.75 → +4: 1805
    expect(line(s, l2.listId, J)).toMatchObject({ rating: 1606, k: 15 })
    expect(line(s, l2.listId, O2)).toMatchObject({ rating: 1805 })
    // N: January 1800 ½ + 1700 1 + 1600 0 + 2000 0 + 1900 ½ (9000, 2 points); March, from the list of 1 March:
    // 1801 1 + 1692 1 + 2000 ½ + 1610 1 (7103, 3.5 points): 9 games, 5.5 points, Ra = 16103 / 9 = 1789.2 → 1789;
    // two half points above 4.5: + 2 × 15 = 1819 (§ 8.23); K 30 (new player)
    expect(line(s, l2.listId, N)).toMatchObject({ rating: 1819, k: 30, status: 'rated' })
    expect((await sheet(s, l2.listId, N))!.firstRating).toMatchObject({ ru: 1819, games: 9, published: true })
    expect(line(s, l2.listId, L)).toBeUndefined()
  }, 300_000)

  it('1 July 2011: a late February event with the ratings at its start; N at K 30; H keeps K 10', async () => {
    await approved(s, 'May Open', '2011-05-10', '2011-05-11', [[1, N, O3, '1-0'], [1, H, S, '=']])
    await approved(s, 'February Weekender', '2011-02-12', '2011-02-13', [[1, O1, O2, '=']])
    l3 = await generateAndPublish(s, '2011-07-01')
    expect(l3.tournaments.map((t) => [t.name, t.late])).toEqual([
      ['February Weekender', true],
      ['May Open', false]
    ])
    // N 1819 (K 30) beat O3 1696: D 123, PD .67: +.33 × 30 = 9.9 → +10; O3 −.33 × 15 = −4.95 → −5
    expect(line(s, l3.listId, N)).toMatchObject({ rating: 1829, k: 30 })
    expect(line(s, l3.listId, O3)).toMatchObject({ rating: 1691 })
    // H 2391 drew S 2493: D −102, PD .36: +.14 × 10 = 1.4 → +1; S −1.4 → −1
    expect(line(s, l3.listId, H)).toMatchObject({ rating: 2392, k: 10 })
    expect(line(s, l3.listId, S)).toMatchObject({ rating: 2492 })
    // the late event with FIDE's January ratings, O1 2000 – O2 1800 drawn: D 200, PD .76: O1 −.26 × 15 = −3.9 → −4
    // on 2014: 2010; O2 +4 on 1805: 1809
    expect(line(s, l3.listId, O1)).toMatchObject({ rating: 2010 })
    expect(line(s, l3.listId, O2)).toMatchObject({ rating: 1809 })
    expect((await sheet(s, l3.listId, O2))!.tournaments[0]).toMatchObject({ late: true, rating: 1800, ratingListId: reference })
  }, 300_000)

  it('a correction of March’s report: new versions of May and July; the next list builds on them', async () => {
    const fixed = MARCH.map((g): Game => (g[1] === J ? [g[0], g[1], g[2], '='] : g))
    const id = await importApproved(s, swissReport('March Open', '2011-03-10', '2011-03-13', fixed), 'March Open corrected.trf', false, march)
    expect(id).toBe(march)
    await call(s, 'checks:approve', { id, reason: 'corrected report checked', overrideErrors: true })
    // J 1610 drew O2 1801 (PD .25): +.25 × 15 = 3.75 → +4: 1614 (was 1606); O2 −4: 1797 (was 1805);
    // July: J 1614; O2 1797 + 4 (the late event) = 1801 (was 1809)
    const preview = await call(s, 'lists:correctPreview', { listId: l2.listId })
    expect(preview.changes.map((c) => [c.listDate, c.fideId, c.before, c.after])).toEqual([
      ['2011-05-01', J.id, 1606, 1614],
      ['2011-05-01', O2.id, 1805, 1797],
      ['2011-07-01', J.id, 1606, 1614],
      ['2011-07-01', O2.id, 1809, 1801]
    ])
    const r = await s.ctx.jobs.run('lists:correct', { listId: l2.listId, mode: 'new-version', reason: 'corrected March report' })
    const [, jul2] = r.newListIds as [number, number]
    expect(line(s, jul2, O2)).toMatchObject({ rating: 1801 })
    await approved(s, 'July Open', '2011-07-10', '2011-07-11', [[1, J, O3, '=']])
    const sep = await generate(s, '2011-09-01')
    expect(sep.baseListId).toBe(jul2)
    // J 1614 drew O3 1691: D −77, PD .39: +.11 × 15 = 1.65 → +2: 1616; O3 −1.65 → −2: 1689
    expect(line(s, sep.listId, J)).toMatchObject({ rating: 1616 })
    expect(line(s, sep.listId, O3)).toMatchObject({ rating: 1689 })
  }, 300_000)
})
