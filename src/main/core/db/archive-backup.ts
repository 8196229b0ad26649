// The period archive files in backups and restores (docs/archive-periods.md). A backup copies the live database only;
// the archive files it records are kept once in an `archive` folder beside the backup, each copied when first needed
// and checked against its SHA-256 before it takes its name. A file's name holds the start of its SHA-256
// (`archiveFileName`), so a copy found under its name, of its recorded size, is that file: a backup does not read the
// archive again. A restore brings back the files the restored database records, each checked against its SHA-256.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from './open'
import { archiveDir, archiveFiles, type ArchiveFileRecord } from './archive-files'
import { UserError } from '../util/errors'
import { fileSha256, fsyncDir, fsyncFile } from '../util/durable-files'

/** The folder of archive file copies in a backups folder (one for every backup of that folder). */
export function archiveCopiesDir(backupsDir: string): string {
  return join(backupsDir, 'archive')
}

/** The folder of archive file copies beside a backup file. */
export function backupArchiveDir(backupFile: string): string {
  return archiveCopiesDir(dirname(backupFile))
}

/** `from` copied to `to` beside it first, synced, checked against `sha256`, then renamed: `to` is never a part or another file. */
function copyChecked(from: string, to: string, sha256: string): void {
  mkdirSync(dirname(to), { recursive: true })
  const partial = `${to}.partial`
  rmSync(partial, { force: true })
  try {
    copyFileSync(from, partial)
    fsyncFile(partial)
    const got = fileSha256(partial)
    if (got !== sha256) throw new UserError('db.archiveCopyDiffers', { file: from, sha256: got, recorded: sha256 })
    renameSync(partial, to)
    fsyncDir(dirname(to))
  } finally {
    rmSync(partial, { force: true })
  }
}

/** A copy is there under the file's name and of its recorded size (the name holds its content's hash). */
const present = (path: string, f: ArchiveFileRecord): boolean => existsSync(path) && statSync(path).size === f.bytes

/**
 * Makes sure the `archive` folder of the backups folder `backupsDir` holds each archive file the database `db` records (its file at
 * `dbFile`): a file already there is kept; one missing is copied from the database's archive folder and checked.
 * Returns the names copied now.
 */
export function keepArchiveCopies(db: Db, dbFile: string, backupsDir: string): string[] {
  const copied: string[] = []
  for (const f of archiveFiles(db)) {
    const to = join(archiveCopiesDir(backupsDir), f.name)
    if (present(to, f)) continue
    const from = join(archiveDir(dbFile), f.name)
    if (!existsSync(from)) throw new UserError('db.archiveMissing', { file: from, first: f.firstDate, last: f.lastDate })
    copyChecked(from, to, f.sha256)
    copied.push(f.name)
  }
  return copied
}

/** What a full backup found of each archive file's copy beside the backups. */
export interface ArchiveCopyCheck {
  name: string
  /** 'kept': there and intact; 'copied': missing, copied now; 'replaced': there but not the file (its SHA-256), copied again. */
  copy: 'kept' | 'copied' | 'replaced'
}

/**
 * A full backup's archive files (`db backup --full`): each copy beside the backups read whole and checked against
 * the SHA-256 recorded when its file was sealed, a missing one copied and a damaged one copied again (from the
 * database's own file, checked too). Reads the whole archive: the daily backup does not (keepArchiveCopies).
 */
export function checkArchiveCopies(db: Db, dbFile: string, backupsDir: string): ArchiveCopyCheck[] {
  return archiveFiles(db).map((f) => {
    const to = join(archiveCopiesDir(backupsDir), f.name)
    const there = existsSync(to)
    if (there && fileSha256(to) === f.sha256) return { name: f.name, copy: 'kept' as const }
    const from = join(archiveDir(dbFile), f.name)
    if (!existsSync(from)) throw new UserError('db.archiveMissing', { file: from, first: f.firstDate, last: f.lastDate })
    copyChecked(from, to, f.sha256)
    return { name: f.name, copy: there ? ('replaced' as const) : ('copied' as const) }
  })
}

/** Where each archive file a backup records is found, checked: in the database's archive folder, or beside the backup. */
export interface ArchivePlan {
  /** Files already in the database's archive folder, checked. */
  inPlace: string[]
  /** Files to bring from beside the backup, checked there. */
  brought: { name: string; from: string; sha256: string }[]
}

/**
 * Finds every archive file the backup `from` records (read from its connection `backup`) before a restore changes
 * anything: the database's own archive folder holding it (checked against its SHA-256), else the backup's `archive`
 * folder (checked); a file in neither refuses the restore, naming it.
 */
export function planArchiveRestore(backup: Db, from: string, dbPath: string): ArchivePlan {
  const plan: ArchivePlan = { inPlace: [], brought: [] }
  for (const f of archiveFiles(backup)) {
    const live = join(archiveDir(dbPath), f.name)
    if (existsSync(live) && fileSha256(live) === f.sha256) {
      plan.inPlace.push(f.name)
      continue
    }
    const copy = join(backupArchiveDir(from), f.name)
    if (existsSync(copy) && fileSha256(copy) === f.sha256) plan.brought.push({ name: f.name, from: copy, sha256: f.sha256 })
    else throw new UserError('db.restoreArchiveMissing', { file: from, archive: f.name, first: f.firstDate, last: f.lastDate, folder: backupArchiveDir(from) })
  }
  return plan
}

/** Brings the planned files into the database's archive folder, each checked again as it is copied. */
export function bringArchiveFiles(plan: ArchivePlan, dbPath: string): void {
  for (const b of plan.brought) copyChecked(b.from, join(archiveDir(dbPath), b.name), b.sha256)
}

/**
 * After a restore: the files of the database's archive folder that the restored database does not record belong to
 * the database it replaced, whose safety copy kept them beside it (`keepArchiveCopies`); each goes there if its copy
 * is not there yet, else is removed. Files of other names are left alone.
 */
export function setAsideArchiveFiles(restored: readonly string[], dbPath: string, safetyCopy: string | null): string[] {
  const dir = archiveDir(dbPath)
  if (!existsSync(dir)) return []
  const keep = new Set(restored)
  const aside: string[] = []
  for (const name of readdirSync(dir)) {
    if (keep.has(name) || !/^\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-[0-9a-f]{16}\.db$/.test(name)) continue
    const target = safetyCopy ? join(backupArchiveDir(safetyCopy), name) : null
    if (target && !existsSync(target)) {
      mkdirSync(dirname(target), { recursive: true })
      renameSync(join(dir, name), target)
    } else if (target) rmSync(join(dir, name), { force: true })
    else continue
    aside.push(name)
  }
  return aside
}
