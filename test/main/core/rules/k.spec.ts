// K as a list's generation decides it (kRule, then kNote only where a sheet shows it) against kFor, which the engine
// uses: the same K, the same rule and the same note for every edition and every kind of player.
import { describe, expect, it } from 'vitest'
import { BUILTIN_EDITIONS, builtinEdition } from '../../../../src/main/core/rules/editions'
import { kFor, kNote, kRule, type PlayerState } from '../../../../src/main/core/rules/k'

const states: PlayerState[] = []
for (const rating of [null, 1000, 1799, 1800, 2099, 2100, 2299, 2300, 2399, 2400, 2650])
  for (const ratedGames of [undefined, 0, 12, 29, 30, 31, 50])
    for (const reachedHigh of [undefined, false, true])
      for (const birthYear of [undefined, 1970, 2005, 2007, 2008, 2009]) states.push({ rating, ratedGames, reachedHigh, birthYear })

describe('kRule and kNote', () => {
  it('give kFor’s K, rule and note for every edition, state and date', () => {
    let checked = 0
    const rules = new Set<string>()
    for (const e of BUILTIN_EDITIONS)
      for (const date of ['2025-01-01', '2025-12-01'])
        for (const s of states) {
          const whole = kFor(e, s, date)
          const decided = kRule(e, s, date)
          expect({ ...decided, note: kNote(e, s, decided.rule) }).toEqual(whole)
          rules.add(decided.rule)
          checked++
        }
    expect(checked).toBe(7 * 2 * states.length)
    // every rule a state decides was met
    expect([...rules].sort()).toEqual(['high', 'junior', 'new-player', 'normal'])
  })

  it('decides the K of regulations.md § 1’s table for 2014: 40 until 30 games and for a junior under 2300, 20, 10 once 2400 is reached', () => {
    const e = builtinEdition('fide-2014')!
    expect(kRule(e, { rating: 1900, ratedGames: 12 }, '2015-01-01')).toEqual({ k: 40, rule: 'new-player' })
    expect(kRule(e, { rating: 2200, ratedGames: 40, birthYear: 2000 }, '2015-01-01')).toEqual({ k: 40, rule: 'junior' })
    expect(kRule(e, { rating: 2200, ratedGames: 40, birthYear: 1980 }, '2015-01-01')).toEqual({ k: 20, rule: 'normal' })
    expect(kRule(e, { rating: 2350, ratedGames: 40, reachedHigh: true }, '2015-01-01')).toEqual({ k: 10, rule: 'high' })
    expect(kNote(e, { rating: 1900, ratedGames: 12 }, 'new-player').text).toBe('K 40: 12 rated games so far, fewer than 30')
    expect(kNote(e, { rating: 2200, ratedGames: undefined }, 'normal').text).toBe('K 20: normal (games so far unknown: treated as established)')
  })
})
