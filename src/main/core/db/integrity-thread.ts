// A backup's copy is proven intact by SQLite's integrity_check, the longest of its checks (about 18 s of the 32 s a
// 2 GB database took to back up, docs/history/performance-log.md): the whole of it, or — given the last verified
// copy's manifest — only the tables whose trees changed since, with the page accounting the whole check adds made
// from the trees' pages (db/verified-pages.ts). It runs on a helper thread of its own while the backup's thread makes
// the other checks of the copy (foreign keys, row counts, frozen-list checksums) and reads the source's counts and
// checksums: the verification takes the time of the longest part instead of the sum of all. The helper opens the copy
// read-only on its own connection and answers once, with integrity_check's answer as checkOpenDatabase gives it.
import { Worker, parentPort } from 'node:worker_threads'
import Database from 'better-sqlite3'
import type { Db } from './open'
import type { WorkerScript } from '../workers/runner'
import { errorOf, failureOf, type Failure } from '../workers/paced-channel'
import { UserError } from '../util/errors'
import { integrityByPlan } from './verified-pages'

// the one definition of the check, whole or of one table, where the plans that name the tables live
export { integrityCheck } from './verified-pages'

/** A database file opened read-only for a check; a file that is not a database is a located error. */
export function openForCheck(file: string): Db {
  try {
    return new Database(file, { readonly: true, fileMustExist: true })
  } catch (e) {
    throw new UserError('db.notADatabase', { file, reason: (e as Error).message })
  }
}

export interface IntegrityCheckData {
  role: 'backup-integrity'
  file: string
}

/**
 * What the helper checks, sent once it is known (the thread is started first, so that its start overlaps the plan):
 * only these tables (each with its indexes), as a plan against the last verified copy says (db/verified-pages.ts);
 * absent, the whole file.
 */
interface Begin {
  tables?: string[]
}

type Answer = { integrity: string } | { failed: Failure }

export const isIntegrityCheckData = (d: unknown): d is IntegrityCheckData => typeof d === 'object' && d !== null && (d as { role?: unknown }).role === 'backup-integrity'

/** The helper's side (jobs/worker-entry.ts): waits for what to check, checks the file and posts its one answer. */
export function runIntegrityCheck(data: IntegrityCheckData): void {
  parentPort?.once('message', (begin: Begin) => {
    let answer: Answer
    try {
      const db = openForCheck(data.file)
      try {
        answer = { integrity: integrityByPlan(db, begin.tables) }
      } finally {
        db.close()
      }
    } catch (e) {
      // a file SQLite cannot read through is not a database, as checkDatabaseFile says of it
      answer = { failed: e instanceof UserError ? failureOf(e) : failureOf(new UserError('db.notADatabase', { file: data.file, reason: (e as Error).message })) }
    }
    parentPort?.postMessage(answer)
  })
}

export interface IntegrityCheckThread {
  /** Says what to check: only these tables (each with its indexes), or the whole file. Once. */
  begin(tables?: string[]): void
  /** integrity_check's answer on the file; rejects as checkDatabaseFile would (db.notADatabase), or if the thread dies. */
  result: Promise<string>
  /** Ends the thread if it has not answered (the backup failed or gave up meanwhile). */
  stop(): void
}

/** The backup's side: starts integrity_check of `file` on a helper thread of the worker entry `script`. */
export function startIntegrityCheck(script: WorkerScript, file: string): IntegrityCheckThread {
  const worker = new Worker(script.file, { workerData: { role: 'backup-integrity', file } satisfies IntegrityCheckData, execArgv: script.execArgv ?? [], argv: script.argv ?? [] })
  let answered = false
  const result = new Promise<string>((resolve, reject) => {
    worker.once('message', (m: Answer) => {
      answered = true
      if ('integrity' in m) resolve(m.integrity)
      else reject(errorOf(m.failed))
    })
    worker.once('error', (e) => {
      answered = true
      reject(e)
    })
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the integrity check's thread ended without an answer (exit code ${code})`))
    })
  })
  // a backup that fails before it awaits the answer must not leave an unhandled rejection behind
  result.catch(() => undefined)
  return {
    result,
    begin: (tables) => worker.postMessage((tables ? { tables } : {}) satisfies Begin),
    stop: () => {
      if (!answered) void worker.terminate()
    }
  }
}
