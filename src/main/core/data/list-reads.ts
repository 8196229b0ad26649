// SQL of a list's reads: the list and its parameters, its entries in canonical order, the tournaments it rates, a
// player's sheet and line with the names a sheet keeps as ids, the published versions of a chain, and the players a
// search on it matches.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { ListTournament } from '../../../shared/contract/office-lists'
import type { RatingType } from '../model/tournament'
import type { EntryStatus, ListEntry, ListGames } from '../lists/types'
import { unpackSheet } from '../lists/stored-sheet'
import { UserError } from '../util/errors'
import { prepared, preparedPluck } from './statements'
import { HOLDER_SHEET, SHEET_HOLDERS } from './sheet-holders'

export interface OfficeListRow {
  id: number
  kind: 'reference' | 'office'
  listDate: string
  ratingType: RatingType
  source: string
  edition: string | null
  status: 'draft' | 'published' | 'reference'
  version: number
  supersedesId: number | null
  checksum: string | null
}

export function getList(db: Db, listId: number): OfficeListRow {
  const row = prepared(db, 'SELECT id, kind, list_date AS listDate, rating_type AS ratingType, source, edition, status, version, supersedes_id AS supersedesId, checksum FROM rating_lists WHERE id = ?')
    .get(listId) as OfficeListRow | undefined
  if (!row) throw new UserError('lists.notFound', { listId })
  return row
}

export interface MetaRow {
  baseListId: number
  closingDate: string
  profileId: string
  params: string
  engineVersion: string
  counters: string
  inputsHash: string
  generatedAt: string
  reason: string | null
}

export function getMeta(db: Db, listId: number): MetaRow | null {
  return (
    (db
      .prepare(
        'SELECT base_list_id AS baseListId, closing_date AS closingDate, profile_id AS profileId, params, engine_version AS engineVersion, counters, inputs_hash AS inputsHash, generated_at AS generatedAt, reason FROM office_list_meta WHERE list_id = ?'
      )
      .get(listId) as MetaRow | undefined) ?? null
  )
}

/** The entries of a list in canonical order (player id), as the engine's checksum reads them. */
export function listEntriesCanonical(db: Db, listId: number): ListEntry[] {
  const rows = db.prepare(`SELECT ${CANONICAL_COLUMNS} FROM ${listTables(db, listId).entries} WHERE list_id = ? ORDER BY player_id`).raw().iterate(listId) as IterableIterator<unknown[]>
  const out: ListEntry[] = []
  for (const r of rows) out.push(canonicalEntry(r))
  return out
}

const CANONICAL_COLUMNS = 'player_id, rating, games, k, flags, entry_status, title, federation, birth_year, sex, rated_games, highest_rating, tracked_since, recent_games'

/** A stored line (its CANONICAL_COLUMNS) as the generation gives it. */
function canonicalEntry(r: unknown[]): ListEntry {
  return {
    playerId: r[0] as number,
    rating: r[1] as number | null,
    games: (r[2] as number | null) ?? 0,
    k: r[3] as number | null,
    flags: r[4] as string | null,
    status: (r[5] as EntryStatus | null) ?? 'rated',
    title: r[6] as string | null,
    federation: r[7] as string | null,
    birthYear: r[8] as number | null,
    sex: r[9] as 'M' | 'F' | null,
    ratedGamesToDate: r[10] as number | null,
    highestRating: r[11] as number | null,
    trackedSince: r[12] as string | null,
    recentGames: r[13] ? (JSON.parse(r[13] as string) as ListGames[]) : []
  }
}

/** Some players' lines on a list, as listEntriesCanonical gives them, by player (those not on it left out). */
export function listEntriesOf(db: Db, listId: number, playerIds: readonly number[]): Map<number, ListEntry> {
  const rows = db
    .prepare(`SELECT ${CANONICAL_COLUMNS} FROM ${listTables(db, listId).entries} WHERE list_id = ? AND player_id IN (SELECT value FROM json_each(?)) ORDER BY player_id`)
    .raw()
    .all(listId, JSON.stringify(playerIds)) as unknown[][]
  return new Map(rows.map((r) => [r[0] as number, canonicalEntry(r)]))
}

