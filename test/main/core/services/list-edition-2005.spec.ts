// FIDE 2005 (seed 000) on a real database: a small federation over three quarterly lists (1 April, 1 July, 1 October
// 2006) from FIDE's list of 1 January 2006, through the real calls (TRF import, matching, approval, the generation job,
// publication, a correction as new versions). Every figure worked out by hand from regulations.md and seed 000:
// - table 10.1b (regulations.md § 2): |D| 110 → PD .65, 100 → .64, 297 → .85, 207 → .77, 192 → .75, 69 → .60,
//   102 → .64, 117 → .66, 90 → .62, 199 → .76, 200 → .76, 98 → .63, 81 → .61; a difference above 350 counts as 350
//   (2005 § 10.51: 397, 400 → .89); table 10.1a: p .40 → dp −72;
// - ΔR = score − PD; change = Σ per tournament K × ΣΔR over the period, rounded once, 0.5 away from zero (§ 4.1);
// - K (2005 § 10.52): the K column of FIDE's list for the first period (§ 3), then 25 for a new player (< 30 games), 15,
//   10 once a published rating reached 2400 with 30 games (games so far unknown on an imported list: established,
//   rules/k.ts); no junior rule in 2005;
// - Swiss: a rated player's games against an unrated opponent do not count (2005 § 6.41);
// - first rating (§ 9.14, § 10.3): 9 games within this and 7 periods, at least 3 rated opponents per event; each event's
//   Ru = Rc (rounded) + 12.5 per half point above 50 %, or Rc + dp below; the weighted average of the events' Ru;
// - floor 1401 (§ 9.21); inactive with fewer than 4 games in a year, active again after 4 (§ 9.23a–c), the year's
//   months before the office's first list counted from the games column of FIDE's imported list;
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

const H: Who = { id: 5650001, name: 'Hoch, Hans', rating: 2390, k: 15 }
const S: Who = { id: 5650002, name: 'Stark, Sven', rating: 2500, k: 10, title: 'GM' }
const J: Who = { id: 5650003, name: 'Jung, Jan', rating: 1600, k: 15, birth: 1992 }
const N: Who = { id: 5650004, name: 'Neu, Nico', rating: null }
const I: Who = { id: 5650005, name: 'Ilg, Ivo', rating: 1900, k: 15, flag: 'i' }
const L: Who = { id: 5650006, name: 'Lau, Leo', rating: 1403, k: 15 }
const O1: Who = { id: 5650007, name: 'Ober, Otto', rating: 2000, k: 15 }
const O2: Who = { id: 5650008, name: 'Ort, Oskar', rating: 1800, k: 15 }
const O3: Who = { id: 5650009, name: 'Ost, Oli', rating: 1700, k: 15 }

