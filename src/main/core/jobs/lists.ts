// List jobs in the worker, each on its own connection with progress: `lists:generate` builds a draft office list,
// `lists:publish` freezes it (at FIDE scale both take longer than the main process may be held), `lists:stale` says
// whether a draft is older than its inputs (over 100 ms at FIDE scale), `lists:replay`
// regenerates every published list and checks its checksum, `lists:correctPreview` and `lists:correct` recompute a
// published list and the lists after it (and apply the correction), `lists:diff` compares two big lists once,
// `lists:export` writes an export (PDF layout, or a whole list's rows) to the file the main process chose.
import type { JobHandlersOf } from '../workers/protocol'
import { inWriteTurn } from './write-turn'
import { openDatabase, readOnly } from '../db/open'
import { writeThenCheckpoint } from '../db/checkpoint'
import { applyCorrection, correctionPreview } from '../services/list-corrections'
import { assertPublishableNow, draftIsStale, publishList } from '../services/list-publication'
import { generateDraft } from '../services/list-generation'
import { replayHistory } from '../services/list-history'
import { compareAndStore } from '../services/list-out'
import { writeListExportFile } from '../services/list-exports'
import { automaticBackup, fillFrozenChecksums } from '../db/backup'
import { backupFolderOf } from './system'
import { getList } from '../data/list-reads'
import { UserError } from '../util/errors'

export const listsJobs: JobHandlersOf<'lists'> = {
  // the draft is committed and readable at its result; its pages are copied from the WAL into the file (seconds at
  // FIDE scale) once the officer has it, as after a list import
  'lists:generate': inWriteTurn('lists:generate', (input, ctx) =>
    writeThenCheckpoint(ctx.dbPath, ctx.afterResult, (db) =>
      generateDraft(db, input, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled(), thread: ctx.workerScript })
    )),
  'lists:publish': inWriteTurn('lists:publish', async (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      // an official record is about to be frozen: a verified copy of the database as it was, first (a list that is
      // plainly not publishable takes none; a draft found stale inside the write is refused after it)
      assertPublishableNow(db, input.listId, input.federation)
      ctx.progress(0, 3, 'backup')
      // the lists frozen since the last publication get their checksums recorded: the copy is checked against them
      fillFrozenChecksums(db)
      await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), 'before-publication', { thread: ctx.workerScript })
      ctx.throwIfCancelled()
      return publishList(db, input.listId, input.reason ?? null, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() }, input.federation)
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
      return correctionPreview(db, input.listId, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  },
  'lists:correct': inWriteTurn('lists:correct', async (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      // a correction publishes new versions (or changes what the next list carries): the same verified copy first
      const head = getList(db, input.listId)
      if (head.kind !== 'office' || head.status !== 'published') throw new UserError('lists.notPublished', { listId: input.listId })
      ctx.progress(0, 1, 'backup')
      fillFrozenChecksums(db)
      await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), 'before-publication', { thread: ctx.workerScript })
      ctx.throwIfCancelled()
      return applyCorrection(db, input.listId, input.mode, input.reason, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  }),
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
