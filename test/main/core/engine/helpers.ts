// Builds tournaments in the shared model for engine tests: a crosstable of results → TournamentPlayer[].
import type { ResultCode, TournamentPlayer } from '../../../../src/main/core/model/tournament'

/** rows[i][j] is player i's result against j ('1', '=', '0', a forfeit code, or 'x' on the diagonal). */
export function crosstable(players: { name: string; rating: number | null; birth?: string }[], rows: string[]): TournamentPlayer[] {
  return players.map((p, i) => {
    const row = rows[i]!
    const rounds = []
    let round = 1
    for (let j = 0; j < players.length; j++) {
      if (j === i) continue
      rounds.push({ round: round++, opponent: j + 1, color: null, code: row[j] as ResultCode })
    }
    return { startRank: i + 1, fideId: null, name: p.name, sex: null, title: null, federation: null, birth: p.birth ?? null, rating: p.rating, points: null, rank: null, rounds }
  })
}

/** A Swiss-like list of games for one player against given ratings (rank 1 is the player). */
export function oneAgainst(rating: number | null, opponents: { rating: number | null; code: ResultCode }[]): TournamentPlayer[] {
  const me: TournamentPlayer = {
    startRank: 1, fideId: null, name: 'P', sex: null, title: null, federation: null, birth: null, rating, points: null, rank: null,
    rounds: opponents.map((o, i) => ({ round: i + 1, opponent: i + 2, color: null, code: o.code }))
  }
  const flip: Record<string, ResultCode> = { '1': '0', '0': '1', '=': '=', '+': '-', '-': '+' }
  const others = opponents.map((o, i): TournamentPlayer => ({
    startRank: i + 2, fideId: null, name: `O${i + 1}`, sex: null, title: null, federation: null, birth: null, rating: o.rating, points: null, rank: null,
    rounds: [{ round: i + 1, opponent: 1, color: null, code: flip[o.code] ?? o.code }]
  }))
  return [me, ...others]
}
