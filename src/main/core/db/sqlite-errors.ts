// The SQLite and file-system failures an officer can act on, in words instead of "Unexpected error": the database
// held by another session's write (naming that session when its lock says who), and a full disk.
import { hostname } from 'node:os'
import { existsSync } from 'node:fs'
import { UserError } from '../util/errors'
import { inspectBeforeOpen } from './open-check'
import { holderParams, writingNow } from './writer-marks'

/** Who holds the database, as the lock beside it says: another session's process, else an unnamed session. */
export function lockHolder(dbPath: string | undefined): { pid: number; host: string; since: string } | null {
  if (!dbPath || dbPath === ':memory:' || !existsSync(dbPath)) return null
  try {
    const lock = inspectBeforeOpen(dbPath).lock
    return lock && !lock.stale ? { pid: lock.pid, host: lock.host, since: lock.since } : null
  } catch {
    return null
  }
}

/**
 * The UserError a low-level failure stands for, or null when it is none of these: SQLITE_BUSY / SQLITE_LOCKED (a
 * write met another session's write and the busy timeout ran out; nothing of this write was kept) as `db.busyWriter`
 * naming the writer at work (its mark), else `db.busy` or `db.busyHeld` naming the session of the lock; SQLITE_FULL and ENOSPC as `db.diskFull`.
 */
export function sqliteUserError(e: unknown, dbPath?: string): UserError | null {
  if (e instanceof UserError || e === null || typeof e !== 'object') return null
  const code = String((e as { code?: unknown }).code ?? '')
  const file = dbPath ?? ''
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    // a writer that took its turn says what it does and for whom (db/writer-marks.ts)
    const writing = dbPath && dbPath !== ':memory:' ? writingNow(dbPath) : null
    if (writing) return new UserError('db.busyWriter', holderParams(file, writing))
    return sessionBusyError(dbPath)
  }
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new UserError('db.diskFull', { file, reason: (e as Error).message })
  return null
}

/** The database busy with no writer's mark to name: `db.busyHeld` naming another session of its lock, else `db.busy`. */
export function sessionBusyError(dbPath: string | undefined): UserError {
  const holder = lockHolder(dbPath)
  if (holder && !(holder.pid === process.pid && holder.host === hostname())) return new UserError('db.busyHeld', { file: dbPath ?? '', ...holder })
  return new UserError('db.busy', { file: dbPath ?? '' })
}
