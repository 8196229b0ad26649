// FIDE 2022 → 2024 across the compression of 1 March 2024: three monthly lists, every figure worked out by hand.
//
// February tournaments follow FIDE 2022 (400-point cap once per tournament, K × n ≤ 700); the 1 March 2024 list and
// later ones follow FIDE 2024 (floor 1400; first ratings with two virtual 1800 draws, at most 2200, regulations.md
// § 4.3) and the compression: below 2000, old + 0.4 × (2000 − old), half up, standard only (regulations.md § 1).
// Tables 8.1b: D 190 → .75, 210 → .77, 400 → .92, 600 → .98; 8.1a: p .57 → dp 50.
import { describe, expect, it } from 'vitest'
import { generateList } from '../../../../src/main/core/lists/generate'
import type { GenerationInput } from '../../../../src/main/core/lists/types'
import { asBase, byId, ed, entry, facts, generator, sheetOf, tournament } from './helpers'

const E22 = ed('fide-2022')
const E24 = ed('fide-2024')
const LO = 1, MID = 2, HI = 3, J = 4, P = 5, U = 6, Q = 7
const players = [facts(LO, '1970'), facts(MID, '1970'), facts(HI, '1990'), facts(J, '2010-06-01'), facts(P, '1980'), facts(U, '1999'), facts(Q, '1985')]
const gen = generator(E24, [E22, E24], players)

const tracked = { trackedSince: '2023-01-01', recentGames: [{ listDate: '2023-04-01', games: 2 }] }
const base0: GenerationInput['base'] = {
  listId: 400,
  listDate: '2024-02-01',
  entries: [
    entry(LO, 1000, { k: 20, ...tracked }),
    entry(MID, 1600, { k: 20, ...tracked }),
    entry(HI, 2390, { k: 20, ...tracked }),
    entry(J, 1500, { k: 40, birthYear: 2010, ratedGamesToDate: 60, ...tracked }),
    entry(P, 2100, { k: 20, ...tracked }),
    entry(Q, 2200, { k: 20, ...tracked })
  ]
}

// period 1 (list 1 Mar 2024): T41, 20 rounds of J–P (all drawn), HI beats Q twice; U meets HI, Q, HI
const jp: Array<[number, number, number, '=']> = Array.from({ length: 20 }, (_, i) => [i + 1, 4, 5, '='])
const t41 = tournament({ id: 41, start: '2024-02-03', end: '2024-02-24', edition: 'fide-2022' }, [[1, LO, 1000, 400], [2, MID, 1600, 400], [3, HI, 2390, 400], [4, J, 1500, 400], [5, P, 2100, 400], [6, U, null, null], [7, Q, 2200, 400]], [
  ...jp,
  [1, 3, 7, '1-0'], [2, 3, 7, '1-0'],
  [3, 6, 3, '0-1'], [4, 6, 7, '='], [5, 6, 3, '=']
])
// period 2 (list 1 Apr 2024): T42 with the compressed list 401; U beats LO and MID; Q beats HI
const t42 = tournament({ id: 42, start: '2024-03-05', end: '2024-03-10', edition: 'fide-2024' }, [[1, LO, 1400, 401], [2, MID, 1760, 401], [3, U, null, null], [4, HI, 2400, 401], [5, Q, 2190, 401]], [
  [1, 3, 1, '1-0'], [2, 3, 2, '1-0'], [1, 5, 4, '1-0']
])
// period 3 (list 1 May 2024): T43 is late (20–28 Feb, after the March closing date): FIDE 2022, ratings of list 400
const t43 = tournament({ id: 43, start: '2024-02-20', end: '2024-02-28', edition: 'fide-2022', late: true }, [[1, HI, 2390, 400], [2, LO, 1000, 400]], [[1, 1, 2, '1-0']])

