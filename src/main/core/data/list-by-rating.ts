// A list's order by rating (migration 23): `list_by_rating` holds (list, key, player) for each entry, the key its
// rating or UNRATED_KEY, kept by triggers row by row. A writer of a whole list lifts the insert trigger while its entries
// go in, then writes the list's keys here in order, appended (a draft from the keys it sorted as its rows went in, a
// list import by SQLite's sort), in its transaction.
// The key, the trigger names and keySql are the runtime's copies of what migrations 23 and 24 wrote into the schema
// (each migration keeps its own, as it ran); test/main/core/data/frozen-copies.spec.ts holds them equal to the
// triggers the schema has.
import type { Db } from '../db/open'
import { publishedRatingSql } from './published-rating'
import { liftTriggers } from './triggers'

/** The key of an unrated entry: after every rating (the list's order by rating puts the unrated last). */
export const UNRATED_KEY = 1_000_000_000

/** The entries' trigger that writes each new entry's key; lifted by the writers of whole lists. */
export const BY_RATING_INSERT = 'rating_list_entries_by_rating_insert'
/** The entries' trigger that deletes a deleted entry's key; lifted by a draft cleared whole. */
export const BY_RATING_DELETE = 'rating_list_entries_by_rating_delete'

/** An entry's key in its list's order by rating, as SQL (`row`: the entry's alias, NEW or OLD): its published rating, or UNRATED_KEY. */
export const keySql = (row?: string): string => `coalesce(${publishedRatingSql(row)}, ${UNRATED_KEY})`

/** A list's order by rating as its writer sorted it: the rated as rating × 2^32 + player id, the unrated as ids. */
export interface SortedKeys {
  rated: ArrayLike<number>
  unrated: ArrayLike<number>
}

const TWO32 = 2 ** 32
/** Keys to a statement: each statement appends to the table's last page (one page copied to its journal). */
const ROWS = 256

/** Lifts the trigger that writes each new entry's key; what it returns puts it back (in the caller's transaction). */
export function liftByRatingInsert(db: Db): () => void {
  return liftTriggers(db, [BY_RATING_INSERT])
}

/**
 * Writes lists whole: `write` inserts their entries with the insert trigger lifted and gives the lists it wrote, whose
 * orders by rating are then written by SQLite's sort (a list import, a bench's set-up), in the caller's transaction.
 */
export function writingWholeLists(db: Db, write: () => Iterable<number>): void {
  const restore = liftByRatingInsert(db)
  for (const id of write()) writeListByRating(db, id)
  restore()
}

/** Every list's order by rating as SQL over the entries (a bench's floor, which drops the triggers and writes it after). */
export const ALL_LISTS_BY_RATING = `INSERT INTO main.list_by_rating (list_id, key, player_id) SELECT list_id, ${keySql()}, player_id FROM rating_list_entries ORDER BY 1, 2, 3`

/**
 * Writes the order by rating of list `listId`, whose entries were inserted with the insert trigger lifted: from the
 * keys its writer sorted (`sorted`), or by SQLite's sort of its entries. The list must have no keys yet.
 */
export function writeListByRating(db: Db, listId: number, sorted?: SortedKeys | null): void {
  if (!sorted) {
    db.prepare(
      `INSERT INTO main.list_by_rating (list_id, key, player_id)
       SELECT list_id, ${keySql()}, player_id FROM main.rating_list_entries WHERE list_id = ? ORDER BY 2, 3`
    ).run(listId)
    return
  }
  const list = Number(listId)
  const row = `(${list}, ?, ?)`
  const many = db.prepare(`INSERT INTO main.list_by_rating (list_id, key, player_id) VALUES ${Array.from({ length: ROWS }, () => row).join(', ')}`)
  const one = db.prepare(`INSERT INTO main.list_by_rating (list_id, key, player_id) VALUES ${row}`)
  const values = new Array<number>(2 * ROWS)
  let n = 0
  const add = (key: number, id: number): void => {
    values[2 * n] = key
    values[2 * n + 1] = id
    if (++n === ROWS) {
      many.run(...values)
      n = 0
    }
  }
  for (let i = 0; i < sorted.rated.length; i++) {
    const k = sorted.rated[i]!
    const rating = Math.floor(k / TWO32)
    add(rating, k - rating * TWO32)
  }
  for (let i = 0; i < sorted.unrated.length; i++) add(UNRATED_KEY, sorted.unrated[i]!)
  for (let i = 0; i < n; i++) one.run(values[2 * i], values[2 * i + 1])
}

/** Deletes list `listId`'s entries and its keys, the keys as one range rather than by the delete trigger row by row. */
export function deleteListEntries(db: Db, listId: number): void {
  const restore = liftTriggers(db, [BY_RATING_DELETE])
  db.prepare('DELETE FROM main.rating_list_entries WHERE list_id = ?').run(listId)
  db.prepare('DELETE FROM main.list_by_rating WHERE list_id = ?').run(listId)
  restore()
}

/**
 * The rated entries of the list whose id is the SQL `list` (a parameter or a column), counted on its order by rating,
 * for a list not counted yet (a draft, a list being written): in the database itself, as a seal takes counted lists only.
 */
export function ratedCountSql(list: string): string {
  return `(SELECT count(*) FROM main.list_by_rating WHERE list_id = ${list} AND key < ${UNRATED_KEY})`
}
