// Statements prepared once per connection: the calls that run for every imported file (its rows, its checks, its
// audit) ask for the same few dozen statements thousands of times a month; compiling them again each time was a
// quarter of a report's import (docs/performance.md). A statement is keyed by its SQL text and its mode, so a
// plucked and an unplucked use of one text never share a statement. Also the temporary store in memory that the
// batches of writes (a month's reports, a list's draft) run under.
import type Database from 'better-sqlite3'
import type { Db } from '../db/open'
import { setTempStore } from '../db/archive-files'

const byConnection = new WeakMap<Db, Map<string, Database.Statement>>()

function cache(db: Db): Map<string, Database.Statement> {
  let m = byConnection.get(db)
  if (!m) byConnection.set(db, (m = new Map()))
  return m
}

/**
 * The connection's statement for this SQL, prepared on first use. Only for get/all/run: a statement that is being
 * iterated cannot run again until its iterator ends, so an `iterate()` keeps preparing its own.
 */
export function prepared(db: Db, sql: string): Database.Statement {
  const m = cache(db)
  let s = m.get(sql)
  if (!s) m.set(sql, (s = db.prepare(sql)))
  return s
}

/** A statement of the connection in a mode, prepared on first use (keyed apart from the plain one). */
function preparedIn(db: Db, sql: string, mode: 'pluck' | 'raw'): Database.Statement {
  const m = cache(db)
  const key = `${mode}\u0000${sql}`
  let s = m.get(key)
  if (!s) m.set(key, (s = mode === 'pluck' ? db.prepare(sql).pluck() : db.prepare(sql).raw()))
  return s
}

/** The same, answering the first column only (better-sqlite3's `pluck`). */
export function preparedPluck(db: Db, sql: string): Database.Statement {
  return preparedIn(db, sql, 'pluck')
}

/** The same, answering each row as an array of its columns (better-sqlite3's `raw`). */
export function preparedRaw(db: Db, sql: string): Database.Statement {
  return preparedIn(db, sql, 'raw')
}

/**
 * Runs `fn` with SQLite's temporary store in memory on this connection (restored after). Every insert of a list runs
 * under a statement journal (foreign keys, triggers, several indexes): with the default file store, each first change
 * of a page that existed before the statement copies that page to a temporary file, one `pwrite` per row at FIDE
 * scale — the profile (perf) of a draft's entries showed it as the larger part of their insert time. A statement
 * journal holds a few pages, so memory costs nothing; outside a transaction only (SQLite refuses the change inside).
 */
export function withTempStoreInMemory<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) return fn()
  const before = db.pragma('temp_store', { simple: true }) as number
  if (before === 2) return fn()
  // the change deletes the connection's temporary objects, among them the views of the period archive files: made again
  setTempStore(db, 2)
  try {
    return fn()
  } finally {
    setTempStore(db, before)
  }
}

/**
 * `fn` in one read transaction (BEGIN DEFERRED: a read lock from its first read, a write lock only if it writes), or
 * inside the caller's transaction when one is open: what it reads is one state of the database, and its statements
 * share one lock instead of taking one each (with the period archive files attached, one on every file).
 */
export function readTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).deferred()
}

/** How many ids `rowsForIds` gives a statement at once (one JSON array of some 30 KB). */
export const IDS_A_BATCH = 4096

/**
 * The rows of a raw statement for many ids, in one call per IDS_A_BATCH ids instead of one per id: the statement's
 * first parameter is the batch as a JSON array, which it reads by `json_each(?)`, then `params`. Each id's row (at most
 * one: a key's) goes to `each` in the ids' order, `ids` being sorted; the statement's own order is not relied on (a
 * batch that comes out of order is sorted by its column `idColumn`). At FIDE scale a big list's helper reads some
 * 300,000 lines and ratings by key: one `get` each cost about 10 µs of calls for 2 µs of SQLite (docs/history/performance-log.md).
 */
export function rowsForIds(stmt: Database.Statement, ids: ArrayLike<number>, params: readonly unknown[], each: (row: unknown[]) => void, idColumn = 0): void {
  for (let from = 0; from < ids.length; from += IDS_A_BATCH) {
    const batch: number[] = []
    for (let i = from; i < ids.length && i < from + IDS_A_BATCH; i++) batch.push(ids[i]!)
    const rows = stmt.all(JSON.stringify(batch), ...params) as unknown[][]
    let sorted = true
    for (let i = 1; i < rows.length && sorted; i++) if ((rows[i - 1]![idColumn] as number) >= (rows[i]![idColumn] as number)) sorted = false
    if (!sorted) rows.sort((a, b) => (a[idColumn] as number) - (b[idColumn] as number))
    for (const r of rows) each(r)
  }
}
