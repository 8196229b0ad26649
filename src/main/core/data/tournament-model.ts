// Reads a stored tournament back into the shared model (header, players with their rounds, teams) for export, diff and display.
import type { Db } from '../db/open'
import { prepared } from './statements'
import type { ResultCode, RoundEntry, TournamentPlayer } from '../model/tournament'
import type { ParsedTrf, TrfHeader, TrfTeam } from '../trf/index'
import type { MatchResult } from '../tournaments/match'
import type { StoredPlayerLink } from './review'
import type { KnownListEntries } from './lists'
import { UserError } from '../util/errors'

export interface StoredTournament {
  id: number
  header: TrfHeader
  players: TournamentPlayer[]
  teams: TrfTeam[]
}

interface PlayerRow {
  startRank: number
  fideId: number | null
  name: string
  sex: 'M' | 'F' | null
  title: string | null
  federation: string | null
  birth: string | null
  rating: number | null
  points: number | null
  rank: number | null
}

export function loadTournamentModel(db: Db, id: number): StoredTournament {
  const t = prepared(db, 'SELECT header FROM tournaments WHERE id = ?').get(id) as { header: string } | undefined
  if (!t) throw new UserError('tournaments.notFound', { id })
  const header = JSON.parse(t.header) as TrfHeader
  const rows = prepared(db,
      `SELECT start_rank AS startRank, fide_id AS fideId, name, sex, title, federation, birth, rating, points, rank
         FROM tournament_players WHERE tournament_id = ? ORDER BY start_rank`
    )
    .all(id) as PlayerRow[]
  const games = prepared(db, 'SELECT start_rank AS startRank, round, opponent, color, code FROM tournament_games WHERE tournament_id = ? ORDER BY start_rank, round')
    .all(id) as { startRank: number; round: number; opponent: number | null; color: 'w' | 'b' | null; code: ResultCode }[]
  const byRank = new Map<number, RoundEntry[]>()
  for (const g of games) {
    let list = byRank.get(g.startRank)
    if (!list) byRank.set(g.startRank, (list = []))
    list.push({ round: g.round, opponent: g.opponent, color: g.color, code: g.code })
  }
  const players: TournamentPlayer[] = rows.map((r) => ({
    startRank: r.startRank,
    fideId: r.fideId === null ? null : String(r.fideId),
    name: r.name,
    sex: r.sex,
    title: r.title,
    federation: r.federation,
    birth: r.birth,
    rating: r.rating,
    points: r.points,
    rank: r.rank,
    rounds: byRank.get(r.startRank) ?? []
  }))
  const teams = (
    prepared(db, 'SELECT record, number, name, federation, members FROM tournament_teams WHERE tournament_id = ? ORDER BY position').all(id) as {
      record: '013' | '310'
      number: number | null
      name: string
      federation: string | null
      members: string
    }[]
  ).map((x) => ({ record: x.record, number: x.number, name: x.name, federation: x.federation, averageRating: null, matchPoints: null, gamePoints: null, rank: null, members: JSON.parse(x.members) as number[], line: 0 }))
  return { id, header, players, teams }
}

/** A tournament's players as `loadTournamentModel` and `playerLinks` (data/review.ts) read them back. */
export interface StoredPlayers {
  players: TournamentPlayer[]
  links: StoredPlayerLink[]
  /** Their entries on the list in force at the start, as the matching read them. */
  listEntries: KnownListEntries | null
}

/**
 * What `insertTournamentPlayers` (data/tournaments.ts) writes for a file, in the form reading it back gives: players in
 * start-rank order with the columns the table keeps, their rounds in round order, the FIDE ID as the integer column
 * gives it back, each player's registry link from the match. The import hands this to the checks instead of reading
 * the rows again; test/main/core/services/tournaments-stored.spec.ts holds it equal to the read-back.
 */
export function playersAsStored(parsed: Pick<ParsedTrf, 'players'>, match: Pick<MatchResult, 'byStartRank' | 'listEntries'>): StoredPlayers {
  const sorted = [...parsed.players].sort((a, b) => a.startRank - b.startRank)
  const players = sorted.map((p): TournamentPlayer => ({
    startRank: p.startRank,
    fideId: p.fideId ? String(Number(p.fideId)) : null,
    name: p.name,
    sex: p.sex,
    title: p.title,
    federation: p.federation,
    birth: p.birth,
    rating: p.rating,
    points: p.points,
    rank: p.rank,
    rounds: [...p.rounds].sort((a, b) => a.round - b.round).map((r) => ({ round: r.round, opponent: r.opponent, color: r.color, code: r.code }))
  }))
  const links = sorted.map((p) => ({ startRank: p.startRank, playerId: match.byStartRank.get(p.startRank)?.playerId ?? null, fideId: p.fideId ? Number(p.fideId) : null }))
  return { players, links, listEntries: match.listEntries }
}
