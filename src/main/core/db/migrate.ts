// Numbered migrations keyed on PRAGMA user_version; each one runs in its own transaction.
import type Database from 'better-sqlite3'

export interface Migration {
  version: number
  name: string
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
      db.pragma(`user_version = ${m.version}`)
    })
    try {
      run()
    } catch (e) {
      throw new Error(`migration ${m.version} (${m.name}) failed: ${(e as Error).message}`)
    }
    applied.push(m.version)
  }
  return applied
}
