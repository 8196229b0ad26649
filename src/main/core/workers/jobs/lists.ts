// List jobs in the worker: `lists:generate` builds a draft office list on its own connection, with progress and cancel.
import type { JobRegistry } from '../protocol'
import { openDatabase } from '../../db/open'
import { generateInputSchema } from '../../../../shared/contract/office-lists'
import { generateDraft } from '../../services/office-lists'
import { UserError } from '../../util/errors'

export const listsJobs: JobRegistry = {
  'lists:generate': (raw, ctx) => {
    const parsed = generateInputSchema.safeParse(raw)
    if (!parsed.success) throw new UserError('contract.invalidInput', { name: 'lists:generate', issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ') })
    const db = openDatabase(ctx.dbPath)
    try {
      return generateDraft(db, parsed.data, { progress: (d, t, m) => ctx.progress(d, t, m), throwIfCancelled: () => ctx.throwIfCancelled() })
    } finally {
      db.close()
    }
  }
}
