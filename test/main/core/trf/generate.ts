// A reproducible large open (seeded): n players, r rounds, symmetric pairings and results, written as TRF16 (tests and bench).
import { writeTrf } from '../../../../src/main/core/trf/index'
import { emptyHeader } from '../../../../src/main/core/trf/reader'
import type { ResultCode, TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { rng } from '../../../../src/main/core/util/rng'

const FEDS = ['FRA', 'GER', 'ESP', 'POL', 'CZE', 'ITA', 'NED', 'SUI']
const SCORE: Record<string, number> = { '1': 1, '0': 0, '=': 0.5, '+': 1, '-': 0, F: 1, H: 0.5 }

export function generateOpen(n: number, rounds: number, seed = 1): { text: string; players: TournamentPlayer[] } {
  const rand = rng(seed)
  const players: TournamentPlayer[] = Array.from({ length: n }, (_, i) => ({
    startRank: i + 1,
    fideId: String(30000000 + i),
    name: `Player${String(i + 1).padStart(4, '0')}, Test`,
    sex: rand() < 0.8 ? 'M' : 'F',
    title: i < 5 ? 'GM' : i < 20 ? 'IM' : null,
    federation: FEDS[Math.floor(rand() * FEDS.length)]!,
    birth: `${1950 + Math.floor(rand() * 60)}/00/00`.slice(0, 4),
    rating: 2700 - Math.floor((i * 1500) / n),
    points: 0,
    rank: null,
    rounds: []
  }))
  for (let r = 1; r <= rounds; r++) {
    // pair neighbours by score (a Swiss in spirit), the odd one out gets a full-point bye
    const order = [...players].sort((a, b) => b.points! - a.points! || a.startRank - b.startRank)
    for (let k = 0; k + 1 < order.length; k += 2) {
      const [w, b] = rand() < 0.5 ? [order[k]!, order[k + 1]!] : [order[k + 1]!, order[k]!]
      const x = rand()
      const [cw, cb]: [ResultCode, ResultCode] = x < 0.4 ? ['1', '0'] : x < 0.75 ? ['=', '='] : x < 0.98 ? ['0', '1'] : ['+', '-']
      w.rounds.push({ round: r, opponent: b.startRank, color: 'w', code: cw })
      b.rounds.push({ round: r, opponent: w.startRank, color: 'b', code: cb })
      w.points! += SCORE[cw]!
      b.points! += SCORE[cb]!
    }
    if (order.length % 2 === 1) {
      const last = order[order.length - 1]!
      last.rounds.push({ round: r, opponent: null, color: null, code: 'F' })
      last.points! += 1
    }
  }
  const ranked = [...players].sort((a, b) => b.points! - a.points! || a.startRank - b.startRank)
  ranked.forEach((p, i) => (p.rank = i + 1))
  const header = { ...emptyHeader(), name: `Generated Open ${n}x${rounds}`, city: 'Testville', federation: 'FRA', startDate: '2025-07-01', endDate: '2025-07-09', type: 'Individual: Swiss-System', timeControl: '90+30', arbiters: [{ role: 'chief' as const, name: 'Chief Arbiter', title: 'IA', fideId: '20600001' }], roundDates: Array.from({ length: rounds }, (_, i) => `2025-07-${String(1 + Math.min(i, 8)).padStart(2, '0')}`) }
  return { text: writeTrf({ header, players }, { format: 'TRF16' }).text, players }
}