/** A tournament's finding that it rates no game or far fewer than it holds (checks/rated.ts), as stored. */
export interface RatedGamesFinding {
  code: string
  level: 'error' | 'warning' | 'info'
  params: Record<string, unknown>
  decision: string | null
}

/** The tournaments a list rates, by end date then id: every one, or a page of them (`limit`, `offset`). */
export function listTournaments(db: Db, listId: number, page?: { offset: number; limit: number }): (Omit<ListTournament, 'ratedGames'> & { ratedGames: RatedGamesFinding | null })[] {
  const rows = db
    .prepare(
      `SELECT olt.tournament_id AS tournamentId, t.name, t.start_date AS startDate, t.end_date AS endDate, olt.file_sha256 AS fileSha256,
              olt.first_round AS firstRound, olt.last_round AS lastRound, olt.late, olt.final, olt.games, olt.players,
              (SELECT json_object('code', f.code, 'level', f.level, 'params', json(f.params), 'decision', f.decision) FROM tournament_findings f
                WHERE f.tournament_id = t.id AND f.active = 1 AND f.code IN ('check.games.noneRated', 'check.games.fewRated')
                ORDER BY f.id DESC LIMIT 1) AS ratedGames
         FROM office_list_tournaments olt JOIN tournaments t ON t.id = olt.tournament_id
        WHERE olt.list_id = ? ORDER BY t.end_date, t.id${page ? ' LIMIT ? OFFSET ?' : ''}`
    )
    .all(listId, ...(page ? [page.limit, page.offset] : [])) as (Omit<ListTournament, 'late' | 'final' | 'ratedGames'> & { late: number; final: number; ratedGames: string | null })[]
  return rows.map((r) => ({ ...r, late: r.late === 1, final: r.final === 1, ratedGames: r.ratedGames === null ? null : (JSON.parse(r.ratedGames) as RatedGamesFinding) }))
}

/** How many tournaments a list rates. */
export function listTournamentCount(db: Db, listId: number): number {
  return preparedPluck(db, 'SELECT count(*) FROM office_list_tournaments WHERE list_id = ?').get(listId) as number
}

/**
 * A player's calculation sheet on a list, as the UI and the CLI show it (null: none): his own, or the one of a record
 * merged into him whose entry on that list moved with the merge (data/sheet-holders.ts).
 */
export function readSheet(db: Db, listId: number, playerId: number): unknown | null {
  const blob = preparedPluck(
    db,
    `WITH RECURSIVE ${SHEET_HOLDERS}
     SELECT s.sheet FROM holders h CROSS JOIN office_list_sheets s ON ${HOLDER_SHEET} AND s.list_id = @list ORDER BY h.list IS NOT NULL LIMIT 1`
  ).get({ players: JSON.stringify([playerId]), list: listId }) as Buffer | undefined
  return blob ? unpackSheet(blob) : null
}

/**
 * The names a calculation sheet keeps as ids, joined at read time (the stored sheet never changes): each player's
 * FIDE ID and name, each list's date, type and version. One statement for both, the ids passed as JSON arrays.
 */
