// A frozen list's orders kept as marks (migrations 13 and 15): by name, by FIDE ID and by rating, every few hundred
// entries a key with its rank in the list, kept exact by triggers when a player is renamed, changes FIDE ID, or an
// entry moves to another player. A page starts at the mark just before its offset instead of walking the list from
// its first entry, whatever the order.
import type { Db } from '../db/open'
import { listTables, type ListTables } from '../db/archive-files'
import { UNRATED_KEY } from './list-by-rating'

export type MarkedSort = 'name' | 'fideId' | 'rating'

/**
 * Each order, ascending, is (key, player id) over the list's entries with a key that is never NULL, so that the marks'
 * ranges compare as row values: a player without FIDE ID has the key NO_FIDE_ID (before every FIDE ID, where SQLite's
 * ascending order puts NULL), an unrated entry has the key UNRATED (after every rating, where the list's rating order
 * puts the unrated). The triggers of migration 15 write these same expressions.
 */
export const NO_FIDE_ID = -1
export const UNRATED = UNRATED_KEY

/** An order walked from a key: its segments in order, each one range of an index (a key tells its segment). */
interface Segment {
  /** Whether a mark's key lies in this segment. */
  holds(key: string | number): boolean
  /** SELECT k, id of the list @list (its tables `t`) in the segment's order, from (@k, @id) inclusive when `from`, else from its start. */
  sql(from: boolean, t: ListTables): string
}

const onList = (t: ListTables): string => `players p CROSS JOIN ${t.entries} e ON e.list_id = @list AND e.player_id = p.id`

// CROSS JOIN keeps players as the outer loop: their index gives the order, LIMIT ends the walk
const ORDERS: Record<MarkedSort, Segment[]> = {
  name: [
    {
      holds: () => true,
      sql: (from, t) =>
        `SELECT p.name_folded AS k, p.id FROM ${onList(t)} ${from ? 'WHERE p.name_folded >= @k AND (p.name_folded > @k OR p.id >= @id)' : ''} ORDER BY p.name_folded, p.id`
    }
  ],
  fideId: [
    { holds: (k) => k === NO_FIDE_ID, sql: (from, t) => `SELECT ${NO_FIDE_ID} AS k, p.id FROM ${onList(t)} WHERE p.fide_id IS NULL ${from ? 'AND p.id >= @id' : ''} ORDER BY p.fide_id, p.id` },
    {
      holds: (k) => k !== NO_FIDE_ID,
      sql: (from, t) =>
        `SELECT p.fide_id AS k, p.id FROM ${onList(t)} WHERE ${from ? 'p.fide_id >= @k AND (p.fide_id > @k OR p.id >= @id)' : 'p.fide_id IS NOT NULL'} ORDER BY p.fide_id, p.id`
    }
  ],
  // the list's order by rating (migration 23), whose key is the marks' key: no player read
  rating: [
    {
      holds: () => true,
      sql: (from, t) => `SELECT key AS k, player_id AS id FROM ${t.byRating} WHERE list_id = @list ${from ? 'AND (key, player_id) >= (@k, @id)' : ''} ORDER BY key, player_id`
    }
  ]
}

/**
 * Entries between two marks: a page by name or FIDE ID walks the players' index from its mark and keeps those on the
 * list, so the spacing follows the list's share of the registry, about 400 players stepped over whatever that share
 * (a page by rating walks the list's own index: fewer steps still).
 */
export function markSpacing(entries: number, registry: number): number {
  return registry > 0 ? Math.max(50, Math.round((400 * entries) / registry)) : 50
}

/** The registry's extent (its highest player id): what a list's share of it is measured against. */
export function registrySpan(db: Db): number {
  return (db.prepare('SELECT max(id) FROM players').pluck().get() as number | null) ?? 0
}

/**
 * Whether pages of a list by name or FIDE ID walk the players' index (a list holding a good share of the registry) —
 * and so read its marks — rather than join and sort the list's few entries (also an export's rows, data/list-rows.ts).
 */
export function walksPlayers(entries: number, registry: number): boolean {
  return entries * 4 >= registry
}

