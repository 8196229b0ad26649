// The national profile FSE/SSB (seed 004) on a real database: a federation's own list over three two-monthly lists
// (1 March, 1 May, 1 July 2025) from its national list of 1 January 2025 (source SUI), beside FIDE's list of the same
// date with other ratings that it must never read, through the real calls (TRF import, matching, approval, the
// generation job with `profile: 'fse'`, publication, a correction as new versions). Every figure worked out by hand:
// - table 8.1b (regulations.md § 2): |D| 60 → PD .58, 100 → .64, 798/698 → capped 400 (FIDE 2014's cap, which the
//   profile follows) → .92, 204 → .76, 179 → .73, 213 → .77, 87 → .62, 49 → .57, 200 → .76, 53 → .57;
// - ΔR = score − PD; change = K × ΣΔR summed over the period, rounded once, 0.5 away from zero (§ 4.1);
// - K (seed 004, regulations.md § 1 "National profiles"): the K column of the national list for the first period (§ 3),
//   then 36 for the first 20 games and for juniors under 20 rated 1850 or less, 24, 16 from 2200 — on the current
//   rating (rules/README.md: `k.high` basis 'current'), so a player back under 2200 is at K 24 again, unlike FIDE's
//   K 10 "for ever";
// - Swiss: a rated player's games against an unrated opponent do not count; first rating as FIDE 2014: 5 games within
//   26 months, pooled, Ra (rounded) + 20 per half point above 50 %;
// - floor 1000; `i` stays without a game, goes after one; a late tournament is rated with the ratings at its start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved } from './office-list-fixture'
import { approved, generate, generateAndPublish, line, seedList, sheet, swissReport, type Game, type Who } from './edition-scenario'

const tmp = tempDir()
let s: Services

const H: Who = { id: 5640001, name: 'Hoch, Hans', rating: 2190, k: 24 }
const S: Who = { id: 5640002, name: 'Stark, Sven', rating: 2250, k: 16, title: 'FM' }
const J: Who = { id: 5640003, name: 'Jung, Jan', rating: 1600, k: 36, birth: 2008 }
const N: Who = { id: 5640004, name: 'Neu, Nico', rating: null }
const I: Who = { id: 5640005, name: 'Ilg, Ivo', rating: 1900, k: 24, flag: 'i' }
const L: Who = { id: 5640006, name: 'Lau, Leo', rating: 1002, k: 24 }
const O1: Who = { id: 5640007, name: 'Ober, Otto', rating: 2000, k: 24 }
const O2: Who = { id: 5640008, name: 'Ort, Oskar', rating: 1800, k: 24 }
const O3: Who = { id: 5640009, name: 'Ost, Oli', rating: 1700, k: 24 }
const ALL = [H, S, J, N, I, L, O1, O2, O3]

