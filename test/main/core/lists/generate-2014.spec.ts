// FIDE 2014 (seed 001): a small federation over three monthly lists, every figure worked out by hand.
//
// Tables 8.1b (regulations.md § 2): D 195 → PD .75, 207 → .77, 199 → .76; 502, 511, 591, 799, 895 → capped 400 (2014 § 8.54) → .92.
// K 40 new (< 30 games) / 20 / 10 once a published rating reached 2400 (2014 § 8.56), 40 under 18 below 2300; floor 1000;
// unrated +20 per half point above 50 %, 5 games within 26 months, first event scoring 0 ignored (2014 § 7.1, § 8.2).
import { describe, expect, it } from 'vitest'
import { generateList } from '../../../../src/main/core/lists/generate'
import type { GenerationInput } from '../../../../src/main/core/lists/types'
import { asBase, byId, ed, entry, facts, sheetOf, tournament } from './helpers'

const E14 = ed('fide-2014')
const A = 1, B = 2, C = 3, D = 4, E = 5, F = 6, G = 7, H = 8
const players = [facts(A, '1980-05-01'), facts(B, '2000-03-03'), facts(C, '1970-01-01'), facts(D, '1985-01-01'), facts(E, '1990-01-01'), facts(F, '1975-01-01', 'F'), facts(G, '1960-01-01'), facts(H, '1995-01-01')]

// base list 100 of 1 January 2015 (an office list: K not printed, derived from each player's state)
const base0: GenerationInput['base'] = {
  listId: 100,
  listDate: '2015-01-01',
  entries: [
    entry(A, 2395, { ratedGamesToDate: 100, trackedSince: '2014-01-01', recentGames: [{ listDate: '2014-12-01', games: 4 }] }),
    entry(B, 1800, { ratedGamesToDate: 50, birthYear: 2000, trackedSince: '2014-01-01', recentGames: [{ listDate: '2014-12-01', games: 3 }] }),
    entry(C, 2000, { k: 20, ratedGamesToDate: 300, birthYear: 1970, trackedSince: '2013-12-01', recentGames: [{ listDate: '2014-01-01', games: 5 }] }),
    entry(D, 1001, { k: 20, ratedGamesToDate: 40, birthYear: 1985, trackedSince: '2014-01-01', recentGames: [{ listDate: '2014-12-01', games: 2 }] }),
    entry(F, 2200, { k: 20, ratedGamesToDate: 200, birthYear: 1975, sex: 'F', flags: 'w', trackedSince: '2014-01-01', recentGames: [{ listDate: '2014-12-01', games: 2 }] }),
    entry(G, 1500, { k: 20, ratedGamesToDate: 300, birthYear: 1960, trackedSince: '2014-01-01', recentGames: [{ listDate: '2014-12-01', games: 2 }] })
  ]
}

// period 1 (list 1 Feb 2015, closing 29 Jan): T11, ratings of list 100
const t11 = tournament({ id: 11, start: '2015-01-10', end: '2015-01-12', edition: 'fide-2014' }, [[1, A, 2395, 100], [2, B, 1800, 100], [3, D, 1001, 100], [4, E, null, null], [5, F, 2200, 100], [6, G, 1500, 100]], [
  [1, 1, 5, '1-0'], [1, 2, 3, '1-0'], [1, 4, 6, '1-0'],
  [2, 1, 6, '1-0'], [2, 4, 5, '='],
  [3, 3, 4, '0-1'], [3, 6, 2, '+-']
], [[2, 2, 'H']])
const gen1 = () => generateList({ listDate: '2015-02-01', ratingType: 'standard', edition: E14, editions: [E14], base: base0, tournaments: [t11], window: [], players })

