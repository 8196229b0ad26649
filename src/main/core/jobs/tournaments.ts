// Tournament jobs in the worker: `tournaments:import` imports the UI's batch of report files on its own connection,
// file by file with progress and cancel checks (at 50 files the call held the main process over a second), and the
// `tournaments:import`, `tournaments:preview` and the calculator's `tournaments:rate` of a file, in the desktop app and
// browser mode, parse their files here.
import type { JobHandlersOf } from '../workers/protocol'
import { inWriteTurn } from './write-turn'
import { openDatabase, readOnly } from '../db/open'
import { importReports, previewReport } from '../services/tournaments'
import { rateReport } from '../services/tournament-rating'

export const tournamentsJobs: JobHandlersOf<'tournaments'> = {
  'tournaments:import': inWriteTurn('tournaments:import', (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      // one transaction for the batch, each file in its own savepoint: a cancel rolls the whole batch back
      ctx.progress(0, input.files.length, input.files[0]?.fileName)
      return importReports(db, input, { progress: (done, total, fileName) => ctx.progress(done, total, fileName), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  }),
  // a preview writes nothing: the report parsed here, the stored tournament it matches read on a read-only connection
  'tournaments:preview': (input, ctx) => readOnly(ctx.dbPath, (db) => previewReport(db, input)),
  // the calculator's report, read and rated with the lists of a read-only connection (nothing written)
  'tournaments:rate': (input, ctx) => readOnly(ctx.dbPath, (db) => rateReport(db, input))
}
