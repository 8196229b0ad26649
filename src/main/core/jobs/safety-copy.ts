// What the list jobs share about the safety copy an official record takes first (jobs/lists.ts, the publication;
// jobs/list-corrections.ts, a correction and its preview): when it is taken beside the work, and the copy taken now.
import { basename } from 'node:path'
import { statSync } from 'node:fs'
import type { Db } from '../db/open'
import { automaticBackup, fillFrozenChecksums } from '../db/backup'
import type { JobContext } from '../workers/protocol'
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

/**
 * The safety copy taken now, before a publication or a correction writes: the lists frozen since the last publication
 * get their checksums recorded (the copy is checked against them), then the verified copy.
 */
export async function safetyCopyFirst(db: Db, ctx: JobContext, total: number): Promise<SafetyCopy> {
  ctx.progress(0, total, 'backup')
  fillFrozenChecksums(db)
  const copy = await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), 'before-publication', { thread: ctx.workerScript })
  ctx.throwIfCancelled()
  return { file: basename(copy.file), taken: 'before-publication' }
}
