// Statements prepared once per connection: the calls that run for every imported file (its rows, its checks, its
// audit) ask for the same few dozen statements thousands of times a month; compiling them again each time was a
// quarter of a report's import (docs/performance.md). A statement is keyed by its SQL text and its mode, so a
// plucked and an unplucked use of one text never share a statement.
import type Database from 'better-sqlite3'
import type { Db } from '../db/open'

const byConnection = new WeakMap<Db, Map<string, Database.Statement>>()

function cache(db: Db): Map<string, Database.Statement> {
  let m = byConnection.get(db)
  if (!m) byConnection.set(db, (m = new Map()))
  return m
}

/**
 * The connection's statement for this SQL, prepared on first use. Only for get/all/run: a statement that is being
 * iterated cannot run again until its iterator ends, so an `iterate()` keeps preparing its own.
 */
export function prepared(db: Db, sql: string): Database.Statement {
  const m = cache(db)
  let s = m.get(sql)
  if (!s) m.set(sql, (s = db.prepare(sql)))
  return s
}

/** The same, answering the first column only (better-sqlite3's `pluck`). */
export function preparedPluck(db: Db, sql: string): Database.Statement {
  const m = cache(db)
  const key = `pluck\u0000${sql}`
  let s = m.get(key)
  if (!s) m.set(key, (s = db.prepare(sql).pluck()))
  return s
}
