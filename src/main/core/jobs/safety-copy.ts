// What the list jobs share about the safety copy an official record takes first (jobs/lists.ts, the publication;
// jobs/list-corrections.ts, a correction and its preview): when it is taken beside the work, the copy taken now, and
// the work done on a copy taken earlier once the database is proven unchanged since.
import { basename } from 'node:path'
import { statSync } from 'node:fs'
import type { Db } from '../db/open'
import { CopyBeside } from '../db/copy-beside'
import { automaticBackup, fillFrozenChecksums, readyForCopy } from '../db/backup'
import { draftCopyFile, dropDraftCopyRecord, readDraftCopyRecord, type DraftCopyRecord } from '../db/draft-copy'
import { JobCancelled, type JobContext } from '../workers/protocol'
import type { JobHooks } from '../services/list-rules'
import type { SafetyCopy } from '../../../shared/contract/office-lists'
import { backupFolderOf } from './system'

/**
 * From what size of database the publication's safety copy is taken while the draft is computed: below it the copy
 * at the publication takes about a second or less, and the thread's start would add to a short generation.
 */
export const COPY_BESIDE_FROM = 32 * 1024 * 1024

/** Whether a database is big enough for its safety copy to be taken beside the write (COPY_BESIDE_FROM, or `from`). */
export function copiesBeside(db: Db, dbPath: string, from: number): boolean {
  return !db.memory && statSync(dbPath).size >= from
}

/** A job's progress and cancel check, as the services take them. */
export function jobHooks(ctx: JobContext): JobHooks {
  return { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() }
}

/** The safety copy taken now, before a publication or a correction writes (readyForCopy first), verified. */
export async function safetyCopyFirst(db: Db, ctx: JobContext, total: number): Promise<SafetyCopy> {
  ctx.progress(0, total, 'backup')
  readyForCopy(db)
  const copy = await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), 'before-publication', { thread: ctx.workerScript })
  ctx.throwIfCancelled()
  return { file: basename(copy.file), taken: 'before-publication' }
}

/**
 * The safety copy to take beside a write (db/copy-beside.ts: started when the write has its lock), the database made
 * ready for it first (readyForCopy, before the lock: the copy is then made from the file).
 */
export function readyCopyBeside(db: Db, ctx: JobContext, dir = backupFolderOf(ctx.dbPath)): CopyBeside {
  readyForCopy(db)
  return new CopyBeside(ctx.dbPath, dir, ctx.workerScript)
}

/** A write on the copy a record beside the backups names (db/draft-copy.ts), as onRecordedCopy runs it. */
export interface RecordedCopyWork<P extends { copy: string }, R> {
  /** Whether the record is this work's to prove (none: the caller's own way at once, no lock taken). */
  applies(record: DraftCopyRecord | null): boolean
  /** The proof, with the write lock held: the copy and what else the record names, or why not. */
  prove(dir: string, dbName: string): P | { why: string }
  /** The write on what was proven, in the same transaction; null: nothing written (the caller's own way). */
  write(proof: P): R | null
  /**
   * The record names a shortcut (a correction's prepared lines): one that did not serve is dropped — it never will —
   * and a write that fails (but for a cancel) leaves the caller its own way instead of failing the job.
   */
  shortcut?: boolean
  /** Told once the transaction has ended, committed or not, before the record is dropped (a file the work holds open is closed). */
  ended?(): void
}

/**
 * Work done on a copy taken earlier (beside a draft's computation, or a correction's preview): the write lock taken,
 * the database proven the state recorded with the copy, the work written and committed in that same transaction, the
 * record dropped. Null when it cannot be (no record of this work, the lock held elsewhere, the proof failed): the
 * caller then takes its own copy. `steps`: the job's steps, the proof its first.
 */
export function onRecordedCopy<P extends { copy: string }, R>(db: Db, ctx: JobContext, steps: number, work: RecordedCopyWork<P, R>): R | null {
  const dir = backupFolderOf(ctx.dbPath)
  const record = draftCopyFile(dir, basename(ctx.dbPath))
  if (!work.applies(readDraftCopyRecord(record))) return null
  ctx.progress(0, steps, 'stateCompare')
  try {
    db.exec('BEGIN IMMEDIATE')
  } catch {
    return null
  }
  let done = false
  let drop = work.shortcut === true
  try {
    const proof = work.prove(dir, basename(ctx.dbPath))
    if ('why' in proof) {
      if (work.shortcut) console.warn(`the shortcut is not taken: ${proof.why}`)
      return null
    }
    fillFrozenChecksums(db)
    const result = work.write(proof)
    if (result === null) return null
    db.exec('COMMIT')
    done = drop = true
    return result
  } catch (e) {
    if (!work.shortcut || e instanceof JobCancelled) {
      drop = false
      throw e
    }
    console.warn(`the shortcut is not taken: it could not be written (${e instanceof Error ? e.message : String(e)})`)
    return null
  } finally {
    if (!done && db.inTransaction) db.exec('ROLLBACK')
    work.ended?.()
    if (drop) dropDraftCopyRecord(record)
  }
}