const APRIL: Game[] = [
  [1, O1, H, '1-0'], [1, N, O2, '1-0'], [1, I, O3, '='],
  [2, N, O3, '1-0'], [2, J, O2, '0-1'],
  [3, O1, N, '='],
  [4, N, J, '1-0']
]
let reference = 0
let l1: GenerateResult
let l2: GenerateResult
let l3: GenerateResult
let april = 0

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  reference = seedList(s, tmp.file('players_list_foa.txt'), '2006-01-01', [H, S, J, N, I, L, O1, O2, O3])
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('FIDE 2005: three quarterly lists on a real database', () => {
  it('1 April 2006: H reaches 2400 (K 10 next), the junior at K 15, L delisted under 1401, N has one event of 5 games', async () => {
    await approved(s, 'January Open', '2006-01-14', '2006-01-18', [
      [1, H, S, '1-0'], [1, N, O2, '='], [1, J, O3, '1-0'],
      [2, N, O3, '1-0'], [2, L, O2, '0-1'],
      [3, J, N, '1-0'], [3, L, O3, '0-1'],
      [4, O1, N, '1-0'],
      [5, N, I, '=']
    ])
    l1 = await generateAndPublish(s, '2006-04-01')
    // closing date: the list date minus the 30 days of 2005
    expect(l1).toMatchObject({ edition: 'fide-2005', baseListId: reference, closingDate: '2006-03-02' })
    // H 2390 (K 15) beat S 2500: D −110, PD .35: +.65 × 15 = 9.75 → +10: 2400, K 10 next
    expect(line(s, l1.listId, H)).toMatchObject({ rating: 2400, k: 10 })
    // S 2500 (K 10): −6.5 → −7
    expect(line(s, l1.listId, S)).toMatchObject({ rating: 2493, k: 10 })
    // J (born 1992) 1600, K 15, no junior rule: beat O3 1700: D −100, PD .36: +.64 × 15 = 9.6 → +10
    expect(line(s, l1.listId, J)).toMatchObject({ rating: 1610, k: 15 })
    // O3 1700: lost to J −.64; beat L 1403 (D 297, PD .85) +.15: 15 × −.49 = −7.35 → −7
    expect(line(s, l1.listId, O3)).toMatchObject({ rating: 1693 })
    // O2 1800: beat L (D 397 → 350, PD .89) +.11 × 15 = 1.65 → +2
    expect(line(s, l1.listId, O2)).toMatchObject({ rating: 1802 })
    // L 1403: −.11 − .15 = −.26 × 15 = −3.9 → −4: 1399, under 1401: delisted
    expect(line(s, l1.listId, L)).toMatchObject({ rating: 1399, status: 'delisted' })
    expect(line(s, l1.listId, I)).toMatchObject({ rating: 1900, flags: 'i' })
    // N: 5 games, 2 points against 1800 + 1700 + 1600 + 2000 + 1900 = 9000: fewer than 9 games, waits
    expect(line(s, l1.listId, N)?.rating ?? null).toBeNull()
  }, 300_000)

  it('1 July 2006: N rated from the weighted average of two events; H under 2400 keeps K 10; I inactive after one game', async () => {
    april = await approved(s, 'April Open', '2006-04-10', '2006-04-13', APRIL)
    l2 = await generateAndPublish(s, '2006-07-01')
    // H 2400 (K 10) lost to O1 2000: D 400 → 350, PD .89: −8.9 → −9: 2391, K 10 still; O1 +.89 × 15 = 13.35 → +13
    expect(line(s, l2.listId, H)).toMatchObject({ rating: 2391, k: 10 })
    expect(line(s, l2.listId, O1)).toMatchObject({ rating: 2013 })
    // I 1900 drew O3 1693: D 207, PD .77: −.27 × 15 = −4.05 → −4: 1896 — one game in a year, fewer than 4: still `i`
    expect(line(s, l2.listId, I)).toMatchObject({ rating: 1896, flags: 'i' })
    expect(line(s, l2.listId, O3)).toMatchObject({ rating: 1697 })
    // J 1610 lost to O2 1802: D −192, PD .25: −3.75 → −4: 1606; O2 +4: 1806
    expect(line(s, l2.listId, J)).toMatchObject({ rating: 1606 })
    expect(line(s, l2.listId, O2)).toMatchObject({ rating: 1806 })
    // N: January Rc 9000 / 5 = 1800, p .40, dp −72: Ru 1728 (5 games); April (list of 1 April): 1802 1, 1693 1,
    // 2000 ½, 1610 1: Rc 7105 / 4 = 1776.25 → 1776, 3.5 of 4 = three half points above 2: + 37.5 = 1813.5 (4 games);
    // (1728 × 5 + 1813.5 × 4) / 9 = 15894 / 9 = 1766; K 25 (new player)
    expect(line(s, l2.listId, N)).toMatchObject({ rating: 1766, k: 25, status: 'rated' })
    expect((await sheet(s, l2.listId, N))!.firstRating).toMatchObject({ published: true, games: 9 })
    expect(line(s, l2.listId, L)).toBeUndefined()
  }, 300_000)

  it('1 October 2006: a late February event with the ratings at its start; I active again after 4 games in a year', async () => {
    await approved(s, 'July Open', '2006-07-10', '2006-07-12', [
      [1, N, O3, '1-0'], [1, H, S, '='], [1, I, O1, '='],
      [2, I, O2, '='],
      [3, I, O3, '=']
    ])
    await approved(s, 'February Weekender', '2006-02-10', '2006-02-11', [[1, O1, O2, '=']])
    l3 = await generateAndPublish(s, '2006-10-01')
    expect(l3.tournaments.map((t) => [t.name, t.late])).toEqual([
      ['February Weekender', true],
      ['July Open', false]
    ])
    // N 1766 (K 25) beat O3 1697: D 69, PD .60: +.40 × 25 = 10
    expect(line(s, l3.listId, N)).toMatchObject({ rating: 1776, k: 25 })
    // H 2391 drew S 2493: D −102, PD .36: +.14 × 10 = 1.4 → +1; S −1
    expect(line(s, l3.listId, H)).toMatchObject({ rating: 2392 })
    expect(line(s, l3.listId, S)).toMatchObject({ rating: 2492 })
    // I 1896, three draws: O1 2013 (D −117, PD .34) +.16, O2 1806 (D 90, .62) −.12, O3 1697 (D 199, .76) −.26:
    // 15 × −.22 = −3.3 → −3: 1893; 4 games in the year: active again
    expect(line(s, l3.listId, I)).toMatchObject({ rating: 1893, flags: null })
    // O1 2013: I −.16 (× 15 = −2.4); the late event with January's 2000 – 1800 (D 200, PD .76) drawn −.26 (× 15 = −3.9):
    // −6.3 → −6: 2007
    expect(line(s, l3.listId, O1)).toMatchObject({ rating: 2007 })
    // O2 1806: I (D −90, .38) +.12 → 1.8; the late event +3.9: 5.7 → +6: 1812
    expect(line(s, l3.listId, O2)).toMatchObject({ rating: 1812 })
    // O3 1697: N (D −69, .40) lost −.40; I (D −199, .24) drew +.26: 15 × −.14 = −2.1 → −2: 1695
    expect(line(s, l3.listId, O3)).toMatchObject({ rating: 1695 })
    expect((await sheet(s, l3.listId, O1))!.tournaments.find((t) => t.late)).toMatchObject({ rating: 2000, ratingListId: reference })
    // inactivity (2005 § 9.23a: fewer than 4 rated games in a year): the year of 1 October 2006 runs from 1 October 2005;
    // FIDE's list of 1 January 2006 (games 0 for all) covers its first quarter (issue 35, item 7), the office's lists the
    // rest. Rated games (a rated player's game against an unrated one does not count, § 6.41): H 3 (S, O1, S), S 2,
    // J 2 (O3, O2), O1 3 (H, I, and O2 in the late event): inactive; O2 4, O3 5, I 4: active; N rated on 1 July, his
    // year not known yet: active
    expect([H, S, J, O1].map((p) => line(s, l3.listId, p)?.flags)).toEqual(['i', 'i', 'i', 'i'])
    expect([O2, O3, I, N].map((p) => line(s, l3.listId, p)?.flags)).toEqual([null, null, null, null])
    expect((await sheet(s, l3.listId, S))!.notes.map((n) => n.text)).toContain(
      '2 rated game(s) since 2005-10-01 (0 on the imported lists before the office\'s own, since 2005-10-01), fewer than 4: inactive (i)'
    )
  }, 300_000)

  it('a correction of April’s report: new versions of July and October, a later event re-rated from the corrected ratings', async () => {
    const fixed = APRIL.map((g): Game => (g[1] === J ? [g[0], g[1], g[2], '='] : g))
    const id = await importApproved(s, swissReport('April Open', '2006-04-10', '2006-04-13', fixed), 'April Open corrected.trf', false, april)
    expect(id).toBe(april)
    await call(s, 'checks:approve', { id, reason: 'corrected report checked', overrideErrors: true })
    // J 1610 drew O2 1802 (PD .25): +.25 × 15 = 3.75 → +4: 1614; O2 −4: 1798.
    // October: J 1614. O2 from 1798: the July event reads O2 at 1798 now (the corrected July list): I (1896) – O2 D 98,
    // PD .63 for I: O2 +.13 × 15 = 1.95, plus the late event 3.9: 5.85 → +6: 1804; I: +.16 − .13 − .26 = −.23 × 15 =
    // −3.45 → −3: 1893, unchanged
    const preview = await call(s, 'lists:correctPreview', { listId: l2.listId })
    expect(preview.changes.map((c) => [c.listDate, c.fideId, c.before, c.after])).toEqual([
      ['2006-07-01', J.id, 1606, 1614],
      ['2006-07-01', O2.id, 1806, 1798],
      ['2006-10-01', J.id, 1606, 1614],
      ['2006-10-01', O2.id, 1812, 1804]
    ])
    const r = await s.ctx.jobs.run('lists:correct', { listId: l2.listId, mode: 'new-version', reason: 'corrected April report' })
    const [, oct2] = r.newListIds as [number, number]
    expect(line(s, oct2, O2)).toMatchObject({ rating: 1804 })
    expect(line(s, oct2, I)).toMatchObject({ rating: 1893 })
    await approved(s, 'October Open', '2006-10-10', '2006-10-11', [[1, J, O3, '=']])
    const jan = await generate(s, '2007-01-01')
    expect(jan.baseListId).toBe(oct2)
    // J 1614 drew O3 1695: D −81, PD .39: +.11 × 15 = 1.65 → +2; O3 −2
    expect(line(s, jan.listId, J)).toMatchObject({ rating: 1616 })
    expect(line(s, jan.listId, O3)).toMatchObject({ rating: 1693 })
  }, 300_000)
})
