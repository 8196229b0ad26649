// What rating a stored tournament reads besides its report: the facts the officer set (system, rating type, start,
// edition) and the FIDE ID of the registry player each start rank is matched to.
import type { Db } from '../db/open'

export interface TournamentRatingFacts {
  id: number
  name: string | null
  system: 'swiss' | 'round-robin'
  ratingType: 'standard' | 'rapid' | 'blitz' | null
  startDate: string | null
  /** The rule set the officer chose for this tournament; null: the one in force at the start. */
  edition: string | null
}

export function tournamentRatingFacts(db: Db, id: number): TournamentRatingFacts | undefined {
  return db
    .prepare(
      'SELECT id, name, system, rating_type AS ratingType, start_date AS startDate, edition FROM tournaments WHERE id = ?'
    )
    .get(id) as TournamentRatingFacts | undefined
}

/** Per start rank, the FIDE ID of the registry player it is matched to (a link the officer confirmed wins over the file's). */
export function matchedFideIds(db: Db, tournamentId: number): Map<number, string> {
  const rows = db
    .prepare(
      `SELECT tp.start_rank AS startRank, p.fide_id AS fideId FROM tournament_players tp JOIN players p ON p.id = tp.player_id
        WHERE tp.tournament_id = ? AND p.fide_id IS NOT NULL`
    )
    .all(tournamentId) as { startRank: number; fideId: number }[]
  return new Map(rows.map((r) => [r.startRank, String(r.fideId)]))
}
