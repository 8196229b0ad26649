// First ratings: 2005 § 10.3 weighted average (2270), 2010 § 8.34 pooling (2199, printed 2197), the 2024 rule (1922).
import { describe, expect, it } from 'vitest'
import { calcPeriod } from '../../../../src/main/core/engine/calc'
import { classicRu } from '../../../../src/main/core/engine/unrated'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { rateTournament } from '../../../../src/main/core/engine/tournament'
import { oneAgainst } from './helpers'

const draws = (rating: number, n: number) => Array.from({ length: n }, () => ({ opponentRating: rating, score: 0.5 as const }))
const games = (list: [number, 0 | 0.5 | 1][]) => list.map(([opponentRating, score]) => ({ opponentRating, score }))

describe('2005 § 10.3: first rating as the weighted average of event ratings', () => {
  it('2280 × 5, 2400 × 10, 2000 × 5 → 2270', () => {
    const out = calcPeriod({
      edition: 'fide-2005',
      player: { rating: null },
      tournaments: [
        { name: 'one', start: '2006-01-10', games: draws(2280, 5) },
        { name: 'two', start: '2006-04-10', games: draws(2400, 10) },
        { name: 'three', start: '2006-07-10', games: draws(2000, 5) }
      ]
    })
    expect(out.initial).toMatchObject({ ru: 2270, games: 20, published: true })
    expect(out.newRating).toBe(2270)
    expect(out.initial!.notes.map((n) => n.text)).toContain('weighted average: [2280 × 5 + 2400 × 10 + 2000 × 5] / 20 = 2270 → 2270')
  })
  it('ignores a first event with half a point (2005 § 6.1) and needs 9 games (§ 9.14)', () => {
    const out = calcPeriod({
      edition: 'fide-2005',
      player: { rating: null },
      tournaments: [
        { start: '2006-01-10', games: games([[2000, 0.5], [2000, 0], [2000, 0]]) },
        { start: '2006-04-10', games: draws(2100, 6) }
      ]
    })
    expect(out.initial).toMatchObject({ ru: 2100, games: 6, published: false })
    expect(out.initial!.notes[0]!.text).toContain('first event with 0.5 point(s), below 1: ignored')
  })
})

describe('2010 § 8.34: all events pooled as one', () => {
  const input = {
    edition: 'fide-2010',
    player: { rating: null },
    tournaments: [
      { start: '2011-01-10', games: games([[2220, 1], [2220, 0], [2220, 0]]) },
      { start: '2011-03-10', games: games([[2150, 1], [2150, 1], [2150, 1], [2150, 0], [2150, 0]]) },
      { start: '2011-05-10', games: games([[2200, 1], [2200, 1], [2200, 0.5], [2200, 0]]) }
    ]
  }
  it('12 games, 6.5 points, average 26210/12 = 2184.17, half a point above 50 %: 2184.17 + 15 → 2199 (the rule)', () => {
    const out = calcPeriod(input)
    expect(out.initial).toMatchObject({ ra: 2184.17, ru: 2199, games: 12, published: true })
  })
  it('records the printed "2184 + 15 = 2197": 2197 is what the old +12.5 rule gives (2196.67)', () => {
    const e = builtinEdition('fide-2010')!
    const old = classicRu({ ...e, unrated: { ...e.unrated, bonusPerHalfPoint: 12.5 } }, 26210 / 12, 6.5, 12)
    expect(old.ru).toBe(2197)
    expect(classicRu(e, 26210 / 12, 6.5, 12).ru).toBe(2199)
  })
})

