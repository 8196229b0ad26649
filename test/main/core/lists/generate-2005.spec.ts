// FIDE 2005 (seed 000): a small federation over three quarterly lists, every figure worked out by hand.
//
// 2005 § 10.52: K 25 until 30 games, 15, 10 once a published rating reached 2400 with 30 games; § 10.51: 350-point
// cap; § 10.1b: D 195 → .75, 204 → .76, 78 → .61, 300 → .85, every D ≥ 350 → .89; § 10.2: Ru = Rc at 50 %;
// § 9.14/§ 10.3: 9 games, the weighted average of the event ratings; § 9.21: floor 1401; § 9.23a–c: fewer than 4
// games in a year → inactive, 4 to be active again; the first event below 1 point is ignored (regulations.md § 1).
import { describe, expect, it } from 'vitest'
import type { GenerationInput } from '../../../../src/main/core/lists/types'
import { asBase, byId, ed, entry, facts, generator, sheetOf, tournament } from './helpers'

const E05 = ed('fide-2005')
const A = 1, C = 3, D = 4, N = 5, F = 6, G = 7, Z = 8
const players = [facts(A, '1980'), facts(C, '1970'), facts(D, '1985'), facts(N, '1990'), facts(F, '1975'), facts(G, '1960'), facts(Z, '1992')]
const gen = generator(E05, [E05], players)

const base0: GenerationInput['base'] = {
  listId: 200,
  listDate: '2006-01-01',
  entries: [
    entry(A, 2395, { ratedGamesToDate: 40, trackedSince: '2005-01-01', recentGames: [{ listDate: '2005-10-01', games: 5 }] }),
    entry(C, 2100, { k: 15, ratedGamesToDate: 80, trackedSince: '2004-12-01', recentGames: [{ listDate: '2005-07-01', games: 3 }] }),
    entry(D, 1402, { k: 15, ratedGamesToDate: 50, trackedSince: '2005-01-01', recentGames: [{ listDate: '2005-10-01', games: 5 }] }),
    entry(F, 2200, { k: 15, ratedGamesToDate: 200, trackedSince: '2005-01-01', recentGames: [{ listDate: '2005-10-01', games: 5 }] }),
    entry(G, 1800, { k: 15, ratedGamesToDate: 200, trackedSince: '2005-01-01', recentGames: [{ listDate: '2005-10-01', games: 5 }] })
  ]
}

// period 1 (list 1 Apr 2006, closing 2 Mar): T21 with list 200
const t21 = tournament({ id: 21, start: '2006-01-14', end: '2006-01-20', edition: 'fide-2005' }, [[1, A, 2395, 200], [2, F, 2200, 200], [3, G, 1800, 200], [4, D, 1402, 200], [5, N, null, null], [6, Z, null, null]], [
  [1, 1, 2, '1-0'], [1, 3, 4, '1-0'], [1, 5, 6, '='],
  [2, 1, 3, '1-0'], [2, 5, 2, '0-1'], [2, 6, 4, '='],
  [3, 5, 3, '='], [3, 6, 2, '0-1'],
  [4, 5, 4, '1-0'], [4, 6, 3, '0-1']
])
// period 2 (list 1 Jul 2006): T22 with list 201 (1 Apr)
const t22 = tournament({ id: 22, start: '2006-04-10', end: '2006-04-15', edition: 'fide-2005' }, [[1, A, 2400, 201], [2, F, 2196, 201], [3, G, 1800, 201], [4, N, null, null], [5, Z, null, null]], [
  [1, 4, 1, '0-1'], [1, 5, 3, '0-1'],
  [2, 4, 2, '='],
  [3, 4, 3, '1-0'], [3, 1, 2, '0-1'],
  [4, 4, 1, '='], [4, 5, 2, '0-1'],
  [5, 4, 2, '0-1'],
  [6, 4, 3, '1-0']
])
// period 3 (list 1 Oct 2006): T23 with list 202 (1 Jul); T24 is late (ended 25 Mar 2006): rated with list 200, in force at its start
const t23 = tournament({ id: 23, start: '2006-07-10', end: '2006-07-12', edition: 'fide-2005' }, [[1, C, 2100, 202], [2, G, 1800, 202], [3, N, 2022, 202], [4, A, 2392, 202]], [
  [1, 1, 2, '1-0'], [1, 3, 4, '='],
  [2, 1, 3, '0-1']
])
const t24 = tournament({ id: 24, start: '2006-03-20', end: '2006-03-25', edition: 'fide-2005', late: true }, [[1, A, 2395, 200], [2, G, 1800, 200], [3, F, 2200, 200]], [
  [1, 1, 2, '1-0'],
  [2, 3, 2, '=']
])

