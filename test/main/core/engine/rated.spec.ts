// Rated players: caps per edition (2022 once per tournament, 2650 from 1 Oct 2025), K rules, K×n ≤ 700, rounding, properties.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { calcPeriod } from '../../../../src/main/core/engine/calc'
import { rateRatedTournament } from '../../../../src/main/core/engine/rated'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { kFor } from '../../../../src/main/core/rules/k'
import { compressRating, compressionBetween, fastGameExcluded } from '../../../../src/main/core/rules/amendments'
import { roundHalfAwayFromZero } from '../../../../src/main/core/engine/rounding'

const ed = (id: string) => builtinEdition(id)!

describe('rating-difference cap', () => {
  it('2005 § 10.51 caps at 350, 2010 § 8.54 at 400, every game', () => {
    const g = [{ opponentRating: 2000, score: 1 }]
    expect(rateRatedTournament(ed('fide-2005'), 2400, g, { start: '2006-01-01' }).games[0]).toMatchObject({ d: 350, pd: 89, capped: true, ratingUsed: 2050 })
    expect(rateRatedTournament(ed('fide-2010'), 2500, g, { start: '2011-01-01' }).games[0]).toMatchObject({ d: 400, pd: 92, capped: true })
  })
  it('2022: once per tournament, for the game with the largest difference', () => {
    const t = rateRatedTournament(ed('fide-2022'), 2700, [{ opponentRating: 2250, score: 1 }, { opponentRating: 2200, score: 1 }, { opponentRating: 2650, score: 0.5 }], { start: '2023-01-01' })
    expect(t.games.map((g) => [g.d, g.pd, g.capped])).toEqual([[450, 94, false], [400, 92, true], [50, 57, false]])
    expect(t.notes[0]!.text).toContain('once per tournament: game 2 (difference 500); 1 other game(s)')
  })
  it('2024: no cap from 1 Oct 2025 for a player rated 2650 or more, on his side only', () => {
    const g = [{ opponentRating: 2200, score: 1 }]
    expect(rateRatedTournament(ed('fide-2024'), 2700, g, { start: '2025-10-01' }).games[0]).toMatchObject({ d: 500, pd: 96, capped: false })
    expect(rateRatedTournament(ed('fide-2024'), 2700, g, { start: '2025-09-30' }).games[0]).toMatchObject({ d: 400, pd: 92, capped: true })
    expect(rateRatedTournament(ed('fide-2024'), 2649, [{ opponentRating: 2100, score: 1 }], { start: '2025-11-01' }).games[0]).toMatchObject({ d: 400, capped: true })
    // the lower-rated opponent keeps his cap
    expect(rateRatedTournament(ed('fide-2024'), 2200, [{ opponentRating: 2700, score: 0 }], { start: '2025-11-01' }).games[0]).toMatchObject({ d: -400, pd: 8, capped: true })
  })
  it('2024 rapid/blitz from 1 Dec 2024: a difference ≥ 600 with a player above 2600 is not rated', () => {
    expect(fastGameExcluded(ed('fide-2024'), 'blitz', '2024-12-01', 2650, 2050)).toBe(true)
    expect(fastGameExcluded(ed('fide-2024'), 'blitz', '2024-11-30', 2650, 2050)).toBe(false)
    expect(fastGameExcluded(ed('fide-2024'), 'standard', '2025-01-01', 2650, 2050)).toBe(false)
    expect(fastGameExcluded(ed('fide-2024'), 'rapid', '2025-01-01', 2600, 2000)).toBe(false)
  })
})

