// The daily backup while the application runs: at start and then every hour, a backup job when today has none.
import { basename } from 'node:path'
import type { ServiceContext } from './context'
import { backupFolder, dailyBackupDue } from '../db/backup'
import { readSettings } from '../data/settings'
import type { OpenNotice } from '../db/open-check'
import { translateError } from '../../../shared/errors/index'
import { sqliteUserError } from '../db/sqlite-errors'

export const BACKUP_CHECK_INTERVAL_MS = 60 * 60 * 1000

/**
 * Starts the schedule; returns the function that stops it. A check that finds today's backup made does nothing;
 * one that finds it missing starts a `system:backup` job in the worker (the window never waits for it).
 */
export function startBackupSchedule(ctx: ServiceContext, now: () => Date = () => new Date(), intervalMs = BACKUP_CHECK_INTERVAL_MS, onNotices?: (notices: OpenNotice[]) => void): { stop(): void; check(): string | null } {
  let running: string | null = null
  /** The day a failure was told: told once a day, not at every hourly check. */
  let toldOn = ''
  const tell = (folder: string, reason: string): void => {
    const day = now().toISOString().slice(0, 10)
    if (toldOn === day) return
    toldOn = day
    // a failed daily backup is said: in the window's notices and on the host's console (a full disk by name)
    const notice: OpenNotice = { level: 'error', key: 'db.dailyBackupFailed', params: { folder, reason } }
    ctx.notices = [...ctx.notices, notice]
    onNotices?.([notice])
  }
  const check = (): string | null => {
    if (running && ctx.jobs.get(running)?.state === 'running') return null
    // a restore has the connection closed: the next check will do
    if (ctx.maintenance) return null
    const folder = backupFolder(ctx.dbPath, readSettings(ctx.db).backupDir)
    let due: boolean
    try {
      due = dailyBackupDue(folder, basename(ctx.dbPath), now())
    } catch (e) {
      // an unreadable folder (a file in its place, no permission): told, and the timer goes on (it threw before)
      tell(folder, (sqliteUserError(e, ctx.dbPath) ?? (e as Error)).message)
      return null
    }
    if (!due) return null
    const jobId = ctx.jobs.start('system:backup', { reason: 'daily' })
    running = jobId
    void ctx.jobs.wait(jobId).then((end) => {
      if (end.state === 'failed') tell(folder, end.error ? translateError(end.error.key, end.error.params, 'en') : (end.message ?? ''))
    })
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
