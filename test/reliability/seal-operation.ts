// The seal of published lists into a period archive file (data/archive-seal.ts), for the crash harness: killed
// anywhere, the office opens with its archive files, passes the full check, and holds the lists either in the
// database with no file recorded (a file written but not recorded is what the next session removes) or in one
// recorded, checked file and no longer in the database; read through the views, the lists are the same either way.
import { readdirSync } from 'node:fs'
import type Database from 'better-sqlite3'
import { PARTITIONED, archiveDir, removeStrayArchiveFiles } from '../../src/main/core/db/archive-files'
import { officeState, stateDiff, type OfficeState } from './state'
import type { Operation } from './harness'
import { twoFideMonths } from './operations'

interface SealState {
  /** Every table as the product reads it (the partitioned ones through the views: the files' rows and the database's). */
  office: OfficeState
  /** The partitioned tables' rows in the database itself. */
  own: number[]
  /** The archive folder once the next session has removed what no record names. */
  folder: string[]
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
  return JSON.stringify(state)
}

function judge(now: string, before: string, after: string): string {
  const [n, b, a] = [now, before, after].map((s) => JSON.parse(s) as SealState)
  if (n.folder.some((f) => f.startsWith('unrecorded'))) return `partial: the folder keeps ${n.folder.join(', ')}`
  // the lists read the same whatever holds them: only the records of the file differ between before and after
  const read = stateDiff({ ...n.office, archive_files: '', archive_file_lists: '' }, { ...b.office, archive_files: '', archive_file_lists: '' })
  if (read !== '') return `partial: the lists read otherwise: ${read}`
  if (now === before) return 'ok: before'
  if (now === after) return 'ok: after'
  return `partial: ${JSON.stringify({ own: n.own, folder: n.folder })} is neither ${JSON.stringify({ own: b.own, folder: b.folder })} nor ${JSON.stringify({ own: a.own, folder: a.folder })}`
}

/** Two monthly FIDE lists (standard, rapid and blitz each) sealed into one file. */
export function sealPeriod(dir: string, lines: number): Operation<string> {
  const { before, lists } = twoFideMonths(dir, 'seal', lines, 7)
  return { name: 'seal', args: lists.map(String), before, snapshot: sealState, judge }
}
