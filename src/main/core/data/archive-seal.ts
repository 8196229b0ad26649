// Sealing published lists into a period archive file (docs/archive-periods.md): their rows of the partitioned tables
// written into a new file beside the database, the file checked in full against the database's own records, made
// durable under its name, then recorded and the rows deleted from the database in one transaction. A stop at any
// point leaves either the rows in the database (and at most a file that no record names) or the file recorded and
// the rows in it, never a list in neither or read twice.
import Database from 'better-sqlite3'
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from '../db/open'
import { PARTITIONED, archiveDir, archiveFiles, attachArchiveFiles, detachArchiveFiles, listSchema, tableColumns, type ArchiveFileRecord } from '../db/archive-files'
import { fillFrozenChecksums, frozenListChecksum } from '../db/backup'
import { fileSha256, fsyncDir, fsyncFile } from '../util/durable-files'
import { integrityCheck } from '../db/integrity-thread'
import { BY_RATING_DELETE } from './list-by-rating'
import { liftTriggers } from './triggers'
import { UserError } from '../util/errors'

/** What the file itself says of each list it holds, so that it can be checked without the database. */
const ARCHIVE_LISTS = `CREATE TABLE archive_lists (
  list_id     INTEGER PRIMARY KEY,
  list_date   TEXT NOT NULL,
  rating_type TEXT NOT NULL,
  entries     INTEGER NOT NULL,
  sheets      INTEGER NOT NULL,
  checksum    TEXT NOT NULL
) STRICT`

/** The triggers of the database that refuse to delete a published list's rows: lifted while its rows leave for the file. */
const FROZEN_DELETES = ['rating_list_entries_frozen_delete', 'office_list_sheets_frozen_delete', BY_RATING_DELETE]

export interface SealedList {
  id: number
  listDate: string
  ratingType: string
  entries: number
  sheets: number
  checksum: string
}

export interface SealResult {
  file: ArchiveFileRecord
  lists: SealedList[]
}

interface ListRow {
  id: number
  listDate: string
  ratingType: string
  status: string
  entryCount: number | null
}

/** The lists to seal, each checked: it exists, is frozen and counted, has its checksum recorded, is not sealed yet. */
function listsToSeal(db: Db, listIds: readonly number[]): SealedList[] {
  if (listIds.length === 0) throw new UserError('archive.sealNothing', {})
  fillFrozenChecksums(db)
  const read = db.prepare('SELECT id, list_date AS listDate, rating_type AS ratingType, status, entry_count AS entryCount FROM rating_lists WHERE id = ?')
  const checksum = db.prepare('SELECT checksum FROM frozen_list_checksums WHERE list_id = ?').pluck()
  const sheets = db.prepare('SELECT count(*) FROM main.office_list_sheets WHERE list_id = ?').pluck()
  const out: SealedList[] = []
  for (const id of [...new Set(listIds)].sort((a, b) => a - b)) {
    const l = read.get(id) as ListRow | undefined
    if (!l) throw new UserError('lists.notFound', { id })
    if (l.status !== 'published' && l.status !== 'reference') throw new UserError('archive.sealNotFrozen', { listId: id, listDate: l.listDate, status: l.status })
    if (listSchema(db, id) !== 'main') throw new UserError('archive.sealAlready', { listId: id, listDate: l.listDate })
    const sum = checksum.get(id) as string | null | undefined
    if (l.entryCount === null || !sum) throw new UserError('archive.sealUncounted', { listId: id, listDate: l.listDate })
    out.push({ id, listDate: l.listDate, ratingType: l.ratingType, entries: l.entryCount, sheets: sheets.get(id) as number, checksum: sum })
  }
  return out
}

/**
 * A period's file is named by its first and last list dates and the start of its SHA-256: a name is then one content
 * wherever the file is (the database's archive folder, a backups folder), so a copy found under its name is that file.
 */
export function archiveFileName(first: string, last: string, sha256: string): string {
  return `${first}-to-${last}-${sha256.slice(0, 16)}.db`
}

/**
 * Gives a checked archive file its name: `partial` synced, hashed, renamed to its period's name with its SHA-256 in
 * the same folder, the folder synced. What a seal, a rewrite and a merge of periods do last before the record.
 */
export function nameCheckedFile(partial: string, first: string, last: string): { name: string; sha256: string; bytes: number } {
  fsyncFile(partial)
  const sha256 = fileSha256(partial)
  const name = archiveFileName(first, last, sha256)
  const path = join(dirname(partial), name)
  renameSync(partial, path)
  fsyncDir(dirname(partial))
  return { name, sha256, bytes: statSync(path).size }
}

/** A table's definition for an archive file: the database's own, less its references (the lists and players stay in the database). */
function archiveTableSql(db: Db, table: string): string[] {
  const rows = db.prepare("SELECT type, sql FROM main.sqlite_schema WHERE tbl_name = ? AND type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC").all(table) as { type: string; sql: string }[]
  return rows.map((r) => (r.type === 'table' ? r.sql.replace(/\s+REFERENCES\s+\w+\s*\(\s*\w+\s*\)/gi, '') : r.sql))
}

