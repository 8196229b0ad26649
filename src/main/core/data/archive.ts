// SQL of the archive: finding players by name or FIDE ID, and the calculation sheets the office's published lists
// hold for one player.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { ArchivePlayer, HistoryRow } from '../../../shared/contract/archive'
import { withPublisher, type PublisherColumns } from '../lists/publisher'
import { publisherSql } from './list-publisher'
import { readSettings } from './settings'
import { delistedSql, publishedRatingSql } from './published-rating'
import { prepared } from './statements'
import { HOLDER_SHEET, SHEET_HOLDERS } from './sheet-holders'

/** The registry columns the archive shows for a player, with the record a merge led him into. */
export const archivePlayerColumns = `p.id, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, p.federation, p.sex,
  CAST(substr(p.birth_date, 1, 4) AS INTEGER) AS birthYear, p.title, p.status, p.merged_into AS mergedInto`

export type ArchivePlayerRow = Omit<ArchivePlayer, 'name'> & { mergedInto: number | null }

/** One registry record by id or by FIDE ID, in the archive's columns. */
export function archivePlayerRow(db: Db, by: 'id' | 'fide_id', value: number): ArchivePlayerRow | undefined {
  return db.prepare(`SELECT ${archivePlayerColumns} FROM players p WHERE p.${by === 'id' ? 'id' : 'fide_id'} = ?`).get(value) as ArchivePlayerRow | undefined
}

export interface ListEntryFacts {
  /** The published rating (null: unrated, or shown as delisted). */
  rating: number | null
  games: number | null
  k: number | null
  flags: string | null
  delisted: boolean
  title: string | null
  federation: string | null
}

/** An entry's columns as the archive shows them: its published rating and the delisted mark (SQLite's 0/1). */
const ENTRY_FACTS = `${publishedRatingSql('e')} AS rating, e.games, e.k, e.flags, ${delistedSql('e')} AS delisted, e.title, e.federation`

/** SQLite's 0/1 of the delisted mark as a boolean. */
function withDelisted<T extends { delisted: unknown }>(row: T): T & { delisted: boolean } {
  return { ...row, delisted: row.delisted === 1 }
}

/** A player's line on one list, or undefined when he is not on it. */
export function listEntryOf(db: Db, listId: number, playerId: number): ListEntryFacts | undefined {
  const row = db.prepare(`SELECT ${ENTRY_FACTS} FROM rating_list_entries e WHERE e.list_id = ? AND e.player_id = ?`).get(listId, playerId) as ListEntryFacts | undefined
  return row && withDelisted(row)
}

/** A player's line on every list (of one type when given; drafts only when asked), oldest first. */
export function playerHistory(db: Db, playerId: number, ratingType: string | undefined, includeDrafts: boolean): HistoryRow[] {
  const where = ['e.player_id = ?']
  const params: (string | number)[] = [playerId]
  if (ratingType) {
    where.push('l.rating_type = ?')
    params.push(ratingType)
  }
  if (!includeDrafts) where.push("l.status <> 'draft'")
  const rows = prepared(db,
      `SELECT l.id AS listId, l.list_date AS listDate, l.kind, l.status, l.source, l.rating_type AS ratingType,
              l.version, ${ENTRY_FACTS}, ${publisherSql('l', 'm')}
         FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id LEFT JOIN office_list_meta m ON m.list_id = l.id
        WHERE ${where.join(' AND ')}
        ORDER BY l.list_date ASC, l.rating_type ASC, l.kind DESC, l.version ASC, l.id ASC`
    )
    .all(...params) as (Omit<HistoryRow, 'publisher' | 'delisted'> & { delisted: unknown } & PublisherColumns)[]
  const settings = readSettings(db)
  return rows.map((r) => withPublisher(withDelisted(r), settings))
}

export interface PlayerSheetRow {
  listId: number
  listDate: string
  ratingType: 'standard' | 'rapid' | 'blitz'
  version: number
  /** The rounded change the list printed for him (null: unrated before or after). */
  change: number | null
  /** The stored CalculationSheet (unpackSheet reads either form). */
  sheet: Buffer
}

/**
 * His sheets on every published office list that no later published version replaced (a new version carries
 * the whole corrected line, so the replaced one would count his tournaments twice), oldest list first; on a list
 * where a merge moved a merged record's entry to him, that record's sheet (data/sheet-holders.ts).
 * Reads his rows through office_list_sheets_player: one player's history, never a scan of the lists.
 */
