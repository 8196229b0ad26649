// FIDE 2024 on a real database: a small federation over three monthly lists (1 February, 1 March, 1 April 2025) from
// FIDE's list of 1 January 2025, through the real calls (TRF import, matching, approval, the generation job,
// publication, a correction as new versions). Every figure worked out by hand from regulations.md:
// - table 8.1b (§ 2): |D| 60 → PD .58, 100 → .64, 398 → .92, 298 → .85, 176 → .73, 210 → .77, 127 → .67, 51 → .57,
//   200 → .76; a difference above 400 counts as 400 (402 → .92); table 8.1a: p .57 → dp 50, .86 → dp 309;
// - ΔR = score − PD; change = K × ΣΔR summed over the period, rounded once, 0.5 away from zero (2024 § 8.3.4, § 4.1);
// - K: the K column of FIDE's list for the first period (§ 3), then 40 for a new player (< 30 games) and until the end of
//   the year of the 18th birthday below 2300, 20, 10 once a published rating reached 2400 (for ever); K × n ≤ 700;
// - Swiss: a rated player's games against an unrated opponent do not count;
// - first rating (§ 4.3): 5 games against rated opponents within 26 months, Ra = (Σ opponents + 2 × 1800) / (n + 2),
//   p = (W + 1) / (n + 2), Ru = Ra + dp(p) rounded, at most 2200, published from 1400;
// - floor 1400: below it shown once as delisted, then unrated; `i` stays without a game, goes after one (§ 5);
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

const H: Who = { id: 5630001, name: 'Hoch, Hans', rating: 2390, k: 20 }
const S: Who = { id: 5630002, name: 'Stark, Sven', rating: 2450, k: 10, title: 'IM' }
const J: Who = { id: 5630003, name: 'Jung, Jan', rating: 1600, k: 40, birth: 2010 }
const N: Who = { id: 5630004, name: 'Neu, Nico', rating: null }
const N2: Who = { id: 5630010, name: 'Neu, Nora', rating: null, sex: 'F' }
const I: Who = { id: 5630005, name: 'Ilg, Ivo', rating: 1900, k: 20, flag: 'i' }
const L: Who = { id: 5630006, name: 'Lau, Leo', rating: 1402, k: 20 }
const O1: Who = { id: 5630007, name: 'Ober, Otto', rating: 2000, k: 20 }
const O2: Who = { id: 5630008, name: 'Ort, Oskar', rating: 1800, k: 20 }
const O3: Who = { id: 5630009, name: 'Ost, Oli', rating: 1700, k: 20 }

