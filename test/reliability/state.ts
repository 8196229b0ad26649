// What an office database holds, as one comparable value for the crash harness: every table's rows hashed in key
// order, times of day left out (a killed run and the whole run write the same rows at different moments).
import { createHash } from 'node:crypto'
import type Database from 'better-sqlite3'

/** Columns that hold the moment a row was written: they differ between two runs of the same operation. */
const MOMENT = /(^at$|_at$)/
/**
 * A moment written inside a value (an audit entry's data; a backup's name there, its moment to the second and its
 * sequence in that second: `office-2026-12-04T202700-2-before-publication.db`): replaced by a mark, the rest kept.
 */
const STAMP = /\d{4}-\d{2}-\d{2}T(\d{2}:\d{2}:\d{2}(\.\d+)?Z|\d{6}(-\d+)?(?=-[a-z]))/g

/**
 * Columns derived from the rest of the database, filled at a moment of the office's choosing: a frozen list's recorded
 * checksum (migration 28) is filled before a publication's safety copy, so a run killed after it and before the
 * publication holds the state before plus that figure. Whether the figure is right is the full check's question
 * (`frozenListProblems`), not the state's.
 */
const DERIVED: Record<string, readonly string[]> = { frozen_list_checksums: ['checksum'] }

export type OfficeState = Record<string, string>

export function officeState(db: Database.Database): OfficeState {
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'players_fts%' ORDER BY name")
    .all() as { name: string; sql: string }[]
  const out: OfficeState = {}
  for (const t of tables) {
    const cols = (db.prepare(`SELECT name, pk FROM pragma_table_info(?)`).all(t.name) as { name: string; pk: number }[])
    const kept = cols.filter((c) => !MOMENT.test(c.name) && !DERIVED[t.name]?.includes(c.name)).map((c) => `"${c.name}"`)
    const keys = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => `"${c.name}"`)
    const order = keys.length ? keys.join(', ') : kept.join(', ')
    const h = createHash('sha256')
    let n = 0
    for (const row of db.prepare(`SELECT ${kept.join(', ')} FROM "${t.name}" ORDER BY ${order}`).raw().iterate() as Iterable<unknown[]>) {
      h.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : typeof v === 'string' ? v.replace(STAMP, '<moment>') : v)))
      n++
    }
    out[t.name] = `${n}:${h.digest('hex').slice(0, 16)}`
  }
  return out
}

/** The tables where two states differ, with their row counts: what a failure report names. */
export function stateDiff(a: OfficeState, b: OfficeState): string {
  return Object.keys({ ...a, ...b })
    .filter((k) => a[k] !== b[k])
    .map((k) => `${k} ${a[k]?.split(':')[0] ?? '-'}→${b[k]?.split(':')[0] ?? '-'}`)
    .join(', ')
}

/** The folder the harness's `backup` operation writes into, beside the database (crash-child.ts empties it before each run). */
export const backupFolderBeside = (dbPath: string): string => `${dbPath}.backups`
