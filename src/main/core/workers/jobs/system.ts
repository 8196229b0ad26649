// Frame jobs: a database health check that walks every table (integrity, row counts) with progress.
import { openDatabase } from '../../db/open'
import type { JobHandlersOf } from '../protocol'
import { automaticBackup, backupFolder } from '../../db/backup'
import { readSettings } from '../../data/settings'
import type { HealthReport } from '../../../../shared/contract/system'

export const systemJobs: JobHandlersOf<'system'> = {
  'system:backup': async (input, ctx) => {
    ctx.progress(0, 1, 'backup')
    const report = await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), input.reason)
    ctx.progress(1, 1)
    return report
  },
  'system:health': (_input, ctx): HealthReport => {
    const db = openDatabase(ctx.dbPath, { readonly: true })
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

/** The backups folder the settings name for this database (read on a short read-only connection). */
export function backupFolderOf(dbPath: string): string {
  const db = openDatabase(dbPath, { readonly: true })
  try {
    return backupFolder(dbPath, readSettings(db).backupDir)
  } finally {
    db.close()
  }
}

/** Before a list import changes a registry that holds data: a verified copy to go back to. */
export async function backupBeforeImport(dbPath: string): Promise<string | null> {
  const db = openDatabase(dbPath, { readonly: true })
  let empty: boolean
  try {
    empty = (db.prepare('SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM rating_lists) AS n').get() as { n: number }).n === 0
  } finally {
    db.close()
  }
  if (empty) return null
  return (await automaticBackup(dbPath, backupFolderOf(dbPath), 'before-import')).file
}
