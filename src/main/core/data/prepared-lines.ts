// A big correction's lines as its preview computed them, kept in a file of their own for the correction that follows
// (docs/archive-periods.md, "A correction prepared by its preview"). The preview computes every line of the list again
// to find what changes; the correction used to compute them all again before writing them. The preview now gives its
// rows, as the two-thread writer hands them to a draft, to this file too, with what the correction needs besides: the
// lines that differ from the published ones, the players gone, the list's checksum, the merges folded, and the rows the
// draft's end writes. The correction replays them into its new version when the database is proven the one the
// preview read (db/draft-copy.ts), and computes them again otherwise.
import Database from 'better-sqlite3'
import { deserialize, serialize } from 'node:v8'
import type { Db } from '../db/open'
import { toldInserts, type DraftTarget, type OpenDraft } from './draft-writer'
import { ENTRY_COLUMNS, ENTRY_STATUS_AT, SHEET_COLUMNS, withReason, type FinishRows } from '../lists/draft-rows'
import { DraftOrders, type OrdersSnapshot } from './draft-orders'
import type { ListEntry } from '../lists/types'
import type { FoldMerge } from '../lists/fold'

/** What the computation found besides the rows: the correction's changes are made from it. */
export interface PreparedOutcome {
  /** The published list the lines correct. */
  listId: number
  /** The lines that differ from their published line (data/line-comparison.ts), in the order they came. */
  differing: ListEntry[]
  /** The players of the published list with no line now. */
  gone: number[]
  checksum: string
  folded: FoldMerge[]
}

/**
 * The file's format: a file of another one is not replayed (the correction computes its lines). 2: with what the
 * draft's orders learn of its rows (the correction no longer reads them back to learn it).
 */
const FORMAT = 'rating-office prepared lines 2'

/** The file's columns of a table of `n` values a row, in their order. */
const columnNames = (n: number): string[] => Array.from({ length: n }, (_, i) => `c${i}`)
const row = (n: number): string => `(${Array.from({ length: n }, () => '?').join(', ')})`

/** A writer of the file: a draft target that stores the rows it is given, then the outcome with `close`. */
export interface PreparedWriter {
  target: DraftTarget
  /** The outcome stored and the file closed (its rows committed); synced and named by the caller. */
  close(outcome: PreparedOutcome): void
  /** The file closed without its outcome (a preview that failed): the caller removes it. */
  abandon(): void
}

/**
 * Starts the file at `file` (a new, empty path): the rows go in as the target is given them, in one transaction
 * with no journal (a file that is not finished is never replayed: it has no outcome, and it is never named). What a
 * draft's orders learn of the rows (data/draft-orders.ts) is learned here as they go in, and kept with them: the
 * correction's draft is given it instead of reading 1.9 M entries and 1.2 M sheets back (about 1.9 s of its wait at
 * FIDE's size, on one thread).
 */
export function preparedWriter(file: string): PreparedWriter {
  const db = new Database(file)
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  // columns without a type keep each value as it was given (number, text, bytes or null)
  db.exec(`CREATE TABLE entries (${columnNames(ENTRY_COLUMNS).join(', ')}); CREATE TABLE sheets (${columnNames(SHEET_COLUMNS).join(', ')}); CREATE TABLE facts (name TEXT PRIMARY KEY, value BLOB NOT NULL)`)
  db.exec('BEGIN')
  const orders = new DraftOrders()
  // told as openDraft tells its orders, in the order the rows go in (the order the correction copies them)
  const entries = toldInserts(db, 'INSERT INTO entries', row(ENTRY_COLUMNS), (v) => orders.entryRows(v, ENTRY_COLUMNS, ENTRY_STATUS_AT))
  const sheets = toldInserts(db, 'INSERT INTO sheets', row(SHEET_COLUMNS), (v) => orders.sheetRows(v, SHEET_COLUMNS))
  const fact = db.prepare('INSERT INTO facts (name, value) VALUES (?, ?)')
  const target: DraftTarget = {
    id: 0,
    entries,
    sheets,
    finish: (entriesRest, sheetsRest, rows) => {
      for (const r of entriesRest) entries.one(r)
      for (const r of sheetsRest) sheets.one(r)
      fact.run('finish', serialize(rows))
      return 0
    }
  }
  return {
    target,
    close: (outcome) => {
      fact.run('outcome', serialize(outcome))
      fact.run('orders', serialize(orders.snapshot()))
      fact.run('format', Buffer.from(FORMAT))
      db.exec('COMMIT')
      db.close()
    },
    abandon: () => db.close()
  }
}

/** The schema a prepared file is attached under while a correction writes its lines (attachPrepared). */
export const PREPARED_SCHEMA = 'prepared'

/**
 * The prepared file attached to the office's connection (outside a transaction: SQLite attaches none inside one), so
 * that its rows go into the new version by SQLite itself; gives the detach, which may be called more than once (the
 * file is closed before it is removed: a platform may refuse to remove an open file). One attachment slot is always
 * free for it (db/archive-files.ts keeps MAX_ARCHIVE_FILES under SQLite's limit).
 */
export function attachPrepared(db: Db, file: string): () => void {
  db.prepare(`ATTACH DATABASE ? AS ${PREPARED_SCHEMA}`).run(file)
  let attached = true
  return () => {
    if (!attached || db.inTransaction) return
    db.exec(`DETACH DATABASE ${PREPARED_SCHEMA}`)
    attached = false
  }
}

/**
 * The prepared lines of the list `listId` written into `target` (a new version's draft) as the preview wrote them,
 * the draft's end with the correction's `reason`; the new list's id and the outcome. The file is `file`, attached to
 * the target's connection (attachPrepared): its rows are copied by SQLite in the order they were given (one statement
 * a table: no JavaScript value a row, half the CPU of giving them row by row at FIDE's size), its facts read on a
 * connection of its own. Throws when the file is not a finished file of this list (the caller has proven it the file
 * the preview named, by its SHA-256).
 */
export function replayPreparedLines(
  file: string,
  listId: number,
  target: OpenDraft,
  reason: string,
  hooks: { progress?: (done: number, total: number, message: string) => void; throwIfCancelled?: () => void } = {}
): { listId: number; outcome: PreparedOutcome } {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  let outcome: PreparedOutcome
  let finish: FinishRows
  let orders: DraftOrders
  try {
    const fact = (name: string): Buffer | undefined => db.prepare('SELECT value FROM facts WHERE name = ?').pluck().get(name) as Buffer | undefined
    if (fact('format')?.toString() !== FORMAT) throw new Error(`${file}: not a finished file of prepared lines`)
    outcome = deserialize(fact('outcome')!) as PreparedOutcome
    if (outcome.listId !== listId) throw new Error(`${file}: the lines of list ${outcome.listId}, not of list ${listId}`)
    finish = deserialize(fact('finish')!) as FinishRows
    orders = DraftOrders.fromSnapshot(deserialize(fact('orders')!) as OrdersSnapshot)
  } finally {
    db.close()
  }
  // what the draft's orders would learn of these rows, learned as the preview wrote them (held to SQLite's counts at
  // the draft's end, as its own would be)
  target.knownOrders(orders)
  // the steps of the generation's progress, a table each
  for (const [table, n] of [['entries', ENTRY_COLUMNS], ['sheets', SHEET_COLUMNS]] as const) {
    hooks.throwIfCancelled?.()
    hooks.progress?.(0, 1, table)
    target.copyRows(table, `${PREPARED_SCHEMA}.${table}`, columnNames(n))
    hooks.progress?.(1, 1, table)
  }
  return { listId: target.finish([], [], withReason(finish, reason)), outcome }
}
