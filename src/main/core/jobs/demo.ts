// The demo federation job: loads resources/demo into the (empty) database on the job's own connection, with progress.
import type { JobHandlersOf } from '../workers/protocol'
import { inWriteTurn } from './write-turn'
import { openDatabase } from '../db/open'
import { loadDemo } from '../demo/load'

export const demoJobs: JobHandlersOf<'demo'> = {
  'demo:load': inWriteTurn('demo:load', async (opts, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      return await loadDemo(db, { registryOnly: opts.registryOnly, progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  })
}
