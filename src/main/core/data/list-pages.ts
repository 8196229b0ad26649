// SQL of the lists pages: a list's summary, the lists held, and one list's entries paged, sorted and searched
// without sorting a FIDE-sized list whole.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { ListEntryRow, ListSummary } from '../../../shared/contract/lists'
import { UserError } from '../util/errors'
import { withPublisher, type PublisherColumns } from '../lists/publisher'
import { publisherSql } from './list-publisher'
import { readSettings } from './settings'
import { fromTheEnd, MATCH_CAP, withWordsPrefixMatch } from './player-search'
import { DENSE_SEARCH, SURNAME_SEARCH, matchingIds, registryMatches, surnameFirst, type SearchCondition } from './archive'
import { UNRATED_KEY, ratedCountSql } from './list-by-rating'
import { delistedSql, publishedRatingSql } from './published-rating'
import { markedPage, readParts, registrySpan, walksPlayers, writeListMarks, type KnownEntries, type OrderPart } from './list-order-marks'

const summaryColumns = `l.id, l.kind, l.list_date AS listDate, l.rating_type AS ratingType, l.source, l.edition,
  l.status, l.version, l.supersedes_id AS supersedesId, l.checksum, l.file_name AS fileName,
  l.created_at AS createdAt, l.published_at AS publishedAt,
  ${entryCountSql('l')} AS entries, ${publisherSql('l', 'm')}`


/**
 * The entry count of the list `l` (over rating_lists) as SQL: the stored count of a frozen list, else counted now in
 * the database itself (an uncounted list is never sealed: a seal takes counted lists only).
 */
export function entryCountSql(l: string): string {
  return `CASE WHEN ${l}.entry_count IS NOT NULL THEN ${l}.entry_count ELSE (SELECT count(*) FROM main.rating_list_entries e WHERE e.list_id = ${l}.id) END`
}

/** The number of entries a list holds (stored for a frozen list, counted for a draft). */
export function listEntryCount(db: Db, listId: number): number {
  return (db.prepare(`SELECT ${entryCountSql('l')} FROM rating_lists l WHERE l.id = ?`).pluck().get(listId) as number | undefined) ?? 0
}

/**
 * A list's counts are stored when its entries are all written, and its orders marked: a reference list at the end of
 * its import, an office list's draft as its generation writes its last line (migration 21; its publication keeps
 * them); migration 11 counted the frozen lists held before. A list whose entries are still being written is counted
 * when read. A writer that knows the entries it wrote (`known`) is held to the counts SQLite finds: its marks come from
 * what it knows.
 */
export function storeListCounts(db: Db, listId: number, baseListId?: number, known?: KnownEntries): void {
  const stored = db
    .prepare(
      `UPDATE rating_lists SET entry_count = (SELECT count(*) FROM main.rating_list_entries WHERE list_id = @id),
              rated_count = ${ratedCountSql('@id')}
        WHERE id = @id AND entry_count IS NULL RETURNING entry_count, rated_count`
    )
    .raw()
    .get({ id: listId }) as [number, number] | undefined
  if (!stored) return
  const [entries, rated] = stored
  // the order by rating (migration 23) holds every entry once: a writer that lifted its trigger wrote it whole
  const keyed = db.prepare('SELECT count(*) FROM main.list_by_rating WHERE list_id = ?').pluck().get(listId) as number
  if (keyed !== entries) throw new Error(`list ${listId}: ${entries} entries, ${keyed} of them in its order by rating`)
  if (known && (known.entries !== entries || known.rated !== rated)) {
    throw new Error(`list ${listId}: its writer saw ${known.entries} entries (${known.rated} rated), the list holds ${entries} (${rated} rated)`)
  }
  // its orders are marked at the same moment (migrations 13 and 15)
  // (a list made from a base list, an office list's draft, moves the base's marks: writeListMarks)
  writeListMarks(db, listId, entries, baseListId, known)
}

/** The rated entries of a list (stored for a frozen list, counted for a draft). */
export function ratedCount(db: Db, listId: number): number {
  return db
    .prepare(
      `SELECT CASE WHEN rated_count IS NOT NULL THEN rated_count
              ELSE ${ratedCountSql('@id')} END FROM rating_lists WHERE id = @id`
    )
    .pluck()
    .get({ id: listId }) as number
}

type SummaryRow = Omit<ListSummary, 'publisher'> & PublisherColumns


