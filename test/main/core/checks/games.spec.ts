// Which games count: unplayed round robin (2014 § 6.4), matches with an unrated player (2014 § 6.6), first event with a zero
// score (2005/2014 § 6.1), rated opponents of an unrated player (2005 § 6.42), rapid/blitz 600 points from 1 Dec 2024.
import { describe, expect, it } from 'vitest'
import { checkGames } from '../../../../src/main/core/checks/games'
import { input, play, player, roundRobin } from './build'

describe('games checks', () => {
  it('2014 § 6.4: a round robin with a forfeit is rated as a Swiss (info)', () => {
    const players = play([player(1, 2000), player(2, 2100), player(3, 2200)], [
      [1, 1, 2, '1'],
      [2, 1, 3, '+'],
      [3, 2, 3, '=']
    ])
    const f = checkGames(input('fide-2014', { system: 'round-robin' }, { players }))
    expect(f).toMatchObject([{ code: 'check.games.unplayedRoundRobin', level: 'info', paragraph: '2014 § 6.4', params: { count: 1 }, startRanks: [1, 3] }])
    expect(checkGames(input('fide-2014', { system: 'round-robin' }, { players: roundRobin([player(1, 2000), player(2, 2100), player(3, 2200)]) }))).toEqual([])
  })

  it('2014 § 6.6: a match with an unrated player is not rated (its games excluded); 2005 has no such rule', () => {
    const players = play([player(1, 2000), player(2, null)], [
      [1, 1, 2, '1'],
      [2, 2, 1, '=']
    ])
    const f = checkGames(input('fide-2014', {}, { players })).filter((x) => x.code === 'check.games.matchWithUnrated')
    expect(f).toMatchObject([{ level: 'error', excludesGames: true, startRanks: [2], paragraph: '2014 § 6.6' }])
    expect(f[0]!.games).toHaveLength(4)
    expect(checkGames(input('fide-2005', { startDate: '2006-01-01' }, { players })).map((x) => x.code)).not.toContain('check.games.matchWithUnrated')
  })

  it('first event: 2014 § 6.1 ignores a zero score, 2005 § 6.1 also a half point', () => {
    const players = play([player(1, 2000), player(2, 2100), player(3, 2050), player(4, null, { firstEvent: true })], [
      [1, 4, 1, '='],
      [2, 2, 4, '1'],
      [3, 3, 4, '1']
    ])
    const codes = (ed: string, start: string) => checkGames(input(ed, { startDate: start }, { players })).filter((x) => x.code === 'check.games.firstEventZero')
    expect(codes('fide-2014', '2015-01-01')).toEqual([])
    expect(codes('fide-2005', '2006-01-01')).toMatchObject([{ level: 'info', paragraph: '2005 § 6.1', params: { score: 0.5, below: 1 }, startRanks: [4] }])
    const zero = players.map((p) => ({ ...p, rounds: p.rounds.map((r) => (r.round === 1 ? { ...r, code: p.startRank === 4 ? ('0' as const) : ('1' as const) } : r)) }))
    expect(checkGames(input('fide-2014', {}, { players: zero })).filter((x) => x.code === 'check.games.firstEventZero')).toMatchObject([{ params: { score: 0 } }])
    // not his first event, or not known: nothing
    const later = zero.map((p) => (p.startRank === 4 ? { ...p, firstEvent: null } : p))
    expect(checkGames(input('fide-2014', {}, { players: later })).map((x) => x.code)).not.toContain('check.games.firstEventZero')
  })

  it('2005 § 6.42: an unrated player needs 3 rated opponents in a Swiss; 2014 needs 1', () => {
    const players = play([player(1, 2000), player(2, 2100), player(3, null), player(4, null)], [
      [1, 4, 1, '1'],
      [2, 4, 2, '1'],
      [3, 4, 3, '1']
    ])
    const f = checkGames(input('fide-2005', { startDate: '2006-01-01' }, { players })).filter((x) => x.code === 'check.games.tooFewRatedOpponents')
    expect(f.map((x) => [x.startRanks, x.params.ratedOpponents, x.params.required])).toEqual([
      [[3], 0, 3],
      [[4], 2, 3]
    ])
    const f2014 = checkGames(input('fide-2014', {}, { players })).filter((x) => x.code === 'check.games.tooFewRatedOpponents')
    expect(f2014.map((x) => x.startRanks)).toEqual([[3]])
  })

  it('rating gap 600: rapid/blitz from 1 Dec 2024, never standard, never before', () => {
    const players = play([player(1, 2650), player(2, 2050), player(3, 2600), player(4, 2000)], [
      [1, 1, 2, '1'],
      [1, 3, 4, '1']
    ])
    const gap = (ratingType: 'rapid' | 'standard', start: string) =>
      checkGames(input('fide-2024', { ratingType, startDate: start, endDate: start, timeControl: '15+10' }, { players })).filter((x) => x.code === 'check.games.ratingGap600')
    const f = gap('rapid', '2024-12-01')
    // 2650 v 2050 (600, above 2600) is out; 2600 v 2000 is not (2600 is not above 2600)
    expect(f).toMatchObject([{ level: 'warning', excludesGames: true, rounds: [1], params: { difference: 600, whiteRating: 2650, blackRating: 2050 } }])
    expect(f[0]!.games).toEqual([
      { round: 1, startRank: 1 },
      { round: 1, startRank: 2 }
    ])
    expect(gap('rapid', '2024-11-30')).toEqual([])
    expect(gap('standard', '2024-12-01')).toEqual([])
  })
})
