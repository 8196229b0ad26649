// The seal of a closed year as the officer starts it (the system:seal job: data/archive-periods.ts — the file written
// and checked, recorded with its audit row, copied beside the backups, the live database vacuumed), for the crash
// harness: killed anywhere, the office opens with its archive files, passes the full check, and holds the lists either
// in the database with no file recorded (a file written but not recorded is what the next session removes) or in one
// recorded, checked file and no longer in the database; read through the views, the lists are the same either way,
// and a copy beside the backups under the file's name is the file (a kill before the copy leaves it to the next backup).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { PARTITIONED, archiveDir, removeStrayArchiveFiles } from '../../src/main/core/db/archive-files'
import { officeState, stateDiff, type OfficeState } from './state'
import type { Operation } from './harness'
import { backupState, twoFideMonths, type BackupState } from './operations'
import { backupDatabase } from '../../src/main/core/db/backup'
import { backupFolderBeside } from './state'
import { openDatabase } from '../../src/main/core/db/open'
import { archiveFiles } from '../../src/main/core/db/archive-files'
import { sealLists } from '../../src/main/core/data/archive-seal'
import { sealPeriod } from '../../src/main/core/data/archive-periods'
import { storeListCounts } from '../../src/main/core/data/list-pages'
import { fileSha256 } from '../../src/main/core/util/durable-files'

interface SealState {
  /** Every table as the product reads it (the partitioned ones through the views: the files' rows and the database's). */
  office: OfficeState
  /** The partitioned tables' rows in the database itself. */
  own: number[]
  /** The archive folder once the next session has removed what no record names. */
  folder: string[]
}

/**
 * The copies beside the backups that are not what their name says: a name holds its content's SHA-256 (its first 16
 * hex digits), so a copy under a name is that content whichever office recorded it (a copy left by an earlier run of
 * the same seal is the same file); a part keeps its `.partial` name.
 */
function copyProblems(db: Database.Database): string[] {
  const copies = join(backupFolderBeside(db.name), 'archive')
  if (!existsSync(copies)) return []
  return readdirSync(copies)
    .filter((n) => !n.endsWith('.partial'))
    .filter((n) => !fileSha256(join(copies, n)).startsWith(/-([0-9a-f]{16})\.db$/.exec(n)?.[1] ?? '-'))
    .map((n) => `${n} is not the file its name says`)
}

function sealState(db: Database.Database): string {
  removeStrayArchiveFiles(db, db.name)
  const dir = archiveDir(db.name)
  let folder: string[] = []
  try {
    folder = readdirSync(dir).sort()
  } catch {
    // no folder: nothing was sealed
  }
  const recorded = (db.prepare('SELECT name FROM main.archive_files ORDER BY name').pluck().all() as string[])
  const state: SealState = {
    office: officeState(db),
    own: PARTITIONED.map((t) => db.prepare(`SELECT count(*) FROM main.${t}`).pluck().get() as number),
    folder: folder.map((f) => (recorded.includes(f) ? f : `unrecorded ${f}`))
  }
  return JSON.stringify({ ...state, copies: copyProblems(db) })
}

function judge(now: string, before: string, after: string): string {
  const [n, b, a] = [now, before, after].map((s) => JSON.parse(s) as SealState & { copies: string[] })
  if (n.folder.some((f) => f.startsWith('unrecorded'))) return `partial: the folder keeps ${n.folder.join(', ')}`
  if (n.copies.length > 0) return `partial: beside the backups ${n.copies.join(', ')}`
  // the lists read the same whatever holds them: only the records of the file and the seal's audit row differ
  const records = { archive_files: '', archive_file_lists: '', audit_log: '' }
  const read = stateDiff({ ...n.office, ...records }, { ...b.office, ...records })
  if (read !== '') return `partial: the lists read otherwise: ${read}`
  if (JSON.stringify(n.office) === JSON.stringify(b.office) && n.own.join() === b.own.join() && n.folder.join() === b.folder.join()) return 'ok: before'
  if (JSON.stringify(n.office) === JSON.stringify(a.office) && n.own.join() === a.own.join() && n.folder.join() === a.folder.join()) return 'ok: after'
  return `partial: ${JSON.stringify({ own: n.own, folder: n.folder })} is neither ${JSON.stringify({ own: b.own, folder: b.folder })} nor ${JSON.stringify({ own: a.own, folder: a.folder })}`
}

