// List jobs in the worker, each on its own connection with progress: `lists:generate` builds a draft office list,
// `lists:publish` freezes it (at FIDE scale both take longer than the main process may be held), `lists:stale` says
// whether a draft is older than its inputs (over 100 ms at FIDE scale), `lists:replay`
// regenerates every published list and checks its checksum, `lists:correctPreview` and `lists:correct` recompute a
// published list and the lists after it (and apply the correction: jobs/list-corrections.ts), `lists:diff` compares two big lists once,
// `lists:export` writes an export (PDF layout, or a whole list's rows) to the file the main process chose.
import type { JobHandlersOf } from '../workers/protocol'
import { inWriteTurn } from './write-turn'
import { openDatabase, readOnly } from '../db/open'
import { assertPublishableNow, draftIsStale, publishList } from '../services/list-publication'
import { generateDraft } from '../services/list-generation'
import { replayHistory } from '../services/list-history'
import { compareAndStore } from '../services/list-out'
import { writeListExportFile } from '../services/list-exports'
import { basename } from 'node:path'
import type { Db } from '../db/open'
import { writeThenCheckpoint } from '../db/checkpoint'
import type { CopyBeside } from '../db/copy-beside'
import { proveDraftCopy } from '../db/draft-copy'
import type { JobContext } from '../workers/protocol'
import type { JobHooks } from '../services/list-rules'
import type { GenerateInput, GenerateResult, PublishInput, PublishResult } from '../../../shared/contract/office-lists'
import { COPY_BESIDE_FROM, copiesBeside, jobHooks, onRecordedCopy, readyCopyBeside, safetyCopyFirst } from './safety-copy'
import { correctWithCopyBeside, previewWithCopyBeside } from './list-corrections'

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
          beside = readyCopyBeside(db, ctx)
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
  return onRecordedCopy(db, ctx, 3, {
    applies: (record) => record !== null,
    prove: (dir, dbName) => proveDraftCopy(db, dir, dbName, input.listId, ctx.workerScript),
    write: (proof) => publishList(db, input.listId, input.reason ?? null, hooks, input.federation, { file: basename(proof.copy), taken: 'beside-generation' })
  })
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
  // a big office's preview keeps its lines for the correction, with a safety copy it awaits after its result
  'lists:correctPreview': inWriteTurn('lists:correctPreview', (input, ctx) => previewWithCopyBeside(input, ctx), { heldAfterResult: 'lists:previewCopy' }),
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