describe('K', () => {
  it('K × n ≤ 700 (2022/2024): 39 games → K 17', () => {
    const out = calcPeriod({ player: { rating: 1800, ratedGames: 10 }, tournaments: [{ start: '2025-03-01', games: Array.from({ length: 39 }, () => ({ opponentRating: 1800, score: 0.5 as const })) }] })
    expect(out.tournaments[0]!.k).toBe(17)
    expect(out.tournaments[0]!.notes.map((n) => n.text)).toContain('K 40 × 39 games > 700: K becomes 17')
    // 2017 has no such rule by default (OPEN)
    const o17 = calcPeriod({ edition: 'fide-2017', player: { rating: 1800, ratedGames: 10 }, tournaments: [{ start: '2018-03-01', games: Array.from({ length: 39 }, () => ({ opponentRating: 1800, score: 0.5 as const })) }] })
    expect(o17.tournaments[0]!.k).toBe(40)
  })
  it('new player, normal and high K per edition', () => {
    expect(kFor(ed('fide-2005'), { rating: 2450, ratedGames: 20 }, '2006-01-01').k).toBe(25)
    expect(kFor(ed('fide-2005'), { rating: 2450, ratedGames: 40 }, '2006-01-01').k).toBe(10)
    expect(kFor(ed('fide-2010'), { rating: 2350, ratedGames: 40, reachedHigh: true }, '2011-01-01').k).toBe(10)
    expect(kFor(ed('fide-2010'), { rating: 2350, ratedGames: 40, reachedHigh: false }, '2011-01-01').k).toBe(15)
    // a previous-list rating of 2400 or more is a published one: the flag cannot deny it
    expect(kFor(ed('fide-2010'), { rating: 2410, ratedGames: 40, reachedHigh: false }, '2011-01-01').k).toBe(10)
    expect(kFor(ed('fide-2014'), { rating: 1900, ratedGames: 29 }, '2015-01-01').k).toBe(40)
    expect(kFor(ed('fide-2014'), { rating: 1900, ratedGames: 30 }, '2015-01-01').k).toBe(20)
  })
  it('junior K: 2014 until the 18th birthday below 2300, 2017 to the end of that year', () => {
    expect(kFor(ed('fide-2014'), { rating: 2100, ratedGames: 100, birthYear: 2000 }, '2015-06-01').k).toBe(40)
    expect(kFor(ed('fide-2014'), { rating: 2300, ratedGames: 100, birthYear: 2000 }, '2015-06-01').k).toBe(20)
    expect(kFor(ed('fide-2014'), { rating: 2100, ratedGames: 100, birthYear: 1999 }, '2017-06-01').k).toBe(20)
    expect(kFor(ed('fide-2017'), { rating: 2100, ratedGames: 100, birthYear: 1999 }, '2017-11-01').k).toBe(40)
    expect(kFor(ed('fide-2017'), { rating: 2100, ratedGames: 100, birthYear: 1999 }, '2018-01-01').k).toBe(20)
  })
  it('FSE (seed 004): 36 first 20 games and juniors under 20 at most 1850, 24, 16 from 2200', () => {
    expect(kFor(ed('fse'), { rating: 1700, ratedGames: 19 }, '2020-01-01').k).toBe(36)
    expect(kFor(ed('fse'), { rating: 1850, ratedGames: 50, birthYear: 2001 }, '2020-01-01').k).toBe(36)
    expect(kFor(ed('fse'), { rating: 1851, ratedGames: 50, birthYear: 2001 }, '2020-01-01').k).toBe(24)
    expect(kFor(ed('fse'), { rating: 2200, ratedGames: 50 }, '2020-01-01').k).toBe(16)
  })
})