/** The triggers that keep an archive file's rows as they were sealed, whoever opens it. */
export function immutabilityTriggers(table: string): string {
  return ['INSERT', 'UPDATE', 'DELETE']
    .map((op) => `CREATE TRIGGER ${table}_sealed_${op.toLowerCase()} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, 'a sealed period''s lists are immutable'); END;`)
    .join('\n')
}

/**
 * Writes the lists' rows into a new file at `partial`, with its own account of them; the caller's connection reads
 * them from `from(table, columns)` (a FROM clause and its parameters: the database's own rows of the lists, or the rows
 * of the periods' files a merge of periods joins), each table in its key's order.
 */
export function writeFile(db: Db, partial: string, lists: readonly SealedList[], from: (table: string, columns: string) => { sql: string; params: unknown[] } = ownRows(lists)): void {
  const file = new Database(partial)
  try {
    file.pragma('journal_mode = DELETE')
    file.pragma(`user_version = ${db.pragma('user_version', { simple: true }) as number}`)
    file.exec(PARTITIONED.flatMap((t) => archiveTableSql(db, t)).join(';\n') + ';\n' + ARCHIVE_LISTS)
    const account = file.prepare('INSERT INTO archive_lists (list_id, list_date, rating_type, entries, sheets, checksum) VALUES (?, ?, ?, ?, ?, ?)')
    for (const l of lists) account.run(l.id, l.listDate, l.ratingType, l.entries, l.sheets, l.checksum)
  } finally {
    file.close()
  }
  db.prepare('ATTACH DATABASE ? AS sealing').run(partial)
  try {
    db.transaction(() => {
      for (const table of PARTITIONED) {
        const columns = tableColumns(db, 'main', table).map((c) => `"${c}"`).join(', ')
        const key = table === 'list_by_rating' ? 'list_id, key, player_id' : 'list_id, player_id'
        const source = from(table, columns)
        db.prepare(`INSERT INTO sealing.${table} (${columns}) SELECT ${columns} FROM ${source.sql} ORDER BY ${key}`).run(...source.params)
      }
    })()
  } finally {
    db.exec('DETACH DATABASE sealing')
  }
  const sealed = new Database(partial)
  try {
    sealed.exec(PARTITIONED.map(immutabilityTriggers).join('\n'))
  } finally {
    sealed.close()
  }
}

