// Numbered migrations keyed on PRAGMA user_version; each one runs in its own transaction.
import type Database from 'better-sqlite3'

export interface Migration {
  version: number
  name: string
  /**
   * The migration rebuilds a table that others reference (SQLite's documented procedure for a changed CHECK:
   * create the new table, copy, drop the old one, rename). Foreign keys are switched off around its transaction,
   * which cannot be done inside it, and the whole database is checked with `foreign_key_check` before the commit.
   */
  rebuildsTables?: boolean
  up(db: Database.Database): void
}

export function latestVersion(list: readonly Migration[]): number {
  return list.reduce((max, m) => Math.max(max, m.version), 0)
}

export function checkMigrationList(list: readonly Migration[]): void {
  const seen = new Set<number>()
  for (const m of list) {
    if (!Number.isInteger(m.version) || m.version < 1) throw new Error(`migration ${m.name}: bad version ${m.version}`)
    if (seen.has(m.version)) throw new Error(`migration version ${m.version} is used twice`)
    seen.add(m.version)
  }
}

/** Applies every migration newer than the database, in order; returns the versions applied. */
export function migrate(db: Database.Database, list: readonly Migration[]): number[] {
  checkMigrationList(list)
  const current = db.pragma('user_version', { simple: true }) as number
  const pending = [...list].filter((m) => m.version > current).sort((a, b) => a.version - b.version)
  const applied: number[] = []
  for (const m of pending) {
    const run = db.transaction(() => {
      m.up(db)
      if (m.rebuildsTables) {
        const broken = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]
        if (broken.length > 0) throw new Error(`foreign keys broken by the rebuild: ${broken.slice(0, 5).map((b) => `${b.table} row ${b.rowid} → ${b.parent}`).join(', ')}`)
      }
      db.pragma(`user_version = ${m.version}`)
    })
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number
    if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = OFF')
    try {
      run()
    } catch (e) {
      throw new Error(`migration ${m.version} (${m.name}) failed: ${(e as Error).message}`)
    } finally {
      if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = ON')
    }
    applied.push(m.version)
  }
  return applied
}
