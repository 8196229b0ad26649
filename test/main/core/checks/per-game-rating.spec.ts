// regulations.md § 1 and § 3 (FIDE 2022): a 2400 player in a 60-minute event: only his games are dropped, and the
// ratings computed for the others show it.
import { describe, expect, it } from 'vitest'
import { runRegulationChecks } from '../../../../src/main/core/checks/index'
import { rateTournament } from '../../../../src/main/core/engine/tournament'
import type { TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { input, play, player } from './build'
import type { CheckPlayer } from '../../../../src/main/core/checks/types'

const asTournament = (ps: CheckPlayer[]): TournamentPlayer[] =>
  ps.map((p) => ({ startRank: p.startRank, fideId: p.fideId, name: p.name, sex: p.sex, title: null, federation: null, birth: null, rating: p.ratingAtStart, points: null, rank: null, rounds: p.rounds }))

describe('the per-game time-control rule with the engine', () => {
  it('FIDE 2022: 60 minutes drop the 2400 player’s games alone', () => {
    const players = play([player(1, 2400), player(2, 1700), player(3, 1650), player(4, 1600)], [
      [1, 1, 2, '1'],
      [1, 3, 4, '='],
      [2, 1, 3, '1'],
      [2, 2, 4, '1'],
      [3, 1, 4, '='],
      [3, 2, 3, '0']
    ])
    const findings = runRegulationChecks(input('fide-2022', { startDate: '2023-05-01', endDate: '2023-05-03', timeControl: '60 min', rounds: 3 }, { players }))
    const perGame = findings.filter((f) => f.code === 'check.timeControl.gameBelowMinimum')
    expect(perGame.map((f) => [f.params.round, f.startRanks])).toEqual([
      [1, [1, 2]],
      [2, [1, 3]],
      [3, [1, 4]]
    ])
    // what the engine is given once the excluded games are taken out (both sides of each)
    const out = new Set(perGame.flatMap((f) => f.games!.map((g) => `${g.round}:${g.startRank}`)))
    const kept = asTournament(players).map((p) => ({ ...p, rounds: p.rounds.filter((r) => !out.has(`${r.round}:${p.startRank}`)) }))
    const rated = rateTournament({ edition: 'fide-2022', start: '2023-05-01', system: 'swiss', ratingType: 'standard', players: kept })
    const byRank = new Map(rated.players.map((p) => [p.startRank, p]))
    // the 2400 player has no rated game; each other player keeps his two games between themselves
    expect(byRank.get(1)!.n).toBe(0)
    expect([2, 3, 4].map((r) => byRank.get(r)!.n)).toEqual([2, 2, 2])
    // player 2 (1700) beat 1600 (D 100, PD .64) and lost to 1650 (D 50, PD .57): W 1, We 1.21, K 20 × −0.21 = −4.2
    expect(byRank.get(2)!.w).toBe(1)
    expect(byRank.get(2)!.we).toBeCloseTo(1.21, 2)
    expect(byRank.get(2)!.kChg).toBeCloseTo(-4.2, 2)
    // with every game counted, his loss to the 2400 player (D 400 capped, PD .08 for him) would count too: −4.2 − 20 × 0.08
    const all = rateTournament({ edition: 'fide-2022', start: '2023-05-01', system: 'swiss', ratingType: 'standard', players: asTournament(players) })
    const p2 = all.players.find((p) => p.startRank === 2)!
    expect(p2.n).toBe(3)
    expect(p2.kChg).toBeCloseTo(-5.8, 2)
  })
})
