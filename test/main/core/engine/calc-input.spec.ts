// The batch job's fast check never admits a document the contract schema refuses, and admits the valid ones.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isCalcInputFast } from '../../../../src/main/core/engine/calc-input'
import { calcInputSchema } from '../../../../src/shared/contract/rating'

const valid = {
  edition: 'fide-2024',
  player: { rating: 2000, k: 20, birthYear: 1990, ratedGames: 100, reached2400: false, reducedMinimum: false },
  tournaments: [{ name: 'Open', start: '2025-01-10', end: '2025-01-12', system: 'swiss', ratingType: 'standard', teamChampionship: false, rating: 2000, games: [{ opponentRating: 2100, score: 0.5 }, { opponentRating: null, score: 1 }] }]
}

describe('isCalcInputFast', () => {
  it('accepts a full valid document and a minimal one', () => {
    expect(isCalcInputFast(valid)).toBe(true)
    expect(isCalcInputFast({ player: { rating: null }, tournaments: [{ start: '2025-01-10', games: [] }] })).toBe(true)
  })
  it('refuses what the schema refuses (targeted cases)', () => {
    const bad: unknown[] = [
      { ...valid, extra: 1 },
      { ...valid, edition: '' },
      { ...valid, player: { ...valid.player, rating: 2000.5 } },
      { ...valid, player: { ...valid.player, k: 0 } },
      { ...valid, player: { rating: 2000, nick: 'x' } },
      { ...valid, tournaments: [] },
      { ...valid, tournaments: [{ ...valid.tournaments[0], start: '2025-1-10' }] },
      { ...valid, tournaments: [{ ...valid.tournaments[0], system: 'knockout' }] },
      { ...valid, tournaments: [{ ...valid.tournaments[0], games: [{ opponentRating: 2100 }] }] },
      { ...valid, tournaments: [{ ...valid.tournaments[0], games: [{ opponentRating: 2100, score: 0.25 }] }] },
      { ...valid, tournaments: [{ ...valid.tournaments[0], games: [{ opponentRating: 2100, score: 1, colour: 'w' }] }] },
      { ...valid, tournaments: [{ ...valid.tournaments[0], games: [{ opponentRating: 4000, score: 1 }] }] }
    ]
    for (const b of bad) {
      expect(calcInputSchema.safeParse(b).success).toBe(false)
      expect(isCalcInputFast(b)).toBe(false)
    }
  })
  it('never admits a document the schema refuses (property over mutated documents)', () => {
    const value = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer({ min: -10, max: 4000 }), fc.double({ noNaN: false }), fc.string(), fc.boolean(), fc.constantFrom(0, 0.5, 1, '2025-01-10', 'swiss', 'rapid'), fc.array(fc.integer(), { maxLength: 2 }))
    const paths = [['edition'], ['player', 'rating'], ['player', 'k'], ['player', 'birthYear'], ['player', 'ratedGames'], ['player', 'reached2400'], ['tournaments', 0, 'start'], ['tournaments', 0, 'end'], ['tournaments', 0, 'system'], ['tournaments', 0, 'rating'], ['tournaments', 0, 'games', 0, 'score'], ['tournaments', 0, 'games', 1, 'opponentRating'], ['tournaments', 0, 'name'], ['player', 'other'], ['tournaments', 0, 'games', 0, 'x']]
    fc.assert(
      fc.property(fc.constantFrom(...paths), value, (path, v) => {
        const doc = JSON.parse(JSON.stringify(valid)) as Record<string | number, unknown>
        let node = doc
        for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>
        node[path[path.length - 1]!] = v
        return !isCalcInputFast(doc) || calcInputSchema.safeParse(doc).success
      }),
      { numRuns: 2000 }
    )
  })
})
