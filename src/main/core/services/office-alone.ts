// The office taken alone by a job that changes what every connection reads in a way a reader opened before it cannot
// follow: a period sealed (its lists leave the database, then a VACUUM rewrites the file), a sealed period's file
// written anew (a merge across it). As a restore takes it: refused while another job runs; the host's connection
// closed meanwhile and every call refused (`ctx.maintenance`, the job's progress reaches the window by its events);
// the connection opened again after, which attaches the files recorded then.
import type { ServiceContext } from './context'
import { openDatabase } from '../db/open'
import { UserError } from '../util/errors'

export async function withOfficeAlone<T>(ctx: ServiceContext, maintenance: 'seal' | 'rewrite', busy: string, run: () => Promise<T>): Promise<T> {
  if (ctx.jobs.runningCount() > 0) throw new UserError(busy)
  ctx.maintenance = maintenance
  ctx.db.close()
  try {
    return await run()
  } finally {
    ctx.db = openDatabase(ctx.dbPath)
    ctx.maintenance = null
  }
}
