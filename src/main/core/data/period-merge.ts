// Sealed periods merged into one file (docs/archive-periods.md, "Periods merged at the tenth file"): SQLite attaches
// at most ten files, so an office that has filled its slots merges its oldest periods into one before it seals the
// next year. The files' rows are written into a new file with the account of every list they held, each file first
// proven the recorded one (its SHA-256), the new file checked in full as a seal checks its file (integrity; every
// list's entries, keys and sheets counted; every list's checksum equal to its recorded one), synced, renamed; then, in
// one transaction, the oldest file's record takes the new name and the whole period, the other files' lists are
// recorded in it and their records deleted, with the caller's audit row. A stop before the record leaves the files
// as they were and a new file no record names; after it, the old files are the strays (removeStrayArchiveFiles).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../db/open'
import { archiveDir, archiveFiles, archiveSchema, attachArchiveFiles, detachArchiveFiles, type ArchiveFileRecord } from '../db/archive-files'
import { fileSha256 } from '../util/durable-files'
import { UserError } from '../util/errors'
import { archiveFileProblems, fileAccount, nameCheckedFile, writeFile, type SealedList } from './archive-seal'
import { liftTriggers } from './triggers'

/** The files an office merges before it seals again, oldest first: a run of files spanning at most this many years. */
export const MERGED_YEARS = 5

const year = (date: string): number => Number(date.slice(0, 4))

/**
 * Which recorded files to merge so that a slot is free (`files` oldest first): the first run of two files or more,
 * from the oldest, whose years together are at most MERGED_YEARS; the two oldest files when every run is longer.
 */
export function filesToMerge(files: readonly ArchiveFileRecord[]): ArchiveFileRecord[] {
  for (let start = 0; start < files.length - 1; start++) {
    let end = start
    while (end + 1 < files.length && year(files[end + 1]!.lastDate) - year(files[start]!.firstDate) < MERGED_YEARS) end++
    if (end > start) return files.slice(start, end + 1)
  }
  return files.slice(0, 2)
}

/**
 * Merges the recorded files `fileIds` (adjacent periods) into one new file, in the caller's write turn; `recorded` is
 * called inside the transaction that records it (the audit log). Returns the merged file's record.
 */
export function mergePeriodFiles(db: Db, dbFile: string, fileIds: readonly number[], recorded: (file: ArchiveFileRecord, merged: ArchiveFileRecord[]) => void = () => {}): ArchiveFileRecord {
  const files = archiveFiles(db).filter((f) => fileIds.includes(f.id))
  if (files.length < 2 || files.length !== new Set(fileIds).size) throw new Error(`merge of periods: files ${fileIds.join(', ')} are not ${fileIds.length} recorded files`)
  const dir = archiveDir(dbFile)
  const [first, last] = [files[0]!, files.at(-1)!]
  const partial = join(dir, `${first.firstDate}-to-${last.lastDate}.db.partial`)
  const fail = (problems: string): UserError => new UserError('archive.mergeUnverified', { file: partial, problems })
  rmSync(partial, { force: true })
  let record: Omit<ArchiveFileRecord, 'id' | 'sealedAt'>
  try {
    const account: SealedList[] = []
    for (const f of files) {
      const path = join(dir, f.name)
      const sha = fileSha256(path)
      if (sha !== f.sha256) throw fail(`${f.name}: SHA-256 ${sha}, ${f.sha256} recorded when sealed`)
      const own = fileAccount(path)
      if (typeof own === 'string') throw fail(`${f.name}: ${own}`)
      account.push(...own)
    }
    account.sort((a, b) => a.id - b.id)
    writeFile(db, partial, account, (table, columns) => ({ sql: `(${files.map((f) => `SELECT ${columns} FROM ${archiveSchema(f.id)}.${table}`).join(' UNION ALL ')})`, params: [] }))
    const problems = archiveFileProblems(partial, account)
    if (problems.length > 0) throw fail(problems.slice(0, 5).join('; '))
    record = { ...nameCheckedFile(partial, first.firstDate, last.lastDate), firstDate: first.firstDate, lastDate: last.lastDate }
  } finally {
    rmSync(partial, { force: true })
  }
  const merged: ArchiveFileRecord = { ...record, id: first.id, sealedAt: first.sealedAt }
  const others = files.slice(1).map((f) => f.id)
  try {
    db.transaction(() => {
      db.prepare('UPDATE main.archive_files SET name = @name, sha256 = @sha256, bytes = @bytes, first_date = @firstDate, last_date = @lastDate WHERE id = @id').run(merged)
      // the one deliberate move of sealed lists to another file: the whole of theirs, written and checked above
      const restore = liftTriggers(db, ['archive_file_lists_kept'])
      db.prepare(`UPDATE main.archive_file_lists SET file_id = ? WHERE file_id IN (${others.map(() => '?').join(', ')})`).run(first.id, ...others)
      restore()
      db.prepare(`DELETE FROM main.archive_files WHERE id IN (${others.map(() => '?').join(', ')})`).run(...others)
      recorded(merged, files)
    })()
  } catch (e) {
    rmSync(join(dir, record.name), { force: true })
    throw e
  }
  detachArchiveFiles(db)
  attachArchiveFiles(db, dbFile)
  for (const f of files) rmSync(join(dir, f.name), { force: true })
  return merged
}
