// The period archive files on a connection (docs/archive-periods.md): each file the database records (migration 29)
// attached under `archive_<id>`, and the three tables they partition read through a view of the table's own name in
// the connection's `temp` schema (`temp` is searched before `main`): the archive files' rows then `main`'s, so every
// reader that names the table unqualified reads the whole. A writer names `main.` (a write through the view fails
// with "cannot modify … because it is a view": a writer that forgot is an error, never a write elsewhere).
//
// The database's own triggers cannot read an attached file, so each AFTER trigger that keeps a derived table of `main`
// exact from the partitioned rows (the marks of the lists a renamed player is on, the current reference lists'
// orders) gets a twin in `temp` for each file that reads that file's rows instead of `main`'s.
//
// With no file recorded nothing is attached and nothing made: the connection is exactly as before.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import type Database from 'better-sqlite3'
import { UserError } from '../util/errors'
import { quoteIdent } from './ident'

type Connection = Database.Database

/** The tables whose published lists' rows a sealed period moves to its archive file. */
export const PARTITIONED = ['rating_list_entries', 'office_list_sheets', 'list_by_rating'] as const
export type PartitionedTable = (typeof PARTITIONED)[number]

/**
 * The triggers of `main` that read a partitioned table to keep a table of `main` exact after a change elsewhere (a
 * player renamed, re-federated, merged): each has a twin per archive file. The other triggers that read a partitioned
 * table need none: those on a partitioned table fire on `main`'s rows only (archived rows never change), and the
 * guard of a frozen list's counts (`rating_lists_frozen`) refuses any change to a counted list, which a sealed list is.
 */
export const TWINNED_TRIGGERS = ['players_name_marks', 'players_fide_id_marks', 'players_rating_order'] as const

/** The folder of a database's archive files. */
export function archiveDir(dbFile: string): string {
  return `${dbFile}.archive`
}

export interface ArchiveFileRecord {
  id: number
  name: string
  sha256: string
  bytes: number
  firstDate: string
  lastDate: string
  sealedAt: string
}

/** The archive files a database records, oldest period first (none before migration 29). */
export function archiveFiles(db: Connection): ArchiveFileRecord[] {
  if (!db.prepare("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = 'archive_files'").get()) return []
  return db
    .prepare('SELECT id, name, sha256, bytes, first_date AS firstDate, last_date AS lastDate, sealed_at AS sealedAt FROM main.archive_files ORDER BY first_date, id')
    .all() as ArchiveFileRecord[]
}

/** The schema name under which a file is attached. */
export function archiveSchema(fileId: number): string {
  return `archive_${fileId}`
}

/** The schema holding a list's partitioned rows: `main`, or the archive file it was sealed into (no list: `main`). */
export function listSchema(db: Connection, listId: number | null): string {
  if (listId === null || !db.prepare("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = 'archive_file_lists'").get()) return 'main'
  const fileId = db.prepare('SELECT file_id FROM main.archive_file_lists WHERE list_id = ?').pluck().get(listId) as number | undefined
  return fileId === undefined ? 'main' : archiveSchema(fileId)
}

/** The partitioned tables of one list, named in the file that holds it (`main.…`, or `archive_<id>.…` once sealed). */
export interface ListTables {
  entries: string
  byRating: string
  sheets: string
}

/**
 * A list's tables in its own file: a read of one list in order through the views merges or sorts the arms of every
 * file (a page of a sealed list 13–30× slower at 20,000 players, docs/performance.md), where its own file's index
 * gives the order. Every read of one list names them. No list (a missing base or previous list, joined on an id no row
 * has): the database's own tables.
 */
export function listTables(db: Connection, listId: number | null): ListTables {
  const s = listSchema(db, listId)
  return { entries: `${s}.rating_list_entries`, byRating: `${s}.list_by_rating`, sheets: `${s}.office_list_sheets` }
}

/** The columns of a table of a schema, in order. */
export function tableColumns(db: Connection, schema: string, table: string): string[] {
  return db.prepare('SELECT name FROM pragma_table_info(?, ?) ORDER BY cid').pluck().all(table, schema) as string[]
}


