// List jobs in the worker, each on its own connection with progress: `lists:generate` builds a draft office list,
// `lists:publish` freezes it (at FIDE scale both take longer than the main process may be held), `lists:stale` says
// whether a draft is older than its inputs (over 100 ms at FIDE scale), `lists:replay`
// regenerates every published list and checks its checksum, `lists:correctPreview` and `lists:correct` recompute a
// published list and the lists after it (and apply the correction), `lists:diff` compares two big lists once,
// `lists:export` writes an export (PDF layout, or a whole list's rows) to the file the main process chose.
import type { JobHandlersOf } from '../workers/protocol'
import { inWriteTurn } from './write-turn'
import { openDatabase, readOnly } from '../db/open'
import { applyCorrection, assertCorrectable, correctionPreview } from '../services/list-corrections'
import { assertPublishableNow, draftIsStale, publishList } from '../services/list-publication'
import { generateDraft } from '../services/list-generation'
import { replayHistory } from '../services/list-history'
import { compareAndStore } from '../services/list-out'
import { writeListExportFile } from '../services/list-exports'
import { automaticBackup, fillFrozenChecksums } from '../db/backup'
import { backupFolderOf } from './system'
import { basename } from 'node:path'
import { existsSync, statSync } from 'node:fs'
import type { Db } from '../db/open'
import { writeThenCheckpoint } from '../db/checkpoint'
import { CopyBeside } from '../db/copy-beside'
import { draftCopyFile, dropDraftCopyRecord, proveDraftCopy } from '../db/draft-copy'
import type { JobContext } from '../workers/protocol'
import type { JobHooks } from '../services/list-rules'
import type { CorrectInput, CorrectResult, GenerateInput, GenerateResult, PublishInput, PublishResult, SafetyCopy } from '../../../shared/contract/office-lists'

/**
 * From what size of database the publication's safety copy is taken while the draft is computed: below it the copy
 * at the publication takes about a second or less, and the thread's start would add to a short generation.
 */
export const COPY_BESIDE_FROM = 32 * 1024 * 1024

/** Whether a database is big enough for its safety copy to be taken beside the write (COPY_BESIDE_FROM, or `from`). */
function copiesBeside(db: Db, dbPath: string, from: number): boolean {
  return !db.memory && statSync(dbPath).size >= from
}

/** A job's progress and cancel check, as the services take them. */
function jobHooks(ctx: JobContext): JobHooks {
  return { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() }
}

/**
 * The safety copy taken now, before a publication or a correction writes: the lists frozen since the last publication
 * get their checksums recorded (the copy is checked against them), then the verified copy.
 */
async function safetyCopyFirst(db: Db, ctx: JobContext, total: number): Promise<SafetyCopy> {
  ctx.progress(0, total, 'backup')
  fillFrozenChecksums(db)
  const copy = await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), 'before-publication', { thread: ctx.workerScript })
  ctx.throwIfCancelled()
  return { file: basename(copy.file), taken: 'before-publication' }
}

/**
 * The `lists:generate` job: the draft computed and committed, its WAL copied into the file once the result is given.
 * From `from` bytes of database (COPY_BESIDE_FROM), the publication's safety copy is taken on a thread of its own
 * while the draft is computed; once the draft is shown (its result given) the copy's end is awaited and the state
 * after the draft recorded with it (db/copy-beside.ts) — the officer reviews the draft meanwhile, and the job keeps its
 * write turn until then (`lists:generate` below): a publication asked for at once waits for it, then takes that copy.
 */
export function generateWithCopyBeside(input: GenerateInput, ctx: JobContext, from = COPY_BESIDE_FROM): Promise<GenerateResult> {
  let beside: CopyBeside | null = null
  return writeThenCheckpoint(
    ctx.dbPath,
    ctx.afterResult,
    (db): GenerateResult => {
      try {
        if (copiesBeside(db, ctx.dbPath, from)) {
          // the lists frozen since the last publication get their checksums recorded first: the copy is checked against them
          fillFrozenChecksums(db)
          beside = new CopyBeside(ctx.dbPath, backupFolderOf(ctx.dbPath), ctx.workerScript)
        }
        const result = generateDraft(db, input, { ...jobHooks(ctx), thread: ctx.workerScript, locked: beside?.hooks })
        return beside ? { ...result, safetyCopy: { taken: 'beside-generation' } } : result
      } catch (e) {
        beside?.stop()
        throw e
      }
    },
    async (db, result) => {
      if (!result.safetyCopy || !beside) return
      const outcome = await beside.record(db, result.listId)
      // not recorded: the publication takes its own copy (its result and audit entry say which it took)
      if ('unrecorded' in outcome) console.warn(`the generation's safety copy is not the publication's: ${outcome.unrecorded}`)
    }
  )
}

/**
 * The publication on the copy taken while its draft was computed: the write lock taken, the database's state proven
 * the one recorded after the draft, the list published in that same transaction. Null when it cannot be (the reason
 * is the record's: no copy, another draft's, the database changed since…): the publication then takes its own copy.
 */
