// SQL of a draft being written: its list row (replacing the earlier draft of its date), its entries and sheets as
// they come (in statements of ROWS_A_STATEMENT rows, the guards of a published list lifted meanwhile), then its
// window, tournaments and parameters, and the counts and orders its preview reads, all in the caller's transaction.
import type { Db } from '../db/open'
import type { ChangeKind } from '../../../shared/contract/office-lists'
import type { RatingType } from '../model/tournament'
import type { BaseEntry, CalculationSheet, GenerationResult, GenerationSink, ListEntry } from '../lists/types'
import { ENTRY_COLUMNS, ENTRY_STATUS_AT, ROWS_A_STATEMENT, RowGroups, SHEET_COLUMNS, finishRows, lineRows, type DraftMeta, type FinishRows } from '../lists/draft-rows'
import { emptyChangeCounts } from '../lists/change-kinds'
import { UserError } from '../util/errors'
import type { BuiltInput } from './generation-input'
import { getMeta } from './list-reads'
import { storeListCounts } from './list-pages'
import { ENTRIES_GUARD, liftTriggers } from './triggers'
import { DraftOrders } from './draft-orders'
import { sheetMarks } from './list-compare'
import { deleteListEntries, liftByRatingInsert, writeListByRating } from './list-by-rating'
import { writeListOrders, type ListOrders } from './list-orders'

/** The draft of the same date, type and source, if any (the one a new generation replaces). */
function existingList(db: Db, listDate: string, ratingType: RatingType, source: string, status: 'draft' | 'published'): number | null {
  return (
    (db
      .prepare("SELECT id FROM rating_lists WHERE kind = 'office' AND list_date = ? AND rating_type = ? AND source = ? AND status = ? ORDER BY version DESC, id DESC LIMIT 1")
      .pluck()
      .get(listDate, ratingType, source, status) as number | undefined) ?? null
  )
}

/** Refuses a generation for a date that already has a published list of that type and source. */
export function assertNotPublished(db: Db, listDate: string, ratingType: RatingType, source: string): void {
  const id = existingList(db, listDate, ratingType, source, 'published')
  if (id !== null) throw new UserError('lists.alreadyPublished', { listId: id, listDate })
}

/** Deletes a draft's rows (entries, sheets, window, tournaments, meta); the rating_lists row stays. */
function clearDraft(db: Db, listId: number): void {
  for (const t of ['office_list_sheets', 'office_list_kind_counts', 'office_list_orders', 'office_list_window', 'office_list_tournaments', 'office_list_changelog', 'office_list_meta', 'list_marks']) {
    db.prepare(`DELETE FROM main.${t} WHERE list_id = ?`).run(listId)
  }
  deleteListEntries(db, listId)
}

