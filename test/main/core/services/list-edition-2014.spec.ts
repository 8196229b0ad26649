// FIDE 2014 (seed 001) and FIDE 2022 on a real database, the same small federation under each (the code's 2014/2017/2022
// group: one scenario, the figures that differ given per edition): three monthly lists (1 February, 1 March, 1 April)
// from FIDE's list of 1 January — 2015 under FIDE 2014, 2023 under FIDE 2022 — through the real calls (TRF import,
// matching, approval, the generation job, publication, a correction as new versions). Every figure by hand from
// regulations.md:
// - table 8.1b (§ 2): |D| 60 → PD .58, 100 → .64, 176 → .73, 211 → .77, 200 → .76, 86 → .62, 51 → .57; a difference
//   above 400 counts as 400 (2014 § 8.54: 699, 799, 402 → .92) — in 2022 only in the player's game with the largest
//   difference in the tournament (regulations.md § 1: "400, once per tournament"): L's 699 against O3 then stays,
//   620–735 → .99;
// - ΔR = score − PD; change = K × ΣΔR summed over the period, rounded once, 0.5 away from zero (§ 4.1);
// - K (2014 § 8.56): the K column of FIDE's list for the first period (§ 3), then 40 for a new player (< 30 games) and
//   under 18 below 2300 (2014: until the 18th birthday; 2022: to the end of that year, so J born 2005 is still junior
//   in 2023), 20, 10 once a published rating reached 2400 (for ever); 2022's K × n ≤ 700 is never reached here;
// - Swiss: a rated player's games against an unrated opponent do not count (2014 § 6.32);
// - first rating: 5 games within 26 months, all events pooled, Ra (rounded) + 20 per half point above 50 % (§ 4.2);
// - floor 1000: below it shown once as delisted, then unrated; `i` stays without a game, goes after one (§ 5);
// - a late tournament is rated with the ratings at its start (§ 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved } from './office-list-fixture'
import { approved, generate, generateAndPublish, line, seedList, sheet, swissReport, type Game, type Who } from './edition-scenario'

const H: Who = { id: 5610001, name: 'Hoch, Hans', rating: 2390, k: 20 }
const S: Who = { id: 5610002, name: 'Stark, Sven', rating: 2450, k: 10, title: 'IM' }
const J: Who = { id: 5610003, name: 'Jung, Jana', rating: 1600, k: 40, birth: 2005, sex: 'F' }
const N: Who = { id: 5610004, name: 'Neu, Nico', rating: null }
const I: Who = { id: 5610005, name: 'Ilg, Ivo', rating: 1900, k: 20, flag: 'i' }
const L: Who = { id: 5610006, name: 'Lau, Leo', rating: 1001, k: 20 }
const O1: Who = { id: 5610007, name: 'Ober, Otto', rating: 2000, k: 20 }
const O2: Who = { id: 5610008, name: 'Ort, Olga', rating: 1800, k: 20, sex: 'F' }
const O3: Who = { id: 5610009, name: 'Ost, Oli', rating: 1700, k: 20 }

const FEBRUARY: Game[] = [
  [1, O1, H, '1-0'], [1, N, I, '='], [1, J, O2, '0-1'],
  [2, N, O2, '1-0'], [2, I, O3, '=']
]
interface EditionCase {
  id: 'fide-2014' | 'fide-2022'
  year: number
  /** L 1001 after two losses (see the first list's comment). */
  l: number
}

