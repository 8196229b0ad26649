// The office's periods (docs/archive-periods.md): which published lists the office can seal now into a period archive
// file — a closed year a file — and the seal of one as the officer starts it, whole: the file written and checked
// (data/archive-seal.ts), its copy kept and checked beside the backups, the audit log told, the live database vacuumed
// so that its copies no longer carry the sealed rows.
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../db/open'
import { archiveFiles, vacuumLiveDatabase } from '../db/archive-files'
import { archiveCopiesDir, keepArchiveCopies } from '../db/archive-backup'
import { sealLists } from './archive-seal'
import { filesToMerge, mergePeriodFiles } from './period-merge'
import { appendAudit } from './audit'
import { UserError } from '../util/errors'

/**
 * How many archive files an office may record: SQLite as better-sqlite3 builds it attaches at most 10 databases
 * (`MAX_ATTACHED`), and a seal attaches its new file once more while it writes it.
 */
export const MAX_ARCHIVE_FILES = 9

/** A period sealed: its file and what it holds. */
export interface SealedPeriod {
  name: string
  firstDate: string
  lastDate: string
  lists: number
  entries: number
  bytes: number
  sealedAt: string
}

/** A period the office can seal now: closed years whose published and reference lists are all in the database. */
export interface PeriodToSeal {
  firstYear: number
  lastYear: number
  firstDate: string
  lastDate: string
  lists: number
  entries: number
  listIds: number[]
}

/** A past year whose lists cannot be sealed yet, and why. */
export interface HeldYear {
  year: number
  /** 'draft': a draft list dated in it; 'uncounted': a list whose import did not finish (no count recorded). */
  reason: 'draft' | 'uncounted'
  lists: number
}

/** The sealed periods merged into one file before the next seal, when every slot is taken (period-merge.ts). */
export interface PeriodsToMerge {
  firstDate: string
  lastDate: string
  files: string[]
  fileIds: number[]
}

export interface ArchivePeriods {
  sealed: SealedPeriod[]
  toSeal: PeriodToSeal[]
  held: HeldYear[]
  /** The year of `today`: its lists stay in the database until it ends. */
  openYear: number
  maxFiles: number
  /** Every slot taken and a closed year waiting: the periods a seal merges first (null: none). */
  mergeFirst: PeriodsToMerge | null
}

interface YearRow {
  year: number
  firstDate: string
  lastDate: string
  lists: number
  entries: number | null
  drafts: number
  uncounted: number
  ids: string
}

/**
 * The office's periods on `today` (an ISO date): the files sealed, and the years before `today`'s that can be sealed,
 * a year a file while there are slots, every closed year left together in the last slot (the office never records more
 * files than SQLite attaches). With every slot taken, a seal first merges the oldest periods into one file
 * (`mergeFirst`, filesToMerge: a run of files spanning at most five years), which frees the slots the seal takes.
 */
