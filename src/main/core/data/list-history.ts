// SQL of a published list's history: the published lists in order, what each rated (tournaments with the file
// version, corrections carried), and the raw stored games and files a replay compares when a list differs.
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'
import type { RatingType } from '../model/tournament'
import type { PendingAdjustment } from '../lists/corrections'
import type { PeriodTournamentRow } from './period-tournaments'
import type { FoldMerge } from '../lists/fold'
import type { PublisherColumns } from '../lists/publisher'
import { publisherSql } from './list-publisher'

export interface PublishedListRow extends PublisherColumns {
  id: number
  kind: 'office'
  listDate: string
  ratingType: RatingType
  source: string
  version: number
  supersedesId: number | null
  checksum: string | null
  /** The published list that supersedes this one (a correction's new version), if any. */
  supersededBy: number | null
}

/** Every published office list (of a type, or all), in publication order: date, then version. */
export function publishedOfficeLists(db: Db, ratingType?: RatingType): PublishedListRow[] {
  return prepared(db,
      `SELECT l.id, l.kind, l.list_date AS listDate, l.rating_type AS ratingType, l.source, l.version, l.supersedes_id AS supersedesId, l.checksum,
              (SELECT s.id FROM rating_lists s WHERE s.supersedes_id = l.id AND s.status = 'published' ORDER BY s.version DESC, s.id DESC LIMIT 1) AS supersededBy,
              ${publisherSql('l', 'm')}
         FROM rating_lists l LEFT JOIN office_list_meta m ON m.list_id = l.id
        WHERE l.kind = 'office' AND l.status = 'published' AND (? IS NULL OR l.rating_type = ?)
        ORDER BY l.rating_type, l.source, l.list_date, l.version, l.id`
    )
    .all(ratingType ?? null, ratingType ?? null) as PublishedListRow[]
}

/** A tournament a list rated, as the generation reads it, with the file version that list rated. */
export interface RatedTournamentRow extends PeriodTournamentRow {
  ratedFileId: number | null
  ratedSha256: string | null
  /** The file version number rated, and the version current now. */
  ratedVersion: number | null
  currentVersion: number | null
}

/**
 * The tournaments a list rated, in the generation's order (end date, id), with the rounds it took: `ratedThrough` is
 * the round before its first (a long event's earlier months were rated by earlier lists).
 */
export function ratedTournamentRows(db: Db, listId: number): RatedTournamentRow[] {
  return prepared(db,
      `SELECT t.id, t.name, t.start_date AS startDate, t.end_date AS endDate, t.system, t.edition, t.current_file_id AS fileId, f.sha256, t.flags,
              olt.first_round - 1 AS ratedThrough, olt.file_id AS ratedFileId, olt.file_sha256 AS ratedSha256,
              rf.version AS ratedVersion, f.version AS currentVersion
         FROM office_list_tournaments olt JOIN tournaments t ON t.id = olt.tournament_id
         LEFT JOIN tournament_files f ON f.id = t.current_file_id
         LEFT JOIN tournament_files rf ON rf.id = olt.file_id
        WHERE olt.list_id = ? ORDER BY t.end_date, t.id`
    )
    .all(listId) as RatedTournamentRow[]
}

/** The corrections (FIDE practice) a list carried, by the ids its generation recorded. */
export function adjustmentsByIds(db: Db, ids: readonly number[]): PendingAdjustment[] {
  if (!ids.length) return []
  return prepared(db,
      `SELECT id, player_id AS playerId, delta, reason, source_list_id AS sourceListId FROM office_list_adjustments WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`
    )
    .all(...ids) as PendingAdjustment[]
}

/** The stored bytes of a tournament file and the hash recorded when it was imported. */
export function tournamentFile(db: Db, fileId: number): { bytes: Buffer; sha256: string; fileName: string; version: number } | null {
  return (
    (prepared(db, 'SELECT bytes, sha256, file_name AS fileName, version FROM tournament_files WHERE id = ?').get(fileId) as
      | { bytes: Buffer; sha256: string; fileName: string; version: number }
      | undefined) ?? null
  )
}

export interface StoredGame {
  startRank: number
  round: number
  opponent: number | null
  code: string
}

/** A tournament's games as stored (what a generation reads), by start rank and round. */
export function storedGames(db: Db, tournamentId: number): StoredGame[] {
  return prepared(db, 'SELECT start_rank AS startRank, round, opponent, code FROM tournament_games WHERE tournament_id = ? ORDER BY start_rank, round')
    .all(tournamentId) as StoredGame[]
}

/** Players of a list's entries who were merged into another record since (their id no longer stands alone). */
export function mergedPlayers(db: Db, playerIds: readonly number[]): { id: number; mergedInto: number }[] {
  const stmt = prepared(db, "SELECT id, merged_into AS mergedInto FROM players WHERE id = ? AND status = 'merged'")
  const out: { id: number; mergedInto: number }[] = []
  for (const id of playerIds) {
    const r = stmt.get(id) as { id: number; mergedInto: number } | undefined
    if (r) out.push(r)
  }
  return out
}