/** The database's own rows of the lists being sealed. */
const ownRows =
  (lists: readonly SealedList[]) =>
  (table: string): { sql: string; params: unknown[] } => ({ sql: `main.${table} WHERE list_id IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(lists.map((l) => l.id))] })

/** What is wrong with an archive file against the account of its lists (empty: nothing), read on its own connection. */
export function archiveFileProblems(path: string, lists: readonly SealedList[]): string[] {
  let file: Database.Database
  try {
    file = new Database(path, { readonly: true, fileMustExist: true })
  } catch (e) {
    return [`unreadable: ${(e as Error).message}`]
  }
  const problems: string[] = []
  try {
    const integrity = integrityCheck(file)
    if (integrity !== 'ok') problems.push(`integrity: ${integrity}`)
    const count = (table: string, id: number): number => file.prepare(`SELECT count(*) FROM ${table} WHERE list_id = ?`).pluck().get(id) as number
    for (const l of lists) {
      if (count('rating_list_entries', l.id) !== l.entries) problems.push(`list ${l.id}: ${count('rating_list_entries', l.id)} entries, ${l.entries} recorded`)
      if (count('list_by_rating', l.id) !== l.entries) problems.push(`list ${l.id}: ${count('list_by_rating', l.id)} keys by rating, ${l.entries} entries`)
      if (count('office_list_sheets', l.id) !== l.sheets) problems.push(`list ${l.id}: ${count('office_list_sheets', l.id)} sheets, ${l.sheets} in the database`)
      const sum = frozenListChecksum(file, l.id)
      if (sum !== l.checksum) problems.push(`list ${l.id}: checksum ${sum}, ${l.checksum} recorded`)
    }
    const held = file.prepare('SELECT count(DISTINCT list_id) FROM rating_list_entries').pluck().get() as number
    if (held !== lists.filter((l) => l.entries > 0).length) problems.push(`${held} lists in the file, ${lists.length} sealed`)
    return problems
  } catch (e) {
    // a page SQLite cannot read stops the reading: the finding, with what was found before it
    return [...problems, `unreadable: ${(e as Error).message}`]
  } finally {
    file.close()
  }
}

/** What a full check found of one recorded archive file. */
export interface ArchiveFileCheck {
  name: string
  lists: number
  problems: string[]
}

/** The account a file gives of its lists (its `archive_lists`), read on its own connection; the reason when unreadable. */
export function fileAccount(path: string): SealedList[] | string {
  try {
    const file = new Database(path, { readonly: true, fileMustExist: true })
    try {
      return file.prepare('SELECT list_id AS id, list_date AS listDate, rating_type AS ratingType, entries, sheets, checksum FROM archive_lists ORDER BY list_id').all() as SealedList[]
    } finally {
      file.close()
    }
  } catch (e) {
    return (e as Error).message
  }
}

/**
 * Every recorded archive file checked in full (`db check`): there, the SHA-256 recorded when it was sealed, the lists
 * the database says it holds and their recorded checksums equal to its own account of them, and that account true of
 * its rows (archiveFileProblems: integrity, counts, each list's checksum).
 */
export function checkArchiveFiles(db: Db, dbFile: string): ArchiveFileCheck[] {
  const held = db.prepare('SELECT a.list_id AS id, c.checksum FROM main.archive_file_lists a LEFT JOIN main.frozen_list_checksums c ON c.list_id = a.list_id WHERE a.file_id = ? ORDER BY a.list_id')
  return archiveFiles(db).map((f) => {
    const path = join(archiveDir(dbFile), f.name)
    const lists = held.all(f.id) as { id: number; checksum: string | null }[]
    const problems: string[] = []
    if (!existsSync(path)) return { name: f.name, lists: lists.length, problems: ['missing'] }
    const sha = fileSha256(path)
    if (sha !== f.sha256) problems.push(`SHA-256 ${sha}, ${f.sha256} recorded when sealed`)
    const account = fileAccount(path)
    if (typeof account === 'string') return { name: f.name, lists: lists.length, problems: [...problems, `unreadable: ${account}`] }
    if (account.map((l) => l.id).join(',') !== lists.map((l) => l.id).join(',')) problems.push(`holds lists ${account.map((l) => l.id).join(', ')}; the database records ${lists.map((l) => l.id).join(', ')}`)
    for (const l of lists) {
      const own = account.find((a) => a.id === l.id)
      if (own && l.checksum !== null && own.checksum !== l.checksum) problems.push(`list ${l.id}: checksum ${own.checksum} in the file, ${l.checksum} recorded`)
    }
    problems.push(...archiveFileProblems(path, account))
    return { name: f.name, lists: lists.length, problems }
  })
}

/**
 * Seals published or reference lists into a new archive file beside the database `dbFile` (the connection's own file),
 * in the caller's write turn: the file written and checked (integrity; each list's entries, keys and sheets counted;
 * its checksum equal to the one recorded), synced under its name, then recorded with its SHA-256 and the lists' rows
 * deleted from the database in one transaction, with what the caller records of it (`recorded`: the audit log); the
 * connection then reads the file through its views.
 */
export function sealLists(
  db: Db,
  dbFile: string,
  listIds: readonly number[],
  now: () => string = () => new Date().toISOString(),
  recorded: (file: ArchiveFileRecord) => void = () => {}
): SealResult {
  const lists = listsToSeal(db, listIds)
  const dir = archiveDir(dbFile)
  mkdirSync(dir, { recursive: true })
  const first = lists.reduce((a, l) => (l.listDate < a ? l.listDate : a), lists[0]!.listDate)
  const last = lists.reduce((a, l) => (l.listDate > a ? l.listDate : a), lists[0]!.listDate)
  const partial = join(dir, `${first}-to-${last}.db.partial`)
  rmSync(partial, { force: true })
  let name: string
  let sha256: string
  try {
    writeFile(db, partial, lists)
    const problems = archiveFileProblems(partial, lists)
    if (problems.length > 0) throw new UserError('archive.sealUnverified', { file: partial, problems: problems.slice(0, 5).join('; ') })
    ;({ name, sha256 } = nameCheckedFile(partial, first, last))
  } catch (e) {
    rmSync(partial, { force: true })
    throw e
  }
  const path = join(dir, name)
  const record = { name, sha256, bytes: statSync(path).size, firstDate: first, lastDate: last, sealedAt: now() }
  let id = 0
  try {
    db.transaction(() => {
      id = Number(
        db
          .prepare('INSERT INTO main.archive_files (name, sha256, bytes, first_date, last_date, sealed_at) VALUES (@name, @sha256, @bytes, @firstDate, @lastDate, @sealedAt)')
          .run(record).lastInsertRowid
      )
      const sealed = db.prepare('INSERT INTO main.archive_file_lists (list_id, file_id) VALUES (?, ?)')
      for (const l of lists) sealed.run(l.id, id)
      const restore = liftTriggers(db, FROZEN_DELETES)
      const ids = JSON.stringify(lists.map((l) => l.id))
      for (const table of PARTITIONED) db.prepare(`DELETE FROM main.${table} WHERE list_id IN (SELECT value FROM json_each(?))`).run(ids)
      restore()
      recorded({ id, ...record })
    })()
  } catch (e) {
    // not recorded: the file goes, the lists stay in the database as they were
    rmSync(path, { force: true })
    throw e
  }
  detachArchiveFiles(db)
  attachArchiveFiles(db, dbFile)
  return { file: { id, ...record }, lists }
}
