// Registry jobs in the worker: FIDE list import and the duplicate scan, each on its own database connection with progress.
import type { JobHandlersOf } from '../workers/protocol'
import { inWriteTurn } from './write-turn'
import { openDatabase } from '../db/open'
import { writeThenCheckpoint } from '../db/checkpoint'
import { importFideList } from '../registry/import'
import { scanDuplicates } from '../registry/duplicates'
import { importNationalList } from '../registry/national'
import { backupBeforeImport } from './system'
import { previewNationalFile } from '../services/players'
import { mergePlayers, undoMerge } from '../data/player-merges'

export const registryJobs: JobHandlersOf<'registry'> = {
  // the preview of a national list reads no database: the parsing alone, off the main process
  'registry:previewNational': (input) => previewNationalFile(input.file),
  'registry:importList': inWriteTurn('registry:importList', async (opts, ctx) => {
    // a list import rewrites much of the registry: a verified copy first, unless there is nothing to lose yet
    ctx.progress(0, 1, 'backup')
    await backupBeforeImport(ctx.dbPath, ctx.workerScript)
    ctx.throwIfCancelled()
    // The list is committed and readable at its result; copying the write-ahead log into the database file
    // (seconds after a full list) happens once the officer has it.
    return writeThenCheckpoint(ctx.dbPath, ctx.afterResult, (db) =>
      importFideList(db, {
        ...opts,
        // A big first load is read on a second thread (this worker's entry again) while this one writes.
        reader: ctx.workerScript,
        progress: (done, total, message) => ctx.progress(done, total, message),
        throwIfCancelled: () => ctx.throwIfCancelled()
      })
    )
  }),
  'registry:importNational': inWriteTurn('registry:importNational', async (opts, ctx) => {
    ctx.progress(0, 1, 'backup')
    await backupBeforeImport(ctx.dbPath, ctx.workerScript)
    ctx.throwIfCancelled()
    const db = openDatabase(ctx.dbPath)
    try {
      ctx.progress(0, 1, 'reading')
      const res = await importNationalList(db, opts)
      ctx.progress(1, 1, 'done')
      return res
    } finally {
      db.close()
    }
  }),
  // the host has taken the office alone: another connection would keep the period's old file attached
  'registry:mergeSealed': inWriteTurn('registry:mergeSealed', (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      // a step a period's file, written anew and checked (seconds to a minute each at FIDE scale)
      const archive = { dbFile: ctx.dbPath, progress: (done: number, total: number) => ctx.progress(done, total, 'rewrite') }
      return input.action === 'merge' ? mergePlayers(db, input.keepId, input.dropId, input.reason, archive) : undoMerge(db, input.mergeId, input.reason, archive)
    } finally {
      db.close()
    }
  }),
  'registry:scanDuplicates': inWriteTurn('registry:scanDuplicates', (opts, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      return scanDuplicates(db, {
        minScore: opts.minScore,
        progress: (done, total, message) => ctx.progress(done, total, message),
        throwIfCancelled: () => ctx.throwIfCancelled()
      })
    } finally {
      db.close()
    }
  })
}
