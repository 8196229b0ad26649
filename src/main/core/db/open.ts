// Opens the office database: WAL, foreign keys, migrations applied; refuses a database from a newer version.
import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrate, latestVersion } from './migrate'
import { migrations } from './migrations'
import { UserError } from '../util/errors'
import { backupBeforeUpgrade } from './backup'
import { attachArchiveFiles } from './archive-files'

export type Db = Database.Database

export interface OpenOptions {
  /** Open read-only (archive served on a network); no migration is applied. */
  readonly?: boolean
  /** Apply migrations (default true). */
  migrate?: boolean
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:' && !options.readonly) mkdirSync(dirname(file), { recursive: true })
  let db: Db
  try {
    db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false })
  } catch (e) {
    throw new UserError('db.cannotOpen', { file, reason: (e as Error).message })
  }
  try {
    // the version is read before anything is written, so a newer database is left byte for byte as it was
    let version: number
    try {
      version = db.pragma('user_version', { simple: true }) as number
    } catch (e) {
      throw new UserError('db.cannotOpen', { file, reason: (e as Error).message })
    }
    const latest = latestVersion(migrations)
    if (version > latest) {
      throw new UserError('db.tooNew', { file, version, latest })
    }
    if (!options.readonly) db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    db.pragma('synchronous = NORMAL')
    // 64 MB of page cache (SQLite's default is 16 MB): a name search that matches thousands of the registry's two
    // million players reads each of them to sort by name; a second search then finds most pages here (7 ms, not 18).
    db.pragma('cache_size = -65536')
    if (options.migrate !== false && !options.readonly) {
      // an upgrade keeps a copy of the database as it was, so that no data can be lost to a migration
      if (version > 0 && version < latest && file !== ':memory:') {
        // in the backups folder of the settings, verified (integrity, foreign keys, row counts, frozen lists) before
        // anything changes: the copy is only a safety net if it can be opened and is whole
        backupBeforeUpgrade(db, file)
      }
      migrate(db, migrations)
    }
    else if (version < latest) throw new UserError('db.needsUpgrade', { file, version, latest })
    // the sealed periods' files (docs/archive-periods.md): every reader of the office reads their lists too
    if (file !== ':memory:') attachArchiveFiles(db, file)
    return db
  } catch (e) {
    db.close()
    throw e
  }
}

/** `read` on a short read-only connection of its own, closed after it: a job's reading (an archive served read-only reads too). */
export function readOnly<T>(file: string, read: (db: Db) => T): T {
  const db = openDatabase(file, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}
