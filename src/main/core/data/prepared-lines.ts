// A big correction's lines as its preview computed them, kept in a file of their own for the correction that follows
// (docs/archive-periods.md, "A correction prepared by its preview"). The preview computes every line of the list again
// to find what changes; the correction used to compute them all again before writing them. The preview now gives its
// rows, as the two-thread writer hands them to a draft, to this file too, with what the correction needs besides: the
// lines that differ from the published ones, the players gone, the list's checksum, the merges folded, and the rows the
// draft's end writes. The correction replays them into its new version when the database is proven the one the
// preview read (db/draft-copy.ts), and computes them again otherwise.
import Database from 'better-sqlite3'
import { deserialize, serialize } from 'node:v8'
import type { DraftTarget } from './draft-writer'
import { ENTRY_COLUMNS, ROWS_A_STATEMENT, RowGroups, SHEET_COLUMNS, withReason, type FinishRows } from '../lists/draft-rows'
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

/** The file's format: a file of another one is not replayed (the correction computes its lines). */
const FORMAT = 'rating-office prepared lines 1'

const columns = (n: number): string => Array.from({ length: n }, (_, i) => `c${i}`).join(', ')
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
 * with no journal (a file that is not finished is never replayed: it has no outcome, and it is never named).
 */
export function preparedWriter(file: string): PreparedWriter {
  const db = new Database(file)
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  // columns without a type keep each value as it was given (number, text, bytes or null)
  db.exec(`CREATE TABLE entries (${columns(ENTRY_COLUMNS)}); CREATE TABLE sheets (${columns(SHEET_COLUMNS)}); CREATE TABLE facts (name TEXT PRIMARY KEY, value BLOB NOT NULL)`)
  db.exec('BEGIN')
  const inserts = (table: string, n: number): DraftTarget['entries'] => {
    const one = db.prepare(`INSERT INTO ${table} VALUES ${row(n)}`)
    const many = db.prepare(`INSERT INTO ${table} VALUES ${Array.from({ length: ROWS_A_STATEMENT }, () => row(n)).join(', ')}`)
    return { group: (v) => void many.run(...v), one: (v) => void one.run(...v) }
  }
  const entries = inserts('entries', ENTRY_COLUMNS)
  const sheets = inserts('sheets', SHEET_COLUMNS)
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
      fact.run('format', Buffer.from(FORMAT))
      db.exec('COMMIT')
      db.close()
    },
    abandon: () => db.close()
  }
}

/**
 * The prepared lines of the list `listId` written into `target` (a new version's draft) as the preview wrote them,
 * the draft's end with the correction's `reason`; the new list's id and the outcome. Throws when the file is not a
 * finished file of this list (the caller has proven it the file the preview named, by its SHA-256).
 */
export function replayPreparedLines(
  file: string,
  listId: number,
  target: DraftTarget,
  reason: string,
  hooks: { progress?: (done: number, total: number, message: string) => void; throwIfCancelled?: () => void } = {}
): { listId: number; outcome: PreparedOutcome } {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const fact = (name: string): Buffer | undefined => db.prepare('SELECT value FROM facts WHERE name = ?').pluck().get(name) as Buffer | undefined
    if (fact('format')?.toString() !== FORMAT) throw new Error(`${file}: not a finished file of prepared lines`)
    const outcome = deserialize(fact('outcome')!) as PreparedOutcome
    if (outcome.listId !== listId) throw new Error(`${file}: the lines of list ${outcome.listId}, not of list ${listId}`)
    const finish = deserialize(fact('finish')!) as FinishRows
    // the rows in the order they were given, in groups as a draft takes them; the steps of the generation's progress
    const replay = (table: 'entries' | 'sheets', n: number, into: DraftTarget['entries']): unknown[][] => {
      const groups = new RowGroups(n, into.group, true)
      const total = Math.max(1, (db.prepare(`SELECT max(rowid) FROM ${table}`).pluck().get() as number | null) ?? 0)
      let i = 0
      for (const r of db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().iterate() as IterableIterator<unknown[]>) {
        groups.add(...r)
        if ((++i & 16383) === 0) {
          hooks.throwIfCancelled?.()
          hooks.progress?.(i, total, table)
        }
      }
      hooks.progress?.(total, total, table)
      return groups.rest()
    }
    const entriesRest = replay('entries', ENTRY_COLUMNS, target.entries)
    const sheetsRest = replay('sheets', SHEET_COLUMNS, target.sheets)
    return { listId: target.finish(entriesRest, sheetsRest, withReason(finish, reason)), outcome }
  } finally {
    db.close()
  }
}