describe('FIDE 2014, three monthly lists', () => {
  const l1 = gen1()
  const e1 = byId(l1)

  it('list 1 Feb 2015: A crosses 2400, the junior has K 40, C becomes inactive, D is delisted, E not yet rated', () => {
    // A: K 20 (100 games, never 2400, born 1980); vs F D=195 PD .75 win +.25; vs G D=895→400 PD .92 win +.08;
    // 20 × .33 = 6.6 → 7 (2014 § 8.57): 2395 + 7 = 2402; published ≥ 2400 → K 10 for the next period (§ 8.56)
    expect(e1.get(A)).toMatchObject({ rating: 2402, games: 2, k: 10, status: 'rated', flags: null, ratedGamesToDate: 102, highestRating: 2402 })
    // B: junior (15 in 2015, below 2300) K 40; vs D D=799→400 PD .92 win +.08: 40 × .08 = 3.2 → 3; the forfeit against G not counted
    expect(e1.get(B)).toMatchObject({ rating: 1803, games: 1, k: 40 })
    const sb = sheetOf(l1, B)!
    expect(sb.tournaments[0]!.k).toBe(40)
    expect(sb.tournaments[0]!.games.find((g) => g.round === 3)).toMatchObject({ counted: false, notCounted: 'forfeit' })
    expect(sb.tournaments[0]!.games.find((g) => g.round === 2)).toMatchObject({ counted: false, notCounted: 'bye' })
    // C: no rated game since 5 games on 1 Jan 2014, more than a year: inactive (2014 § 7.23a)
    expect(e1.get(C)).toMatchObject({ rating: 2000, games: 0, k: 20, flags: 'i' })
    // D: vs B D=−799→−400 PD .08 loss −.08; K 20: −1.6 → −2: 999 below the floor 1000: delisted (2014 § 7.21)
    expect(e1.get(D)).toMatchObject({ rating: 999, status: 'delisted', k: null })
    // F: vs A D=−195 PD .25 loss −.25; 20 × −.25 = −5; the draw with unrated E does not count in a Swiss (§ 6.32)
    expect(e1.get(F)).toMatchObject({ rating: 2195, games: 1, flags: 'w' })
    expect(sheetOf(l1, F)!.tournaments[0]!.games.find((g) => g.round === 2)).toMatchObject({ opponentId: E, counted: false, notCounted: 'unrated-opponent' })
    // G: vs A D=−895→−400 PD .08 loss −.08: 20 × −.08 = −1.6 → −2
    expect(e1.get(G)).toMatchObject({ rating: 1498, games: 1 })
    // E: 3 games, 2.5 points vs 1500 + 2200 + 1001 = 4701: fewer than 5 games, stays in the window
    expect(e1.has(E)).toBe(false)
    expect(l1.window).toEqual([{ playerId: E, firstEventDone: true, events: [expect.objectContaining({ tournamentId: 11, n: 3, w: 2.5, sumOpponents: 4701, listDate: '2015-02-01' })] }])
    expect(sheetOf(l1, E)!.firstRating).toMatchObject({ games: 3, published: false, ru: 1607 })
    expect(l1.counters).toEqual({ players: 6, rated: 5, newlyRated: 0, delisted: 1, inactive: 1, titledUnrated: 0, changed: 4, tournaments: 1 })
    expect(l1.tournaments).toEqual([{ tournamentId: 11, complete: true, players: 6, games: 6 }])
  })

  it('the sheet of A: games, opponents’ ratings and their list, K and why, We, W, the rounding', () => {
    const s = sheetOf(l1, A)!
    const t = s.tournaments[0]!
    expect(t).toMatchObject({ tournamentId: 11, rating: 2395, ratingListId: 100, n: 2, w: 2, we: 1.67, chg: 0.33, k: 20, kChg: 6.6 })
    expect(t.games.map((g) => [g.round, g.opponentId, g.opponentRating, g.opponentListId, g.ratingUsed, g.capped, g.pd, g.chg])).toEqual([
      [1, F, 2200, 100, 2200, false, 0.75, 0.25],
      [2, G, 1500, 100, 1995, true, 0.92, 0.08]
    ])
    expect(t.notes.some((n) => n.text.startsWith('K 20: normal'))).toBe(true)
    expect(s).toMatchObject({ changeExact: 6.6, change: 7, rating: 2402, kNext: { k: 10 } })
    expect(s.notes.some((n) => n.text === 'period change 6.6 rounded to 7 (0.5 away from zero)')).toBe(true)
  })

  // period 2 (list 1 Mar 2015): T12 with the ratings of list 101 (1 Feb); D is unrated (delisted), H new
  const t12 = tournament({ id: 12, start: '2015-02-07', end: '2015-02-08', edition: 'fide-2014' }, [[1, A, 2402, 101], [2, F, 2195, 101], [3, G, 1498, 101], [4, B, 1803, 101], [5, E, null, null], [6, D, null, null], [7, H, null, null]], [
    [1, 1, 2, '0-1'], [1, 5, 3, '='], [1, 4, 6, '1-0'],
    [2, 5, 2, '0-1'], [2, 7, 3, '0-1'],
    [3, 7, 2, '0-1']
  ])
  const l2 = generateList({ listDate: '2015-03-01', ratingType: 'standard', edition: E14, editions: [E14], base: asBase(l1, 101), tournaments: [t12], window: l1.window, players })
  const e2 = byId(l2)

  it('list 1 Mar 2015: E’s first rating from two periods pooled; A keeps K 10 below 2400; D unrated; H’s zero first event ignored', () => {
    // A: K 10; vs F D=207 PD .77 loss −.77: −7.7 → −8: 2394; K stays 10 (a published rating reached 2400)
    expect(e2.get(A)).toMatchObject({ rating: 2394, k: 10, games: 1, highestRating: 2402 })
    // F: vs A D=−207 PD .23 win +.77: 20 × .77 = 15.4 → 15: 2210
    expect(e2.get(F)).toMatchObject({ rating: 2210, games: 1 })
    // G, B: only games against unrated players: unchanged, no rated game
    expect(e2.get(G)).toMatchObject({ rating: 1498, games: 0 })
    expect(e2.get(B)).toMatchObject({ rating: 1803, games: 0, k: 40 })
    // C: still inactive
    expect(e2.get(C)).toMatchObject({ rating: 2000, flags: 'i' })
    // E: 3 games (4701, 2.5) + 2 games (1498 + 2195 = 3693, 0.5) pooled (2014 § 8.21): 8394 / 5 = 1678.8, 3 of 5:
    // one half point above 50 %: 1678.8 + 20 = 1698.8 → 1699 ≥ 1000: published; K 40 (5 games)
    expect(e2.get(E)).toMatchObject({ rating: 1699, games: 2, k: 40, status: 'rated', ratedGamesToDate: 5 })
    expect(sheetOf(l2, E)!.firstRating).toMatchObject({ ra: 1678.8, p: 0.6, ru: 1699, games: 5, published: true })
    // D: shown once as delisted, now unrated: no line; his game (0 vs 1803) stays in his window
    expect(e2.has(D)).toBe(false)
    // H: first event, 0 points: ignored (2014 § 8.23); his first event is behind him
    expect(sheetOf(l2, H)!.tournaments[0]!.games.every((g) => g.notCounted === 'first-event')).toBe(true)
    expect(l2.window).toEqual([
      { playerId: D, firstEventDone: true, events: [expect.objectContaining({ tournamentId: 12, n: 1, w: 0, sumOpponents: 1803 })] },
      { playerId: H, firstEventDone: true, events: [] }
    ])
    expect(l2.counters).toMatchObject({ players: 6, rated: 6, newlyRated: 1, delisted: 0, inactive: 1 })
  })

  // period 3 (list 1 Apr 2015): T13 with list 102; T14 is late (ended 25 Jan), rated with list 100, its start-date list
  const t13 = tournament({ id: 13, start: '2015-03-05', end: '2015-03-06', edition: 'fide-2014' }, [[1, C, 2000, 102], [2, G, 1498, 102], [3, A, 2394, 102], [4, B, 1803, 102], [5, E, 1699, 102], [6, F, 2210, 102], [7, H, null, null]], [
    [1, 1, 2, '1-0'], [1, 3, 4, '1-0'], [1, 5, 6, '1-0'],
    [2, 7, 2, '0-1']
  ])
  const t14 = tournament({ id: 14, start: '2015-01-20', end: '2015-01-25', edition: 'fide-2014', late: true }, [[1, A, 2395, 100], [2, G, 1500, 100], [3, E, null, null]], [
    [1, 1, 2, '='],
    [2, 3, 2, '1-0']
  ])
  const l3 = generateList({ listDate: '2015-04-01', ratingType: 'standard', edition: E14, editions: [E14], base: asBase(l2, 102), tournaments: [t13, t14], window: l2.window, players })
  const e3 = byId(l3)

  it('list 1 Apr 2015: a late tournament with its start-date ratings; E rated with his new rating in it; C active again', () => {
    // A: T13 vs B D=591→400 PD .92 win +.08; T14 (list 100: 2395 vs 1500) D=895→400 PD .92 draw −.42;
    // K 10 × (.08 − .42) = −3.4 → −3: 2391
    expect(e3.get(A)).toMatchObject({ rating: 2391, games: 2, k: 10 })
    const sa = sheetOf(l3, A)!
    expect(sa.tournaments.map((t) => [t.tournamentId, t.rating, t.ratingListId, t.late, t.kChg])).toEqual([
      [14, 2395, 100, true, -4.2],
      [13, 2394, 102, false, 0.8]
    ])
    // B: K 40 (junior); vs A D=−591→−400 PD .08 loss −.08: −3.2 → −3
    expect(e3.get(B)).toMatchObject({ rating: 1800, k: 40 })
    // C: vs G D=502→400 PD .92 win +.08: 20 × .08 = 1.6 → 2: 2002; one rated game: active again (2014 § 7.23b)
    expect(e3.get(C)).toMatchObject({ rating: 2002, flags: null, games: 1 })
    expect(sheetOf(l3, C)!.notes.some((n) => n.text.endsWith('active again'))).toBe(true)
    // G: T13 vs C D=−502→−400 PD .08 loss −.08; T14 vs A (1500 vs 2395) D=−895→−400 PD .08 draw +.42; vs E (unrated at
    // the start of T14) not counted: 20 × .34 = 6.8 → 7: 1505
    expect(e3.get(G)).toMatchObject({ rating: 1505, games: 2 })
    expect(sheetOf(l3, G)!.tournaments.find((t) => t.tournamentId === 14)!.games.find((g) => g.opponentId === E)).toMatchObject({ counted: false, notCounted: 'unrated-opponent' })
    // E: T13 1699 vs 2210 D=−511→−400 PD .08 win +.92; T14: unrated at its start, rated since: rated with 1699 (§ 8.4)
    // vs G 1500 D=199 PD .76 win +.24; K 40 × 1.16 = 46.4 → 46: 1745; K 40 (7 games)
    expect(e3.get(E)).toMatchObject({ rating: 1745, games: 2, k: 40, ratedGamesToDate: 7 })
    expect(sheetOf(l3, E)!.tournaments.find((t) => t.tournamentId === 14)).toMatchObject({ rating: 1699, late: true, kChg: 9.6 })
    // F: vs E D=511→400 PD .92 loss −.92: 20 × −.92 = −18.4 → −18: 2192
    expect(e3.get(F)).toMatchObject({ rating: 2192 })
    // H: his second event counts even at 0 points: 1 game against 1498
    expect(l3.window.find((w) => w.playerId === H)).toEqual({ playerId: H, firstEventDone: true, events: [expect.objectContaining({ tournamentId: 13, n: 1, w: 0, sumOpponents: 1498 })] })
    expect(l3.window.find((w) => w.playerId === D)!.events).toHaveLength(1)
    expect(l3.counters).toMatchObject({ players: 6, rated: 6, newlyRated: 0, inactive: 0, delisted: 0 })
  })

  it('is deterministic: the same input gives the same entries and checksum, whatever the order of the input', () => {
    const again = generateList({ listDate: '2015-04-01', ratingType: 'standard', edition: E14, editions: [E14], base: { ...asBase(l2, 102), entries: [...asBase(l2, 102).entries].reverse() }, tournaments: [t14, t13], window: [...l2.window].reverse(), players: [...players].reverse() })
    expect(again.checksum).toBe(l3.checksum)
    expect(again.entries).toEqual(l3.entries)
    expect(gen1().checksum).toBe(l1.checksum)
    expect(l3.checksum).toMatch(/^[0-9a-f]{64}$/)
    expect(l3.checksum).not.toBe(l2.checksum)
  })
})
