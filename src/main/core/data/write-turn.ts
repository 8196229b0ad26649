// Writers take turns on one database: a long write (a job: list import, generation, publication, report import…)
// waits for the one before it, saying whose turn it is, instead of failing after SQLite's busy timeout. Each writer
// leaves a mark beside the database (`office.db.writer-<process>-<thread>`: what it does, since when, for whom); a
// writer takes its turn when no live mark is ahead of its own and SQLite's write lock is free, and gives up after a
// bounded wait with an error naming the holder. A mark of a process that is gone is no one's (removed when met); the
// job runner removes the mark of a worker that ends without removing it (a cancelled job stopped by force). The marks
// themselves: db/writer-marks.ts.
import { hostname } from 'node:os'
import { writeFileSync } from 'node:fs'
import { threadId } from 'node:worker_threads'
import { holderParams, removeWriterMark, writerMarkPath, writerMarks, type WriterMark } from '../db/writer-marks'
import { openDatabase, type Db } from '../db/open'
import { lockHolder, sessionBusyError } from '../db/sqlite-errors'
import { officerName, readSettings } from './settings'
import { UserError } from '../util/errors'
import { LIMITS } from '../limits'
import { translateError } from '../../../shared/errors/index'

/** Whether SQLite's write lock is free now: a write transaction begun and ended at once, without waiting. */
function writeLockFree(db: Db): boolean {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma('busy_timeout = 0')
  try {
    db.exec('BEGIN IMMEDIATE')
    db.exec('ROLLBACK')
    return true
  } catch (e) {
    const code = String((e as { code?: unknown }).code ?? '')
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return false
    throw e
  } finally {
    db.pragma(`busy_timeout = ${timeout}`)
  }
}

export interface TurnHooks {
  /** Told, in the office's language, whose turn the writer waits for (again each time that changes). */
  waiting?: (message: string) => void
  throwIfCancelled?: () => void
}

export interface TurnOptions {
  /** How long to wait for the writers ahead before giving up (LIMITS.writerWaitMinutes). */
  maxWaitMs?: number
  /** How often to look again. */
  pollMs?: number
  /** The thread asking (this one's; a test names two writers of one thread). */
  thread?: number
}

export interface WriteTurn {
  /** Ends the turn: the next writer in the queue goes on. */
  release(): void
  /** Says that the writer now does `kind` (a writer waiting meanwhile is told that), its turn kept. */
  doing(kind: string): void
  /** How many times the writer looked again before its turn came (0: it was free). */
  waits: number
}

/**
 * Waits for this writer's turn on the database `dbPath` to do `kind`, telling whom it waits for, up to a bounded
 * wait; then gives an error naming the holder (`db.writerTimedOut`, or `db.busyHeld` / `db.busy` for a writer that
 * leaves no mark: a call of another session).
 */
export async function takeWriteTurn(dbPath: string, kind: string, hooks: TurnHooks = {}, options: TurnOptions = {}): Promise<WriteTurn> {
  const maxWaitMs = options.maxWaitMs ?? LIMITS.writerWaitMinutes * 60_000
  const pollMs = options.pollMs ?? 250
  const thread = options.thread ?? threadId
  const probe = openDatabase(dbPath)
  const loc = readSettings(probe).locale
  const now = Date.now()
  const mine: WriterMark = { kind, since: new Date(now).toISOString(), ticket: now, pid: process.pid, thread, host: hostname(), by: officerName(probe), state: 'waiting' }
  const path = writerMarkPath(dbPath, process.pid, thread)
  const write = (m: WriterMark): void => writeFileSync(path, JSON.stringify(m))
  write(mine)
  let told = ''
  let waits = 0
  try {
    for (;;) {
      hooks.throwIfCancelled?.()
      const ahead = writerMarks(dbPath).filter((m) => m.ticket < mine.ticket || (m.ticket === mine.ticket && (m.pid < mine.pid || (m.pid === mine.pid && m.thread < mine.thread))))
      const free = ahead.length === 0 && writeLockFree(probe)
      if (free) {
        write({ ...mine, state: 'writing' })
        return { release: () => removeWriterMark(dbPath, process.pid, thread), doing: (k) => write({ ...mine, kind: k, state: 'writing' }), waits }
      }
      // the writer at work, else the first in the queue
      const holder = ahead.find((m) => m.state === 'writing') ?? ahead[0] ?? null
      const session = holder ? null : lockHolder(dbPath)
      const message = holder
        ? translateError('db.writerWaiting', holderParams(dbPath, holder), loc)
        : session
          ? translateError('db.writerWaitingSession', { file: dbPath, ...session }, loc)
          : translateError('db.writerWaitingOther', { file: dbPath }, loc)
      if (message !== told) hooks.waiting?.(message)
      told = message
      if (Date.now() - now >= maxWaitMs) throw timedOut(dbPath, holder, maxWaitMs)
      waits++
      await new Promise((r) => setTimeout(r, pollMs))
    }
  } catch (e) {
    removeWriterMark(dbPath, process.pid, thread)
    throw e
  } finally {
    probe.close()
  }
}

/** The error of a writer that waited its longest: the holder named (its mark, else the lock's session). */
function timedOut(dbPath: string, holder: WriterMark | null, maxWaitMs: number): UserError {
  const minutes = Math.round((maxWaitMs / 60_000) * 10) / 10
  if (holder) return new UserError('db.writerTimedOut', { ...holderParams(dbPath, holder), minutes })
  return sessionBusyError(dbPath)
}