/** Player ids, FIDE ids and names for a report. */
export function playerLabels(db: Db, playerIds: readonly number[]): Map<number, { fideId: number | null; surname: string; givenNames: string }> {
  const stmt = prepared(db, 'SELECT fide_id AS fideId, surname, given_names AS givenNames FROM players WHERE id = ?')
  const out = new Map<number, { fideId: number | null; surname: string; givenNames: string }>()
  for (const id of playerIds) {
    const r = stmt.get(id) as { fideId: number | null; surname: string; givenNames: string } | undefined
    if (r) out.set(id, r)
  }
  return out
}

export interface MergeOfList {
  mergeId: number
  keepId: number
  dropId: number
  at: string
}

/**
 * The merges (not undone) that re-pointed an entry of this list from the dropped record to the kept one, newest
 * first: undone in that order, they give the entries as the list was published.
 */
export function mergesIntoList(db: Db, listId: number): MergeOfList[] {
  const rows = prepared(db, 'SELECT id, keep_id AS keepId, drop_id AS dropId, at, moved FROM player_merges WHERE undone_at IS NULL ORDER BY id DESC')
    .all() as { id: number; keepId: number; dropId: number; at: string; moved: string }[]
  return rows
    .filter((r) => ((JSON.parse(r.moved) as { entryLists?: number[] }).entryLists ?? []).includes(listId))
    .map((r) => ({ mergeId: r.id, keepId: r.keepId, dropId: r.dropId, at: r.at }))
}

/** The merges (not undone) made after a date that touch one of these players. */
export function mergesSince(db: Db, since: string, playerIds: ReadonlySet<number>): MergeOfList[] {
  const rows = prepared(db, 'SELECT id AS mergeId, keep_id AS keepId, drop_id AS dropId, at FROM player_merges WHERE undone_at IS NULL AND at > ? ORDER BY id')
    .all(since) as MergeOfList[]
  return rows.filter((m) => playerIds.has(m.keepId) || playerIds.has(m.dropId))
}

/** When a list was published. */
export function publishedAt(db: Db, listId: number): string | null {
  return (preparedPluck(db, 'SELECT published_at FROM rating_lists WHERE id = ?').get(listId) as string | null | undefined) ?? null
}

/** The published lists in force (not superseded) that rated a tournament, oldest first, with the file hash each rated. */
export function listsRating(db: Db, tournamentId: number): { listId: number; listDate: string; ratingType: string; fileSha256: string | null }[] {
  return prepared(db,
      `SELECT l.id AS listId, l.list_date AS listDate, l.rating_type AS ratingType, olt.file_sha256 AS fileSha256
         FROM office_list_tournaments olt JOIN rating_lists l ON l.id = olt.list_id
        WHERE olt.tournament_id = ? AND l.status = 'published'
          AND NOT EXISTS (SELECT 1 FROM rating_lists s WHERE s.supersedes_id = l.id AND s.status = 'published')
        ORDER BY l.list_date, l.id`
    )
    .all(tournamentId) as { listId: number; listDate: string; ratingType: string; fileSha256: string | null }[]
}

/** A tournament's status and name (a correction takes only a corrected file that was approved again). */
export function tournamentState(db: Db, tournamentId: number): { status: string; name: string | null } {
  return prepared(db, 'SELECT status, name FROM tournaments WHERE id = ?').get(tournamentId) as { status: string; name: string | null }
}

/** Marks tournaments whose corrected file a correction took (FIDE practice) rated again. */
export function markRatedAgain(db: Db, tournamentIds: readonly number[]): number {
  const stmt = prepared(db, "UPDATE tournaments SET status = 'rated', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ? AND status = 'approved'")
  let n = 0
  for (const id of tournamentIds) n += stmt.run(id).changes
  return n
}

/** The registry's merges not undone (made before a date, when given: what a list generated then knew), in order. */
export function activeMerges(db: Db, before?: string): FoldMerge[] {
  return db
    .prepare('SELECT id AS mergeId, keep_id AS keepId, drop_id AS dropId FROM player_merges WHERE undone_at IS NULL AND (? IS NULL OR at < ?) ORDER BY id')
    .all(before ?? null, before ?? null) as FoldMerge[]
}

/** Which of these players have a line or a window on a list (the records a merge folds there). */
export function playersOnList(db: Db, listId: number, playerIds: readonly number[]): Set<number> {
  // a line as the generation reads a base: an imported line without a rating of the type is no line (titled: it is)
  const line = db
    .prepare(
      `SELECT 1 FROM rating_list_entries e JOIN players p ON p.id = e.player_id
        WHERE e.list_id = ? AND e.player_id = ? AND (e.entry_status IS NOT NULL OR e.rating IS NOT NULL OR e.title IS NOT NULL OR p.title IS NOT NULL)`
    )
    .pluck()
  const win = db.prepare('SELECT 1 FROM office_list_window WHERE list_id = ? AND player_id = ?').pluck()
  return new Set(playerIds.filter((id) => line.get(listId, id) !== undefined || win.get(listId, id) !== undefined))
}