describe('FIDE 2024 across the compression of 1 March 2024', () => {
  const l1 = gen('2024-03-01', base0, [t41], [])
  const l2 = gen('2024-04-01', asBase(l1, 401), [t42], l1.window)
  const l3 = gen('2024-05-01', asBase(l2, 402), [t43], l2.window)
  const [e1, e2, e3] = [byId(l1), byId(l2), byId(l3)]

  it('list 1 Mar 2024: the worked examples 1000 → 1400 and 1600 → 1760; K × n ≤ 700; 2400 reached', () => {
    expect(e1.get(LO)).toMatchObject({ rating: 1400, games: 0 })
    expect(e1.get(MID)).toMatchObject({ rating: 1760, games: 0 })
    expect(sheetOf(l1, LO)!.compression).toEqual({ before: 1000, after: 1400, ref: 'compression of 2024-03-01' })
    // J: K 40 × 20 games = 800 > 700: K 35 (FIDE 2022); one game capped (D −600 → −400, PD .08, +.42), 19 at PD .02
    // (+.48 each): ΣΔR 9.54; 35 × 9.54 = 333.9 → 334: 1834; compressed: 1834 + 0.4 × 166 = 1900.4 → 1900
    expect(e1.get(J)).toMatchObject({ rating: 1900, games: 20, k: 40 })
    const sj = sheetOf(l1, J)!
    expect(sj.tournaments[0]).toMatchObject({ k: 35, chg: 9.54, kChg: 333.9 })
    expect(sj.tournaments[0]!.games.filter((g) => g.capped)).toHaveLength(1)
    expect(sj).toMatchObject({ change: 334, compression: { before: 1834, after: 1900 } })
    // P: K 20 (20 × 20 = 400 ≤ 700): −9.54 × 20 = −190.8 → −191: 1909; compressed 1909 + 36.4 = 1945.4 → 1945
    expect(e1.get(P)).toMatchObject({ rating: 1945, games: 20 })
    // HI: two wins over Q, D 190 PD .75: 20 × .50 = 10: 2400, K 10 next; his games against unrated U not counted
    expect(e1.get(HI)).toMatchObject({ rating: 2400, k: 10, games: 2 })
    expect(e1.get(Q)).toMatchObject({ rating: 2190, games: 2 })
    // U: 3 games, 1 point against 2390 + 2200 + 2390: fewer than 5
    expect(l1.window).toEqual([{ playerId: U, firstEventDone: true, events: [expect.objectContaining({ n: 3, w: 1, sumOpponents: 6980, editionId: 'fide-2022' })] }])
  })

  it('list 1 Apr 2024: no second compression; U’s first rating with two virtual 1800 draws', () => {
    // LO and MID only met unrated U: unchanged, not compressed again
    expect(e2.get(LO)).toMatchObject({ rating: 1400, games: 0 })
    expect(e2.get(MID)).toMatchObject({ rating: 1760, games: 0 })
    // U: 5 games, 3 points, opponents 6980 + 1400 + 1760 = 10140: Ra = (10140 + 3600) / 7 = 1962.86;
    // p = (3 + 1) / 7 = .5714 → .57, dp 50: 2012.86 → 2013 (≤ 2200, ≥ 1400): published, K 40
    expect(e2.get(U)).toMatchObject({ rating: 2013, k: 40, games: 2, status: 'rated' })
    expect(sheetOf(l2, U)!.firstRating).toMatchObject({ ra: 1962.86, p: 0.57, dp: 50, ru: 2013, games: 5, published: true })
    // HI: K 10; vs Q D=210 PD .77 loss −.77: −7.7 → −8: 2392, K stays 10
    expect(e2.get(HI)).toMatchObject({ rating: 2392, k: 10 })
    expect(e2.get(Q)).toMatchObject({ rating: 2205 })
    expect(l2.counters).toMatchObject({ newlyRated: 1, rated: 7 })
  })

  it('list 1 May 2024: the late February tournament with list 400; LO falls under 1400 (delisted); MID inactive', () => {
    // HI (2390, list 400) vs LO (1000): D 1390 → 400 (the one game beyond, FIDE 2022) PD .92: +.08 × 10 = .8 → 1: 2393
    expect(e3.get(HI)).toMatchObject({ rating: 2393, k: 10 })
    // LO: −.08 × 20 = −1.6 → −2: 1398 < 1400: delisted
    expect(e3.get(LO)).toMatchObject({ rating: 1398, status: 'delisted' })
    // MID: no rated game since 1 May 2023
    expect(e3.get(MID)).toMatchObject({ rating: 1760, flags: 'i' })
    expect(l3.counters).toMatchObject({ delisted: 1, inactive: 1 })
  })

  it('FIDE’s list publishes no first rating for a player without a FIDE ID (issue 11: the national list only); his games wait in the window', () => {
    // U as a federation's own player (no FIDE ID): on 1 April his first rating is worked out as above (Ru 2013) and shown,
    // not published; nothing else on the list changes (his opponents met an unrated player either way)
    const barred = generateList({ listDate: '2024-04-01', ratingType: 'standard', edition: E24, editions: [E22, E24], base: asBase(l1, 401), tournaments: [t42], window: l1.window, players, unpublishable: [U] })
    expect(byId(barred).has(U)).toBe(false)
    expect(sheetOf(barred, U)!.firstRating).toMatchObject({ ru: 2013, games: 5, published: false, reason: 'no FIDE ID: published on the national list only' })
    // his sheet (he has no line) says why: the first rating reaches the floor, no FIDE ID withholds it; his two events stay,
    // the earliest (3 February 2024) counting for the lists dated before 3 April 2026 (26 months)
    expect(sheetOf(barred, U)!.unlisted).toMatchObject({ reason: 'no-fide-id', games: 5, minGames: 5, ru: 2013, floor: 1400, carried: 2, windowUntil: '2026-04-03' })
    expect(sheetOf(barred, U)!.unlisted!.text).toContain('first rating 2013 over 5 games not published: no FIDE ID')
    expect(barred.counters).toMatchObject({ newlyRated: 0, rated: 6 })
    expect(barred.entries.filter((e) => e.playerId !== U)).toEqual(l2.entries.filter((e) => e.playerId !== U))
    // both events stay in his window: February's 3 games (1 point) and March's 2 (2 points)
    expect(barred.window).toEqual([{ playerId: U, firstEventDone: true, events: [expect.objectContaining({ n: 3, w: 1 }), expect.objectContaining({ n: 2, w: 2 })] }])
    // given an ID before 1 May, the window alone gives the same first rating then (within its 26 months): 2013
    const later = generateList({ listDate: '2024-05-01', ratingType: 'standard', edition: E24, editions: [E22, E24], base: asBase(barred, 402), tournaments: [], window: barred.window, players })
    expect(byId(later).get(U)).toMatchObject({ rating: 2013, status: 'rated' })
    expect(later.window).toEqual([])
  })

  it('the compression is applied once whatever the base: from list 400 straight to 1 April, and never again after', () => {
    const skip = gen('2024-04-01', base0, [], [])
    expect(byId(skip).get(LO)!.rating).toBe(1400)
    expect(byId(skip).get(MID)!.rating).toBe(1760)
    expect(byId(gen('2024-04-01', asBase(l1, 401), [], [])).get(MID)!.rating).toBe(1760)
    // not on a rapid list (standard only, the default of the OPEN point)
    const rapid = generateList({ listDate: '2024-03-01', ratingType: 'rapid', edition: E24, editions: [E24], base: base0, tournaments: [], window: [], players })
    expect(byId(rapid).get(MID)!.rating).toBe(1600)
  })

  it('rapid 2024: an unrated player with a standard rating is rated with it (regulations.md § 1)', () => {
    const X = 8
    const R = 9
    const rbase: GenerationInput['base'] = { listId: 500, listDate: '2024-04-01', entries: [entry(R, 1900, { k: 20 })] }
    // X has no rapid rating, his standard rating is 1900: both play at 1900, D 0, PD .50; X wins:
    // X is new in rapid: K 40 × .5 = 20: 1920; R: 20 × −.5 = −10: 1890
    const tr = tournament({ id: 51, start: '2024-04-06', end: '2024-04-06', edition: 'fide-2024', ratingType: 'rapid' }, [[1, X, null, null, 1900], [2, R, 1900, 500]], [[1, 1, 2, '1-0']])
    const r = generateList({ listDate: '2024-05-01', ratingType: 'rapid', edition: E24, editions: [E24], base: rbase, tournaments: [tr], window: [], players: [facts(X, '1990'), facts(R, '1990')] })
    expect(byId(r).get(X)).toMatchObject({ rating: 1920, games: 1, status: 'rated', k: 40 })
    expect(byId(r).get(R)).toMatchObject({ rating: 1890 })
    expect(sheetOf(r, X)!.tournaments[0]!.k).toBe(40)
  })
})