export function archivePeriods(db: Db, today: string): ArchivePeriods {
  const openYear = Number(today.slice(0, 4))
  const sealed: SealedPeriod[] = archiveFiles(db).map((f) => {
    const held = db
      .prepare('SELECT count(*) AS lists, coalesce(sum(l.entry_count), 0) AS entries FROM main.archive_file_lists a JOIN rating_lists l ON l.id = a.list_id WHERE a.file_id = ?')
      .get(f.id) as { lists: number; entries: number }
    return { name: f.name, firstDate: f.firstDate, lastDate: f.lastDate, lists: held.lists, entries: held.entries, bytes: f.bytes, sealedAt: f.sealedAt }
  })
  // the lists of each past year still in the database (a sealed list has its row in archive_file_lists)
  const years = db
    .prepare(
      `SELECT CAST(substr(l.list_date, 1, 4) AS INTEGER) AS year, min(l.list_date) AS firstDate, max(l.list_date) AS lastDate,
              sum(l.status <> 'draft') AS lists, sum(CASE WHEN l.status <> 'draft' THEN l.entry_count END) AS entries,
              sum(l.status = 'draft') AS drafts, sum(l.status <> 'draft' AND l.entry_count IS NULL) AS uncounted,
              group_concat(CASE WHEN l.status <> 'draft' THEN l.id END) AS ids
         FROM rating_lists l
        WHERE l.list_date < ? AND NOT EXISTS (SELECT 1 FROM main.archive_file_lists a WHERE a.list_id = l.id)
        GROUP BY year ORDER BY year`
    )
    .all(`${openYear}-01-01`) as YearRow[]
  const held: HeldYear[] = []
  const closed: PeriodToSeal[] = []
  for (const y of years) {
    if (y.drafts > 0) held.push({ year: y.year, reason: 'draft', lists: y.drafts })
    else if (y.uncounted > 0) held.push({ year: y.year, reason: 'uncounted', lists: y.uncounted })
    else if (y.lists > 0) {
      const listIds = y.ids.split(',').map(Number).sort((a, b) => a - b)
      closed.push({ firstYear: y.year, lastYear: y.year, firstDate: y.firstDate, lastDate: y.lastDate, lists: y.lists, entries: y.entries ?? 0, listIds })
    }
  }
  const recorded = archiveFiles(db)
  const merge = recorded.length >= MAX_ARCHIVE_FILES && closed.length > 0 ? filesToMerge(recorded) : []
  const mergeFirst = merge.length ? { firstDate: merge[0]!.firstDate, lastDate: merge.at(-1)!.lastDate, files: merge.map((f) => f.name), fileIds: merge.map((f) => f.id) } : null
  const slots = MAX_ARCHIVE_FILES - sealed.length + Math.max(0, merge.length - 1)
  let toSeal: PeriodToSeal[]
  if (slots <= 0) toSeal = []
  else if (closed.length <= slots) toSeal = closed
  else {
    // the last slot takes every closed year from there on, as one period
    const rest = closed.slice(slots - 1)
    toSeal = [
      ...closed.slice(0, slots - 1),
      {
        firstYear: rest[0]!.firstYear,
        lastYear: rest[rest.length - 1]!.lastYear,
        firstDate: rest[0]!.firstDate,
        lastDate: rest[rest.length - 1]!.lastDate,
        lists: rest.reduce((n, p) => n + p.lists, 0),
        entries: rest.reduce((n, p) => n + p.entries, 0),
        listIds: rest.flatMap((p) => p.listIds)
      }
    ]
  }
  return { sealed, toSeal, held, openYear, maxFiles: MAX_ARCHIVE_FILES, mergeFirst }
}

/** The live database's size on disk: its file and its write-ahead log (bytes). */
export function liveDatabaseBytes(dbFile: string): number {
  const wal = `${dbFile}-wal`
  return statSync(dbFile).size + (existsSync(wal) ? statSync(wal).size : 0)
}

/** The steps of a seal, in order, as its progress names them. */
export const SEAL_STEPS = ['merge', 'write', 'copy', 'vacuum'] as const
export type SealStep = (typeof SEAL_STEPS)[number]

export interface PeriodSealReport {
  file: string
  firstDate: string
  lastDate: string
  lists: number
  entries: number
  /** The copy kept beside the backups, checked against the file's SHA-256 (null: not made, see `unfinished`). */
  copy: string | null
  /** The live database's size (its file and its log) before the seal and after its VACUUM (bytes). */
  liveBytesBefore: number
  liveBytesAfter: number
  /**
   * The steps after the seal that could not be done, and why: the period is sealed all the same (its lists are in
   * their checked file, recorded); a copy not made is made by the next backup, a VACUUM not done by the next seal.
   */
  unfinished: { step: 'copy' | 'vacuum'; reason: string }[]
  /** The periods merged into one file first (every slot was taken), or null. */
  merged: { file: string; firstDate: string; lastDate: string; files: number } | null
}

