// List jobs in the worker: `lists:generate` builds a draft office list on its own connection, with progress and cancel.
import type { JobHandlersOf } from '../protocol'
import { openDatabase } from '../../db/open'
import { generateDraft } from '../../services/office-lists'

export const listsJobs: JobHandlersOf<'lists'> = {
  'lists:generate': (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      return generateDraft(db, input, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  }
}
