// Triggers lifted for a big write in the caller's transaction and put back before its commit: the drop and the
// re-creation are schema changes of that transaction, so no other connection ever sees the table without them, and a
// write that fails rolls both back.
import type { Db } from '../db/open'

/** The guard that refuses entries into a published or counted list (migration 11): lifted by a list import and a draft. */
export const ENTRIES_GUARD = 'rating_list_entries_frozen_insert'

/** Drops a trigger inside the caller's transaction; returns what puts it back exactly as it was (null: none). */
export function dropTrigger(db: Db, name: string): (() => void) | null {
  const t = db.prepare("SELECT sql FROM main.sqlite_schema WHERE type = 'trigger' AND name = ?").get(name) as { sql: string } | undefined
  if (!t) return null
  db.exec(`DROP TRIGGER main."${name}"`)
  // made again in `main` by name: unqualified, its table would be found first among the connection's views of the
  // period archive files (db/archive-files.ts), where a trigger cannot be made
  const again = t.sql.replace(/^CREATE\s+TRIGGER\s+/i, 'CREATE TRIGGER main.')
  return () => db.exec(again)
}

/** Drops the named triggers (those there are) inside the caller's transaction; returns what puts them all back. */
export function liftTriggers(db: Db, names: readonly string[]): () => void {
  const restore = names.flatMap((n) => dropTrigger(db, n) ?? [])
  return () => {
    for (const r of restore) r()
  }
}