type Key = { k: string | number; id: number }

/**
 * What the writer of a list knows of its entries once they are all written (data/draft-orders.ts): their counts, its
 * marks by rating and its players in id order, each null when it cannot give them (SQLite then walks the list).
 */
export interface KnownEntries {
  readonly entries: number
  readonly rated: number
  /** The marks by rating every `spacing` ranks, as [key, player id, rank]. */
  ratingMarks(spacing: number): [number, number, number][] | null
  /** The list's players in id order. */
  playerIds(): ArrayLike<number> | null
}

/** One ordered part of an order: a SELECT ending with its ORDER BY, with its parameters (positional, then named). */
export interface OrderPart {
  sql: string
  params: unknown[]
  named?: Record<string, unknown>
}

/**
 * `count` rows from `skip` rows into the concatenation of `parts`: a part that ends before the page goes on into the
 * next, counting what it stepped over (a part that gave no row held fewer than `skip` rows: at most `skip` counted).
 */
export function readParts<T>(db: Db, parts: OrderPart[], skip: number, count: number): T[] {
  const out: T[] = []
  for (const part of parts) {
    if (out.length >= count) break
    const rows = db.prepare(`${part.sql} LIMIT @limit_ OFFSET @skip_`).all(...part.params, { ...part.named, limit_: count - out.length, skip_: skip }) as T[]
    out.push(...rows)
    if (out.length >= count) break
    skip = rows.length ? 0 : skip - (db.prepare(`SELECT count(*) FROM (${part.sql} LIMIT @skip_)`).pluck().get(...part.params, { ...part.named, skip_: skip }) as number)
  }
  return out
}

/**
 * `count` entries of the order from `skip` entries after `anchor` (its key included; the order's first entry when
 * null): from the anchor's segment on, the first from the anchor's key, the next ones from their start.
 */
function walk(db: Db, listId: number, sort: MarkedSort, anchor: Key | null, skip: number, count: number): Key[] {
  const segments = ORDERS[sort]
  const first = anchor ? segments.findIndex((s) => s.holds(anchor.k)) : 0
  const t = listTables(db, listId)
  const parts = segments.slice(first).map((s, i) => ({
    sql: s.sql(i === 0 && anchor !== null, t),
    params: [],
    named: { list: listId, ...(i === 0 && anchor ? { k: anchor.k, id: anchor.id } : {}) }
  }))
  return readParts<Key>(db, parts, skip, count)
}

/**
 * The player ids at positions [start, start + count) of a list in the ascending order `sort` (see ORDERS), walked from
 * the nearest mark at or before `start`; null when the list has no marks of that order (a draft, a small list by name
 * or FIDE ID), for the caller's own walk.
 */
export function orderSlice(db: Db, listId: number, sort: MarkedSort, start: number, count: number): number[] | null {
  if (count <= 0) return []
  const mark = db
    .prepare('SELECT rank, key AS k, player_id AS id FROM list_marks WHERE list_id = ? AND sort = ? AND rank <= ? ORDER BY rank DESC LIMIT 1')
    .get(listId, sort, start) as ({ rank: number } & Key) | undefined
  if (mark) return walk(db, listId, sort, mark, start - mark.rank, count).map((r) => r.id)
  // no mark at or before start: either none at all, or a change moved the first one up a rank or two
  if (!db.prepare('SELECT 1 FROM list_marks WHERE list_id = ? AND sort = ? LIMIT 1').get(listId, sort)) return null
  return walk(db, listId, sort, null, start, count).map((r) => r.id)
}

/**
 * The page [offset, offset + limit) of a marked list, ascending or descending, as player ids; null without marks.
 * Descending is each group of the ascending order reversed in place: the whole list by name or FIDE ID, the rated then
 * the unrated by rating (the unrated come last both ways).
 */