function scenario({ id: edition, year: Y, l }: EditionCase): void {
  describe(`${edition}: three monthly lists on a real database (${Y})`, () => {
    const tmp = tempDir()
    let s: Services
    let reference = 0
    let feb: GenerateResult
    let mar: GenerateResult
    let apr: GenerateResult
    let february = 0

    beforeAll(async () => {
      s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
      reference = seedList(s, tmp.file('players_list_foa.txt'), `${Y}-01-01`, [H, S, J, N, I, L, O1, O2, O3])
    }, 120_000)

    afterAll(async () => {
      await s?.close()
      tmp.cleanup()
    })

    it('1 February: H reaches 2400, the junior keeps K 40, L falls under the floor, I stays inactive, N starts his window', async () => {
      await approved(s, 'January Open', `${Y}-01-10`, `${Y}-01-12`, [
        [1, H, S, '1-0'], [1, N, O2, '='], [1, J, O3, '1-0'],
        [2, N, O3, '1-0'], [2, L, O2, '0-1'],
        [3, J, N, '1-0'], [3, L, O3, '0-1']
      ])
      feb = await generateAndPublish(s, `${Y}-02-01`)
      expect(feb).toMatchObject({ edition, baseListId: reference, closingDate: `${Y}-01-29` })
      // H 2390 (K 20 on FIDE's list) beat S 2450: D −60, PD .42: +.58 × 20 = 11.6 → +12: 2402; K 10 from now on (§ 8.56)
      expect(line(s, feb.listId, H)).toMatchObject({ rating: 2402, k: 10, games: 1 })
      // S 2450 (K 10): PD .58, lost: −.58 × 10 = −5.8 → −6
      expect(line(s, feb.listId, S)).toMatchObject({ rating: 2444, k: 10 })
      // J 1600, K 40 (born 2005: junior, below 2300), beat O3 1700: D −100, PD .36: +.64 × 40 = 25.6 → +26; her win
      // over the unrated N does not count (§ 6.32); K 40 again for the next period
      expect(line(s, feb.listId, J)).toMatchObject({ rating: 1626, k: 40, games: 1 })
      const js = (await sheet(s, feb.listId, J))!
      expect(js.tournaments[0]!.games.filter((g) => g.counted).map((g) => [g.opponentRating, g.pd, g.chg])).toEqual([[1700, 0.36, 0.64]])
      expect(js.tournaments[0]!.games.find((g) => g.opponentId !== null && !g.counted)).toMatchObject({ notCounted: 'unrated-opponent' })
      // O3 1700: lost to J (−.64), beat L 1001 (D 699 → 400, PD .92: +.08; his largest difference in 2022 too): 20 × −.56 = −11.2 → −11
      expect(line(s, feb.listId, O3)).toMatchObject({ rating: 1689, games: 2 })
      // O2 1800: beat L (+.08): 1.6 → +2; the draw with N does not count
      expect(line(s, feb.listId, O2)).toMatchObject({ rating: 1802, games: 1 })
      // L 1001, two losses. 2014: both capped, −.08 − .08: 20 × −.16 = −3.2 → −3: 998. 2022: only the largest difference
      // (O2, 799 → 400: −.08) is capped; O3 699 stays (PD .99 for O3: −.01): 20 × −.09 = −1.8 → −2: 999.
      // Under the floor 1000 either way: shown once as delisted
      expect(line(s, feb.listId, L)).toMatchObject({ rating: l, status: 'delisted' })
      // I: inactive on FIDE's list, no game: still 1900, still `i`; O1 no game
      expect(line(s, feb.listId, I)).toMatchObject({ rating: 1900, flags: 'i' })
      expect(line(s, feb.listId, O1)).toMatchObject({ rating: 2000, games: 0 })
      // N: 3 games (1.5 points) against rated players, fewer than 5: no rating yet, the games wait in his window
      expect(line(s, feb.listId, N)?.rating ?? null).toBeNull()
      expect(feb.newlyRated).toBe(0)
    }, 300_000)

    it('1 March: N rated from both events pooled; H under 2400 keeps K 10; I active again; L gone', async () => {
      february = await approved(s, 'February Open', `${Y}-02-05`, `${Y}-02-07`, FEBRUARY)
      mar = await generateAndPublish(s, `${Y}-03-01`)
      expect(mar.baseListId).toBe(feb.listId)
      // H 2402, K 10, lost to O1 2000: D 402 → 400, PD .92: 10 × −.92 = −9.2 → −9: 2393, under 2400 and still K 10
      expect(line(s, mar.listId, H)).toMatchObject({ rating: 2393, k: 10 })
      expect((await sheet(s, mar.listId, H))!.tournaments[0]).toMatchObject({ rating: 2402, ratingListId: feb.listId, k: 10 })
      // O1 2000: D −400 (capped), PD .08: +.92 × 20 = 18.4 → +18
      expect(line(s, mar.listId, O1)).toMatchObject({ rating: 2018 })
      // J 1626 (K 40) lost to O2 1802: D −176, PD .27: 40 × −.27 = −10.8 → −11
      expect(line(s, mar.listId, J)).toMatchObject({ rating: 1615, k: 40 })
      // O2 1802: +.27 × 20 = 5.4 → +5 (the loss to N does not count)
      expect(line(s, mar.listId, O2)).toMatchObject({ rating: 1807 })
      // I 1900 drew O3 1689: D 211, PD .77: −.27 × 20 = −5.4 → −5: 1895, active again after one rated game
      expect(line(s, mar.listId, I)).toMatchObject({ rating: 1895, flags: null })
      // O3 1689: +.27 × 20 = 5.4 → +5
      expect(line(s, mar.listId, O3)).toMatchObject({ rating: 1694 })
      // N: January 1800 ½, 1700 1, 1600 0; February 1900 ½ (I, list of 1 February), 1802 1: 5 games, 3 points;
      // Ra = 8802 / 5 = 1760.4 → 1760; 3 points is one half point above 2.5: + 20 = 1780; K 40 (new player)
      expect(line(s, mar.listId, N)).toMatchObject({ rating: 1780, k: 40, status: 'rated' })
      expect((await sheet(s, mar.listId, N))!.firstRating).toMatchObject({ ru: 1780, games: 5, published: true })
      expect(mar.newlyRated).toBe(1)
      // L: delisted once, then unrated: not on the list
      expect(line(s, mar.listId, L)).toBeUndefined()
    }, 300_000)

    it('1 April: a late January tournament with the ratings at its start; N at K 40; H keeps K 10', async () => {
      await approved(s, 'March Open', `${Y}-03-10`, `${Y}-03-11`, [[1, N, O3, '1-0'], [1, H, S, '=']])
      // ended 21 January, before the closing date of 1 February's list: late
      await approved(s, 'January Weekender', `${Y}-01-20`, `${Y}-01-21`, [[1, O1, O2, '=']])
      apr = await generateAndPublish(s, `${Y}-04-01`)
      expect(apr.tournaments.map((t) => [t.name, t.late])).toEqual([
        ['January Weekender', true],
        ['March Open', false]
      ])
      // N 1780 (K 40) beat O3 1694: D 86, PD .62: +.38 × 40 = 15.2 → +15
      expect(line(s, apr.listId, N)).toMatchObject({ rating: 1795, k: 40 })
      // O3 1694: −.38 × 20 = −7.6 → −8
      expect(line(s, apr.listId, O3)).toMatchObject({ rating: 1686 })
      // H 2393 drew S 2444: D −51, PD .43: +.07 × 10 = .7 → +1; S −.7 → −1
      expect(line(s, apr.listId, H)).toMatchObject({ rating: 2394, k: 10 })
      expect(line(s, apr.listId, S)).toMatchObject({ rating: 2443 })
      // the late event: O1 2000 and O2 1800 as on FIDE's list of 1 January (not 2018 / 1807): D 200, PD .76;
      // O1 −.26 × 20 = −5.2 → −5 on 2018: 2013; O2 +5.2 → +5 on 1807: 1812
      expect(line(s, apr.listId, O1)).toMatchObject({ rating: 2013 })
      expect(line(s, apr.listId, O2)).toMatchObject({ rating: 1812 })
      expect((await sheet(s, apr.listId, O1))!.tournaments[0]).toMatchObject({ late: true, rating: 2000, ratingListId: reference })
      expect(line(s, apr.listId, J)).toMatchObject({ rating: 1615, k: 40, games: 0 })
    }, 300_000)

    it('a correction of February’s report: new versions of March and April, every changed line named', async () => {
      // the arbiter's corrected report: J and O2 drew
      const fixed = FEBRUARY.map((g): Game => (g[1] === J ? [g[0], g[1], g[2], '='] : g))
      const id = await importApproved(s, swissReport('February Open', `${Y}-02-05`, `${Y}-02-07`, fixed), 'February Open corrected.trf', false, february)
      expect(id).toBe(february)
      await call(s, 'checks:approve', { id, reason: 'corrected report checked', overrideErrors: true })
      const preview = await call(s, 'lists:correctPreview', { listId: mar.listId })
      // J 1626: draw with O2 1802 (PD .27): +.23 × 40 = 9.2 → +9: 1635 (was 1615); O2: −.23 × 20 = −4.6 → −5: 1797 (was 1807)
      // April: J without games 1635; O2 1797 + 5 (the late event, from January's ratings) = 1802 (was 1812)
      expect(preview.changes.map((c) => [c.listDate, c.fideId, c.before, c.after])).toEqual([
        [`${Y}-03-01`, J.id, 1615, 1635],
        [`${Y}-03-01`, O2.id, 1807, 1797],
        [`${Y}-04-01`, J.id, 1615, 1635],
        [`${Y}-04-01`, O2.id, 1812, 1802]
      ])
      const r = await s.ctx.jobs.run('lists:correct', { listId: mar.listId, mode: 'new-version', reason: 'corrected February report' })
      expect(r.newListIds).toHaveLength(2)
      const [mar2, apr2] = r.newListIds as [number, number]
      expect(line(s, mar2, J)).toMatchObject({ rating: 1635, k: 40 })
      expect(line(s, mar2, O2)).toMatchObject({ rating: 1797 })
      expect(line(s, apr2, O2)).toMatchObject({ rating: 1802 })
      // the other lines as published; the published versions unchanged
      expect(line(s, apr2, N)).toMatchObject({ rating: 1795 })
      expect(line(s, mar.listId, J)).toMatchObject({ rating: 1615 })
      const log = s.ctx.db.prepare('SELECT count(*) FROM office_list_changelog WHERE list_id IN (?, ?)').pluck().get(mar2, apr2)
      expect(log).toBe(4)
      // a later list starts from the corrected version
      await approved(s, 'April Open', `${Y}-04-10`, `${Y}-04-11`, [[1, J, O3, '=']])
      const may = await generate(s, `${Y}-05-01`)
      expect(may.baseListId).toBe(apr2)
      // J 1635 (K 40) drew O3 1686: D −51, PD .43: +.07 × 40 = 2.8 → +3: 1638; O3 −.07 × 20 = −1.4 → −1: 1685
      expect(line(s, may.listId, J)).toMatchObject({ rating: 1638 })
      expect(line(s, may.listId, O3)).toMatchObject({ rating: 1685 })
    }, 300_000)
  })
}

scenario({ id: 'fide-2014', year: 2015, l: 998 })
scenario({ id: 'fide-2022', year: 2023, l: 999 })