function publishOnDraftCopy(db: Db, ctx: JobContext, input: PublishInput, hooks: JobHooks): PublishResult | null {
  const dir = backupFolderOf(ctx.dbPath)
  const record = draftCopyFile(dir, basename(ctx.dbPath))
  if (!existsSync(record)) return null
  ctx.progress(0, 3, 'stateCompare')
  try {
    db.exec('BEGIN IMMEDIATE')
  } catch {
    return null
  }
  let done = false
  try {
    const proof = proveDraftCopy(db, dir, basename(ctx.dbPath), input.listId)
    if (!('copy' in proof)) return null
    fillFrozenChecksums(db)
    const result = publishList(db, input.listId, input.reason ?? null, hooks, input.federation, { file: basename(proof.copy), taken: 'beside-generation' })
    db.exec('COMMIT')
    done = true
    dropDraftCopyRecord(record)
    return result
  } finally {
    if (!done && db.inTransaction) db.exec('ROLLBACK')
  }
}

/**
 * The `lists:correct` job. A correction publishes new versions (or changes what the next list carries): a verified copy
 * of the office as it was comes first — taken before it (a small database), or beside it from `from` bytes
 * (COPY_BESIDE_FROM): the write lock taken first, the copy started, the correction computed and written meanwhile,
 * and committed only once the copy is verified (its failure rolls the correction back). Whenever the copy's read
 * transaction begins, this one's writes are not committed yet: the copy is the office the correction found. A big new
 * version is computed on two threads from `threadFrom` players (services/generation-plan.ts THREAD_FROM).
 */
export async function correctWithCopyBeside(input: CorrectInput, ctx: JobContext, from = COPY_BESIDE_FROM, threadFrom?: number): Promise<CorrectResult> {
  const db = openDatabase(ctx.dbPath)
  try {
    assertCorrectable(db, input.listId)
    // a big new version is written on two threads as a big generation is. Its statement journals stay in a file:
    // in memory (temp_store 2, as the generation's) the correction's inserts, made in a savepoint of this job's
    // transaction, took three times as long (the year-ten bench at 100,000 players: 7.9–17.3 s against 3.4 s)
    const hooks = { ...jobHooks(ctx), thread: ctx.workerScript, threadFrom }
    if (!copiesBeside(db, ctx.dbPath, from)) {
      const safetyCopy = await safetyCopyFirst(db, ctx, 1)
      return { ...applyCorrection(db, input.listId, input.mode, input.reason, hooks), safetyCopy }
    }
    fillFrozenChecksums(db)
    const beside = new CopyBeside(ctx.dbPath, backupFolderOf(ctx.dbPath), ctx.workerScript)
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
  } finally {
    db.close()
  }
}

export const listsJobs: JobHandlersOf<'lists'> = {
  // the draft is committed and readable at its result; its pages are copied from the WAL into the file (seconds at
  // FIDE scale) once the officer has it, as after a list import
  'lists:generate': inWriteTurn('lists:generate', (input, ctx) => generateWithCopyBeside(input, ctx), { heldAfterResult: 'lists:generateCopy' }),
  'lists:publish': inWriteTurn('lists:publish', async (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      // an official record is about to be frozen: a verified copy of the database as it was, first (a list that is
      // plainly not publishable takes none; a draft found stale inside the write is refused after it)
      assertPublishableNow(db, input.listId, input.federation)
      const hooks = jobHooks(ctx)
      // the copy taken while the draft was computed, when nothing but the draft changed since (db/draft-copy.ts)
      const onCopy = publishOnDraftCopy(db, ctx, input, hooks)
      if (onCopy) return onCopy
      const safetyCopy = await safetyCopyFirst(db, ctx, 3)
      return publishList(db, input.listId, input.reason ?? null, hooks, input.federation, safetyCopy)
    } finally {
      db.close()
    }
  }),
  'lists:replay': (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      return replayHistory(db, input, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  },
  'lists:stale': (input, ctx) => readOnly(ctx.dbPath, (db) => ({ stale: draftIsStale(db, input.listId) })),
  'lists:correctPreview': (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      // a big office's on two threads, as its correction's new version (nothing written)
      return correctionPreview(db, input.listId, { ...jobHooks(ctx), thread: ctx.workerScript })
    } finally {
      db.close()
    }
  },
  'lists:correct': inWriteTurn('lists:correct', (input, ctx) => correctWithCopyBeside(input, ctx)),
  'lists:export': async (input, ctx) => {
    // read only, like a comparison: an archive served read-only exports too
    const db = openDatabase(ctx.dbPath, { readonly: true })
    try {
      const { out, ...req } = input
      return await writeListExportFile(db, req, out, { progress: (d, t) => ctx.progress(d, t), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  },
  'lists:diff': (input, ctx) => {
    // read only: the comparison goes to the cache beside, never into the office's database (an archive served
    // read-only compares too)
    return readOnly(ctx.dbPath, (db) => compareAndStore(db, ctx.dbPath, input.fromId, input.toId, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() }))
  }
}
