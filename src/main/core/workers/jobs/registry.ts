// Registry jobs in the worker: FIDE list import and the duplicate scan, each on its own database connection with progress.
import { z } from 'zod'
import type { JobRegistry } from '../protocol'
import { openDatabase } from '../../db/open'
import { importFideList } from '../../registry/import'
import { scanDuplicates } from '../../registry/duplicates'
import { importNationalList, type ColumnMapping } from '../../registry/national'
import { isoDate, ratingType } from '../../../../shared/contract/define'

const importInput = z.object({ file: z.string().min(1), listDate: isoDate, ratingType: ratingType.optional() })
const nationalInput = z.object({
  file: z.string().min(1),
  listDate: isoDate,
  ratingType,
  source: z.string().regex(/^[A-Z]{3}$/),
  mapping: z.record(z.string(), z.string())
})
const scanInput = z.object({ minScore: z.number().min(0.5).max(1).optional() })

export const registryJobs: JobRegistry = {
  'registry:importList': (input, ctx) => {
    const opts = importInput.parse(input)
    const db = openDatabase(ctx.dbPath)
    let result: ReturnType<typeof importFideList>
    try {
      result = importFideList(db, {
        ...opts,
        // A big first load is read on a second thread (this worker's entry again) while this one writes.
        reader: ctx.workerScript,
        progress: (done, total, message) => ctx.progress(done, total, message),
        throwIfCancelled: () => ctx.throwIfCancelled(),
        checkpoint: 'later'
      })
    } catch (e) {
      db.close()
      throw e
    }
    // The list is committed and readable from here on; copying the write-ahead log into the database file
    // (seconds after a full list) happens once the officer has the result.
    ctx.afterResult(() => {
      try {
        db.pragma('wal_checkpoint(PASSIVE)')
      } finally {
        db.close()
      }
    })
    return result
  },
  'registry:importNational': async (input, ctx) => {
    const opts = nationalInput.parse(input)
    const db = openDatabase(ctx.dbPath)
    try {
      ctx.progress(0, 1, 'reading')
      const res = await importNationalList(db, { ...opts, mapping: opts.mapping as ColumnMapping })
      ctx.progress(1, 1, 'done')
      return res
    } finally {
      db.close()
    }
  },
  'registry:scanDuplicates': (input, ctx) => {
    const opts = scanInput.parse(input ?? {})
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
  }
}
