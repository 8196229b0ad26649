// Frame jobs: a database health check that walks every table (integrity, row counts) with progress.
import Database from 'better-sqlite3'
import type { JobHandlersOf } from '../protocol'
import type { HealthReport } from '../../../../shared/contract/system'

export const systemJobs: JobHandlersOf<'system'> = {
  'system:health': (_input, ctx): HealthReport => {
    const db = new Database(ctx.dbPath, { readonly: true, fileMustExist: true })
    try {
      const names = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
      const total = names.length + 1
      const tables: HealthReport['tables'] = []
      names.forEach((name, i) => {
        ctx.throwIfCancelled()
        ctx.progress(i, total, name)
        const row = db.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }
        tables.push({ name, rows: row.n })
      })
      ctx.throwIfCancelled()
      const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ')
      ctx.progress(total, total)
      return { integrity, tables }
    } finally {
      db.close()
    }
  }
}
