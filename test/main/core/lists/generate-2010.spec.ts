// FIDE 2010 (seed 002): a small federation over three two-monthly lists, every figure worked out by hand.
//
// 2010 § 8.56: K 30 until 30 games, 15, 10 once a published rating reached 2400; § 8.54: 400-point cap; § 8.1b: D 37 →
// .55, 195 → .75, 200/204 → .76, beyond 400 → .92; § 8.23: +15 per half point above 50 %; § 7.14: 9 games within two
// years, all events pooled (§ 7.14e), floor 1200 (§ 7.14d, § 7.21); an event needs 3 rated opponents and 1 point, the
// first one scoring less than 1 is ignored (regulations.md § 1); § 7.23a–c: a year without a game → inactive.
import { describe, expect, it } from 'vitest'
import type { GenerationInput } from '../../../../src/main/core/lists/types'
import { asBase, byId, ed, entry, facts, generator, sheetOf, tournament } from './helpers'

const E10 = ed('fide-2010')
const A = 1, C = 3, D = 4, N = 5, F = 6, G = 7, Z = 8, NP = 9
const players = [A, C, D, N, F, G, Z, NP].map((id) => facts(id, '1980'))
const gen = generator(E10, [E10], players)
const tracked = { trackedSince: '2010-06-01', recentGames: [{ listDate: '2011-01-01', games: 4 }] }

const base0: GenerationInput['base'] = {
  listId: 300,
  listDate: '2011-01-01',
  entries: [
    entry(A, 2395, { k: 15, ...tracked }),
    entry(C, 2000, { k: 15, trackedSince: '2009-06-01', recentGames: [{ listDate: '2010-01-01', games: 2 }] }),
    entry(D, 1201, { k: 15, ...tracked }),
    entry(F, 2200, { k: 15, ...tracked }),
    entry(G, 1800, { k: 15, ...tracked }),
    entry(NP, 1600, { k: null, ratedGamesToDate: 10, ...tracked })
  ]
}
const t31 = tournament({ id: 31, start: '2011-01-15', end: '2011-01-20', edition: 'fide-2010' }, [[1, A, 2395, 300], [2, F, 2200, 300], [3, G, 1800, 300], [4, NP, 1600, 300], [5, D, 1201, 300], [6, N, null, null], [7, Z, null, null]], [
  [1, 1, 2, '1-0'], [1, 3, 5, '1-0'], [1, 4, 7, '1-0'],
  [2, 1, 3, '1-0'], [2, 6, 2, '='], [2, 7, 5, '='],
  [3, 4, 3, '1-0'], [3, 6, 1, '0-1'],
  [4, 6, 3, '1-0'],
  [5, 6, 4, '1-0']
])
const t32 = tournament({ id: 32, start: '2011-03-12', end: '2011-03-18', edition: 'fide-2010' }, [[1, A, 2400, 301], [2, F, 2196, 301], [3, G, 1789, 301], [4, NP, 1623, 301], [5, D, 1200, 301], [6, N, null, null], [7, Z, null, null]], [
  [1, 1, 2, '0-1'], [1, 6, 3, '1-0'], [1, 7, 4, '='],
  [2, 6, 1, '='], [2, 5, 2, '0-1'], [2, 7, 3, '0-1'],
  [3, 6, 2, '='], [3, 7, 5, '0-1'],
  [4, 6, 4, '='],
  [5, 6, 2, '0-1']
])
const t33 = tournament({ id: 33, start: '2011-05-10', end: '2011-05-10', edition: 'fide-2010' }, [[1, N, 2037, 302], [2, C, 2000, 302]], [[1, 1, 2, '=']])
const t34 = tournament({ id: 34, start: '2011-02-10', end: '2011-02-20', edition: 'fide-2010', late: true }, [[1, A, 2395, 300], [2, NP, 1600, 300]], [[1, 1, 2, '=']])

