// SQL behind "which list does this tournament belong to": the dates a tournament's list is worked out from, the
// published office lists that rated it, the published dates of a chain and the approved tournaments still to rate.
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'
import type { ListChain } from './lists'
import type { TournamentStatus } from './review'

/** What a tournament's list is worked out from (services/tournament-list.ts). */
export interface TournamentListFacts {
  id: number
  status: TournamentStatus
  ratingType: 'standard' | 'rapid' | 'blitz' | null
  /** The edition or profile the officer chose (null: the FIDE edition in force at the start). */
  edition: string | null
  receivedDate: string
  /** As the checks take them: 042, else the first dated round, else the day the report came. */
  start: string
  /** 043, else the last dated round (null: none; the start then stands for it). */
  end: string | null
}

/** The facts of these tournaments (in no particular order; an unknown id gives no row). */
export function tournamentListFacts(db: Db, ids: readonly number[]): TournamentListFacts[] {
  if (!ids.length) return []
  return prepared(
    db,
    `SELECT t.id, t.status, t.rating_type AS ratingType, t.edition, t.received_date AS receivedDate,
            coalesce(t.start_date, (SELECT r.date FROM tournament_rounds r WHERE r.tournament_id = t.id AND r.date IS NOT NULL ORDER BY r.round LIMIT 1), t.received_date) AS start,
            coalesce(t.end_date, (SELECT r.date FROM tournament_rounds r WHERE r.tournament_id = t.id AND r.date IS NOT NULL ORDER BY r.round DESC LIMIT 1)) AS "end"
       FROM json_each(?) j JOIN tournaments t ON t.id = j.value`
  ).all(JSON.stringify(ids)) as TournamentListFacts[]
}

/** A published office list that rated a tournament (its last rounds: `final`), in the version in force of its date. */
export interface RatedInList {
  tournamentId: number
  listId: number
  listDate: string
  version: number
  /** The list's chain (data/lists.ts). */
  source: ListChain
}

/**
 * The published office lists that rated each of these tournaments (the list that took its last rounds), one per chain
 * and list date: the newest published version of that date — a correction published as a new version rates the
 * tournament again with its file as stored, and supersedes the version before (which stays readable in the archive).
 * Oldest list date first.
 */
export function listsThatRated(db: Db, ids: readonly number[]): RatedInList[] {
  if (!ids.length) return []
  const rows = prepared(
    db,
    `SELECT olt.tournament_id AS tournamentId, l.id AS listId, l.list_date AS listDate, l.version, l.source
       FROM json_each(?) j JOIN office_list_tournaments olt ON olt.tournament_id = j.value
       JOIN rating_lists l ON l.id = olt.list_id
      WHERE olt.final = 1 AND l.kind = 'office' AND l.status = 'published'
      ORDER BY olt.tournament_id, l.list_date, l.source, l.version DESC, l.id DESC`
  ).all(JSON.stringify(ids)) as RatedInList[]
  // the first row of each (tournament, chain, date) is its newest version
  return rows.filter((r, i) => i === 0 || rows[i - 1]!.tournamentId !== r.tournamentId || rows[i - 1]!.source !== r.source || rows[i - 1]!.listDate !== r.listDate)
}

/** The dates of the published office lists of a chain and rating type, oldest first. */
export function publishedOfficeDates(db: Db, ratingType: string, chain: ListChain): string[] {
  return preparedPluck(
    db,
    "SELECT DISTINCT list_date FROM rating_lists WHERE kind = 'office' AND status = 'published' AND rating_type = ? AND source = ? ORDER BY list_date"
  ).all(ratingType, chain) as string[]
}

/** The latest imported (reference) list date of a rating type for a chain: FIDE's download for FIDE's, another source for a national one. */
export function latestReferenceDate(db: Db, ratingType: string, chain: ListChain): string | null {
  const own = preparedPluck(
    db,
    "SELECT max(list_date) FROM rating_lists WHERE kind = 'reference' AND rating_type = ? AND (source = 'FIDE') = (? = 'FIDE')"
  ).get(ratingType, chain) as string | null
  return own ?? (preparedPluck(db, "SELECT max(list_date) FROM rating_lists WHERE kind = 'reference' AND rating_type = ?").get(ratingType) as string | null)
}

/** The approved tournaments of a rating type (those a list may still rate; the caller drops the ones a list rated). */
export function approvedTournamentIds(db: Db, ratingType: string): number[] {
  return preparedPluck(db, "SELECT id FROM tournaments WHERE status = 'approved' AND rating_type = ? ORDER BY id").all(ratingType) as number[]
}
