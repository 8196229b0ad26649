// The correction jobs: `lists:correctPreview` shows what a correction of a published list would change,
// `lists:correct` applies it. Both take their turn on the database. In a big office the preview computes the list's
// lines on two threads, as the correction would, and keeps them (data/prepared-lines.ts) with a safety copy taken
// beside it: the correction that follows writes them as its new version when the database is proven the one the
// preview read (db/draft-copy.ts), instead of computing them again and taking a copy of its own.
import { basename, dirname, resolve } from 'node:path'
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import type { Db } from '../db/open'
import { writeThenCheckpoint } from '../db/checkpoint'
import type { CopyBeside } from '../db/copy-beside'
import { preparedLinesFile, provePreparedCorrection } from '../db/draft-copy'
import { attachPrepared, preparedWriter } from '../data/prepared-lines'
import { applyCorrection, assertCorrectable, correctionOnTwoThreads, correctionPreview, newVersionFromPrepared, previewOnTwoThreads } from '../services/list-corrections'
import type { GenerateHooks } from '../services/generation-plan'
import { fileSha256, fsyncDir, fsyncFile } from '../util/durable-files'
import type { JobContext } from '../workers/protocol'
import type { CorrectInput, CorrectionPreview, CorrectResult } from '../../../shared/contract/office-lists'
import { COPY_BESIDE_FROM, copiesBeside, jobHooks, onRecordedCopy, readyCopyBeside, safetyCopyFirst } from './safety-copy'
import { backupFolderOf } from './system'

/** A preview's prepared lines, not yet named, and the copy taken beside it. */
interface Prepared {
  beside: CopyBeside
  partial: string
  file: string
}

/**
 * The `lists:correctPreview` job. A big correction (services/list-corrections.ts, correctionOnTwoThreads) in a
 * database of `from` bytes or more (COPY_BESIDE_FROM) is previewed as its correction would compute it: the write lock
 * taken (nothing is written; no commit can come between the lines and the copy), the safety copy started on a thread
 * of its own, the lines computed on two threads and compared with the published ones on their way into the prepared
 * lines' file, then the lock given back. Once the result is given, the file is made durable and named, the copy's end
 * awaited and the state the preview read recorded with both (the job keeps its turn till then). Any other preview is
 * computed in a read transaction and keeps nothing.
 */
export function previewWithCopyBeside(input: { listId: number }, ctx: JobContext, from = COPY_BESIDE_FROM, threadFrom?: number): Promise<CorrectionPreview> {
  let prepared: Prepared | null = null
  return writeThenCheckpoint(
    ctx.dbPath,
    ctx.afterResult,
    (db) => {
      const hooks: GenerateHooks = { ...jobHooks(ctx), thread: ctx.workerScript, threadFrom }
      if (!copiesBeside(db, ctx.dbPath, from) || !correctionOnTwoThreads(db, input.listId, hooks)) return correctionPreview(db, input.listId, hooks)
      const dir = backupFolderOf(ctx.dbPath)
      const beside = readyCopyBeside(db, ctx, dir)
      const file = preparedLinesFile(dir, basename(ctx.dbPath))
      db.exec('BEGIN IMMEDIATE')
      // the correction's scope read again under the lock: the lines are those of the state the record names
      const big = correctionOnTwoThreads(db, input.listId, hooks)
      if (!big) {
        db.exec('ROLLBACK')
        return correctionPreview(db, input.listId, hooks)
      }
      try {
        // the record of an earlier draft or preview, and its prepared lines, dropped first
        beside.hooks.begun()
        mkdirSync(dir, { recursive: true })
        const partial = `${file}.partial`
        rmSync(partial, { force: true })
        const writer = preparedWriter(partial)
        let preview: CorrectionPreview
        try {
          preview = previewOnTwoThreads(db, big, hooks, writer)
        } catch (e) {
          writer.abandon()
          rmSync(partial, { force: true })
          throw e
        }
        beside.hooks.committing(db)
        prepared = { beside, partial, file }
        return preview
      } catch (e) {
        beside.stop()
        throw e
      } finally {
        db.exec('ROLLBACK')
      }
    },
    async (db) => {
      if (prepared) await recordPrepared(db, input.listId, prepared)
    }
  )
}

/** A preview's lines made durable and named, then recorded with its copy and the state it read; removed if not recorded. */
async function recordPrepared(db: Db, listId: number, p: Prepared): Promise<void> {
  fsyncFile(p.partial)
  renameSync(p.partial, p.file)
  fsyncDir(dirname(p.file))
  const outcome = await p.beside.record(db, listId, { file: basename(p.file), bytes: statSync(p.file).size, sha256: fileSha256(p.file) })
  if ('unrecorded' in outcome) {
    rmSync(p.file, { force: true })
    console.warn(`the correction's preview keeps no lines: ${outcome.unrecorded}`)
  }
}

