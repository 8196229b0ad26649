// The Swiss FSE/SSB national profile (seed 004): three two-monthly lists, every figure worked out by hand.
//
// Seed 004: K 36 for the first 20 games and juniors under 20 rated 1850 or less, 24 normally, 16 from 2200 (on the
// current rating: back to 24 below it); six two-month periods; new rating = old + Σ K × performance. Other parameters
// follow FIDE 2014 (floor 1000, unrated: 5 games, pooled, dp below 50 %). Tables 8.1b: D 150 → .70, 195 → .75,
// 207 → .77, every D ≥ 400 → capped → .92; 8.1a: p .40 → dp −72.
import { describe, expect, it } from 'vitest'
import type { GenerationInput } from '../../../../src/main/core/lists/types'
import { asBase, byId, ed, entry, facts, generator, sheetOf, tournament } from './helpers'

const FSE = ed('fse')
const M = 1, S = 2, JR = 3, OLD = 4, NW = 5, IDLE = 6, LOW = 7
const players = [facts(M, '1985'), facts(S, '1980'), facts(JR, '2003-05-05'), facts(OLD, '1950'), facts(NW, '1990'), facts(IDLE, '1960'), facts(LOW, '1970')]
const gen = generator(FSE, [FSE], players)

const tracked = { trackedSince: '2020-06-01', recentGames: [{ listDate: '2020-11-01', games: 2 }] }
const base0: GenerationInput['base'] = {
  listId: 600,
  listDate: '2021-01-01',
  entries: [
    entry(M, 2195, { ratedGamesToDate: 100, birthYear: 1985, ...tracked }),
    entry(S, 2000, { k: 24, ...tracked }),
    entry(JR, 1850, { ratedGamesToDate: 60, birthYear: 2003, ...tracked }),
    entry(OLD, 1700, { k: 24, birthYear: 1950, ...tracked }),
    entry(IDLE, 1900, { k: 24, trackedSince: '2019-01-01', recentGames: [{ listDate: '2020-01-01', games: 3 }] }),
    entry(LOW, 1003, { k: 24, ...tracked })
  ]
}
const t61 = tournament({ id: 61, start: '2021-01-09', end: '2021-01-10', edition: 'fse' }, [[1, M, 2195, 600], [2, S, 2000, 600], [3, JR, 1850, 600], [4, OLD, 1700, 600], [5, NW, null, null]], [
  [1, 1, 2, '1-0'], [1, 3, 4, '1-0'], [2, 5, 4, '1-0'], [3, 3, 5, '1-0']
])
const t62 = tournament({ id: 62, start: '2021-03-13', end: '2021-03-14', edition: 'fse' }, [[1, M, 2201, 601], [2, S, 1994, 601], [3, JR, 1861, 601], [4, OLD, 1693, 601], [5, LOW, 1003, 601], [6, NW, null, null]], [
  [1, 1, 2, '0-1'], [1, 6, 4, '='], [2, 5, 4, '0-1'], [2, 6, 3, '='], [3, 5, 4, '0-1'], [3, 6, 1, '0-1']
])
const t63 = tournament({ id: 63, start: '2021-02-10', end: '2021-02-12', edition: 'fse', late: true }, [[1, M, 2195, 600], [2, OLD, 1700, 600]], [[1, 1, 2, '1-0']])

describe('FSE profile, three two-monthly lists', () => {
  const l1 = gen('2021-03-01', base0, [t61], [])
  const l2 = gen('2021-05-01', asBase(l1, 601), [t62], l1.window)
  const l3 = gen('2021-07-01', asBase(l2, 602), [t63], l2.window)
  const [e1, e2, e3] = [byId(l1), byId(l2), byId(l3)]

  it('list 1 Mar 2021: the junior at K 36; M reaches 2200 (K 16 next); IDLE inactive', () => {
    // M: K 24; vs S D=195 PD .75 +.25: 24 × .25 = 6: 2201 ≥ 2200: K 16
    expect(e1.get(M)).toMatchObject({ rating: 2201, k: 16 })
    expect(e1.get(S)).toMatchObject({ rating: 1994 })
    // JR: born 2003, under 20, rated 1850 (≤ 1850): K 36; vs OLD D=150 PD .70 +.30: 36 × .3 = 10.8 → 11: 1861;
    // over 1850 now: K 24 for the next period
    expect(sheetOf(l1, JR)!.tournaments[0]!.k).toBe(36)
    expect(e1.get(JR)).toMatchObject({ rating: 1861, k: 24 })
    // OLD: vs JR −.30: 24 × −.3 = −7.2 → −7: 1693; his loss to unrated NW not counted
    expect(e1.get(OLD)).toMatchObject({ rating: 1693, games: 1 })
    expect(e1.get(IDLE)).toMatchObject({ flags: 'i' })
    expect(l1.window[0]).toMatchObject({ playerId: NW, events: [expect.objectContaining({ n: 2, w: 1, sumOpponents: 3550 })] })
  })

  it('list 1 May 2021: K 16 only while rated 2200 or more; NW’s first rating below 50 %; LOW delisted', () => {
    // M: K 16; vs S D=207 PD .77 loss −.77: 16 × −.77 = −12.32 → −12: 2189 < 2200: K 24 again (seed 004)
    expect(e2.get(M)).toMatchObject({ rating: 2189, k: 24 })
    // S: 24 × .77 = 18.48 → 18: 2012
    expect(e2.get(S)).toMatchObject({ rating: 2012 })
    // OLD: two wins over LOW D=690→400 PD .92 +.16: 24 × .16 = 3.84 → 4: 1697; LOW: −4: 999 < 1000: delisted
    expect(e2.get(OLD)).toMatchObject({ rating: 1697, games: 2 })
    expect(e2.get(LOW)).toMatchObject({ rating: 999, status: 'delisted' })
    // NW: (3550 + 1693 + 1861 + 2201) / 5 = 9305 / 5 = 1861; 2 of 5, p .40, dp −72: 1789; K 36 (5 of 20 games)
    expect(e2.get(NW)).toMatchObject({ rating: 1789, k: 36, games: 3, status: 'rated' })
    expect(sheetOf(l2, NW)!.firstRating).toMatchObject({ ra: 1861, p: 0.4, dp: -72, ru: 1789 })
  })

  it('list 1 Jul 2021: the late tournament rated with list 600; LOW unrated; IDLE still inactive', () => {
    // M (2195, list 600) vs OLD (1700): D 495 → 400, PD .92: +.08 × 24 = 1.92 → 2: 2191; OLD −2: 1695
    expect(e3.get(M)).toMatchObject({ rating: 2191, k: 24 })
    expect(e3.get(OLD)).toMatchObject({ rating: 1695 })
    expect(e3.has(LOW)).toBe(false)
    expect(e3.get(IDLE)).toMatchObject({ rating: 1900, flags: 'i' })
    expect(l3.counters).toMatchObject({ players: 6, rated: 6, inactive: 1, delisted: 0 })
  })
})