/** The year 2026 of two monthly FIDE lists (standard, rapid and blitz each) sealed in January 2027, as the officer seals it. */
export function sealYear(dir: string, lines: number): Operation<string> {
  const { before } = twoFideMonths(dir, 'seal', lines, 7)
  return { name: 'seal', args: ['2026', '2027-01-15'], before, snapshot: sealState, judge }
}

/**
 * The daily backup of an office whose September lists are sealed, its backups folder empty (the archive file's copy
 * is made by this backup): killed anywhere, the office is as it was, and the folder holds no backup or one verified
 * backup whose archive file is beside it under its name, intact (what is under a name is never a part).
 */
export function sealedDailyBackup(dir: string, lines: number): Operation<string> {
  const { before, lists } = twoFideMonths(dir, 'sealed-backup', lines / 2, 11)
  const db = openDatabase(before)
  const september = db.prepare("SELECT id FROM rating_lists WHERE list_date = '2026-09-01'").pluck().all() as number[]
  sealLists(db, before, september.filter((id) => lists.includes(id)))
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  const snapshot = (d: Database.Database): string => {
    const state = JSON.parse(backupState(d)) as BackupState
    const copies = join(backupFolderBeside(d.name), 'archive')
    // each recorded file under its name beside the backups is the file (its SHA-256); a part keeps its .partial name
    const named = existsSync(copies) ? readdirSync(copies).filter((n) => !n.endsWith('.partial')) : []
    const files = archiveFiles(d)
    const copiesOk = named.every((n) => files.some((f) => f.name === n && fileSha256(join(copies, n)) === f.sha256))
    const complete = files.every((f) => named.includes(f.name))
    return JSON.stringify({ ...state, copies: copiesOk ? (complete ? 'all' : 'some') : 'a wrong file under a name' })
  }
  return {
    name: 'backup-sealed',
    args: [],
    before,
    snapshot,
    judge: (now, b) => {
      const [n, o] = [JSON.parse(now) as BackupState & { copies: string }, JSON.parse(b) as BackupState & { copies: string }]
      if (n.office !== o.office) return 'partial: the office database changed'
      if (n.copies === 'a wrong file under a name') return 'partial: an archive copy under its name is not the file'
      if (n.backups.length === 0) return 'ok: before'
      if (n.backups.length === 1 && n.backups[0] === 'verified' && n.copies === 'all') return 'ok: after'
      return `partial: under a backup's name: ${n.backups.join(', ')}; archive copies: ${n.copies}`
    }
  }
}

/**
 * A restore over an office that sealed a second period since its backup: the backup records the September file (kept
 * beside it), the office also the October one. Killed anywhere, the office opens with every file it records and is
 * the old office or the restored one (each read through its views), and once the next session has removed what no
 * record names its archive folder holds exactly the files it records (the October file went beside the safety copy).
 */
export async function sealedRestore(dir: string, lines: number): Promise<Operation<string>> {
  const { before } = twoFideMonths(dir, 'sealed-restore', lines, 13)
  const db = openDatabase(before)
  const month = (date: string): number[] => db.prepare('SELECT id FROM rating_lists WHERE list_date = ? ORDER BY id').pluck().all(date) as number[]
  sealLists(db, before, month('2026-09-01'))
  const backup = join(dir, 'sealed-restore-backups', 'backup.db')
  await backupDatabase(db, backup)
  sealLists(db, before, month('2026-10-01'))
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  const snapshot = (d: Database.Database): string => {
    removeStrayArchiveFiles(d, d.name)
    const folder = existsSync(archiveDir(d.name)) ? readdirSync(archiveDir(d.name)).sort() : []
    return JSON.stringify({ office: officeState(d), files: archiveFiles(d).map((f) => f.name), folder })
  }
  return {
    name: 'restore-sealed',
    args: [backup, join(dir, 'sealed-safety')],
    before,
    snapshot,
    judge: (now, b, a) => {
      const n = JSON.parse(now) as { files: string[]; folder: string[] }
      if (n.folder.join() !== n.files.join()) return `partial: the folder holds ${n.folder.join(', ')}, the office records ${n.files.join(', ')}`
      return now === b ? 'ok: before' : now === a ? 'ok: after' : 'partial: the office is neither the old one nor the restored one'
    }
  }
}

