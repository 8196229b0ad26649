// Opens the office database: WAL, foreign keys, migrations applied; refuses a database from a newer version.
import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrate, latestVersion } from './migrate'
import { migrations } from './migrations'
import { UserError } from '../util/errors'

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
    if (!options.readonly) db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    db.pragma('synchronous = NORMAL')
    const version = db.pragma('user_version', { simple: true }) as number
    const latest = latestVersion(migrations)
    if (version > latest) {
      throw new UserError('db.tooNew', { file, version, latest })
    }
    if (options.migrate !== false && !options.readonly) migrate(db, migrations)
    else if (version < latest) throw new UserError('db.needsUpgrade', { file, version, latest })
    return db
  } catch (e) {
    db.close()
    throw e
  }
}