export function playerSheets(db: Db, playerId: number, ratingType?: string): PlayerSheetRow[] {
  return prepared(db,
      `WITH RECURSIVE ${SHEET_HOLDERS}
       SELECT l.id AS listId, l.list_date AS listDate, l.rating_type AS ratingType, l.version, s.change, s.sheet
         FROM holders h CROSS JOIN office_list_sheets s ON ${HOLDER_SHEET} JOIN rating_lists l ON l.id = s.list_id
        WHERE l.status = 'published' AND (@type IS NULL OR l.rating_type = @type)
          AND NOT EXISTS (SELECT 1 FROM rating_lists n WHERE n.supersedes_id = l.id AND n.status = 'published')
        ORDER BY l.list_date, l.rating_type, l.id`
    )
    .all({ players: JSON.stringify([playerId]), type: ratingType ?? null }) as PlayerSheetRow[]
}

/** From this many matches on, a search walks the name index instead of sorting its matches (see findPlayerRows). */
export const DENSE_SEARCH = 2000
/** Up to this many matches, a one-word search whose matches are nearly all surnames reads them from their range. */
export const SURNAME_SEARCH = 20_000

/** A search condition over `players p` (playerSearchCondition), with its FTS query when it is a name search. */
export type SearchCondition = { sql: string; params: (string | number)[]; fts?: string }

/** The registry's players matching a search, as a SELECT of their ids and its parameters: a name search's from the FTS index alone. */
export function matchingIds(cond: SearchCondition): { sql: string; params: (string | number)[] } {
  return cond.fts !== undefined ? { sql: 'SELECT rowid AS id FROM players_fts WHERE players_fts MATCH ?', params: [cond.fts] } : { sql: `SELECT p.id FROM players p WHERE ${cond.sql}`, params: cond.params }
}

/**
 * How many players of the registry match a search, counted up to `cap`: a name search in the name index alone (no
 * player row read for each: 2,000 of them cost ~8 ms), a FIDE ID prefix in the FIDE ID index. It chooses how a search
 * reads its matches (here and in a list's search, data/list-pages.ts).
 */
export function registryMatches(db: Db, cond: SearchCondition, cap: number): number {
  const ids = matchingIds(cond)
  return db.prepare(`SELECT count(*) FROM (${ids.sql} LIMIT ${cap})`).pluck().get(...ids.params) as number
}

/**
 * A name search's FTS query of plain words (`"w1"* "w2"*`, as playerSearchCondition writes it) as a test of the folded
 * name alone: each word starts the name or follows a space in it. On a folded name (words of a-z and 0-9, one space
 * between: foldName) that is the FTS match itself, each word starting some token of the name (as words_prefix_match
 * checks, data/player-search.ts), read from the name index with no player row and no set of matches; null for any
 * other query.
 */
export function nameWordsTest(fts: string): { sql: string; params: string[]; words: number } | null {
  const words = [...fts.matchAll(/"([a-z0-9]+)"\*/g)].map((m) => m[1]!)
  if (!words.length || words.map((w) => `"${w}"*`).join(' ') !== fts) return null
  return { sql: words.map(() => "instr(' ' || p.name_folded, ?) > 0").join(' AND '), params: words.map((w) => ` ${w}`), words: words.length }
}

/**
 * The first `limit` players (merged records left out) matching a search condition over `p` (playerSearchCondition),
 * by name then id, as `columns` over `p`. A narrow search (a surname) sorts its few matches; one that matches a
 * good share of the registry (two or three letters, a FIDE ID's first digits: a hundred thousand players at FIDE's
 * size) walks the players' name index in order and stops at `limit` matches, instead of reading and sorting them all.
 * Between the two, a one-word search whose matches are nearly all names starting with it ("kum": Kumar, 6,000 players
 * at FIDE's size, late in the alphabet) takes those from their own range of the name index and sorts only the few
 * others (the word starting a later word of the name): the walk would step over every name before the range
 * (100 ms at 1.9 M players), the sort would read every match. The walk of a one-word name search, or of any name
 * search of SURNAME_SEARCH matches or more, tests each name in the index (nameWordsTest) instead of looking it up in
 * the set of the matches, which took longer to make than the walk: 60 ms for the 180,000 of "ber" (a syllable starting
 * a tenth of the names' words) at 1.9 M players, 5 ms for 18,000, before the walk's first step. The test costs more a
 * name than a look-up in the set (1.7 times, over half the index), so a walk of several words with fewer matches,
 * which may step over most of the index to reach them (each word common, the names having both rare), keeps the set;
 * a one-word walk's matches are thousands of names' later words (surnameFirst took the case of few), met early.
 */