/** One list's summary with its entry count and publisher; a located refusal when there is no such list. */
export function getListSummary(db: Db, listId: number): ListSummary {
  const row = db.prepare(`SELECT ${summaryColumns} FROM rating_lists l LEFT JOIN office_list_meta m ON m.list_id = l.id WHERE l.id = ?`).get(listId) as SummaryRow | undefined
  if (!row) throw new UserError('lists.notFound', { listId })
  return withPublisher(row, readSettings(db))
}

/** The lists held (filtered by kind, rating type and status), newest first. */
export function listSummaries(db: Db, input: { kind?: string; ratingType?: string; status?: string }): ListSummary[] {
  const where: string[] = []
  const params: string[] = []
  if (input.kind) {
    where.push('l.kind = ?')
    params.push(input.kind)
  }
  if (input.ratingType) {
    where.push('l.rating_type = ?')
    params.push(input.ratingType)
  }
  if (input.status) {
    where.push('l.status = ?')
    params.push(input.status)
  }
  const sql = `SELECT ${summaryColumns} FROM rating_lists l LEFT JOIN office_list_meta m ON m.list_id = l.id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY l.list_date DESC, l.rating_type ASC, l.kind ASC, l.version DESC, l.id DESC`
  const settings = readSettings(db)
  return (db.prepare(sql).all(...params) as SummaryRow[]).map((r) => withPublisher(r, settings))
}

export type EntriesInput = { listId: number; offset: number; limit: number; sort: 'rating' | 'name' | 'fideId'; order: 'asc' | 'desc' }

const playerOrder = {
  name: (dir: string) => `p.name_folded ${dir}, p.id ${dir}`,
  fideId: (dir: string) => `p.fide_id ${dir}, p.id ${dir}`
} as const

/**
 * The player ids of one page, in order, chosen so that a FIDE-sized list pages without sorting it whole:
 * by rating the list's order by rating is walked (ratings, then unrated entries, ties by player id); by name
 * or FIDE ID a list holding a good share of the registry walks the players' own index and looks each up on
 * the list, a small list is joined and sorted. A frozen list's walk starts at its mark nearest the page
 * (data/list-order-marks.ts); a draft's starts at the end nearer the page.
 */
export function pageIds(db: Db, input: EntriesInput, entries: number): number[] {
  const dir = input.order === 'asc' ? 'ASC' : 'DESC'
  const ids = (sql: string, ...params: (string | number)[]): number[] => (db.prepare(sql).pluck().all(...params) as number[])
  const t = listTables(db, input.listId)
  const registry = registrySpan(db)
  const walks = walksPlayers(entries, registry)
  if (input.sort === 'rating' || walks) {
    const rated = input.sort === 'rating' ? ratedCount(db, input.listId) : entries
    const marked = markedPage(db, input.listId, input.sort, { offset: input.offset, limit: input.limit, desc: dir === 'DESC' }, { entries, rated })
    if (marked) return marked
  }
  if (input.sort === 'rating') {
    // two phases: the rated by rating (ties by player id), then the unrated by player id, both from the list's
    // order by rating (list_by_rating, migration 23); a page past the middle is the same page read backwards from the other end
    // (fromTheEnd), so the last pages cost what the first ones do
    const rated = ratedCount(db, input.listId)
    const flip = dir === 'ASC' ? 'DESC' : 'ASC'
    const phase = (which: 'rated' | 'unrated', d: string, limit: number, offset: number): number[] =>
      which === 'rated'
        ? ids(`SELECT player_id FROM ${t.byRating} WHERE list_id = ? AND key < ${UNRATED_KEY} ORDER BY key ${d}, player_id ${d} LIMIT ? OFFSET ?`, input.listId, limit, offset)
        : ids(`SELECT player_id FROM ${t.byRating} WHERE list_id = ? AND key = ${UNRATED_KEY} ORDER BY player_id ${d} LIMIT ? OFFSET ?`, input.listId, limit, offset)
    const read = (first: { which: 'rated' | 'unrated'; n: number }, second: 'rated' | 'unrated', d: string, limit: number, offset: number): number[] => {
      const out: number[] = offset < first.n ? phase(first.which, d, limit, offset) : []
      if (out.length < limit) out.push(...phase(second, d, limit - out.length, Math.max(0, offset - first.n)))
      return out
    }
    const back = fromTheEnd(entries, input.offset, input.limit)
    if (back) return read({ which: 'unrated', n: entries - rated }, 'rated', flip, back.limit, back.offset).reverse()
    return read({ which: 'rated', n: rated }, 'unrated', dir, input.limit, input.offset)
  }
  // CROSS JOIN keeps players as the outer loop, so their index gives the order and LIMIT stops the walk
  const from =
    walks
      ? `players p CROSS JOIN ${t.entries} e ON e.list_id = ? AND e.player_id = p.id`
      : `${t.entries} e JOIN players p ON p.id = e.player_id AND e.list_id = ?`
  // the order is total (ties by id): a page past the middle is read backwards from the end, as by rating
  const back = fromTheEnd(entries, input.offset, input.limit)
  if (back) return ids(`SELECT p.id FROM ${from} ORDER BY ${playerOrder[input.sort](dir === 'ASC' ? 'DESC' : 'ASC')} LIMIT ? OFFSET ?`, input.listId, back.limit, back.offset).reverse()
  return ids(`SELECT p.id FROM ${from} ORDER BY ${playerOrder[input.sort](dir)} LIMIT ? OFFSET ?`, input.listId, input.limit, input.offset)
}

