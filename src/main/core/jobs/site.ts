// The public website's job: built in a worker (at a federation's size minutes of pages), progress by the lists' pages
// of sheets, then by players, each step named.
import type { JobHandlersOf } from '../workers/protocol'
import { openDatabase } from '../db/open'
import { buildSite } from '../services/site'

export const siteJobs: JobHandlersOf<'site'> = {
  'site:build': async (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      const r = await buildSite(db, { out: input.out, full: input.full ?? false, progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled(), thread: ctx.workerScript })
      return { ...r, written: r.written.length, deleted: r.deleted.length }
    } finally {
      db.close()
    }
  }
}