export interface WriteListOptions {
  status: 'draft'
  version?: number
  supersedesId?: number | null
  reason?: string | null
  /** A draft of the same date/type/source is replaced (its id kept); a new version never replaces. */
  replaceDraft: boolean
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

/**
 * Writes a generated list as a draft in one transaction (the caller's): the list row, every entry, the sheets with
 * their change kind, the carried window, the tournaments with their file hashes, the frozen parameters.
 */
export function writeGeneratedList(db: Db, built: BuiltInput, result: GenerationResult, meta: DraftMeta, o: WriteListOptions): number {
  const writer = openListWriter(db, built, meta, o)
  const sheets = new Map<number, CalculationSheet>(result.sheets.map((x) => [x.playerId, x]))
  // only the players with a sheet or a correction are looked up: at FIDE scale a map of the whole base list would
  // cost hundreds of megabytes for a few thousand lookups
  const wanted = new Set<number>(sheets.keys())
  for (const a of meta.adjustments) wanted.add(a.playerId)
  const baseById = new Map<number, BaseEntry>()
  for (const b of built.input.base.entries) if (wanted.has(b.playerId)) baseById.set(b.playerId, b)
  for (const e of result.entries) writer.line(e, sheets.get(e.playerId) ?? null, baseById.get(e.playerId))
  // the sheets of the players without a line (why they are not on the list)
  for (const x of result.sheets) if (x.status === null) writer.line(null, x, baseById.get(x.playerId))
  return writer.finish(result)
}

/** A table's inserts: a full group of ROWS_A_STATEMENT rows in one statement, or one row. */
interface RowInserts {
  group(values: unknown[]): void
  one(values: unknown[]): void
}

/**
 * The inserts `insert` (`INSERT INTO table (columns)`) of the VALUES tuple `row`, a row at a time or ROWS_A_STATEMENT
 * at once, each row told to `told` as its values once it is in: a draft's tables, and a correction's prepared lines
 * (data/prepared-lines.ts), which learn what the draft's orders learn of the same rows.
 */
export function toldInserts(db: Db, insert: string, row: string, told: (values: unknown[]) => void): RowInserts {
  const one = db.prepare(`${insert} VALUES ${row}`)
  const many = db.prepare(`${insert} VALUES ${Array.from({ length: ROWS_A_STATEMENT }, () => row).join(', ')}`)
  // the values go as the call's arguments, not as one array: better-sqlite3 reads an array's values one property
  // lookup at a time, the arguments directly (0.8 s less for a FIDE-sized list's 1.9 M entries, docs/performance.md).
  // Every value is a number, a string, null or bytes, each one parameter either way
  return {
    group: (v) => {
      many.run(...v)
      told(v)
    },
    one: (v) => {
      one.run(...v)
      told(v)
    }
  }
}

/** A draft table's inserts, and the rows of another table copied by SQLite itself (OpenDraft.copyRows). */
interface DraftInserts extends RowInserts {
  copy(source: string, columns: readonly string[]): void
}

/**
 * `insert` (its columns the list's id, then `values` more) a row at a time or in groups, each row told to `inserted`
 * as its values; or from a table, told to nothing (the caller gives the draft's orders what they would learn,
 * OpenDraft.knownOrders).
 */
function rowInserts(db: Db, insert: string, listId: number, values: number, inserted: (values: unknown[]) => void): DraftInserts {
  return {
    ...toldInserts(db, insert, `(${listId}${', ?'.repeat(values)})`, inserted),
    copy: (source, columns) => void db.prepare(`${insert} SELECT ${listId}, ${columns.join(', ')} FROM ${source} ORDER BY rowid`).run()
  }
}

/** A draft being written in the caller's transaction: its list row, then its rows as they come, then `finish`. */
export interface DraftTarget {
  id: number
  entries: RowInserts
  sheets: RowInserts
  /** The last rows, then the window, the tournaments and the parameters; gives the list id. */
  finish(entriesRest: unknown[][], sheetsRest: unknown[][], rows: FinishRows): number
}

/** A draft opened in the database (openDraft): its rows also taken from another table by SQLite itself. */
export interface OpenDraft extends DraftTarget {
  /**
   * The rows of `source` (a table of an attached database, the values of a row in `columns`, in the order `group`
   * takes them) inserted by INSERT … SELECT in its rowid order, told to nothing: what the draft's orders would learn
   * of them is given whole (`knownOrders`). A correction's prepared lines (data/prepared-lines.ts), without a value
   * passing through JavaScript.
   */
  copyRows(table: 'entries' | 'sheets', source: string, columns: readonly string[]): void
  /**
   * The draft's orders as the rows it is given would teach them (what the prepared lines' writer learned of the same
   * rows in the same order), before any row is told to its own; held like its own to the counts SQLite finds at its
   * end.
   */
  knownOrders(orders: DraftOrders): void
}

/** The insert guards of a list's entries and sheets (migrations 8 and 11), lifted while a draft's rows are written. */
export const DRAFT_ROW_GUARDS = [ENTRIES_GUARD, 'office_list_sheets_frozen_insert'] as const

/** Starts a draft of `listDate`/`ratingType`: the list row (replacing the earlier draft when asked, its id kept). */
export function openDraft(db: Db, list: { listDate: string; ratingType: RatingType }, meta: Pick<DraftMeta, 'params' | 'source'>, o: Pick<WriteListOptions, 'replaceDraft' | 'version' | 'supersedesId'>): OpenDraft {
  const edition = meta.params.id
  let listId: number | null = o.replaceDraft ? existingList(db, list.listDate, list.ratingType, meta.source, 'draft') : null
  if (listId !== null) {
    clearDraft(db, listId)
    // its counts cleared first: a counted list takes no new entries (migration 11), and the new lines are counted as written
    db.prepare("UPDATE rating_lists SET edition = ?, checksum = NULL, entry_count = NULL, rated_count = NULL, created_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(edition, listId)
  } else {
    listId = Number(
      db
        .prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, edition, status, version, supersedes_id, checksum) VALUES ('office', ?, ?, ?, ?, 'draft', ?, ?, NULL)")
        .run(list.listDate, list.ratingType, meta.source, edition, o.version ?? 1, o.supersedesId ?? null).lastInsertRowid
    )
  }
  const id = listId
  // the guards that refuse rows into a published list run a query for every row (about 2.6 s of CPU for a FIDE-sized
  // list's 1.9 M entries and 658,000 sheets); this draft's rows never meet them. They are lifted while its rows are
  // written and put back before its counts are stored, all in the caller's transaction (data/triggers.ts)
  const restoreGuards = liftTriggers(db, DRAFT_ROW_GUARDS)
  // and the trigger that keys each entry in the list's order by rating (migration 23): the keys are appended in
  // order once the last entry is in, from those `orders` sorted (3.3 s less of the writing thread at FIDE scale)
  const restoreByRating = liftByRatingInsert(db)
  // entries and sheets go in statements of ROWS_A_STATEMENT rows (the rest one by one at the end): one statement per
  // row paid its call, bindings, trigger set-up and statement journal for each of two million rows. Each row is also
  // told to `orders`, which gives the draft's orders and counts once its last row is in (storeDraftCounts)
  let orders = new DraftOrders()
  const entries = rowInserts(
    db,
    `INSERT INTO main.rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex,
       entry_status, rated_games, highest_rating, tracked_since, recent_games)`,
    id,
    ENTRY_COLUMNS,
    (v) => orders.entryRows(v, ENTRY_COLUMNS, ENTRY_STATUS_AT)
  )
  const sheets = rowInserts(
    db,
    'INSERT INTO main.office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet)',
    id,
    SHEET_COLUMNS,
    (v) => orders.sheetRows(v, SHEET_COLUMNS)
  )
  const finish = (entriesRest: unknown[][], sheetsRest: unknown[][], rows: FinishRows): number => {
    for (const r of entriesRest) entries.one(r)
    for (const r of sheetsRest) sheets.one(r)
    writeListByRating(db, id, orders.byRating())
    restoreByRating()
    restoreGuards()
    db.prepare('UPDATE rating_lists SET edition = ?, checksum = ? WHERE id = ?').run(rows.edition, rows.checksum, id)
    const insWindow = db.prepare(`INSERT INTO office_list_window (list_id, player_id, data) VALUES (${id}, ?, ?)`)
    for (const w of rows.window) insWindow.run(w)
    const insT = db.prepare(
      `INSERT INTO office_list_tournaments (list_id, tournament_id, file_id, file_sha256, first_round, last_round, late, final, games, players) VALUES (${id}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    for (const t of rows.tournaments) insT.run(t)
    db.prepare(
      `INSERT INTO office_list_meta (list_id, base_list_id, closing_date, profile_id, params, engine_version, inputs_hash, reason, counters) VALUES (${id}, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(...rows.meta, JSON.stringify({ ...rows.counters, adjustments: rows.adjustments }))
    storeDraftCounts(db, id, orders)
    return id
  }
  const knownOrders = (known: DraftOrders): void => {
    if (orders.entries || orders.sheets) throw new Error(`list ${id}: its orders were told ${orders.entries} entries and ${orders.sheets} sheets before they were given`)
    orders = known
  }
  return { id, entries, sheets, finish, copyRows: (table, source, columns) => (table === 'entries' ? entries : sheets).copy(source, columns), knownOrders }
}

/** Writes a draft as generateList gives it, line by line (its GenerationSink), then the rest with `finish`. */
export interface ListWriter extends GenerationSink {
  /** The window, the tournaments, the parameters and the checksum, once every line is written; gives the list id. */
  finish(result: GenerationResult): number
}

/**
 * Starts writing a draft in the caller's transaction: the list row (its checksum set by `finish`), then each line as
 * it comes (entry, sheet with its change kind) so that a FIDE-sized list is written while it is computed, never held.
 */
export function openListWriter(db: Db, built: BuiltInput, meta: DraftMeta, o: WriteListOptions): ListWriter {
  const target = openDraft(db, built.input, meta, o)
  const entries = new RowGroups(ENTRY_COLUMNS, target.entries.group, true)
  const sheets = new RowGroups(SHEET_COLUMNS, target.sheets.group, true)
  const rowsOf = lineRows(built.input, meta, entries, sheets)
  // the base list's size: the number of lines to expect (new players come on top)
  const expected = Math.max(1, built.input.base.entries.length)
  const line = (e: ListEntry | null, sheet: CalculationSheet | null, b: BaseEntry | undefined): void => {
    if (e && (entries.count & 16383) === 0) {
      o.throwIfCancelled?.()
      o.progress?.(Math.min(entries.count, expected), expected, 'entries')
    }
    rowsOf(e, sheet, b)
  }
  const finish = (result: GenerationResult): number => {
    const entriesRest = entries.rest()
    const sheetsRest = sheets.rest()
    o.progress?.(expected, expected, 'entries')
    o.progress?.(sheets.count, sheets.count, 'sheets')
    return target.finish(entriesRest, sheetsRest, finishRows(built, result, meta, o.reason ?? null))
  }
  return { line, finish }
}

/**
 * The counts a draft holds, stored as its last line is written (migration 21): its entries and rated entries (what a
 * frozen list stores as it is frozen, migration 11), its sheets by kind of change (frozen with the list); its orders
 * marked (migrations 13 and 15), so that its pages by name or FIDE ID start near their offset as a frozen list's do;
 * and its preview's orders (migration 22). A draft's entries do not change once written (a counted list takes no new
 * entry; a new generation clears them and the marks first), and the triggers of migration 15 keep the marks right
 * through a rename, a new FIDE ID or a merge, as they do a frozen list's: its publication keeps them (markPublished).
 * `orders` saw every row go in; it is held to the counts SQLite finds before anything is written from it.
 */
function storeDraftCounts(db: Db, listId: number, orders: DraftOrders): void {
  // the counts and the marks as a reference list's import stores them (its counts were cleared before its lines)
  const base = db.prepare('SELECT base_list_id FROM office_list_meta WHERE list_id = ?').pluck().get(listId) as number | undefined
  storeListCounts(db, listId, base, orders)
  // a draft's rows are the database's own (never sealed)
  const sheets = db.prepare('SELECT count(*) FROM main.office_list_sheets WHERE list_id = ?').pluck().get(listId) as number
  if (sheets !== orders.sheets) throw new Error(`list ${listId}: its writer saw ${orders.sheets} sheets, the list holds ${sheets}`)
  // the players of each kind of change (lists/change-kinds.ts) are the lengths of the preview's orders by kind
  const preview = changeOrders(db, listId, base ?? 0, orders)
  const insert = db.prepare(`INSERT INTO office_list_kind_counts (list_id, kind, sheets) VALUES (${listId}, ?, ?)`)
  for (const [kind, ids] of preview.byKind) if (ids.length) insert.run(kind, ids.length)
  writeListOrders(db, listId, preview)
  const changes = emptyChangeCounts()
  for (const [kind, ids] of preview.byKind) changes[kind as ChangeKind] = ids.length
  changes.title = preview.titled
  const meta = getMeta(db, listId)!
  db.prepare('UPDATE office_list_meta SET counters = ? WHERE list_id = ?').run(JSON.stringify({ ...JSON.parse(meta.counters), changes, sheets }), listId)
}

/**
 * The players of kind 'unchanged' by player: the list's players (`entries`, by player) without a sheet, and those whose
 * sheet is of that kind. Both walked in id order (the sheets' holders sorted apart): at FIDE's size a Set of the
 * holders and a sort of the 1.9 M ids took about a quarter of a second (profiled) of the generation's last step, on
 * one thread.
 */
export function unchangedOrder(entries: ArrayLike<number>, holders: ArrayLike<number>, ofKind: ArrayLike<number>): Float64Array {
  const sheets = Float64Array.from(holders).sort()
  const kind = Float64Array.from(ofKind).sort()
  const out = new Float64Array(entries.length + kind.length)
  let n = 0
  let h = 0
  let k = 0
  for (let i = 0; i < entries.length; i++) {
    const id = entries[i]!
    while (h < sheets.length && sheets[h]! < id) h++
    if (h < sheets.length && sheets[h] === id) continue
    while (k < kind.length && kind[k]! < id) out[n++] = kind[k++]!
    out[n++] = id
  }
  while (k < kind.length) out[n++] = kind[k++]!
  return out.subarray(0, n)
}

/**
 * The preview's orders by kind of change (lists/change-kinds.ts) from the sheets' orders: every kind a sheet stores
 * (its rating kind) is its sheets' order, but 'unchanged', which holds the list's players without a sheet too (their
 * line is their base line: same rating, status and flag), all by player (no change); the marks 'inactive' and
 * 'reactivated' are read from the sheets' two lines (a flag change always gives a sheet), biggest change first, then by
 * player; the title changes (a sheet each) are counted, their page read by the comparison's SQL over the sheets.
 */
function changeOrders(db: Db, listId: number, baseId: number, orders: DraftOrders): ListOrders & { titled: number } {
  const sheetOrders = orders.previewOrders(db, listId)
  const byKind = new Map<string, ArrayLike<number>>(sheetOrders.byKind)
  const entries = orders.playerIds() ?? Float64Array.from(db.prepare('SELECT player_id FROM main.rating_list_entries WHERE list_id = ? ORDER BY player_id').pluck().all(listId) as number[])
  byKind.set('unchanged', unchangedOrder(entries, sheetOrders.all, byKind.get('unchanged') ?? []))
  const marks = sheetMarks(db, baseId, listId)
  const bySize = (a: [number, number], b: [number, number]): number => b[1] - a[1] || a[0] - b[0]
  byKind.set('inactive', marks.inactive.sort(bySize).map((x) => x[0]))
  byKind.set('reactivated', marks.reactivated.sort(bySize).map((x) => x[0]))
  return { all: sheetOrders.all, byKind, titled: marks.title }
}