/**
 * A new version written from the lines its preview prepared: the write lock taken, the copy and the lines proven the
 * preview's and the database the state it read (db/draft-copy.ts), the version written and published in that same
 * transaction (onRecordedCopy). Null when it cannot be (no lines prepared, the database changed since, another
 * mode…): the correction then computes its lines and takes its own copy. Lines that cannot be written are dropped, and
 * the correction computed: they are a shortcut, never the only way.
 */
function correctOnPreparedLines(db: Db, ctx: JobContext, input: CorrectInput, hooks: GenerateHooks): CorrectResult | null {
  if (input.mode !== 'new-version') return null
  // the lines attached before the write lock is taken (SQLite attaches none inside a transaction), proven the
  // preview's under it; lines missing or that cannot be attached fail their proof or their write, and are dropped
  const file = preparedLinesFile(backupFolderOf(ctx.dbPath), basename(ctx.dbPath))
  let detach = (): void => undefined
  try {
    if (existsSync(file)) detach = attachPrepared(db, file)
  } catch (e) {
    console.warn(`the prepared lines could not be attached: ${e instanceof Error ? e.message : String(e)}`)
  }
  try {
    return onRecordedCopy(db, ctx, 1, {
      applies: (record) => record?.prepared !== undefined,
      prove: (dir, dbName) => provePreparedCorrection(db, dir, dbName, input.listId, ctx.workerScript),
      write: (proof) => {
        if (resolve(proof.prepared) !== resolve(file)) throw new Error(`the lines proven (${proof.prepared}) are not the ones attached (${file})`)
        const result = newVersionFromPrepared(db, input.listId, input.reason, proof.prepared, hooks)
        return result && { ...result, safetyCopy: { file: basename(proof.copy), taken: 'beside-preview' as const } }
      },
      shortcut: true,
      ended: detach
    })
  } finally {
    detach()
  }
}

/**
 * The `lists:correct` job. A correction publishes new versions (or changes what the next list carries): a verified copy
 * of the office as it was comes first. The lines its preview prepared, with the copy taken beside it, when they are
 * still the office's (above); else the copy taken before it (a small database), or beside it from `from` bytes
 * (COPY_BESIDE_FROM): the write lock taken first, the copy started, the correction computed and written meanwhile,
 * and committed only once the copy is verified (its failure rolls the correction back). Whenever the copy's read
 * transaction begins, this one's writes are not committed yet: the copy is the office the correction found. A big new
 * version is computed on two threads from `threadFrom` players (services/generation-plan.ts THREAD_FROM).
 */
export function correctWithCopyBeside(input: CorrectInput, ctx: JobContext, from = COPY_BESIDE_FROM, threadFrom?: number): Promise<CorrectResult> {
  // committed with the automatic checkpoint off, the WAL copied into the file once the result is given (as the
  // generation's): at FIDE's size the new version's 1.5 GB of pages took 3 s of the commit
  return writeThenCheckpoint(ctx.dbPath, ctx.afterResult, (db) => correctOn(db, input, ctx, from, threadFrom))
}

/** The correction on `db` (correctWithCopyBeside), the connection writeThenCheckpoint opened. */
async function correctOn(db: Db, input: CorrectInput, ctx: JobContext, from: number, threadFrom?: number): Promise<CorrectResult> {
  assertCorrectable(db, input.listId)
  // a big new version is written on two threads as a big generation is. Its statement journals stay in a file:
  // in memory (temp_store 2, as the generation's) the correction's inserts, made in a savepoint of this job's
  // transaction, took three times as long (the year-ten bench at 100,000 players: 7.9–17.3 s against 3.4 s)
  const hooks = { ...jobHooks(ctx), thread: ctx.workerScript, threadFrom }
  const onPrepared = correctOnPreparedLines(db, ctx, input, hooks)
  if (onPrepared) return onPrepared
  if (!copiesBeside(db, ctx.dbPath, from)) {
    const safetyCopy = await safetyCopyFirst(db, ctx, 1)
    return { ...applyCorrection(db, input.listId, input.mode, input.reason, hooks), safetyCopy }
  }
  const beside = readyCopyBeside(db, ctx)
  db.exec('BEGIN IMMEDIATE')
  let committed = false
  try {
    beside.hooks.begun()
    // inside this transaction (a savepoint of it): committed below, once the copy is verified
    const result = applyCorrection(db, input.listId, input.mode, input.reason, hooks)
    ctx.progress(0, 1, 'backup')
    const copy = await beside.copied()
    ctx.throwIfCancelled()
    db.exec('COMMIT')
    committed = true
    return { ...result, safetyCopy: { file: basename(copy.file), taken: 'before-publication' } }
  } finally {
    if (!committed && db.inTransaction) db.exec('ROLLBACK')
    beside.stop()
  }
}