const FEBRUARY: Game[] = [
  [1, O1, H, '1-0'], [1, N, I, '='], [1, J, O2, '0-1'],
  [2, N, O2, '1-0'], [2, I, O3, '=']
]
let reference = 0
let feb: GenerateResult
let mar: GenerateResult
let apr: GenerateResult
let february = 0

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  reference = seedList(s, tmp.file('players_list_foa.txt'), '2025-01-01', [H, S, J, N, N2, I, L, O1, O2, O3])
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('FIDE 2024: three monthly lists on a real database', () => {
  it('1 February 2025: H reaches 2400, the junior at K 40, a newcomer capped at 2200, L delisted under 1400, I still inactive', async () => {
    await approved(s, 'January Open', '2025-01-10', '2025-01-14', [
      [1, H, S, '1-0'], [1, N, O2, '='], [1, J, O3, '1-0'], [1, N2, O1, '1-0'],
      [2, N, O3, '1-0'], [2, L, O2, '0-1'], [2, N2, H, '1-0'],
      [3, J, N, '1-0'], [3, L, O3, '0-1'], [3, N2, S, '1-0'],
      [4, N2, I, '1-0'],
      [5, N2, O2, '1-0']
    ])
    feb = await generateAndPublish(s, '2025-02-01')
    expect(feb).toMatchObject({ edition: 'fide-2024', baseListId: reference, closingDate: '2025-01-29' })
    // H 2390 (K 20) beat S 2450: D −60, PD .42: +.58 × 20 = 11.6 → +12: 2402, K 10 next; the loss to N2 does not count
    expect(line(s, feb.listId, H)).toMatchObject({ rating: 2402, k: 10, games: 1 })
    // S 2450 (K 10): −.58 × 10 = −5.8 → −6
    expect(line(s, feb.listId, S)).toMatchObject({ rating: 2444, k: 10 })
    // J (born 2010: junior until the end of 2028) 1600, K 40, beat O3 1700: D −100, PD .36: +.64 × 40 = 25.6 → +26
    expect(line(s, feb.listId, J)).toMatchObject({ rating: 1626, k: 40 })
    // O3 1700: lost to J −.64; beat L 1402 (D 298, PD .85) +.15: 20 × −.49 = −9.8 → −10
    expect(line(s, feb.listId, O3)).toMatchObject({ rating: 1690, games: 2 })
    // O2 1800: beat L (D 398, PD .92) +.08: 1.6 → +2; the games with N and N2 do not count
    expect(line(s, feb.listId, O2)).toMatchObject({ rating: 1802, games: 1 })
    // L 1402: −.08 − .15 = −.23 × 20 = −4.6 → −5: 1397, under 1400: delisted
    expect(line(s, feb.listId, L)).toMatchObject({ rating: 1397, status: 'delisted' })
    expect(line(s, feb.listId, I)).toMatchObject({ rating: 1900, flags: 'i' })
    // N2: 5 wins over 2000 + 2390 + 2450 + 1900 + 1800 = 10540: Ra = (10540 + 3600) / 7 = 2020, p = 6 / 7 = .857 → .86,
    // dp 309: 2329, at most 2200 (§ 4.3); K 40
    expect(line(s, feb.listId, N2)).toMatchObject({ rating: 2200, k: 40, status: 'rated' })
    expect((await sheet(s, feb.listId, N2))!.firstRating).toMatchObject({ published: true, games: 5 })
    // N: 3 games against rated players, fewer than 5: waits
    expect(line(s, feb.listId, N)?.rating ?? null).toBeNull()
    expect(feb.newlyRated).toBe(1)
  }, 300_000)

  it('1 March 2025: N rated with the two 1800 draws; H under 2400 keeps K 10; I active again; L gone', async () => {
    february = await approved(s, 'February Open', '2025-02-05', '2025-02-07', FEBRUARY)
    mar = await generateAndPublish(s, '2025-03-01')
    // H 2402 (K 10) lost to O1 2000: D 402 → 400, PD .92: −9.2 → −9: 2393, K 10 still; O1 +.92 × 20 = 18.4 → +18
    expect(line(s, mar.listId, H)).toMatchObject({ rating: 2393, k: 10 })
    expect(line(s, mar.listId, O1)).toMatchObject({ rating: 2018 })
    // J 1626 (K 40) lost to O2 1802: D −176, PD .27: −10.8 → −11: 1615; O2 +.27 × 20 = 5.4 → +5: 1807
    expect(line(s, mar.listId, J)).toMatchObject({ rating: 1615, k: 40 })
    expect(line(s, mar.listId, O2)).toMatchObject({ rating: 1807 })
    // I 1900 drew O3 1690: D 210, PD .77: −.27 × 20 = −5.4 → −5: 1895, active again; O3 +5: 1695
    expect(line(s, mar.listId, I)).toMatchObject({ rating: 1895, flags: null })
    expect(line(s, mar.listId, O3)).toMatchObject({ rating: 1695 })
    // N: January 1800 ½, 1700 1, 1600 0; February 1900 ½, 1802 1 (list of 1 February): n 5, W 3;
    // Ra = (8802 + 3600) / 7 = 1771.71; p = 4 / 7 = .571 → .57, dp 50: 1821.71 → 1822; K 40
    expect(line(s, mar.listId, N)).toMatchObject({ rating: 1822, k: 40, status: 'rated' })
    expect((await sheet(s, mar.listId, N))!.firstRating).toMatchObject({ ru: 1822, games: 5, published: true })
    expect(line(s, mar.listId, L)).toBeUndefined()
  }, 300_000)

  it('1 April 2025: a late January event with the ratings at its start; N at K 40; H keeps K 10', async () => {
    await approved(s, 'March Open', '2025-03-10', '2025-03-11', [[1, N, O3, '1-0'], [1, H, S, '=']])
    await approved(s, 'January Weekender', '2025-01-20', '2025-01-21', [[1, O1, O2, '=']])
    apr = await generateAndPublish(s, '2025-04-01')
    expect(apr.tournaments.map((t) => [t.name, t.late])).toEqual([
      ['January Weekender', true],
      ['March Open', false]
    ])
    // N 1822 (K 40) beat O3 1695: D 127, PD .67: +.33 × 40 = 13.2 → +13; O3 −.33 × 20 = −6.6 → −7
    expect(line(s, apr.listId, N)).toMatchObject({ rating: 1835, k: 40 })
    expect(line(s, apr.listId, O3)).toMatchObject({ rating: 1688 })
    // H 2393 drew S 2444: D −51, PD .43: +.07 × 10 = .7 → +1; S −1
    expect(line(s, apr.listId, H)).toMatchObject({ rating: 2394, k: 10 })
    expect(line(s, apr.listId, S)).toMatchObject({ rating: 2443 })
    // the late event with January's ratings, O1 2000 – O2 1800 drawn: D 200, PD .76: O1 −5.2 → −5 on 2018; O2 +5 on 1807
    expect(line(s, apr.listId, O1)).toMatchObject({ rating: 2013 })
    expect(line(s, apr.listId, O2)).toMatchObject({ rating: 1812 })
    expect((await sheet(s, apr.listId, O1))!.tournaments[0]).toMatchObject({ late: true, rating: 2000, ratingListId: reference })
  }, 300_000)

  it('a correction of February’s report: new versions of March and April; the next list builds on them', async () => {
    const fixed = FEBRUARY.map((g): Game => (g[1] === J ? [g[0], g[1], g[2], '='] : g))
    const id = await importApproved(s, swissReport('February Open', '2025-02-05', '2025-02-07', fixed), 'February Open corrected.trf', false, february)
    expect(id).toBe(february)
    await call(s, 'checks:approve', { id, reason: 'corrected report checked', overrideErrors: true })
    // J 1626 drew O2 1802 (PD .27): +.23 × 40 = 9.2 → +9: 1635; O2 −.23 × 20 = −4.6 → −5: 1797;
    // April: J 1635; O2 1797 + 5 (the late event) = 1802
    const preview = await call(s, 'lists:correctPreview', { listId: mar.listId })
    expect(preview.changes.map((c) => [c.listDate, c.fideId, c.before, c.after])).toEqual([
      ['2025-03-01', J.id, 1615, 1635],
      ['2025-03-01', O2.id, 1807, 1797],
      ['2025-04-01', J.id, 1615, 1635],
      ['2025-04-01', O2.id, 1812, 1802]
    ])
    const r = await s.ctx.jobs.run('lists:correct', { listId: mar.listId, mode: 'new-version', reason: 'corrected February report' })
    const [, apr2] = r.newListIds as [number, number]
    expect(line(s, apr2, J)).toMatchObject({ rating: 1635 })
    await approved(s, 'April Open', '2025-04-10', '2025-04-11', [[1, J, O3, '=']])
    const may = await generate(s, '2025-05-01')
    expect(may.baseListId).toBe(apr2)
    // J 1635 (K 40) drew O3 1688: D −53, PD .43: +.07 × 40 = 2.8 → +3; O3 −.07 × 20 = −1.4 → −1
    expect(line(s, may.listId, J)).toMatchObject({ rating: 1638 })
    expect(line(s, may.listId, O3)).toMatchObject({ rating: 1687 })
  }, 300_000)
})
