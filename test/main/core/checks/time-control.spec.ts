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

// regulations.md § 1: "From the 2026 season FIDE allows a major or traditional event at 45′ + 30″ (or 60′ + 30″) to be
// rated on the standard list when its Qualification Commission has approved it (…at most two rounds a day); the officer
// records that approval and its reference on the tournament, and the time-control check honours it."
describe('the Qualification Commission’s approval of a 45′+30″ standard event (regulations.md § 1, the 2026 season)', () => {
  // 45′ + 30″ from move 1: 45 + 60 × 30 s = 75 minutes for 60 moves; 2400 needs 120, 1800 needs 90 (2022 thresholds)
  const players = () =>
    play([player(1, 2450), player(2, 1850), player(3, 1700), player(4, 1600)], [
      [1, 1, 2, '1'],
      [1, 3, 4, '='],
      [2, 1, 3, '1'],
      [2, 2, 4, '0']
    ])
  const qcEvent = (t: Parameters<typeof input>[1] = {}) =>
    input('fide-2024', { startDate: '2026-03-07', endDate: '2026-03-08', timeControl: '45 min + 30 sec per move', roundDates: ['2026-03-07', '2026-03-08'], ...t }, { players: players() })

  it('without the mark, 75 minutes fail every game with a player rated 1800 or more', () => {
    const f = checkTimeControl(qcEvent())
    // round 1: 2450 v 1850 (120 required), round 2: 2450 v 1700 (120) and 1850 v 1600 (90); 1700 v 1600 needs 60
    expect(f.map((x) => [x.code, x.params.round, x.params.required, x.params.minutes])).toEqual([
      ['check.timeControl.gameBelowMinimum', 1, 120, 75],
      ['check.timeControl.gameBelowMinimum', 2, 120, 75],
      ['check.timeControl.gameBelowMinimum', 2, 90, 75]
    ])
  })

  it('with the mark and its reference, no game is dropped and one information cites the approval', () => {
    const f = checkTimeControl(qcEvent({ qcReference: 'QC 2026/14' }))
    expect(f).toEqual([
      expect.objectContaining({
        code: 'check.timeControl.qcApproved',
        level: 'info',
        excludesGames: false,
        paragraph: 'FIDE 2024: Qualification Commission approval of 45′+30″ events for the standard list, 2026 season (regulations.md § 1)',
        params: expect.objectContaining({ reference: 'QC 2026/14', minutes: 75, minMinutes: 75 })
      })
    ])
  })

  it('60′+30″ (90 minutes) is honoured too', () => {
    expect(checkTimeControl(qcEvent({ qcReference: 'QC 2026/15', timeControl: '60 min + 30 sec per move' })).map((x) => x.code)).toEqual(['check.timeControl.qcApproved'])
  })

  it('outside the rule the mark is a warning that says why, and the minimum applies', () => {
    const why = (t: Parameters<typeof input>[1]) => {
      const f = checkTimeControl(qcEvent({ qcReference: 'QC 2026/14', ...t }))
      return [f[0]!.code, f[0]!.params.reason, f[0]!.params.why, f.filter((x) => x.code === 'check.timeControl.gameBelowMinimum').length]
    }
    // a 2025 event: the rule starts with the 2026 season
    expect(why({ startDate: '2025-11-01', endDate: '2025-11-02', roundDates: ['2025-11-01', '2025-11-02'] })).toEqual(['check.timeControl.qcOutsideRule', 'before', 'the rule applies to tournaments starting from 2026-01-01', 3])
    // 30′ + 30″ = 60 minutes: below 45′ + 30″
    expect(why({ timeControl: '30 min + 30 sec per move' })).toEqual(['check.timeControl.qcOutsideRule', 'too-short', 'the time control gives 60 minutes for 60 moves, below the 75 of 45′+30″', 3])
    // three rounds on one day: the approval allows two
    expect(why({ roundDates: ['2026-03-07', '2026-03-07', '2026-03-07'] })).toEqual(['check.timeControl.qcOutsideRule', 'rounds-per-day', '2026-03-07 has 3 rounds, more than 2 a day', 3])
    // the FSE profile has no such approval
    const fse = checkTimeControl(input('fse', { startDate: '2026-03-07', endDate: '2026-03-08', timeControl: '45 min + 30 sec per move', qcReference: 'QC 2026/14' }, { players: players() }))
    expect(fse[0]).toMatchObject({ code: 'check.timeControl.qcOutsideRule', params: { reason: 'no-rule' } })
  })

  it('a rapid event with the mark is told the approval concerns the standard list', () => {
    const f = checkTimeControl(qcEvent({ ratingType: 'rapid', timeControl: '15 min + 10 sec per move', qcReference: 'QC 2026/14' }))
    expect(f.map((x) => [x.code, x.params.reason])).toEqual([['check.timeControl.qcOutsideRule', 'not-standard']])
  })
})