export function markedPage(db: Db, listId: number, sort: MarkedSort, page: { offset: number; limit: number; desc: boolean }, counts: { entries: number; rated: number }): number[] | null {
  const end = Math.min(page.offset + page.limit, counts.entries)
  if (!page.desc) return orderSlice(db, listId, sort, page.offset, end - page.offset)
  const groups: [number, number][] = sort === 'rating' ? [[0, counts.rated], [counts.rated, counts.entries]] : [[0, counts.entries]]
  const out: number[] = []
  for (const [g0, g1] of groups) {
    const a = Math.max(page.offset, g0)
    const b = Math.min(end, g1)
    if (a >= b) continue
    // descending position p of the group is ascending position g0 + g1 - 1 - p
    const slice = orderSlice(db, listId, sort, g0 + g1 - b, b - a)
    if (!slice) return null
    out.push(...slice.reverse())
  }
  return out
}

/**
 * Whether a list holds the marks its pages read as the registry stands: by rating always, by name and FIDE ID when
 * its pages walk the players' index. A list of no entries has none to hold. (Any spacing serves: a page starts at
 * the nearest mark before it.)
 */
export function marksCover(db: Db, listId: number, entries: number): boolean {
  if (entries === 0) return true
  const has = db.prepare('SELECT 1 FROM list_marks WHERE list_id = ? AND sort = ? LIMIT 1').pluck()
  const sorts: MarkedSort[] = walksPlayers(entries, registrySpan(db)) ? ['rating', 'name', 'fideId'] : ['rating']
  return sorts.every((sort) => has.get(listId, sort) !== undefined)
}

/**
 * Writes the marks of a list whose entries are final (called as its counts are stored: see storeListCounts, and at
 * publication): by rating always, by name and FIDE ID when its pages walk the players' index (walksPlayers).
 * By FIDE ID each mark is found by stepping `spacing` entries from the one before through the players' FIDE ID index
 * (0.7 s for 1.9 M entries, no sort). By rating the list's order by rating (migration 23) is read once, in order
 * (its writer wrote it before its counts are stored). By name the list is sorted once, read in player order
 * (its entries by primary key, each player by his): walking the name index instead looks each entry up in random
 * order (12 s against 3.5 s at 1.9 M). A list made from `baseListId` moves the base's marks by name and FIDE ID
 * instead when the two differ by a few players (marksFromBase). A draft's writer, which saw every entry go in,
 * gives its marks by rating and its players in id order sorted in memory (`known`), where SQLite would read the list
 * again.
 */
export function writeListMarks(db: Db, listId: number, entries: number, baseListId?: number, known?: KnownEntries): void {
  const registry = registrySpan(db)
  const spacing = markSpacing(entries, registry)
  const walks = walksPlayers(entries, registry)
  db.prepare('DELETE FROM list_marks WHERE list_id = ?').run(listId)
  const marks = known?.ratingMarks(spacing)
  if (marks) {
    // sorted by its writer as the entries went in (the same order: ratings and ids are integers)
    const insert = db.prepare(`INSERT INTO list_marks (list_id, sort, key, player_id, rank) VALUES (${listId}, 'rating', ?, ?, ?)`)
    for (const m of marks) insert.run(m)
  } else {
    // the list's order by rating read once (the rated by (rating, id), then the unrated by id: its key's order)
    db.prepare(
      `INSERT INTO list_marks (list_id, sort, key, player_id, rank)
       SELECT @id, 'rating', key, player_id, rn FROM (
         SELECT key, player_id, row_number() OVER (ORDER BY key, player_id) - 1 AS rn FROM ${listTables(db, listId).byRating} WHERE list_id = @id)
        WHERE rn % @spacing = 0`
    ).run({ id: listId, spacing })
  }
  if (!walks) return
  if (baseListId !== undefined && marksFromBase(db, listId, baseListId, entries, known?.playerIds() ?? null)) return
  const insert = db.prepare('INSERT INTO list_marks (list_id, sort, key, player_id, rank) VALUES (?, ?, ?, ?, ?)')
  let at = walk(db, listId, 'fideId', null, 0, 1)[0]
  for (let rank = 0; at; rank += spacing) {
    insert.run(listId, 'fideId', at.k, at.id, rank)
    at = walk(db, listId, 'fideId', at, spacing, 1)[0]
  }
  db.prepare(
    `INSERT INTO list_marks (list_id, sort, key, player_id, rank)
     SELECT @id, 'name', name_folded, id, rn FROM (
       SELECT p.name_folded, p.id, row_number() OVER (ORDER BY p.name_folded, p.id) - 1 AS rn
         FROM ${listTables(db, listId).entries} e INDEXED BY sqlite_autoindex_rating_list_entries_1 CROSS JOIN players p ON p.id = e.player_id
        WHERE e.list_id = @id)
      WHERE rn % @spacing = 0`
  ).run({ id: listId, spacing })
}