export function findPlayerRows<T>(db: Db, columns: string, cond: SearchCondition, limit: number): T[] {
  const matches = registryMatches(db, cond, cond.fts !== undefined ? SURNAME_SEARCH : DENSE_SEARCH)
  if (matches >= DENSE_SEARCH && matches < SURNAME_SEARCH && cond.fts !== undefined) {
    const rows = surnameFirst<T>(db, columns, cond.fts, limit, { matches })
    if (rows) return rows
  }
  const from = matches >= DENSE_SEARCH ? 'players p INDEXED BY players_name_status' : 'players p'
  const test = matches >= DENSE_SEARCH && cond.fts !== undefined ? nameWordsTest(cond.fts) : null
  const where = test && (test.words === 1 || matches >= SURNAME_SEARCH) ? test : cond
  return db
    .prepare(`SELECT ${columns} FROM ${from} WHERE p.status <> 'merged' AND (${where.sql}) ORDER BY p.name_folded, p.id LIMIT ?`)
    .all(...where.params, limit) as T[]
}

/**
 * A one-word FTS match (`"word"*`) answered as the names starting with the word (a range of the name index, in order)
 * merged with the other matches, sorted; null when the query is not one plain word or when those others are many
 * (the word is common inside names: the walk finds its matches early then). In the registry (merged records left out)
 * or, with `list`, among the players on that list (a search inside a list by name: every entry, as its plain query),
 * ascending or descending, from `offset`; `matches`, the registry's count of the FTS matches (registryMatches) when
 * the caller has it.
 */
export function surnameFirst<T>(db: Db, columns: string, fts: string, limit: number, within: { list?: number; offset?: number; desc?: boolean; matches?: number } = {}): T[] | null {
  const word = /^"([a-z0-9]+)"\*$/.exec(fts)?.[1]
  if (!word) return null
  // every name in [word, next) starts with the word, so its first FTS token does: all of them match
  const range = { lo: word, hi: word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1) }
  const inRange = 'SELECT id FROM players INDEXED BY players_name_status WHERE name_folded >= @lo AND name_folded < @hi'
  // the others: the matches less the range's names when the matches were counted whole (a count of the range in the
  // name index), else the matches not in the range, counted up to DENSE_SEARCH (the range made a set: 5 ms for 9,000)
  const others =
    within.matches !== undefined && within.matches < SURNAME_SEARCH
      ? within.matches - (db.prepare(`SELECT count(*) FROM (${inRange})`).pluck().get(range) as number)
      : (db
          .prepare(`SELECT count(*) FROM (SELECT 1 FROM players_fts WHERE players_fts MATCH @fts AND rowid NOT IN (${inRange}) LIMIT ${DENSE_SEARCH})`)
          .pluck()
          .get({ fts, ...range }) as number)
  if (others >= DENSE_SEARCH) return null
  const dir = within.desc ? 'DESC' : 'ASC'
  const keep = within.list !== undefined ? `CROSS JOIN ${listTables(db, within.list).entries} e ON e.list_id = @list AND e.player_id = p.id` : ''
  const notMerged = within.list !== undefined ? '' : "AND p.status <> 'merged'"
  const order = `name_folded ${dir}, id ${dir}`
  return db
    .prepare(
      `WITH first AS (SELECT p.id, p.name_folded FROM players p INDEXED BY players_name_status ${keep}
                       WHERE p.name_folded >= @lo AND p.name_folded < @hi ${notMerged} ORDER BY p.${order.replace(', id', ', p.id')} LIMIT @upTo),
            rest AS (SELECT p.id, p.name_folded FROM players p ${keep}
                      WHERE p.id IN (SELECT rowid FROM players_fts WHERE players_fts MATCH @fts) AND p.id NOT IN (${inRange}) ${notMerged}
                      ORDER BY p.${order.replace(', id', ', p.id')} LIMIT @upTo),
            page AS (SELECT id, name_folded FROM first UNION ALL SELECT id, name_folded FROM rest ORDER BY ${order} LIMIT @limit OFFSET @offset)
       SELECT ${columns} FROM page k JOIN players p ON p.id = k.id ORDER BY k.${order.replace(', id', ', k.id')}`
    )
    .all({ fts, ...range, limit, offset: within.offset ?? 0, upTo: limit + (within.offset ?? 0), ...(within.list !== undefined ? { list: within.list } : {}) }) as T[]
}
