// One API object for every host: opens the database, starts the job runner, and dispatches contract calls.
import { openDatabase } from '../db/open'
import { checkOnOpen, inspectBeforeOpen, takeLock } from '../db/open-check'
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
  /** Back up the database daily while running (the desktop app and browser mode; not the CLI). */
  backupSchedule?: boolean
}

export interface Services {
  ctx: ServiceContext
  dispatch: Dispatch
  close(): Promise<void>
}

export function createServices(options: ServicesOptions): Services {
  // the host's checks on opening (worker threads open the same file without them): what the files beside it say
  // is read first, since opening replays a leftover log
  const memory = options.dbPath === ':memory:'
  const before = memory ? null : inspectBeforeOpen(options.dbPath)
  const db = openDatabase(options.dbPath, { readonly: options.readOnly })
  const notices = before ? checkOnOpen(db, before, { readonly: options.readOnly }) : []
  const release = before && !options.readOnly ? takeLock(before) : null
  const jobs = new JobRunner({ contract: jobsContract, worker: options.worker, dbPath: options.dbPath, checkResults: options.checkOutput })
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
  const schedule = options.backupSchedule && !ctx.readOnly ? startBackupSchedule(ctx) : null
  return {
    ctx,
    dispatch,
    async close() {
      schedule?.stop()
      await jobs.close()
      ctx.uploads.close()
      ctx.db.close()
      release?.()
    }
  }
}