/** The key of a player in an order marked from a base list's marks (the expressions of ORDERS and of migration 15). */
const KEY_OF: Record<Exclude<MarkedSort, 'rating'>, string> = { name: 'p.name_folded', fideId: `coalesce(p.fide_id, ${NO_FIDE_ID})` }

/** How many of a list's entries may differ from its base list's for its marks to be moved from the base's. */
const MOVED_MARKS_UP_TO = 0.1

/**
 * A list made from a base list (an office list's draft: the base's players, some added, a few gone) is marked by name
 * and FIDE ID from the base's marks instead of walking its own orders (2.8 s of the generation at 1.9 M entries): a mark
 * is a key of the order with the number of entries before it, so each of the base's marks serves the new list at its
 * rank moved by the players added before its key, less those gone before it (counted by SQLite's own comparison of
 * the keys, in one sorted pass over the marks and the few players that differ). The players that differ are found by
 * comparing the two lists' player ids (0.6 s; the list's own, `listIds`, given by its writer when it knows them). False (nothing written) when the base holds no such marks or the lists
 * differ by more than a tenth: the caller then walks the orders.
 */
function marksFromBase(db: Db, listId: number, baseListId: number, entries: number, listIds: ArrayLike<number> | null): boolean {
  const hasMarks = db.prepare('SELECT 1 FROM list_marks WHERE list_id = ? AND sort = ? LIMIT 1').pluck()
  if (!hasMarks.get(baseListId, 'name') || !hasMarks.get(baseListId, 'fideId')) return false
  const ids = (id: number): number[] => db.prepare(`SELECT player_id FROM ${listTables(db, id).entries} WHERE list_id = ? ORDER BY player_id`).pluck().all(id) as number[]
  const base = ids(baseListId)
  const list = listIds ?? ids(listId)
  const added: number[] = []
  const gone: number[] = []
  const most = Math.floor(entries * MOVED_MARKS_UP_TO)
  for (let i = 0, j = 0; i < base.length || j < list.length; ) {
    if (j >= list.length || (i < base.length && base[i]! < list[j]!)) gone.push(base[i++]!)
    else if (i >= base.length || list[j]! < base[i]!) added.push(list[j++]!)
    else {
      i++
      j++
    }
    if (added.length + gone.length > most) return false
  }
  // on a tie (a mark's own player gone) the mark comes first: only the entries strictly before its key count
  const moved = (key: string): string =>
    `INSERT INTO list_marks (list_id, sort, key, player_id, rank)
     SELECT @list, @sort, key, player_id, rank + moved FROM (
       SELECT key, player_id, rank, sum(d) OVER (ORDER BY key, player_id, rank IS NULL ROWS UNBOUNDED PRECEDING) AS moved FROM (
         SELECT key, player_id, rank, 0 AS d FROM list_marks WHERE list_id = @base AND sort = @sort
         UNION ALL SELECT ${key}, p.id, NULL, 1 FROM players p WHERE p.id IN (SELECT value FROM json_each(@added))
         UNION ALL SELECT ${key}, p.id, NULL, -1 FROM players p WHERE p.id IN (SELECT value FROM json_each(@gone))))
      WHERE rank IS NOT NULL`
  for (const sort of ['name', 'fideId'] as const) {
    db.prepare(moved(KEY_OF[sort])).run({ list: listId, base: baseListId, sort, added: JSON.stringify(added), gone: JSON.stringify(gone) })
  }
  return true
}
