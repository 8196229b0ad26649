// Frame jobs: a database health check that walks every table (integrity, row counts) with progress.
import { openDatabase, readOnly } from '../db/open'
import type { JobHandlersOf } from '../workers/protocol'
import type { WorkerScript } from '../workers/runner'
import { automaticBackup, backupFolder, readyForCopy, restoreDatabase } from '../db/backup'
import { takeWriteTurn } from '../data/write-turn'
import { UserError } from '../util/errors'
import { readSettings } from '../data/settings'
import { registryHoldsData, tableNames, tableRowCount } from '../data/system'
import type { HealthReport } from '../../../shared/contract/system'
import { integrityNotices, type OpenNotice } from '../db/open-check'
import { inWriteTurn } from './write-turn'
import { SEAL_STEPS, sealPeriod } from '../data/archive-periods'

export const systemJobs: JobHandlersOf<'system'> = {
  'system:backup': async (input, ctx) => {
    ctx.progress(0, 1, 'backup')
    await readyForBackupIfFree(ctx.dbPath)
    const report = await automaticBackup(ctx.dbPath, backupFolderOf(ctx.dbPath), input.reason, { thread: ctx.workerScript })
    ctx.progress(1, 1)
    return report
  },
  'system:restore': async (input, ctx) => {
    // the walks of both files (the backup's checks, the safety copy's verification) take seconds at FIDE scale:
    // here, not on the thread that answers the window
    ctx.progress(0, 1, 'restore')
    const report = await restoreDatabase(ctx.dbPath, input.from, input.safetyDir)
    ctx.progress(1, 1)
    return { safetyCopy: report.safetyCopy, schemaVersion: report.check.schemaVersion }
  },
  // the host has taken the office alone (no other job, every call refused) and closed its connection: a reader opened
  // before the seal would read the sealed lists as empty; the write turn keeps other sessions' writers out
  'system:seal': inWriteTurn('system:seal', (input, ctx) => {
    const db = openDatabase(ctx.dbPath)
    try {
      return sealPeriod(db, ctx.dbPath, input.backupDir, input, input.today, (step) => ctx.progress(SEAL_STEPS.indexOf(step), SEAL_STEPS.length, step))
    } finally {
      db.close()
    }
  }),
  'system:openCheck': (_input, ctx) => {
    ctx.progress(0, 1, 'quick_check')
    let notices: OpenNotice[]
    try {
      const db = openDatabase(ctx.dbPath, { readonly: true })
      try {
        notices = integrityNotices(db, ctx.dbPath)
      } finally {
        db.close()
      }
    } catch (e) {
      // a file the host could open but this connection cannot read is the damage itself
      notices = [{ level: 'error', key: 'db.open.damaged', params: { file: ctx.dbPath, count: 1, problems: (e as Error).message } }]
    }
    ctx.progress(1, 1)
    return { notices }
  },
  'system:health': (_input, ctx): HealthReport => {
    const db = openDatabase(ctx.dbPath, { readonly: true })
    try {
      const names = tableNames(db)
      const total = names.length + 1
      const tables: HealthReport['tables'] = []
      names.forEach((name, i) => {
        ctx.throwIfCancelled()
        ctx.progress(i, total, name)
        tables.push({ name, rows: tableRowCount(db, name) })
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
  return readOnly(dbPath, (db) => backupFolder(dbPath, readSettings(db).backupDir))
}

/** Before a list import changes a registry that holds data: a verified copy to go back to. */
export async function backupBeforeImport(dbPath: string, thread?: WorkerScript): Promise<string | null> {
  const db = openDatabase(dbPath, { readonly: true })
  let empty: boolean
  try {
    empty = !registryHoldsData(db)
  } finally {
    db.close()
  }
  if (empty) return null
  // the import holds the write turn: the lists frozen since the last publication (the previous FIDE list) get their
  // checksums recorded now, computed once instead of at this copy and again at every copy until the next publication
  readyForBackup(dbPath)
  return (await automaticBackup(dbPath, backupFolderOf(dbPath), 'before-import', { thread })).file
}

/** readyForCopy (db/backup.ts) on a writer's connection of its own: the backup then copies the file, if nothing is committed before its read. */
function readyForBackup(dbPath: string): void {
  const db = openDatabase(dbPath)
  try {
    readyForCopy(db)
  } finally {
    db.close()
  }
}

/**
 * Before a backup the officer or the daily timer starts (no write turn of its own): readyForBackup if no other
 * writer is at work or waiting, taking the turn for it; else none, and the backup reads those lists in the database
 * itself — the same verification, only slower. It never waits behind a writer.
 */
async function readyForBackupIfFree(dbPath: string): Promise<void> {
  let turn: Awaited<ReturnType<typeof takeWriteTurn>>
  try {
    turn = await takeWriteTurn(dbPath, 'system:backup', {}, { maxWaitMs: 0 })
  } catch (e) {
    // another writer at work (its turn, or SQLite's lock held by another session)
    if (e instanceof UserError) return
    throw e
  }
  try {
    readyForBackup(dbPath)
  } finally {
    turn.release()
  }
}
