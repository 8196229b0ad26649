// The daily backup while the application runs: at start and then every hour, a backup job when today has none.
import { basename } from 'node:path'
import type { ServiceContext } from './context'
import { backupFolder, dailyBackupDue } from '../db/backup'
import { readSettings } from '../data/settings'

export const BACKUP_CHECK_INTERVAL_MS = 60 * 60 * 1000

/**
 * Starts the schedule; returns the function that stops it. A check that finds today's backup made does nothing;
 * one that finds it missing starts a `system:backup` job in the worker (the window never waits for it).
 */
export function startBackupSchedule(ctx: ServiceContext, now: () => Date = () => new Date(), intervalMs = BACKUP_CHECK_INTERVAL_MS): { stop(): void; check(): string | null } {
  let running: string | null = null
  const check = (): string | null => {
    if (running && ctx.jobs.get(running)?.state === 'running') return null
    // a restore has the connection closed: the next check will do
    if (ctx.maintenance) return null
    const folder = backupFolder(ctx.dbPath, readSettings(ctx.db).backupDir)
    if (!dailyBackupDue(folder, basename(ctx.dbPath), now())) return null
    running = ctx.jobs.start('system:backup', { reason: 'daily' })
    return running
  }
  const timer = setInterval(check, intervalMs)
  timer.unref()
  // the first check waits for the host to finish starting
  const first = setTimeout(check, 5_000)
  first.unref()
  return {
    check,
    stop() {
      clearInterval(timer)
      clearTimeout(first)
    }
  }
}