const MARCH: Game[] = [
  [1, O1, H, '1-0'], [1, N, I, '='], [1, J, O2, '0-1'],
  [2, N, O2, '1-0'], [2, I, O3, '=']
]
let national = 0
let l1: GenerateResult
let l2: GenerateResult
let l3: GenerateResult
let march = 0
const fse = (listDate: string): Promise<GenerateResult> => generateAndPublish(s, listDate, 'fse')

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  // FIDE's list of the same date, 50 points higher for everyone and K 20: the national chain never reads it
  seedList(s, tmp.file('fide.txt'), '2025-01-01', ALL.map((p) => ({ ...p, rating: p.rating === null ? null : p.rating + 50, k: 20 })))
  national = seedList(s, tmp.file('national.txt'), '2025-01-01', ALL, 'SUI')
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('the national profile FSE: three two-monthly lists on a real database', () => {
  it('1 March 2025: H crosses 2200 (K 16 next), the junior at K 36, L delisted under 1000, I still inactive', async () => {
    await approved(s, 'January Open', '2025-01-10', '2025-01-12', [
      [1, H, S, '1-0'], [1, N, O2, '='], [1, J, O3, '1-0'],
      [2, N, O3, '1-0'], [2, L, O2, '0-1'],
      [3, J, N, '1-0'], [3, L, O3, '0-1']
    ])
    l1 = await fse('2025-03-01')
    expect(l1).toMatchObject({ edition: 'fse', baseListId: national, closingDate: '2025-02-26' })
    // H 2190 (K 24) beat S 2250: D −60, PD .42: +.58 × 24 = 13.92 → +14: 2204, K 16 next (2200 or more)
    expect(line(s, l1.listId, H)).toMatchObject({ rating: 2204, k: 16 })
    expect((await sheet(s, l1.listId, H))!.tournaments[0]).toMatchObject({ rating: 2190, ratingListId: national, k: 24 })
    // S 2250 (K 16): −.58 × 16 = −9.28 → −9
    expect(line(s, l1.listId, S)).toMatchObject({ rating: 2241, k: 16 })
    // J (born 2008: under 20, 1850 or less) K 36, beat O3 1700: D −100, PD .36: +.64 × 36 = 23.04 → +23; K 36 again
    expect(line(s, l1.listId, J)).toMatchObject({ rating: 1623, k: 36 })
    // O3 1700: lost to J −.64; beat L 1002 (D 698 → 400, PD .92) +.08: 24 × −.56 = −13.44 → −13
    expect(line(s, l1.listId, O3)).toMatchObject({ rating: 1687, k: 24 })
    // O2 1800: beat L +.08 × 24 = 1.92 → +2
    expect(line(s, l1.listId, O2)).toMatchObject({ rating: 1802 })
    // L 1002: −.16 × 24 = −3.84 → −4: 998, under 1000: delisted
    expect(line(s, l1.listId, L)).toMatchObject({ rating: 998, status: 'delisted' })
    expect(line(s, l1.listId, I)).toMatchObject({ rating: 1900, flags: 'i' })
    expect(line(s, l1.listId, N)?.rating ?? null).toBeNull()
  }, 300_000)

  it('1 May 2025: H back under 2200 is at K 24 again (current rating); N rated from two events; I active again', async () => {
    march = await approved(s, 'March Open', '2025-03-05', '2025-03-07', MARCH)
    l2 = await fse('2025-05-01')
    expect(l2.baseListId).toBe(l1.listId)
    // H 2204 (K 16) lost to O1 2000: D 204, PD .76: −.76 × 16 = −12.16 → −12: 2192, K 24 next; O1 +.76 × 24 = 18.24 → +18
    expect(line(s, l2.listId, H)).toMatchObject({ rating: 2192, k: 24 })
    expect(line(s, l2.listId, O1)).toMatchObject({ rating: 2018 })
    // J 1623 (K 36) lost to O2 1802: D −179, PD .27: −.27 × 36 = −9.72 → −10: 1613; O2 +.27 × 24 = 6.48 → +6: 1808
    expect(line(s, l2.listId, J)).toMatchObject({ rating: 1613, k: 36 })
    expect(line(s, l2.listId, O2)).toMatchObject({ rating: 1808 })
    // I 1900 drew O3 1687: D 213, PD .77: −.27 × 24 = −6.48 → −6: 1894, active again; O3 +6: 1693
    expect(line(s, l2.listId, I)).toMatchObject({ rating: 1894, flags: null })
    expect(line(s, l2.listId, O3)).toMatchObject({ rating: 1693 })
    // N: January 1800 ½, 1700 1, 1600 0 (national list); March 1900 ½, 1802 1 (the profile's March list): 5 games,
    // 3 points, Ra = 8802 / 5 = 1760.4 → 1760, + 20 = 1780; K 36 (first 20 games)
    expect(line(s, l2.listId, N)).toMatchObject({ rating: 1780, k: 36, status: 'rated' })
    expect((await sheet(s, l2.listId, N))!.firstRating).toMatchObject({ ru: 1780, games: 5, published: true })
    expect(line(s, l2.listId, L)).toBeUndefined()
  }, 300_000)

  it('1 July 2025: a late January event with the national ratings at its start; N at K 36', async () => {
    await approved(s, 'May Open', '2025-05-10', '2025-05-11', [[1, N, O3, '1-0'], [1, H, S, '=']])
    await approved(s, 'January Weekender', '2025-01-20', '2025-01-21', [[1, O1, O2, '=']])
    l3 = await fse('2025-07-01')
    expect(l3.tournaments.map((t) => [t.name, t.late])).toEqual([
      ['January Weekender', true],
      ['May Open', false]
    ])
    // N 1780 (K 36) beat O3 1693: D 87, PD .62: +.38 × 36 = 13.68 → +14; O3 −.38 × 24 = −9.12 → −9
    expect(line(s, l3.listId, N)).toMatchObject({ rating: 1794, k: 36 })
    expect(line(s, l3.listId, O3)).toMatchObject({ rating: 1684 })
    // H 2192 (K 24) drew S 2241: D −49, PD .43: +.07 × 24 = 1.68 → +2; S −.07 × 16 = −1.12 → −1
    expect(line(s, l3.listId, H)).toMatchObject({ rating: 2194, k: 24 })
    expect(line(s, l3.listId, S)).toMatchObject({ rating: 2240 })
    // the late event with the national list's January ratings (not FIDE's 2050 / 1850): O1 2000 – O2 1800 drawn,
    // D 200, PD .76: O1 −.26 × 24 = −6.24 → −6 on 2018: 2012; O2 +6 on 1808: 1814
    expect(line(s, l3.listId, O1)).toMatchObject({ rating: 2012 })
    expect(line(s, l3.listId, O2)).toMatchObject({ rating: 1814 })
    expect((await sheet(s, l3.listId, O1))!.tournaments[0]).toMatchObject({ late: true, rating: 2000, ratingListId: national })
  }, 300_000)

  it('a correction of March’s report: new versions of May and July; the next list builds on them', async () => {
    const fixed = MARCH.map((g): Game => (g[1] === J ? [g[0], g[1], g[2], '='] : g))
    const id = await importApproved(s, swissReport('March Open', '2025-03-05', '2025-03-07', fixed), 'March Open corrected.trf', false, march)
    expect(id).toBe(march)
    await call(s, 'checks:approve', { id, reason: 'corrected report checked', overrideErrors: true })
    // J 1623 drew O2 1802 (PD .27): +.23 × 36 = 8.28 → +8: 1631; O2 −.23 × 24 = −5.52 → −6: 1796;
    // July: J 1631; O2 1796 + 6 (the late event) = 1802
    const preview = await call(s, 'lists:correctPreview', { listId: l2.listId })
    expect(preview.changes.map((c) => [c.listDate, c.fideId, c.before, c.after])).toEqual([
      ['2025-05-01', J.id, 1613, 1631],
      ['2025-05-01', O2.id, 1808, 1796],
      ['2025-07-01', J.id, 1613, 1631],
      ['2025-07-01', O2.id, 1814, 1802]
    ])
    const r = await s.ctx.jobs.run('lists:correct', { listId: l2.listId, mode: 'new-version', reason: 'corrected March report' })
    const [, jul2] = r.newListIds as [number, number]
    expect(line(s, jul2, O2)).toMatchObject({ rating: 1802 })
    await approved(s, 'July Open', '2025-07-10', '2025-07-11', [[1, J, O3, '=']])
    const sep = await generate(s, '2025-09-01', 'fse')
    expect(sep.baseListId).toBe(jul2)
    // J 1631 (K 36) drew O3 1684: D −53, PD .43: +.07 × 36 = 2.52 → +3; O3 −.07 × 24 = −1.68 → −2
    expect(line(s, sep.listId, J)).toMatchObject({ rating: 1634 })
    expect(line(s, sep.listId, O3)).toMatchObject({ rating: 1682 })
  }, 300_000)
})