/**
 * A merge across two sealed periods as the officer confirms it (the registry:mergeSealed job: each period's file
 * written anew and checked, recorded with the merge in one transaction, the old files removed after): a player on
 * September's and October's lists, each month sealed in a file of its own, merged into a second record of him. Killed
 * anywhere, the office opens with the files it records, passes the full check, and is the office before the merge
 * (the old files recorded) or after it (the new ones), never a merge recorded over an old file or a file half written;
 * once the next session has removed what no record names, its archive folder holds exactly the files it records.
 */
export function mergeAcrossSealed(dir: string, lines: number): Operation<string> {
  const { before } = twoFideMonths(dir, 'merge-sealed', lines, 17)
  const db = openDatabase(before)
  const month = (date: string): number[] => db.prepare('SELECT id FROM rating_lists WHERE list_date = ? ORDER BY id').pluck().all(date) as number[]
  sealLists(db, before, month('2026-09-01'))
  sealLists(db, before, month('2026-10-01'))
  const drop = db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = ? ORDER BY player_id LIMIT 1 OFFSET 3').pluck().get(month('2026-10-01')[0]) as number
  const keep = Number(db.prepare('INSERT INTO players (surname, given_names, name_folded, federation, sex) SELECT surname, given_names, name_folded, federation, sex FROM players WHERE id = ?').run(drop).lastInsertRowid)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  const snapshot = (d: Database.Database): string => {
    removeStrayArchiveFiles(d, d.name)
    const folder = existsSync(archiveDir(d.name)) ? readdirSync(archiveDir(d.name)).sort() : []
    return JSON.stringify({ office: officeState(d), files: archiveFiles(d).map((f) => f.name).sort(), folder })
  }
  return {
    name: 'merge-sealed',
    args: [String(keep), String(drop)],
    before,
    snapshot,
    judge: (now, b, a) => {
      const n = JSON.parse(now) as { files: string[]; folder: string[] }
      if (n.folder.join() !== n.files.join()) return `partial: the folder holds ${n.folder.join(', ')}, the office records ${n.files.join(', ')}`
      return now === b ? 'ok: before' : now === a ? 'ok: after' : `partial: ${stateDiff(JSON.parse(now).office, JSON.parse(b).office)} from before; ${stateDiff(JSON.parse(now).office, JSON.parse(a).office)} from after`
    }
  }
}

/**
 * The seal of an office whose nine slots are taken (a year a file, 2015 to 2023): the job first merges the five oldest
 * periods into one file (written and checked, recorded with its audit row), then seals 2024. Killed anywhere, the
 * office is as before, or has its periods merged and 2024 still in the database (offered again), or is sealed; the
 * lists read the same in every case, and no file no record names stays once the next session has opened the office.
 */
export function sealFullOffice(dir: string, lines: number): Operation<string> {
  const before = join(dir, 'seal-full-before.db')
  const db = openDatabase(before)
  const players = db.transaction(() => {
    const add = db.prepare("INSERT INTO players (surname, given_names, name_folded, federation) VALUES (?, 'A', ?, 'FRA')")
    return Array.from({ length: lines }, (_, i) => Number(add.run(`Player${i}`, `player${i} a`).lastInsertRowid))
  })()
  for (let y = 2015; y <= 2024; y++) {
    for (const month of ['03', '09']) {
      const id = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(`${y}-${month}-01`).lastInsertRowid)
      const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, 20)')
      db.transaction(() => players.forEach((p, i) => entry.run(id, p, 1400 + ((i * 37 + y) % 900), i % 9)))()
      storeListCounts(db, id)
    }
  }
  for (let y = 2015; y <= 2023; y++) sealPeriod(db, before, backupFolderBeside(before), { firstYear: y, lastYear: y }, `${y + 1}-02-01`)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return {
    name: 'seal',
    args: ['2024', '2025-02-01'],
    before,
    snapshot: sealState,
    judge: (now, b, a) => {
      const verdict = judge(now, b, a)
      if (!verdict.startsWith('partial: {')) return verdict
      // the periods merged, the year not sealed yet: the database's own rows are before's, the folder holds recorded files only
      const [n, o] = [now, b].map((s) => JSON.parse(s) as SealState)
      return n.own.join() === o.own.join() ? 'ok: periods merged, 2024 not sealed yet' : verdict
    }
  }
}
