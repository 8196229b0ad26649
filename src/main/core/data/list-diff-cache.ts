// SQL of the comparisons kept for paging: two big lists compared once in a worker (lists:diff job), each kind's
// players stored in order, so that every page after is a primary-key range. The store is a cache database of its
// own in the system's temporary folder, not the office's record: it is derived, may be deleted at any time, and
// works beside an archive served read-only. A stored comparison is used only while its key still matches the
// two lists (checksums, entry counts, player merges): a regenerated draft or a merge makes it stale.
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Db } from '../db/open'
import type { DiffKind } from './list-compare'

export type DiffCounts = Record<DiffKind, number>

/** Cache schema version: a file of another version is deleted and built again (2: the kinds of lists/change-kinds.ts,
 *  with 'unchanged' and 'unlisted' paged). */
const VERSION = 2
/** Comparisons kept (the oldest are dropped when a new one is stored). */
export const KEPT_DIFFS = 20

/** The cache file of an office database (none for an in-memory one). */
export function diffCacheFile(dbPath: string): string | null {
  if (!dbPath || dbPath === ':memory:') return null
  const id = createHash('sha256').update(resolve(dbPath)).digest('hex').slice(0, 16)
  return join(tmpdir(), 'rating-office-cache', `diffs-${id}.db`)
}

/** Opens (creating when missing) the cache; a damaged or foreign file is replaced. */
export function openDiffCache(file: string): Db {
  mkdirSync(join(file, '..'), { recursive: true })
  const open = (): Db => {
    const c = new Database(file)
    c.pragma('journal_mode = WAL')
    c.pragma('busy_timeout = 5000')
    const v = c.pragma('user_version', { simple: true }) as number
    if (v === VERSION) return c
    if (v !== 0) throw new Error(`diff cache version ${v}`)
    // a new file: its tables, then its version (an open of an existing cache writes nothing)
    c.exec(`
      CREATE TABLE IF NOT EXISTS diffs (
        from_id INTEGER NOT NULL, to_id INTEGER NOT NULL, key TEXT NOT NULL, counts TEXT NOT NULL,
        computed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), PRIMARY KEY (from_id, to_id)
      ) STRICT;
      CREATE TABLE IF NOT EXISTS diff_rows (
        from_id INTEGER NOT NULL, to_id INTEGER NOT NULL, kind TEXT NOT NULL, seq INTEGER NOT NULL, player_id INTEGER NOT NULL,
        PRIMARY KEY (from_id, to_id, kind, seq)
      ) STRICT, WITHOUT ROWID;
    `)
    c.pragma(`user_version = ${VERSION}`)
    return c
  }
  try {
    return open()
  } catch {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    return open()
  }
}

/** A list as the key of a comparison names it (its summary: lists:list and getListSummary give these). */
export interface DiffSide {
  id: number
  status: string
  checksum: string | null
  createdAt: string
  entries: number
}

/** What a stored comparison was computed from: it serves while this is unchanged (the lists, and the players' merges). */
export function diffKey(db: Db, from: DiffSide, to: DiffSide): string {
  const side = (l: DiffSide) => [l.id, l.status, l.checksum, l.createdAt, l.entries]
  const merges = db.prepare('SELECT count(*) AS n, max(coalesce(undone_at, at)) AS last FROM player_merges').get()
  return JSON.stringify([side(from), side(to), merges])
}

/** The stored counts of a comparison whose key still matches, or null. */
export function storedDiff(cache: Db, fromId: number, toId: number, key: string): DiffCounts | null {
  const row = cache.prepare('SELECT key, counts FROM diffs WHERE from_id = ? AND to_id = ?').get(fromId, toId) as { key: string; counts: string } | undefined
  return row && row.key === key ? (JSON.parse(row.counts) as DiffCounts) : null
}

/** One page of one kind's players, in the kind's order. */
export function storedDiffPage(cache: Db, fromId: number, toId: number, kind: DiffKind, offset: number, limit: number): number[] {
  return cache
    .prepare('SELECT player_id FROM diff_rows WHERE from_id = ? AND to_id = ? AND kind = ? AND seq >= ? AND seq < ? ORDER BY seq')
    .pluck()
    .all(fromId, toId, kind, offset, offset + limit) as number[]
}

/**
 * Stores a comparison in one transaction (replacing the pair's earlier one): the counts, then each kind's
 * players in order from `ids(kind)`; drops the oldest comparisons beyond KEPT_DIFFS.
 */
export function storeDiff(cache: Db, fromId: number, toId: number, key: string, counts: DiffCounts, kinds: readonly DiffKind[], ids: (kind: DiffKind) => Iterable<number>, step?: (kind: DiffKind) => void): void {
  const ins = cache.prepare('INSERT INTO diff_rows (from_id, to_id, kind, seq, player_id) VALUES (?, ?, ?, ?, ?)')
  cache.transaction(() => {
    cache.prepare('DELETE FROM diff_rows WHERE from_id = ? AND to_id = ?').run(fromId, toId)
    cache.prepare('DELETE FROM diffs WHERE from_id = ? AND to_id = ?').run(fromId, toId)
    for (const kind of kinds) {
      step?.(kind)
      let seq = 0
      for (const id of ids(kind)) ins.run(fromId, toId, kind, seq++, id)
    }
    cache.prepare('INSERT INTO diffs (from_id, to_id, key, counts) VALUES (?, ?, ?, ?)').run(fromId, toId, key, JSON.stringify(counts))
    const old = cache.prepare('SELECT from_id AS f, to_id AS t FROM diffs ORDER BY computed_at DESC, rowid DESC LIMIT -1 OFFSET ?').all(KEPT_DIFFS) as { f: number; t: number }[]
    for (const o of old) {
      cache.prepare('DELETE FROM diff_rows WHERE from_id = ? AND to_id = ?').run(o.f, o.t)
      cache.prepare('DELETE FROM diffs WHERE from_id = ? AND to_id = ?').run(o.f, o.t)
    }
  })()
}
