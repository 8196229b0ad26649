// What a host (desktop app, browser mode, CLI) checks when it opens the office database, and tells the officer:
// a session that ended without closing (its lock left behind, its write-ahead log replayed), another program
// using the file, a damaged file (quick_check) and broken links between rows (foreign_key_check). Worker threads
// open the same file without any of this: the host has checked it once.
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import type { Db } from './open'
import { translateError } from '../../../shared/errors/index'
import { processAlive } from '../util/process-alive'

export type NoticeLevel = 'info' | 'warning' | 'error'

/** One thing the officer is told on opening; the message is `key` in the shared catalogue (en, fr). */
export interface OpenNotice {
  level: NoticeLevel
  key: string
  params: Record<string, string | number>
}

/** The host's claim on the database file, next to it: pid, machine and time of the session that opened it. */
export function lockPath(file: string): string {
  return `${file}.lock`
}

interface LockOwner {
  pid: number
  host: string
  since: string
}

function readLock(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') } : null
  } catch {
    // unreadable or half-written (a kill while writing it): nobody can be holding it
    return null
  }
}

/** What the files beside the database say before it is opened: read by `inspectBeforeOpen`, judged after. */
export interface BeforeOpen {
  file: string
  /** Bytes of a write-ahead log left beside the file (0: none). */
  walBytes: number
  /** A rollback journal left beside the file (an interrupted write in rollback mode). */
  hotJournal: boolean
  /** The session holding the lock: null when none, `stale` when its process is gone. */
  lock: (LockOwner & { stale: boolean }) | null
}

export function inspectBeforeOpen(file: string): BeforeOpen {
  const size = (f: string): number => (existsSync(f) ? statSync(f).size : 0)
  const owner = existsSync(lockPath(file)) ? readLock(lockPath(file)) : null
  // this process's own lock (the database reopened after a restore) is no other session's
  const mine = owner !== null && owner.pid === process.pid && owner.host === hostname()
  const lock = existsSync(lockPath(file)) && !mine
    ? owner
      ? { ...owner, stale: owner.host === hostname() && !processAlive(owner.pid) }
      : { pid: 0, host: '', since: '', stale: true }
    : null
  return { file, walBytes: size(`${file}-wal`), hotJournal: size(`${file}-journal`) > 0, lock }
}

/**
 * Takes the lock for this process unless a live session holds it; a stale one is replaced. Returns the release
 * (which removes the lock only if it is still ours), or null when another session keeps it.
 */
export function takeLock(before: BeforeOpen): (() => void) | null {
  const path = lockPath(before.file)
  if (before.lock && !before.lock.stale) return null
  if (before.lock?.stale) rmSync(path, { force: true })
  let fd: number
  try {
    fd = openSync(path, 'wx')
  } catch {
    // another host took it between the look and now, or the folder is read-only: it is not ours
    return null
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }))
  } finally {
    closeSync(fd)
  }
  return () => {
    const owner = readLock(path)
    if (owner && owner.pid === process.pid && owner.host === hostname()) rmSync(path, { force: true })
  }
}

const MAX_LISTED = 5

/**
 * The checks on an opened database and what the files beside it said before: the notices to show. Never throws:
 * a check SQLite cannot finish is itself the notice that the file is damaged.
 */
export function checkOnOpen(db: Db, before: BeforeOpen, options: { readonly?: boolean; integrity?: boolean } = {}): OpenNotice[] {
  const notices: OpenNotice[] = []
  const file = before.file
  const otherSession = before.lock !== null && !before.lock.stale
  if (otherSession) {
    notices.push({ level: 'info', key: 'db.open.inUse', params: { file, pid: before.lock!.pid, host: before.lock!.host, since: before.lock!.since } })
  } else if (before.lock?.stale || before.walBytes > 0 || before.hotJournal) {
    // the last session stopped without closing: SQLite replays what was committed and drops what was not; once
    // the log is folded into the file (checkpoint) nothing is left to recover a second time
    let checkpointed = true
    if (!options.readonly) {
      try {
        const [r] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
        checkpointed = r?.busy === 0
      } catch {
        checkpointed = false
      }
    }
    notices.push({
      level: 'warning',
      key: before.walBytes > 0 || before.hotJournal ? 'db.open.recovered' : 'db.open.staleLock',
      params: { file, pid: before.lock?.pid ?? 0, since: before.lock?.since ?? '', walBytes: before.walBytes, checkpointed: checkpointed ? 1 : 0 }
    })
  }
  // the walks of the whole file: a desktop or browser host has them done by a worker (integrityNotices there)
  if (options.integrity === false) return notices
  return [...notices, ...integrityNotices(db, file)]
}

/**
 * The walks of the whole file: SQLite's quick_check and the foreign keys. They read every page (seconds for a
 * database holding FIDE's list), so a host with a window runs them in a worker after it opens. Never throws.
 */
export function integrityNotices(db: Db, file: string): OpenNotice[] {
  const notices: OpenNotice[] = []
  try {
    const problems = (db.pragma('quick_check') as { quick_check: string }[]).map((r) => r.quick_check)
    if (problems.join() !== 'ok') {
      notices.push({ level: 'error', key: 'db.open.damaged', params: { file, count: problems.length, problems: problems.slice(0, MAX_LISTED).join('; ') } })
    }
  } catch (e) {
    notices.push({ level: 'error', key: 'db.open.damaged', params: { file, count: 1, problems: (e as Error).message } })
    // the rest cannot be read either
    return notices
  }
  try {
    const rows = db.pragma('foreign_key_check') as { table: string; rowid: number | null; parent: string }[]
    if (rows.length) {
      const tables = [...new Set(rows.map((r) => `${r.table} → ${r.parent}`))]
      notices.push({ level: 'error', key: 'db.open.foreignKeys', params: { file, count: rows.length, tables: tables.slice(0, MAX_LISTED).join(', ') } })
    }
  } catch (e) {
    notices.push({ level: 'error', key: 'db.open.damaged', params: { file, count: 1, problems: (e as Error).message } })
  }
  return notices
}

/** The notices as lines for a console (the CLI's and browser mode's stderr): level, then the English message. */
export function noticeLines(notices: readonly OpenNotice[]): string[] {
  return notices.map((n) => `${n.level}: ${translateError(n.key, n.params, 'en')}`)
}
