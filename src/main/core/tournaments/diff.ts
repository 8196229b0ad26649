// What a corrected file changes in a tournament: header fields, players added/removed/changed, round entries changed.
import type { TournamentPlayer } from '../model/tournament'
import type { TrfHeader } from '../trf/index'
import type { TournamentDiff } from '../../../shared/contract/tournaments'

/** The diff's shape is the contract's (tournamentDiffSchema: the replies that carry it are typed by it). */
export type { TournamentDiff }

const HEADER_FIELDS: (keyof TrfHeader)[] = ['name', 'city', 'federation', 'startDate', 'endDate', 'type', 'timeControl', 'ratingType', 'declaredRounds', 'roundDates', 'arbiters']
const PLAYER_FIELDS: (keyof TournamentPlayer)[] = ['fideId', 'name', 'sex', 'title', 'federation', 'birth', 'rating', 'points', 'rank']

function entryText(e: { opponent: number | null; color: string | null; code: string } | undefined): string {
  if (!e) return '—'
  return `${e.opponent ?? '0000'} ${e.color ?? '-'} ${e.code}`
}

export function diffTournaments(before: { header: TrfHeader; players: TournamentPlayer[] }, after: { header: TrfHeader; players: TournamentPlayer[] }): TournamentDiff {
  const header = HEADER_FIELDS.filter((f) => JSON.stringify(before.header[f]) !== JSON.stringify(after.header[f])).map((f) => ({ field: f, before: before.header[f], after: after.header[f] }))
  const b = new Map(before.players.map((p) => [p.startRank, p]))
  const a = new Map(after.players.map((p) => [p.startRank, p]))
  const playersAdded = [...a.keys()].filter((k) => !b.has(k)).sort((x, y) => x - y)
  const playersRemoved = [...b.keys()].filter((k) => !a.has(k)).sort((x, y) => x - y)
  const players: TournamentDiff['players'] = []
  const rounds: TournamentDiff['rounds'] = []
  for (const [sr, pa] of a) {
    const pb = b.get(sr)
    if (!pb) continue
    for (const f of PLAYER_FIELDS) if (JSON.stringify(pa[f]) !== JSON.stringify(pb[f])) players.push({ startRank: sr, field: f, before: pb[f], after: pa[f] })
    const n = Math.max(pa.rounds.length, pb.rounds.length)
    for (let r = 0; r < n; r++) {
      const x = entryText(pb.rounds[r])
      const y = entryText(pa.rounds[r])
      if (x !== y) rounds.push({ startRank: sr, round: r + 1, before: x, after: y })
    }
  }
  const parts = [
    header.length ? `${header.length} header field(s)` : null,
    playersAdded.length ? `${playersAdded.length} player(s) added` : null,
    playersRemoved.length ? `${playersRemoved.length} player(s) removed` : null,
    players.length ? `${players.length} player field(s)` : null,
    rounds.length ? `${rounds.length} round entr${rounds.length === 1 ? 'y' : 'ies'}` : null
  ].filter(Boolean)
  return { summary: parts.length ? parts.join(', ') : 'no change in meaning', header, playersAdded, playersRemoved, players, rounds }
}
