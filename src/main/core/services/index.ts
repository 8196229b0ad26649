// One API object for every host: opens the database, starts the job runner, and dispatches contract calls.
import { openDatabase } from '../db/open'
import { statSync } from 'node:fs'
import { checkOnOpen, inspectBeforeOpen, takeLock, type OpenNotice } from '../db/open-check'
import { JobRunner, type WorkerScript } from '../workers/runner'
import { jobsContract } from '../../../shared/contract/jobs'
import { createDispatch, type Dispatch, type Handlers } from './dispatch'
import type { HostKind, ServiceContext } from './context'
import { systemHandlers, settingsHandlers, jobsHandlers } from './system'
import { readSettings } from '../data/settings'
import { listsHandlers } from './lists'
import { officeListsHandlers } from './office-lists'
import { archiveHandlers } from './archive'
import { ratingHandlers, rulesHandlers } from './rating'
import { playersHandlers, arbitersHandlers } from './players'
import { tournamentsHandlers } from './tournaments'
import { rateHandler } from './tournament-rating'
import { auditHandlers } from './audit'
import { listOutHandlers } from './list-out'
import { startBackupSchedule } from './backups'
import { checksHandlers } from './checks'
import { filesHandlers } from './files'
import { UploadStore } from '../util/uploads'
import { removeWriterMark } from '../db/writer-marks'
import { removeStrayArchiveFiles } from '../db/archive-files'

export const handlers: Handlers = {
  ...systemHandlers,
  ...settingsHandlers,
  ...jobsHandlers,
  ...listsHandlers,
  ...officeListsHandlers,
  ...archiveHandlers,
  ...ratingHandlers,
  ...rulesHandlers,
  ...playersHandlers,
  ...arbitersHandlers,
  ...tournamentsHandlers,
  'tournaments:rate': rateHandler,
  ...auditHandlers,
  ...listOutHandlers,
  ...checksHandlers,
  ...filesHandlers
}

export interface ServicesOptions {
  dbPath: string
  host: HostKind
  appVersion: string
  worker: WorkerScript
  readOnly?: boolean
  checkOutput?: boolean
  openedReports?: string[]
  chooseSaveFile?: ServiceContext['chooseSaveFile']
  chooseOpenFile?: ServiceContext['chooseOpenFile']
  chooseFolder?: ServiceContext['chooseFolder']
  /**
   * The checks of the whole file on opening (quick_check, foreign keys): `now` on this thread before the first call
   * (the CLI; the default), `worker` in a job after opening (a host with a window: seconds at FIDE scale), `skip`
   * with a notice saying so (the CLI on a large file: `db check` walks it on demand).
   */
  integrityCheck?: 'now' | 'worker' | 'skip'
  /** Told the notices the worker's checks add (browser mode prints them on its console). */
  onNotices?: (notices: OpenNotice[]) => void
  /** Back up the database daily while running (the desktop app and browser mode; not the CLI). */
  backupSchedule?: boolean
}

export interface Services {
  ctx: ServiceContext
  dispatch: Dispatch
  /** The whole-file checks running in a worker (integrityCheck 'worker'): settles when their notices are in. */
  integrity: Promise<void> | null
  close(): Promise<void>
}

export function createServices(options: ServicesOptions): Services {
  // the host's checks on opening (worker threads open the same file without them): what the files beside it say
  // is read first, since opening replays a leftover log
  const memory = options.dbPath === ':memory:'
  const before = memory ? null : inspectBeforeOpen(options.dbPath)
  const db = openDatabase(options.dbPath, { readonly: options.readOnly })
  const mode = options.integrityCheck ?? 'now'
  const notices = before ? checkOnOpen(db, before, { readonly: options.readOnly, integrity: mode === 'now' }) : []
  if (before && mode === 'skip') {
    notices.push({ level: 'info', key: 'db.open.notChecked', params: { file: options.dbPath, megabytes: Math.round(statSync(options.dbPath).size / 1e6) } })
  }
  const release = before && !options.readOnly ? takeLock(before) : null
  // what an interrupted seal left in the archive folder: this session holds the office, no seal is under way
  if (release) for (const file of removeStrayArchiveFiles(db, options.dbPath)) notices.push({ level: 'info', key: 'db.open.strayArchive', params: { file } })
  // a worker stopped by force (a cancelled job past its grace) leaves its writer's mark: removed with it (data/write-turn.ts)
  const onWorkerExit = memory ? undefined : (threadId: number): void => removeWriterMark(options.dbPath, process.pid, threadId)
  const jobs = new JobRunner({ contract: jobsContract, worker: options.worker, dbPath: options.dbPath, checkResults: options.checkOutput, onWorkerExit })
  const ctx: ServiceContext = {
    db,
    dbPath: options.dbPath,
    readOnly: options.readOnly ?? false,
    host: options.host,
    appVersion: options.appVersion,
    jobs,
    openedReports: options.openedReports ?? [],
    uploads: new UploadStore(),
    notices,
    ...(options.chooseSaveFile ? { chooseSaveFile: options.chooseSaveFile } : {}),
    ...(options.chooseOpenFile ? { chooseOpenFile: options.chooseOpenFile } : {}),
    ...(options.chooseFolder ? { chooseFolder: options.chooseFolder } : {})
  }
  const dispatch = createDispatch(ctx, handlers, {
    // ctx.db, not db: a restore replaces the connection
    locale: () => (ctx.maintenance ? 'en' : readSettings(ctx.db).locale),
    checkOutput: options.checkOutput
  })
  let closing = false
  const integrity = before && mode === 'worker' ? startIntegrityCheck(ctx, () => closing, options.onNotices) : null
  const schedule = options.backupSchedule && !ctx.readOnly ? startBackupSchedule(ctx, undefined, undefined, options.onNotices) : null
  return {
    ctx,
    dispatch,
    integrity,
    async close() {
      closing = true
      schedule?.stop()
      await jobs.close()
      ctx.uploads.close()
      ctx.db.close()
      release?.()
    }
  }
}

/**
 * Runs the opening's whole-file checks in a worker; `system:info` says they are pending until their notices join
 * the others. A check that cannot run is itself a notice (the file could not be read through).
 */
function startIntegrityCheck(ctx: ServiceContext, closing: () => boolean, onNotices?: (notices: OpenNotice[]) => void): Promise<void> {
  ctx.integrityPending = true
  return ctx.jobs
    .run('system:openCheck', {})
    .then(
      (r) => r.notices,
      (e: unknown): OpenNotice[] =>
        // closing the application while the check runs cancels it: nothing to tell
        closing() ? [] : [{ level: 'error', key: 'db.open.damaged', params: { file: ctx.dbPath, count: 1, problems: (e as Error).message } }]
    )
    .then((found) => {
      ctx.integrityPending = false
      if (found.length) {
        ctx.notices = [...ctx.notices, ...found]
        onNotices?.(found)
      }
    })
}
