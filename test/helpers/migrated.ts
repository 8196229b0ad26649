// A database file migrated up to an exact schema version, for the specs of one migration each.
import Database from 'better-sqlite3'
import { migrate } from '../../src/main/core/db/migrate'
import { migrations } from '../../src/main/core/db/migrations/index'

/** Opens `file` with foreign keys on and applies migrations 1..version, no further; returns it at that version. */
export function migratedTo(file: string, version: number): Database.Database {
  const db = new Database(file)
  db.pragma('foreign_keys = ON')
  const applied = migrate(db, migrations.filter((m) => m.version <= version))
  if (applied.at(-1) !== version || db.pragma('user_version', { simple: true }) !== version) throw new Error(`could not migrate ${file} to version ${version}`)
  return db
}