describe('rounding and the period', () => {
  it('rounds the period change 0.5 away from zero (2024 § 8.3.4)', () => {
    expect([roundHalfAwayFromZero(2.5), roundHalfAwayFromZero(-2.5), roundHalfAwayFromZero(-2.49), roundHalfAwayFromZero(0.5)]).toEqual([3, -3, -2, 1])
    const loss = calcPeriod({ player: { rating: 2000, k: 5 }, tournaments: [{ start: '2025-01-10', games: [{ opponentRating: 2000, score: 0 }] }] })
    expect([loss.tournaments[0]!.kChg, loss.change, loss.newRating]).toEqual([-2.5, -3, 1997])
  })
  it('sums K × ΣΔR over the period before rounding (default) or per tournament when a profile says so', () => {
    const t = (start: string) => ({ start, games: [{ opponentRating: 2000, score: 0.5 as const }, { opponentRating: 2100, score: 0 as const }] })
    // each: ΔR = 0 + (0 − .36) = −.36; K 20 → −7.2 twice: period −14.4 → −14
    const out = calcPeriod({ player: { rating: 2000, k: 20 }, tournaments: [t('2025-01-10'), t('2025-01-20')] })
    expect(out.tournaments.map((x) => x.kChg)).toEqual([-7.2, -7.2])
    expect(out.change).toBe(-14)
    const e = ed('fide-2024')
    const perT = calcPeriod({ edition: 'office', player: { rating: 2000, k: 5 }, tournaments: [{ start: '2025-01-10', games: [{ opponentRating: 2000, score: 0 }] }, { start: '2025-01-20', games: [{ opponentRating: 2000, score: 0 }] }] }, (id) =>
      id === 'office' ? { ...e, id: 'office', kind: 'custom', rounding: { changePer: 'tournament' } } : undefined
    )
    expect(perT.change).toBe(-6)
  })
  it('compression of 1 March 2024: 1000 → 1400, 1600 → 1760, from 2000 unchanged, standard only', () => {
    const e = ed('fide-2024')
    expect([1000, 1600, 1001, 1999, 2000, 2500].map((r) => compressRating(e, r))).toEqual([1400, 1760, 1401, 1999, 2000, 2500])
    expect(compressRating(e, 1000, 'rapid')).toBe(1000)
    expect(compressRating(ed('fide-2022'), 1000)).toBe(1000)
    expect(compressionBetween(e, '2024-02-01', '2024-03-01')).toBe(true)
    expect(compressionBetween(e, '2024-03-01', '2024-04-01')).toBe(false)
  })
})

describe('properties', () => {
  const rating = fc.integer({ min: 1000, max: 2900 })
  const score = fc.constantFrom(0, 0.5, 1)
  it('a rated pair with equal K gains and loses the same', () => {
    fc.assert(
      fc.property(rating, rating, score, fc.constantFrom('fide-2005', 'fide-2010', 'fide-2014', 'fide-2022', 'fide-2024'), (a, b, s, id) => {
        const e = ed(id)
        const start = (e.inForce.from ?? '2006-01-01') < '2025-01-01' ? (e.inForce.from ?? '2006-01-01') : '2025-01-01'
        const x = rateRatedTournament(e, a, [{ opponentRating: b, score: s }], { start })
        const y = rateRatedTournament(e, b, [{ opponentRating: a, score: 1 - s }], { start })
        return x.chg === -y.chg && x.we + y.we === 100
      })
    )
  })
  it('results do not depend on the order of the games', () => {
    fc.assert(
      fc.property(rating, fc.array(fc.record({ opponentRating: rating, score }), { minLength: 1, maxLength: 30 }), fc.constantFrom('fide-2005', 'fide-2022', 'fide-2024'), (own, games, id) => {
        const e = ed(id)
        const a = rateRatedTournament(e, own, games, { start: '2025-11-01' })
        const b = rateRatedTournament(e, own, [...games].reverse(), { start: '2025-11-01' })
        return a.we === b.we && a.chg === b.chg && a.w === b.w
      })
    )
  })
})

describe('a player rated at a tournament start after an unrated previous list (2010 § 8.4)', () => {
  it('is rated with that rating as a new player, and his unrated events still give a first rating', () => {
    const out = calcPeriod({
      edition: 'fide-2014',
      player: { rating: null },
      tournaments: [{ start: '2015-03-01', rating: 1500, games: [{ opponentRating: 1500, score: 1 }] }]
    })
    expect(out.tournaments[0]).toMatchObject({ rating: 1500, k: 40, kChg: 20 })
    expect(out.initial).toBeUndefined()
    expect([out.change, out.newRating]).toEqual([20, 1520])
  })
})