export function sheetReferences(
  db: Db,
  playerIds: readonly number[],
  listIds: readonly number[]
): { players: Array<{ id: number; fideId: number | null; surname: string; givenNames: string }>; lists: Array<{ id: number; listDate: string; ratingType: string; version: number }> } {
  // a statement kept: every sheet shown (the public website reads thousands) asks it
  const rows = prepared(db,
      `SELECT 'p' AS k, id, fide_id AS fideId, surname, given_names AS givenNames, NULL AS listDate, NULL AS ratingType, NULL AS version
         FROM players WHERE id IN (SELECT value FROM json_each(?))
       UNION ALL
       SELECT 'l', id, NULL, NULL, NULL, list_date, rating_type, version FROM rating_lists WHERE id IN (SELECT value FROM json_each(?))`
    )
    .all(JSON.stringify(playerIds), JSON.stringify(listIds)) as Array<{ k: 'p' | 'l'; id: number; fideId: number | null; surname: string; givenNames: string; listDate: string; ratingType: string; version: number }>
  return {
    players: rows.filter((r) => r.k === 'p').map((r) => ({ id: r.id, fideId: r.fideId, surname: r.surname, givenNames: r.givenNames })),
    lists: rows.filter((r) => r.k === 'l').map((r) => ({ id: r.id, listDate: r.listDate, ratingType: r.ratingType, version: r.version }))
  }
}

export function readEntry(db: Db, listId: number, playerId: number): { rating: number | null; games: number | null; k: number | null; flags: string | null } | null {
  return (
    (prepared(db, 'SELECT rating, games, k, flags FROM rating_list_entries WHERE list_id = ? AND player_id = ?').get(listId, playerId) as
      | { rating: number | null; games: number | null; k: number | null; flags: string | null }
      | undefined) ?? null
  )
}

/** The published office lists of a type and source after a date, each the version in force (none replaced it), oldest first. */
export function publishedListsAfter(db: Db, ratingType: string, source: string, listDate: string): number[] {
  return db
    .prepare(
      `SELECT l.id FROM rating_lists l WHERE l.kind = 'office' AND l.status = 'published' AND l.rating_type = ? AND l.source = ? AND l.list_date > ?
         AND NOT EXISTS (SELECT 1 FROM rating_lists s WHERE s.supersedes_id = l.id AND s.status = 'published')
       ORDER BY l.list_date`
    )
    .pluck()
    .all(ratingType, source, listDate) as number[]
}

/** The published list that replaced this one (its next version), if any. */
export function publishedVersionOf(db: Db, listId: number): number | undefined {
  return db.prepare("SELECT id FROM rating_lists WHERE supersedes_id = ? AND status = 'published'").pluck().get(listId) as number | undefined
}

/** A reader of players' [FIDE ID, surname, given names] by id, prepared once for a loop. */
export function playerNameReader(db: Db): (playerId: number) => [number | null, string, string] {
  const st = db.prepare('SELECT fide_id, surname, given_names FROM players WHERE id = ?').raw()
  return (playerId) => st.get(playerId) as [number | null, string, string]
}

/**
 * The ids of the players matching a search condition on `players p` (playerSearchCondition): the first `limit` (by
 * id). A name search is driven by the full-text index in its rowid order and stops at the limit: as
 * \`p.id IN (SELECT rowid … MATCH)\` SQLite gathered every match first (250 ms for a name that 1.9 M players share,
 * for the same 5,000 ids).
 */
export function matchingPlayerIds(db: Db, cond: { sql: string; params: (string | number)[]; fts?: string }, limit: number): number[] {
  if (cond.fts !== undefined) {
    return db.prepare('SELECT p.id FROM players_fts f JOIN players p ON p.id = f.rowid WHERE players_fts MATCH ? ORDER BY f.rowid LIMIT ?').pluck().all(cond.fts, limit) as number[]
  }
  return db.prepare(`SELECT p.id FROM players p WHERE ${cond.sql} LIMIT ?`).pluck().all(...cond.params, limit) as number[]
}

/** A player's id, FIDE ID and name, by id or by FIDE ID. */
export function playerBrief(db: Db, by: 'id' | 'fide_id', value: number): { id: number; fideId: number | null; surname: string; givenNames: string } | undefined {
  return prepared(db, `SELECT id, fide_id AS fideId, surname, given_names AS givenNames FROM players WHERE ${by === 'id' ? 'id' : 'fide_id'} = ?`).get(value) as
    | { id: number; fideId: number | null; surname: string; givenNames: string }
    | undefined
}
