// Handlers of the frame's calls: facts, home figures, settings, jobs.
import type { HandlersOf } from './dispatch'
import { readFederationLogo, readSettings, writeFederationLogo, writeSettings } from '../data/settings'
import { checkLogo } from '../exports/logo'
import { readFileSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { backupFolder, listBackups } from '../db/backup'
import { homeFigures } from '../data/system'
import { listsDue } from './tournament-list'
import { openDatabase } from '../db/open'
import { checkOnOpen } from '../db/open-check'
import { UserError } from '../util/errors'
import { LIMITS } from '../limits'
import { archivePeriods, liveDatabaseBytes } from '../data/archive-periods'
import { withOfficeAlone } from './office-alone'

/** Today's date, which says which years are closed. */
const today = (): string => new Date().toISOString().slice(0, 10)

/** A notice's parameters with every path reduced to its file name (the read-only archive's visitors see no folder). */
function withoutFolders(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && /[\\/]/.test(v) && k === 'file' ? basename(v) : v]))
}

export const systemHandlers: HandlersOf<'system'> = {
  'system:backups': (_input, { db, dbPath }) => {
    const folder = backupFolder(dbPath, readSettings(db).backupDir)
    const backups = listBackups(folder, basename(dbPath))
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((b) => ({ fileName: basename(b.file), at: b.at.toISOString(), reason: b.reason, bytes: statSync(b.file).size }))
    return { folder, backups }
  },
  'system:restore': async (input, ctx) => {
    const folder = backupFolder(ctx.dbPath, readSettings(ctx.db).backupDir)
    // by name among the backups of this database's folder: a client cannot point at any other file
    const backup = listBackups(folder, basename(ctx.dbPath)).find((b) => basename(b.file) === input.fileName)
    if (!backup) throw new UserError('db.backupMissing', { file: input.fileName })
    if (ctx.jobs.runningCount() > 0) throw new UserError('db.restoreBusy')
    // every other call is refused until the file is back (db.restoring); the work runs in a worker, so the window
    // keeps answering: the backup's checks and the safety copy's verification walk whole files (seconds at FIDE
    // scale). A damaged backup or another session on the file stops it before anything changes.
    ctx.maintenance = 'restore'
    ctx.db.close()
    try {
      const report = await ctx.jobs.run('system:restore', { from: backup.file, safetyDir: folder })
      return { restored: input.fileName, safetyCopy: report.safetyCopy ? basename(report.safetyCopy) : null, schemaVersion: report.schemaVersion }
    } finally {
      // the restored file (or, if the restore failed, the untouched one), upgraded if it is older
      ctx.db = openDatabase(ctx.dbPath)
      // the notices of the file now in place (a damaged database replaced by its backup is no longer damaged)
      // (the backup passed integrity and foreign keys just before: no second walk of the file on this thread)
      ctx.notices = checkOnOpen(ctx.db, { file: ctx.dbPath, walBytes: 0, hotJournal: false, lock: null }, { integrity: false })
      ctx.maintenance = null
    }
  },
  'system:archivePeriods': (_input, { db, dbPath }) => {
    const p = archivePeriods(db, today())
    const mergeFirst = p.mergeFirst ? { firstDate: p.mergeFirst.firstDate, lastDate: p.mergeFirst.lastDate, files: p.mergeFirst.files } : null
    return { ...p, toSeal: p.toSeal.map(({ listIds: _ids, ...period }) => period), mergeFirst, liveBytes: liveDatabaseBytes(dbPath) }
  },
  'system:seal': async (input, ctx) => {
    const backupDir = backupFolder(ctx.dbPath, readSettings(ctx.db).backupDir)
    // a job's reader opened before the seal would read the sealed lists as empty, and the VACUUM after it rewrites the file
    return withOfficeAlone(ctx, 'seal', 'archive.sealBusy', () => ctx.jobs.run('system:seal', { ...input, backupDir, today: today() }))
  },
  'system:info': (_input, ctx) => ({
    appVersion: ctx.appVersion,
    schemaVersion: ctx.db.pragma('user_version', { simple: true }) as number,
    // a read-only archive is served to any visitor: the file's name, no folder of the server
    dbPath: ctx.readOnly ? basename(ctx.dbPath) : ctx.dbPath,
    readOnly: ctx.readOnly,
    host: ctx.host,
    notices: ctx.readOnly ? ctx.notices.map((n) => ({ ...n, params: withoutFolders(n.params) })) : ctx.notices,
    integrityPending: ctx.integrityPending ?? false
  }),
  'system:home': (_input, { db }) => ({ ...homeFigures(db), listsDue: listsDue(db) }),
  'system:openedReports': (_input, ctx) => ({
    files: ctx.openedReports.splice(0).map((path) => {
      const fileName = basename(path)
      try {
        const size = statSync(path).size
        if (size > LIMITS.trfBytes) return { path, fileName, error: `${fileName}: ${size} bytes, more than a tournament report can be (${LIMITS.trfBytes})` }
        return { path, fileName, base64: readFileSync(path).toString('base64') }
      } catch (e) {
        return { path, fileName, error: `${fileName}: ${(e as Error).message}` }
      }
    })
  })
}

export const settingsHandlers: HandlersOf<'settings'> = {
  // a read-only archive tells no visitor the officer's name (by default the system's user) nor the backups' folder
  'settings:get': (_input, { db, readOnly }) => (readOnly ? { ...readSettings(db), officer: '', backupDir: '' } : readSettings(db)),
  'settings:set': (input, { db }) => writeSettings(db, input),
  'settings:logo': (_input, { db }) => {
    const logo = readFederationLogo(db)
    return logo && { mediaType: logo.mediaType, bytes: logo.bytes, dataUrl: logo.dataUrl }
  },
  'settings:setLogo': async (input, { db }) => {
    if (input.base64 === null) {
      writeFederationLogo(db, null)
      return null
    }
    const data = Buffer.from(input.base64, 'base64')
    const mediaType = await checkLogo(data)
    writeFederationLogo(db, { mediaType, data })
    const logo = readFederationLogo(db)!
    return { mediaType: logo.mediaType, bytes: logo.bytes, dataUrl: logo.dataUrl }
  },
  'settings:chooseBackupDir': async (input, ctx) => {
    if (input.use === 'default') return writeSettings(ctx.db, { backupDir: '' })
    if (!ctx.chooseFolder) throw new UserError('files.noOpenDialog', { host: ctx.host })
    const folder = await ctx.chooseFolder()
    return folder === null ? readSettings(ctx.db) : writeSettings(ctx.db, { backupDir: folder })
  }
}

export const jobsHandlers: HandlersOf<'jobs'> = {
  'jobs:start': (input, { jobs }) => ({ jobId: jobs.start(input.kind, input.input) }),
  'jobs:get': (input, { jobs }) => jobs.get(input.jobId),
  'jobs:cancel': (input, { jobs }) => ({ cancelled: jobs.cancel(input.jobId) })
}