describe('FIDE 2005, three quarterly lists', () => {
  const l1 = gen('2006-04-01', base0, [t21], [])
  const l2 = gen('2006-07-01', asBase(l1, 201), [t22], l1.window)
  const l3 = gen('2006-10-01', asBase(l2, 202), [t23, t24], l2.window)
  const [e1, e2, e3] = [byId(l1), byId(l2), byId(l3)]

  it('list 1 Apr 2006: A reaches 2400 with 42 games (K 10 next), D delisted under 1401, C inactive with 3 games in a year', () => {
    // A: K 15; vs F D=195 PD .75 +.25; vs G D=595→350 PD .89 +.11: 15 × .36 = 5.4 → 5: 2400 (§ 10.52: K 10 from now)
    expect(e1.get(A)).toMatchObject({ rating: 2400, k: 10, games: 2, ratedGamesToDate: 42 })
    // F: vs A D=−195 PD .25 −.25: 15 × −.25 = −3.75 → −4; games against unrated N and Z not counted (§ 6.41)
    expect(e1.get(F)).toMatchObject({ rating: 2196, games: 1 })
    // G: vs D D=398→350 PD .89 +.11; vs A D=−595→−350 PD .11 −.11: 0
    expect(e1.get(G)).toMatchObject({ rating: 1800, games: 2 })
    // D: vs G D=−398→−350 PD .11 −.11: 15 × −.11 = −1.65 → −2: 1400 < 1401: delisted (§ 9.21)
    expect(e1.get(D)).toMatchObject({ rating: 1400, status: 'delisted' })
    // C: 3 games since 1 Apr 2005, fewer than 4 (§ 9.23a)
    expect(e1.get(C)).toMatchObject({ rating: 2100, flags: 'i' })
    // N: 3 rated games (Z is unrated), 1.5 points vs 2200 + 1800 + 1402 = 5402: 50 %, Ru = 1800.67 → 1801; 3 < 9 games
    expect(sheetOf(l1, N)!.firstRating).toMatchObject({ ru: 1801, games: 3, published: false })
    // Z: first event, ½ point against rated players: below 1, ignored
    expect(sheetOf(l1, Z)!.tournaments[0]!.games.filter((g) => g.notCounted === 'first-event')).toHaveLength(4)
    expect(l1.window).toEqual([
      { playerId: N, firstEventDone: true, events: [expect.objectContaining({ n: 3, w: 1.5, sumOpponents: 5402 })] },
      { playerId: Z, firstEventDone: true, events: [] }
    ])
    expect(l1.counters).toMatchObject({ players: 5, rated: 4, delisted: 1, inactive: 1 })
  })

  it('list 1 Jul 2006: N’s first rating, the weighted average of his two events (2005 § 10.3); A at K 10 falls under 2400', () => {
    // N: T22, 6 games, 3 points vs 2 × (2400 + 2196 + 1800) = 12792: 50 %, Ru = 2132;
    // (1801 × 3 + 2132 × 6) / 9 = 18195 / 9 = 2021.67 → 2022; K 25 (9 games)
    expect(e2.get(N)).toMatchObject({ rating: 2022, k: 25, games: 6, status: 'rated', ratedGamesToDate: 9 })
    expect(sheetOf(l2, N)!.firstRating).toMatchObject({ ru: 2022, games: 9, published: true })
    // A: vs F D=204 PD .76 loss −.76: 10 × −.76 = −7.6 → −8: 2392, K 10 for ever (§ 10.52)
    expect(e2.get(A)).toMatchObject({ rating: 2392, k: 10 })
    // F: vs A D=−204 PD .24 win +.76: 15 × .76 = 11.4 → 11: 2207
    expect(e2.get(F)).toMatchObject({ rating: 2207 })
    expect(e2.get(G)).toMatchObject({ rating: 1800, games: 0 })
    expect(e2.has(D)).toBe(false)
    // Z: 2 rated opponents, fewer than 3 (2005 § 10.21): not counted
    expect(sheetOf(l2, Z)!.notes.some((n) => n.text.includes('fewer than 3: not counted'))).toBe(true)
    // D, delisted on list 201, is now unrated: remembered as past his first event, with no game yet
    expect(l2.window).toEqual([
      { playerId: D, firstEventDone: true, events: [] },
      { playerId: Z, firstEventDone: true, events: [] }
    ])
    expect(l2.counters).toMatchObject({ players: 5, rated: 5, newlyRated: 1, inactive: 1 })
  })

  it('list 1 Oct 2006: the late tournament with list 200; C stays inactive with 2 games (4 needed, § 9.23c)', () => {
    // A: T23 vs N 2392−2022=370→350 PD .89 draw −.39; T24 (list 200) vs G 2395−1800=595→350 .89 win +.11:
    // 10 × −.28 = −2.8 → −3: 2389
    expect(e3.get(A)).toMatchObject({ rating: 2389, k: 10, games: 2 })
    // C: vs G D=300 PD .85 win +.15; vs N D=78 PD .61 loss −.61: 15 × −.46 = −6.9 → −7: 2093; 2 games in a year: inactive
    expect(e3.get(C)).toMatchObject({ rating: 2093, flags: 'i', games: 2 })
    // G: vs C −.15; T24 vs A (1800 vs 2395) D=−595→−350 PD .11 loss −.11; vs F D=−400→−350 PD .11 draw +.39:
    // 15 × .13 = 1.95 → 2: 1802
    expect(e3.get(G)).toMatchObject({ rating: 1802, games: 3 })
    // N: K 25; vs C D=−78 PD .39 win +.61; vs A D=−370→−350 PD .11 draw +.39: 25 × 1.00 = 25: 2047, K 25 (11 games)
    expect(e3.get(N)).toMatchObject({ rating: 2047, k: 25, ratedGamesToDate: 11 })
    // F: T24 vs G D=400→350 PD .89 draw −.39: 15 × −.39 = −5.85 → −6: 2201
    expect(e3.get(F)).toMatchObject({ rating: 2201 })
    expect(sheetOf(l3, F)!.tournaments[0]).toMatchObject({ tournamentId: 24, late: true, rating: 2200, ratingListId: 200 })
  })
})
