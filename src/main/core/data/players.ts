// The players table: one column list for a new player (the list import, one row or many, and a player created from a tournament), lookups by ID and name.
import type Database from 'better-sqlite3'
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'
import { foldName } from '../registry/names'
import { PLAYER_VALUES, PLAYER_VALUE_COLUMNS } from '../registry/list-read'
import type { ListRating } from './lists'
import { publishedRatingSql } from './published-rating'

/** A new player's fields (PLAYER_VALUE_COLUMNS but the folded name, which is derived). */
export interface NewPlayer {
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  sex: string | null
  birthDate: string | null
  title: string | null
  womanTitle: string | null
  otherTitles: string | null
  foaTitle: string | null
  arbiterTitle: string | null
  status: 'active' | 'inactive'
  nationalId: string | null
}

/**
 * The one INSERT of a player: PLAYER_VALUES positional values in PLAYER_VALUE_COLUMNS order (as
 * `pushPlayerValues` gives them), then source_list_id, created_at, updated_at. Positional parameters: measurably
 * faster than named ones on millions of rows.
 */
export function playerInsert(db: Db): Database.Statement {
  return prepared(db,
    `INSERT INTO players(${PLAYER_VALUE_COLUMNS}, source_list_id, created_at, updated_at)
     VALUES (${Array.from({ length: PLAYER_VALUES + 3 }, () => '?').join(', ')})`
  )
}

/** The multi-row form of `playerInsert` for a first load: `constants` (source list, created, updated) are written into the statement. */
export function playerBatchInsertSql(rows: number, constants: string): string {
  return `INSERT INTO players(${PLAYER_VALUE_COLUMNS}, source_list_id, created_at, updated_at)
             VALUES ${Array.from({ length: rows }, () => `(${Array.from({ length: PLAYER_VALUES }, () => '?').join(', ')}, ${constants})`).join(', ')}`
}

/** Writes one new player; returns its id. */
export function insertPlayer(db: Db, p: NewPlayer, sourceListId: number | null = null): number {
  const now = new Date().toISOString()
  const values = [
    p.fideId, p.surname, p.givenNames, foldName(`${p.surname} ${p.givenNames}`), p.federation, p.sex, p.birthDate, p.title,
    p.womanTitle, p.otherTitles, p.foaTitle, p.arbiterTitle, p.status, p.nationalId
  ]
  return Number(playerInsert(db).run(...values, sourceListId, now, now).lastInsertRowid)
}

export function playerExists(db: Db, id: number): boolean {
  return prepared(db, 'SELECT 1 FROM players WHERE id = ?').get(id) !== undefined
}

/** The id of the player holding a FIDE ID (merged records included), or null. */
export function playerIdByFideId(db: Db, fideId: number): number | null {
  return (prepared(db, 'SELECT id FROM players WHERE fide_id = ?').get(fideId) as { id: number } | undefined)?.id ?? null
}

/** A registry player as the matching of a file's players reads it. */
export interface RegistryPlayer {
  id: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  sex: 'M' | 'F' | null
  birthDate: string | null
  status: string
  mergedInto: number | null
}

const REGISTRY_PLAYER = `SELECT p.id, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, p.federation, p.sex, p.birth_date AS birthDate,
  p.status, p.merged_into AS mergedInto FROM players p`

/** The lookups of a file's matching, each prepared once for a whole file. */
export interface RegistryLookup {
  byFideId(fideId: number): RegistryPlayer | undefined
  byId(id: number): RegistryPlayer | undefined
  /** Players not merged away whose name matches an FTS5 query, at most 50. */
  byName(ftsQuery: string): RegistryPlayer[]
  /** A player's entry on a list, as `ratingsAtStart` (data/lists.ts) reads it (undefined: no entry). */
  listRating(listId: number, playerId: number): ListRating | undefined
}

export function registryLookup(db: Db): RegistryLookup {
  const byFideId = prepared(db, `${REGISTRY_PLAYER} WHERE p.fide_id = ?`)
  const byId = prepared(db, `${REGISTRY_PLAYER} WHERE p.id = ?`)
  // the FTS match drives the join (at most 50 candidates, in the order the index gives them)
  const fts = prepared(db, `SELECT p.id, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, p.federation, p.sex, p.birth_date AS birthDate, p.status, p.merged_into AS mergedInto
                            FROM players_fts f JOIN players p ON p.id = f.rowid WHERE players_fts MATCH ? AND p.status <> 'merged' LIMIT 50`)
  let rating: Database.Statement | null = null
  return {
    byFideId: (fideId) => byFideId.get(fideId) as RegistryPlayer | undefined,
    byId: (id) => byId.get(id) as RegistryPlayer | undefined,
    byName: (q) => fts.all(q) as RegistryPlayer[],
    listRating: (listId, playerId) =>
      (rating ??= prepared(db, `SELECT ${publishedRatingSql('e')} AS rating, e.k, e.birth_year AS birthYear FROM rating_list_entries e WHERE e.list_id = ? AND e.player_id = ?`)).get(listId, playerId) as ListRating | undefined
  }
}

/** The tournaments a player played, latest first (a nameless one shows its id). */
export function playerTournaments(db: Db, playerId: number): { id: number; name: string; date: string | null }[] {
  const rows = prepared(db,
      `SELECT DISTINCT t.id, t.name AS name, t.end_date AS date
         FROM tournament_players x JOIN tournaments t ON t.id = x.tournament_id WHERE x.player_id = ? ORDER BY date DESC, t.id DESC`
    )
    .all(playerId) as { id: number; name: string | null; date: string | null }[]
  return rows.map((r) => ({ id: r.id, name: r.name ?? `#${r.id}`, date: r.date }))
}

/** The titles a player's page shows beside the search row: other titles (FIDE's list) and the FOA title. */
export function playerOtherTitles(db: Db, id: number): { other_titles: string | null; foa_title: string | null; region: string | null } {
  return prepared(db, 'SELECT other_titles, foa_title, region FROM players WHERE id = ?').get(id) as { other_titles: string | null; foa_title: string | null; region: string | null }
}

/**
 * The players not merged away, as migration 12's triggers keep it (the players table's unfiltered total, read in
 * microseconds instead of counting two million index entries); null on a database without the count.
 */
export function storedPlayerCount(db: Db): number | null {
  return (preparedPluck(db, "SELECT n FROM registry_counts WHERE key = 'players_not_merged'").get() as number | undefined) ?? null
}

/** Counts the players not merged away once and stores it (after a bulk load, which writes without the trigger). */
export function recountPlayers(db: Db): void {
  prepared(db, "UPDATE registry_counts SET n = (SELECT count(*) FROM players WHERE status <> 'merged') WHERE key = 'players_not_merged'").run()
}