const entryColumns = `p.id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames,
  coalesce(e.federation, p.federation) AS federation, coalesce(e.title, p.title) AS title,
  coalesce(e.sex, p.sex) AS sex,
  coalesce(e.birth_year, CAST(substr(p.birth_date, 1, 4) AS INTEGER)) AS birthYear,
  ${publishedRatingSql('e')} AS rating, e.games, e.k, e.flags, ${delistedSql('e')} AS delisted`

/**
 * The rows of the given players on a list, in the order of `ids`, with their published rating on the previous list.
 * `ranks`: the page's place in the list's order by rating (its first row's offset, the way it runs, the list's rated
 * count), from which each rated row's rank among the rated is known; none on another order (the rank is then null).
 */
export function rowsFor(
  db: Db,
  listId: number,
  ids: number[],
  previousId: number | null,
  ranks?: { offset: number; order: 'asc' | 'desc'; rated: number }
): ListEntryRow[] {
  if (!ids.length) return []
  const rows = db
    .prepare(
      `SELECT ${entryColumns}, ${publishedRatingSql('pe')} AS previousRating
         FROM ${listTables(db, listId).entries} e JOIN players p ON p.id = e.player_id
         LEFT JOIN ${listTables(db, previousId).entries} pe ON pe.list_id = ? AND pe.player_id = e.player_id
        WHERE e.list_id = ? AND e.player_id IN (${ids.map(() => '?').join(',')})`
    )
    .all(previousId ?? 0, listId, ...ids) as (Omit<ListEntryRow, 'name' | 'delisted' | 'rank'> & { delisted: number })[]
  const byId = new Map(rows.map((r) => [r.playerId, r]))
  return ids.flatMap((id, i) => {
    const r = byId.get(id)
    if (!r) return []
    const at = ranks ? ranks.offset + i : 0
    // by rating the rated come first (descending: highest first; ascending: the rated, lowest first, before the unrated)
    const rank = ranks && r.rating !== null ? (ranks.order === 'desc' ? at + 1 : ranks.rated - at) : null
    return [{ ...r, delisted: r.delisted === 1, rank, name: displayName(r.surname, r.givenNames) }]
  })
}

/** "Surname, Given names" as lists print it; the surname alone when there are none. */
export function displayName(surname: string, givenNames: string): string {
  return givenNames ? `${surname}, ${givenNames}` : surname
}

/** A search inside a list counts its matches on the list up to this many; a page of a broader search says "at least". */
export const LIST_SEARCH_CAP = 1000

/**
 * One page of the players of a list that match a search condition on `players p` (playerSearchCondition), with their
 * count on the list, chosen by the registry's count of matches as the archive's name search is (findPlayerRows):
 * - a narrow search (under DENSE_SEARCH matches: a surname) looks each match up on the list, counts and sorts them;
 * - a broad one (a common surname, two letters, a FIDE ID's first digits) counts its matches on the list only up to
 *   LIST_SEARCH_CAP among the registry's first MATCH_CAP, and says "at least" past either (`capped`); its page walks
 *   the list in the page's order (its order by rating, or the players' index by name or FIDE ID) and keeps the
 *   matches, instead of looking up and sorting thousands: kept against the set of matches when they are fewer than
 *   SURNAME_SEARCH, else checked player by player (the set of a tenth of the registry would cost more than the walk).
 * The rows and their order are those of the plain query: (rating IS NULL), rating, then id; or the players' order.
 */
