// Time-control minimum: per tournament up to 2014 (2014 § 1.1), per game from 2017, 2400/1800 thresholds from 2022 (regulations.md § 1).
import { describe, expect, it } from 'vitest'
import { checkTimeControl } from '../../../../src/main/core/checks/time-control'
import { input, play, player } from './build'

const field = () =>
  play([player(1, 2250), player(2, 1700), player(3, 1500), player(4, null)], [
    [1, 1, 2, '1'],
    [1, 3, 4, '='],
    [2, 1, 3, '0'],
    [2, 2, 4, '1'],
    [3, 1, 4, '+']
  ])

describe('time-control checks', () => {
  it('2014 § 1.1: a 2200+ player demands 120 minutes of the whole tournament; 90+30 gives 120 (passes), 90 min fails', () => {
    expect(checkTimeControl(input('fide-2014', { timeControl: '90+30' }, { players: field() }))).toEqual([])
    const f = checkTimeControl(input('fide-2014', { timeControl: '90 min' }, { players: field() }))
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ code: 'check.timeControl.tournamentBelowMinimum', level: 'error', paragraph: '2014 § 1.1', excludesGames: false, params: { minutes: 90, required: 120, rating: 2250, startRank: 1 } })
  })

  it('2017: the same event fails only the games of the 2200+ player', () => {
    const f = checkTimeControl(input('fide-2017', { startDate: '2018-03-01', endDate: '2018-03-05', timeControl: '90 min' }, { players: field() }))
    // played games of player 1: round 1 v 2 and round 2 v 3; the forfeit in round 3 is not a game
    expect(f.map((x) => [x.code, x.level, x.excludesGames, x.params.round, x.params.required])).toEqual([
      ['check.timeControl.gameBelowMinimum', 'warning', true, 1, 120],
      ['check.timeControl.gameBelowMinimum', 'warning', true, 2, 120]
    ])
    expect(f[0]!.games).toEqual([
      { round: 1, startRank: 1 },
      { round: 1, startRank: 2 }
    ])
  })

  it('2022 thresholds: a 60-minute event rated under 2022 drops only the 2400 player’s games; 1800 demands 90′', () => {
    const players = play([player(1, 2400), player(2, 1799), player(3, 1800), player(4, 1500)], [
      [1, 1, 2, '1'],
      [1, 3, 4, '1'],
      [2, 2, 4, '='],
      [2, 1, 3, '=']
    ])
    const f = checkTimeControl(input('fide-2022', { startDate: '2023-03-01', endDate: '2023-03-02', timeControl: '60 min' }, { players }))
    expect(f.map((x) => [x.params.round, x.startRanks, x.params.required])).toEqual([
      [1, [1, 2], 120],
      [1, [3, 4], 90],
      [2, [1, 3], 120]
    ])
    // the same game between 2399 and 1799 under 2017 (2200/1600) also demands 120′
    const f2017 = checkTimeControl(input('fide-2017', { startDate: '2021-03-01', endDate: '2021-03-02', timeControl: '90 min' }, { players: play([player(1, 2399), player(2, 1799)], [[1, 1, 2, '1']]) }))
    expect(f2017.map((x) => x.params.required)).toEqual([120])
    const f2022 = checkTimeControl(input('fide-2022', { startDate: '2023-03-01', endDate: '2023-03-02', timeControl: '90 min' }, { players: play([player(1, 2399), player(2, 1799)], [[1, 1, 2, '1']]) }))
    expect(f2022).toEqual([])
  })

  it('an unreadable time control is a warning and nothing else is checked', () => {
    const f = checkTimeControl(input('fide-2014', { timeControl: '90 + 30 + 30' }, { players: field() }))
    expect(f).toMatchObject([{ code: 'check.timeControl.unknown', level: 'warning', params: { text: '90 + 30 + 30', reason: 'ambiguous', source: '122' } }])
  })

  it('the officer’s text replaces the file’s', () => {
    const f = checkTimeControl(input('fide-2014', { timeControl: '90 + 30 + 30', timeControlOverride: '90 min/40 moves + 30 min + 30 sec per move' }, { players: field() }))
    expect(f).toEqual([])
  })

  it('rapid events are not held to the standard minimum', () => {
    expect(checkTimeControl(input('fide-2014', { ratingType: 'rapid', timeControl: '15+10' }, { players: field() }))).toEqual([])
  })
})