/**
 * Seals the period of `firstYear`–`lastYear`, which must be one the office can seal now (archivePeriods), on a
 * writer's connection `db` to the file `dbFile`, in the caller's write turn and with no other connection reading (a
 * reader opened before the seal would read the sealed lists as empty): the file written, checked, recorded and the
 * rows deleted (sealLists); the seal in the audit log; the file's copy kept and checked in the backups' `archive`
 * folder; the live database vacuumed and its WAL truncated. A stop before the record leaves the lists in the database;
 * after it, the period sealed: a copy or a VACUUM that fails then is said in the report (`unfinished`), not thrown.
 */
export function sealPeriod(
  db: Db,
  dbFile: string,
  backupDir: string,
  choice: { firstYear: number; lastYear: number },
  today: string,
  step: (s: SealStep) => void = () => {}
): PeriodSealReport {
  const periods = archivePeriods(db, today)
  const period = periods.toSeal.find((p) => p.firstYear === choice.firstYear && p.lastYear === choice.lastYear)
  if (!period) {
    const offered = periods.toSeal.map((p) => (p.firstYear === p.lastYear ? `${p.firstYear}` : `${p.firstYear}–${p.lastYear}`)).join(', ')
    throw new UserError('archive.sealNotOffered', { first: choice.firstYear, last: choice.lastYear, offered: offered || '—' })
  }
  const liveBytesBefore = liveDatabaseBytes(dbFile)
  let merged: PeriodSealReport['merged'] = null
  if (periods.mergeFirst) {
    // every slot taken: the oldest periods into one file first, recorded with its audit row (a stop after it leaves
    // the periods merged and the year still in the database, offered again)
    step('merge')
    const into = mergePeriodFiles(db, dbFile, periods.mergeFirst.fileIds, (file, files) =>
      appendAudit(db, {
        action: 'archive.merge-periods',
        entity: 'archive_file',
        entityId: file.id,
        data: { name: file.name, sha256: file.sha256, firstDate: file.firstDate, lastDate: file.lastDate, files: files.map((f) => f.name), lists: files.length }
      })
    )
    merged = { file: into.name, firstDate: into.firstDate, lastDate: into.lastDate, files: periods.mergeFirst.files.length }
  }
  step('write')
  // the seal in the audit log in the transaction that records the file: the log never misses a seal, nor tells one that was not
  const sealed = sealLists(db, dbFile, period.listIds, undefined, (file) =>
    appendAudit(db, {
      action: 'archive.seal',
      entity: 'archive_file',
      entityId: file.id,
      data: { name: file.name, sha256: file.sha256, firstDate: file.firstDate, lastDate: file.lastDate, lists: period.listIds, entries: period.entries }
    })
  )
  // the period is sealed from here: what follows cannot undo it, and what fails is said, not thrown
  const unfinished: PeriodSealReport['unfinished'] = []
  step('copy')
  let copy: string | null = join(archiveCopiesDir(backupDir), sealed.file.name)
  try {
    keepArchiveCopies(db, dbFile, backupDir)
  } catch (e) {
    copy = null
    unfinished.push({ step: 'copy', reason: (e as Error).message })
  }
  step('vacuum')
  try {
    vacuumLiveDatabase(db, dbFile)
    db.pragma('wal_checkpoint(TRUNCATE)')
  } catch (e) {
    // VACUUM is one transaction: a failed one (a full disk: it needs the database's size again) changed nothing
    unfinished.push({ step: 'vacuum', reason: (e as Error).message })
  }
  return {
    file: sealed.file.name,
    firstDate: sealed.file.firstDate,
    lastDate: sealed.file.lastDate,
    lists: period.lists,
    entries: period.entries,
    copy,
    liveBytesBefore,
    liveBytesAfter: liveDatabaseBytes(dbFile),
    unfinished,
    merged
  }
}