describe('2024: two virtual 1800 draws (regulations.md § 4.3)', () => {
  it('5 games, 3 points, opponents 9507 → Ra 1872.43, p .57, dp 50, 1922', () => {
    const out = calcPeriod({
      player: { rating: null },
      tournaments: [{ start: '2025-02-01', games: games([[1900, 1], [1901, 1], [1902, 1], [1902, 0], [1902, 0]]) }]
    })
    expect(out.tournaments[0]!.edition).toBe('fide-2024')
    expect(out.initial).toMatchObject({ ra: 1872.43, p: 0.57, dp: 50, ru: 1922, games: 5, published: true })
  })
  it('caps the first rating at 2200 and needs 1400', () => {
    const high = calcPeriod({ player: { rating: null }, tournaments: [{ start: '2025-02-01', games: games([[2400, 1], [2400, 1], [2400, 1], [2400, 1], [2400, 1]]) }] })
    expect(high.initial!.ru).toBe(2200)
    const low = calcPeriod({ player: { rating: null }, tournaments: [{ start: '2025-02-01', games: games([[1100, 0.5], [1100, 0], [1100, 0], [1100, 0], [1100, 0]]) }] })
    expect(low.initial!.published).toBe(false)
    expect(low.initial!.reason).toContain('below the floor 1400')
  })
  it('ignores a first event scoring zero (2014 § 6.1)', () => {
    const out = calcPeriod({ edition: 'fide-2014', player: { rating: null }, tournaments: [{ start: '2015-02-01', games: draws(1800, 5).map((g) => ({ ...g, score: 0 as const })) }] })
    expect(out.initial).toBeUndefined()
    expect(out.newRating).toBeNull()
  })
})

describe('unrated players in a Swiss tournament', () => {
  it('Rc is the average of rated opponents; below 50 %: Rc + dp (2010 § 8.24), needs 3 rated opponents (§ 8.21)', () => {
    const res = rateTournament({
      edition: 'fide-2010',
      start: '2011-01-10',
      system: 'swiss',
      players: oneAgainst(null, [{ rating: 2000, code: '1' }, { rating: 2100, code: '0' }, { rating: 2200, code: '0' }, { rating: null, code: '1' }])
    })
    // 1/3 → p .33 → dp −125; Rc 2100 → 1975
    expect(res.players[0]).toMatchObject({ ru: 1975, n: 3, w: 1 })
    const few = rateTournament({ edition: 'fide-2010', start: '2011-01-10', system: 'swiss', players: oneAgainst(null, [{ rating: 2000, code: '1' }, { rating: 2100, code: '1' }]) })
    expect(few.players[0]!.ru).toBeNull()
  })
})

describe('order of events', () => {
  it('applies the first-event rule to the earliest event, whatever the order given', () => {
    const zero = { start: '2015-01-10', games: draws(1800, 5).map((g) => ({ ...g, score: 0 as const })) }
    const later = { start: '2015-03-10', games: draws(1800, 5) }
    const a = calcPeriod({ edition: 'fide-2014', player: { rating: null }, tournaments: [zero, later] })
    const b = calcPeriod({ edition: 'fide-2014', player: { rating: null }, tournaments: [later, zero] })
    expect(a.initial).toMatchObject({ ru: 1800, games: 5, published: true })
    const { notes: _a, ...figA } = a.initial!
    const { notes: _b, ...figB } = b.initial!
    expect(figB).toEqual(figA)
    expect(b.initial!.notes[0]!.text).toContain('(2015-01-10): first event with 0 point(s), below 0.5: ignored')
  })
})

describe('reduced minimum of games (2005 § 9.14d/e, 2010 § 7.14f/g)', () => {
  it('7 games suffice at an Olympiad or team championship, or for an IBCA/ICSC/IPCA member; 9 otherwise', () => {
    const seven = { start: '2010-10-01', games: draws(2000, 7) }
    expect(calcPeriod({ edition: 'fide-2010', player: { rating: null }, tournaments: [seven] }).initial).toMatchObject({ ru: 2000, games: 7, published: false })
    expect(calcPeriod({ edition: 'fide-2010', player: { rating: null }, tournaments: [{ ...seven, teamChampionship: true }] }).initial).toMatchObject({ ru: 2000, published: true })
    expect(calcPeriod({ edition: 'fide-2005', player: { rating: null, reducedMinimum: true }, tournaments: [{ ...seven, start: '2006-10-01' }] }).initial).toMatchObject({ published: true })
    // no such rule from 2014: 5 games for everyone
    expect(calcPeriod({ edition: 'fide-2014', player: { rating: null, reducedMinimum: true }, tournaments: [{ start: '2015-01-10', games: draws(2000, 4) }] }).initial).toMatchObject({ published: false })
  })
})