/** The header of a trigger's SQL up to the table it fires on (the table is the last group). */
const TRIGGER_HEAD = /^CREATE\s+TRIGGER\s+("?)(\w+)\1(\s+(?:BEFORE|AFTER|INSTEAD\s+OF)\s+(?:INSERT|DELETE|UPDATE(?:\s+OF\s+[\w\s,]+?)?)\s+ON\s+)(\w+)/i

/** A twin of a trigger of `main` that reads the partitioned tables of `schema` instead (a `temp` trigger). */
export function twinTrigger(sql: string, schema: string): string {
  const head = TRIGGER_HEAD.exec(sql)
  if (!head) throw new Error(`cannot read the trigger ${sql.slice(0, 80)}`)
  const body = sql.slice(head[0].length).replace(new RegExp(`\\b(${PARTITIONED.join('|')})\\b`, 'g'), `${schema}.$1`)
  return `CREATE TEMP TRIGGER ${quoteIdent(`${head[2]}__${schema}`)}${head[3]}main.${head[4]}${body}`
}

/**
 * Attaches the database's recorded archive files to a connection, makes the views and the triggers' twins. A file
 * missing or not in the form of the database's tables is an error naming it: the lists it holds cannot be read.
 */
export function attachArchiveFiles(db: Connection, dbFile: string, instead: ReadonlyMap<number, string> = new Map()): ArchiveFileRecord[] {
  const files = archiveFiles(db)
  if (files.length === 0) return files
  for (const f of files) {
    // `instead`: a file's rewrite, written and checked, attached in its place while the transaction that records it runs
    const path = instead.get(f.id) ?? join(archiveDir(dbFile), f.name)
    if (!existsSync(path)) throw new UserError('db.archiveMissing', { file: path, first: f.firstDate, last: f.lastDate })
    try {
      db.prepare('ATTACH DATABASE ? AS ' + quoteIdent(archiveSchema(f.id))).run(path)
      for (const table of PARTITIONED) {
        const columns = tableColumns(db, 'main', table)
        const theirs = tableColumns(db, archiveSchema(f.id), table)
        if (theirs.join(',') !== columns.join(',')) throw new UserError('db.archiveForm', { file: path, table, expected: columns.join(', '), found: theirs.join(', ') || '—' })
      }
    } catch (e) {
      // a file SQLite cannot read (its schema damaged, not a database) is named, never an unexplained failure
      if (e instanceof UserError) throw e
      throw new UserError('db.archiveDamaged', { file: path, first: f.firstDate, last: f.lastDate, reason: (e as Error).message })
    }
  }
  makeArchiveViews(db)
  return files
}

/** The archive files attached to a connection, oldest period first. */
function attachedFiles(db: Connection): ArchiveFileRecord[] {
  const attached = new Set(db.prepare('SELECT name FROM pragma_database_list').pluck().all() as string[])
  return archiveFiles(db).filter((f) => attached.has(archiveSchema(f.id)))
}

/**
 * Makes the views of the partitioned tables and the triggers' twins over the attached archive files (none attached:
 * nothing). Temporary objects go with the connection's temporary store: a change of `temp_store` deletes them, and
 * the one change the product makes (`withTempStoreInMemory`, data/statements.ts) makes them again after.
 */
export function makeArchiveViews(db: Connection): void {
  const files = attachedFiles(db)
  if (files.length === 0) return
  for (const table of PARTITIONED) {
    const list = tableColumns(db, 'main', table).map(quoteIdent).join(', ')
    const arms = [...files.map((f) => `SELECT ${list} FROM ${archiveSchema(f.id)}.${table}`), `SELECT ${list} FROM main.${table}`]
    db.exec(`DROP VIEW IF EXISTS temp.${table}; CREATE TEMP VIEW ${table} AS ${arms.join(' UNION ALL ')}`)
  }
  const twinned = db.prepare(`SELECT name, sql FROM main.sqlite_schema WHERE type = 'trigger' AND name IN (${TWINNED_TRIGGERS.map(() => '?').join(', ')})`).all(...TWINNED_TRIGGERS) as { name: string; sql: string }[]
  for (const t of twinned) {
    for (const f of files) {
      db.exec(`DROP TRIGGER IF EXISTS temp.${quoteIdent(`${t.name}__${archiveSchema(f.id)}`)}`)
      db.exec(twinTrigger(t.sql, archiveSchema(f.id)))
    }
  }
}

/** Sets the connection's `temp_store` (outside a transaction), then makes again the archive's views it deleted. */
export function setTempStore(db: Connection, store: number): void {
  db.pragma(`temp_store = ${store}`)
  makeArchiveViews(db)
}

/** The data_version a connection last looked at the recorded files under (followArchiveFiles). */
const lookedAt = new WeakMap<Connection, number>()

/**
 * Makes a long-lived connection (the main process's, a server's) follow the archive files the database records now:
 * a period sealed on another connection (a job's, another session's) is attached, with its views, before the next call
 * reads, instead of its lists reading as empty until the connection is opened again. Cheap when nothing changed:
 * `PRAGMA data_version` says whether another connection committed since the last look. Not inside a transaction
 * (SQLite attaches outside one); a recorded file missing is the opening's error.
 */
export function followArchiveFiles(db: Connection, dbFile: string): void {
  if (db.inTransaction || db.memory) return
  const version = db.pragma('data_version', { simple: true }) as number
  if (lookedAt.get(db) === version) return
  lookedAt.set(db, version)
  // every recorded file attached from its recorded name, or a file is new or was rewritten (a merge across a sealed period)
  const attached = new Map((db.prepare('SELECT name, file FROM pragma_database_list').all() as { name: string; file: string }[]).map((d) => [d.name, d.file]))
  // (a name is one content: its SHA-256's start is in it)
  if (archiveFiles(db).every((f) => basename(attached.get(archiveSchema(f.id)) ?? '') === f.name)) return
  detachArchiveFiles(db)
  attachArchiveFiles(db, dbFile)
}

/** Drops the views, the twins and the attachments (before the files recorded change), leaving the connection bare. */
export function detachArchiveFiles(db: Connection): void {
  for (const t of db.prepare("SELECT type, name FROM temp.sqlite_schema WHERE type IN ('view', 'trigger') AND (name IN (" + PARTITIONED.map(() => '?').join(', ') + ") OR name GLOB '*__archive_*')").all(...PARTITIONED) as { type: string; name: string }[]) {
    db.exec(`DROP ${t.type === 'view' ? 'VIEW' : 'TRIGGER'} temp.${quoteIdent(t.name)}`)
  }
  for (const d of db.prepare('SELECT name FROM pragma_database_list').pluck().all() as string[]) {
    if (/^archive_\d+$/.test(d)) db.exec(`DETACH DATABASE ${quoteIdent(d)}`)
  }
}

/**
 * Removes from a database's archive folder what no record names: a file a seal wrote, checked, even renamed, but
 * was stopped before recording (its lists are still the database's own), and a seal's unfinished `.partial`. Only the
 * session that holds the office's lock calls it, before any job runs: no seal can be under way. Returns the names.
 */
export function removeStrayArchiveFiles(db: Connection, dbFile: string): string[] {
  const dir = archiveDir(dbFile)
  if (!existsSync(dir)) return []
  const recorded = new Set(archiveFiles(db).map((f) => f.name))
  const stray = readdirSync(dir).filter((name) => !recorded.has(name) && /^\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}(-[0-9a-f]{16})?\.db(\.partial)?(-journal)?$/.test(name))
  for (const name of stray) rmSync(join(dir, name), { force: true })
  return stray.sort()
}

/**
 * VACUUM of the live database (after a seal, so that its copies no longer carry the sealed rows' freed pages), on a
 * connection with no transaction open. VACUUM makes the database's indexes again by their SQL, whose table names the
 * views would take: the views and attachments are lifted around it and made again after.
 */
export function vacuumLiveDatabase(db: Connection, dbFile: string): void {
  detachArchiveFiles(db)
  try {
    db.exec('VACUUM')
  } finally {
    attachArchiveFiles(db, dbFile)
  }
}
