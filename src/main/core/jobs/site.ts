// The public website's job: built in a worker (at a federation's size minutes of pages), progress by players.
import type { JobHandlersOf } from '../workers/protocol'
import { openDatabase } from '../db/open'
import { buildSite } from '../services/site'

export const siteJobs: JobHandlersOf<'site'> = {
  'site:build': async (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      const r = await buildSite(db, { out: input.out, full: input.full ?? false, progress: (d, t) => ctx.progress(d, t), throwIfCancelled: () => ctx.throwIfCancelled(), thread: ctx.workerScript })
      return { ...r, written: r.written.length, deleted: r.deleted.length }
    } finally {
      db.close()
    }
  }
}
