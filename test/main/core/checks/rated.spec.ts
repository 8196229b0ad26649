// Whether a tournament rates its games (issue 35, item 8), worked by hand on small Swiss events.
import { describe, expect, it } from 'vitest'
import { checkRatedGames, ratedGamesOf } from '../../../../src/main/core/checks/rated'
import { input, play, player } from './build'

describe('check.games.noneRated / fewRated', () => {
  it('counts each pairing once, and why the others are not rated (2024 Swiss)', () => {
    // 1 2000, 2 1900 rated; 3 unrated (past his first event); 4 unknown to the registry; 5 unrated
    const players = play([player(1, 2000), player(2, 1900), player(3, null, { firstEvent: false }), player(4, 1800, { inRegistry: false }), player(5, null, { firstEvent: false })], [
      [1, 1, 2, '1'], // rated
      [1, 3, 5, '='], // two unrated players: counted for neither
      [2, 1, 3, '1'], // rated player against an unrated one: counts for the unrated player's first rating
      [2, 2, 4, '1'], // unknown player
      [3, 2, 5, '+'], // forfeit
      [3, 1, 4, '=']  // unknown player
    ])
    const i = input('fide-2024', { system: 'swiss', startDate: '2025-03-01', endDate: '2025-03-02', ratingType: 'standard' }, { players })
    expect(ratedGamesOf(i, [])).toEqual({ held: 6, rated: 2, unknownPlayer: 2, unrated: 1, unplayed: 1, finding: 0, firstEvent: 0, byes: 0 })
    // 2 of 6: fewer than half, a warning with the figures
    const [f] = checkRatedGames(i, [])
    expect(f).toMatchObject({ code: 'check.games.fewRated', level: 'warning', params: { held: 6, rated: 2, unknownPlayer: 2 }, startRanks: [4] })
  })

  it('no game rated: an error; a rapid event of 2024 rated with the standard ratings is not one', () => {
    const games: [number, number, number, '1' | '='][] = [
      [1, 1, 2, '1'],
      [2, 1, 3, '='],
      [3, 2, 3, '1']
    ]
    const unrated = play([player(1, null, { firstEvent: false }), player(2, null, { firstEvent: false }), player(3, null, { firstEvent: false })], games)
    const rapid = { system: 'swiss' as const, startDate: '2025-03-01', endDate: '2025-03-01', ratingType: 'rapid' as const }
    const [f] = checkRatedGames(input('fide-2024', rapid, { players: unrated }), [])
    expect(f).toMatchObject({ code: 'check.games.noneRated', level: 'error', params: { held: 3, rated: 0, unrated: 3 } })
    // the same players with standard ratings: rated with them (2024 rapid and blitz), every game counts
    const withStandard = unrated.map((p, k) => ({ ...p, standardAtStart: 1800 + 100 * k }))
    expect(ratedGamesOf(input('fide-2024', rapid, { players: withStandard }), [])).toMatchObject({ held: 3, rated: 3 })
    expect(checkRatedGames(input('fide-2024', rapid, { players: withStandard }), [])).toEqual([])
  })
})