describe('FIDE 2010, three two-monthly lists', () => {
  const l1 = gen('2011-03-01', base0, [t31], [])
  const l2 = gen('2011-05-01', asBase(l1, 301), [t32], l1.window)
  const l3 = gen('2011-07-01', asBase(l2, 302), [t33, t34], l2.window)
  const [e1, e2, e3] = [byId(l1), byId(l2), byId(l3)]

  it('list 1 Mar 2011: A reaches 2400, a new player at K 30, D stays at the floor 1200, C inactive', () => {
    // A: vs F D=195 PD .75 +.25; vs G D=595→400 PD .92 +.08: 15 × .33 = 4.95 → 5: 2400, K 10 next
    expect(e1.get(A)).toMatchObject({ rating: 2400, k: 10 })
    expect(e1.get(F)).toMatchObject({ rating: 2196 })
    // G: vs D +.08, vs A −.08, vs NP D=200 PD .76 loss −.76: 15 × −.76 = −11.4 → −11: 1789
    expect(e1.get(G)).toMatchObject({ rating: 1789, games: 3 })
    // NP: 10 games so far: K 30 (§ 8.56); vs G D=−200 PD .24 win +.76: 22.8 → 23: 1623; 11 games: K 30 next
    expect(sheetOf(l1, NP)!.tournaments[0]!.k).toBe(30)
    expect(e1.get(NP)).toMatchObject({ rating: 1623, k: 30, ratedGamesToDate: 11 })
    // D: vs G D=−599→−400 PD .08 −.08: −1.2 → −1: 1200, at the floor: still rated
    expect(e1.get(D)).toMatchObject({ rating: 1200, status: 'rated' })
    expect(e1.get(C)).toMatchObject({ flags: 'i' })
    // N: 4 games, 2.5 points vs 2200 + 2395 + 1800 + 1600 = 7995; Z: first event, ½ point: ignored
    expect(l1.window).toEqual([
      { playerId: N, firstEventDone: true, events: [expect.objectContaining({ n: 4, w: 2.5, sumOpponents: 7995 })] },
      { playerId: Z, firstEventDone: true, events: [] }
    ])
  })

  it('list 1 May 2011: N’s first rating from both events pooled (§ 7.14e); D delisted under 1200; Z’s event under 1 point', () => {
    // N: 5 games, 2.5 points vs 1789 + 2400 + 2196 + 1623 + 2196 = 10204; pooled: 9 games, 5 points, 18199 / 9 =
    // 2022.11, one half point above 50 %: + 15 = 2037.11 → 2037 (§ 8.23); K 30
    expect(e2.get(N)).toMatchObject({ rating: 2037, k: 30, games: 5, status: 'rated' })
    expect(sheetOf(l2, N)!.firstRating).toMatchObject({ ra: 2022.11, ru: 2037, games: 9, published: true })
    // A: K 10; vs F D=204 PD .76 loss −.76: −7.6 → −8: 2392
    expect(e2.get(A)).toMatchObject({ rating: 2392, k: 10 })
    // F: vs A +.76, vs D D=996→400 PD .92 +.08: 15 × .84 = 12.6 → 13: 2209
    expect(e2.get(F)).toMatchObject({ rating: 2209, games: 2 })
    // D: −1.2 → −1: 1199 < 1200: delisted
    expect(e2.get(D)).toMatchObject({ rating: 1199, status: 'delisted' })
    // Z: 3 rated opponents, ½ point: less than 1, not counted
    expect(sheetOf(l2, Z)!.notes.some((n) => n.text.includes('0.5 point(s), less than 1: not counted'))).toBe(true)
    expect(l2.window.find((w) => w.playerId === Z)).toEqual({ playerId: Z, firstEventDone: true, events: [] })
  })

  it('list 1 Jul 2011: the late tournament with list 300; C active again after one game (§ 7.23c)', () => {
    // A (2395, list 300) vs NP (1600): D=795→400 PD .92 draw −.42: 10 × −.42 = −4.2 → −4: 2388
    expect(e3.get(A)).toMatchObject({ rating: 2388, k: 10 })
    // NP: +.42 × 30 = 12.6 → 13: 1636
    expect(e3.get(NP)).toMatchObject({ rating: 1636, k: 30 })
    // N: K 30; vs C D=37 PD .55 draw −.05: −1.5 → −2 (0.5 away from zero): 2035
    expect(e3.get(N)).toMatchObject({ rating: 2035 })
    // C: +.05 × 15 = .75 → 1: 2001, active again
    expect(e3.get(C)).toMatchObject({ rating: 2001, flags: null })
    expect(e3.has(D)).toBe(false)
  })
})