export function searchPage(db: Db, input: EntriesInput, cond: SearchCondition, entries: number): { total: number; capped: boolean; ids: number[] } {
  const dir = input.order === 'asc' ? 'ASC' : 'DESC'
  const matches = registryMatches(db, cond, SURNAME_SEARCH)
  const registry = registrySpan(db)
  const t = listTables(db, input.listId)
  const from = `players p CROSS JOIN ${t.entries} e ON e.list_id = ? AND e.player_id = p.id WHERE ${cond.sql}`
  const sorted = (limit: number): number[] =>
    db
      .prepare(`SELECT p.id FROM ${from} ORDER BY ${input.sort === 'rating' ? `(${publishedRatingSql('e')} IS NULL), ${publishedRatingSql('e')} ${dir}, p.id ${dir}` : playerOrder[input.sort](dir)} LIMIT ? OFFSET ?`)
      .pluck()
      .all(input.listId, ...cond.params, limit, input.offset) as number[]
  if (matches < DENSE_SEARCH) return { total: db.prepare(`SELECT count(*) FROM ${from}`).pluck().get(input.listId, ...cond.params) as number, capped: false, ids: sorted(input.limit) }
  const set = matchingIds(cond)
  const onList = db
    .prepare(`SELECT count(*) FROM (SELECT 1 FROM (${set.sql} LIMIT ${MATCH_CAP}) m CROSS JOIN ${t.entries} e ON e.list_id = ? AND e.player_id = m.id LIMIT ${LIST_SEARCH_CAP})`)
    .pluck()
    .get(...set.params, input.listId) as number
  const capped = onList >= LIST_SEARCH_CAP || matches > MATCH_CAP
  const count = Math.min(input.limit, onList - input.offset)
  if (count <= 0) return { total: onList, capped, ids: [] }
  // by name or FIDE ID, matches that are a set are sorted: they gather in that order (a surname is a range of the name
  // index, a FIDE ID prefix one of the FIDE ID index), which a walk from either end would step over at length; and a
  // small list's are sorted, the players' index walked would be mostly players not on it
  if (input.sort !== 'rating' && (matches < SURNAME_SEARCH || !walksPlayers(entries, registry))) {
    // by name, one word mostly starting names (a surname: "kumar") is its range of the name index, the few others sorted
    const surnames = input.sort === 'name' && cond.fts !== undefined ? surnameFirst<{ id: number }>(db, 'p.id', cond.fts, count, { list: input.listId, offset: input.offset, desc: dir === 'DESC', matches }) : null
    return { total: onList, capped, ids: surnames ? surnames.map((r) => r.id) : sorted(count) }
  }
  // the match kept by the set of matches (`+`: the walk's index gives the order, the set is only looked in) or by the
  // player's own row
  let keep: { sql: string; params: unknown[]; player: boolean }
  if (matches < SURNAME_SEARCH) keep = { sql: `+e.player_id IN (${set.sql})`, params: set.params, player: false }
  else if (cond.fts !== undefined) {
    withWordsPrefixMatch(db)
    keep = { sql: 'words_prefix_match(p.name_folded, ?)', params: [[...cond.fts.matchAll(/"([a-z0-9]+)"\*/g)].map((m) => m[1]).join(' ')], player: true }
  } else keep = { sql: `(${cond.sql.replaceAll('p.fide_id', '+p.fide_id')})`, params: cond.params, player: true } // `+`: checked, not an index range
  let parts: OrderPart[]
  if (input.sort === 'rating') {
    // the rated by rating, then the unrated by id, both ways, as pageIds reads them (e: the list's order by rating)
    const player = keep.player ? 'CROSS JOIN players p ON p.id = e.player_id' : ''
    const phase = (rated: boolean): OrderPart => ({
      sql: `SELECT e.player_id FROM ${t.byRating} e ${player} WHERE e.list_id = ? AND e.key ${rated ? '<' : '='} ${UNRATED_KEY} AND ${keep.sql}
             ORDER BY ${rated ? `e.key ${dir}, ` : ''}e.player_id ${dir}`,
      params: [input.listId, ...keep.params]
    })
    parts = [phase(true), phase(false)]
  } else {
    // a broad search on a list holding a good share of the registry: the players' index walked, each player checked
    parts = [{ sql: `SELECT p.id FROM players p CROSS JOIN ${t.entries} e ON e.list_id = ? AND e.player_id = p.id WHERE ${keep.sql} ORDER BY ${playerOrder[input.sort](dir)}`, params: [input.listId, ...keep.params] }]
  }
  const ids = (readParts<Record<string, number>>(db, parts, input.offset, count)).map((r) => Object.values(r)[0]!)
  return { total: onList, capped, ids }
}
