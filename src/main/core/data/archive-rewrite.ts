// A sealed period's file written anew (docs/archive-periods.md, "Merges"): a merge that re-points a player's entries
// on sealed lists cannot change the sealed file, whose rows are immutable and whose SHA-256 the database recorded. The
// file is copied (the copy first proven to be the recorded file, by its SHA-256), the entries moved in the copy, each
// changed list's checksum written into the copy's own account of its lists, and the copy checked in full as a seal
// checks its file (integrity; every list's entries, keys and sheets counted; every list's checksum) before it takes
// its name. The caller's transaction then records the new name and SHA-256 for the same file id and the same lists,
// with the new file attached in the old one's place meanwhile (a rollback attaches the recorded one again). A stop
// before the record leaves the old file recorded and a file no record names, removed on the next opening
// (removeStrayArchiveFiles); after it, the old file is the stray one. Its copy beside the backups stays: older backups
// need it.
import Database from 'better-sqlite3'
import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../db/open'
import { archiveDir, archiveFiles, attachArchiveFiles, detachArchiveFiles } from '../db/archive-files'
import { frozenListChecksum } from '../db/backup'
import { fileSha256 } from '../util/durable-files'
import { UserError } from '../util/errors'
import { archiveFileProblems, fileAccount, immutabilityTriggers, nameCheckedFile } from './archive-seal'

/** One player's entry on one sealed list that moves to another player (a merge, or its undo). */
export interface SealedMove {
  listId: number
  from: number
  to: number
}

/** A period's file written anew, checked, under its final name; not yet recorded. */
export interface FileRewrite {
  fileId: number
  /** The name the database records now, and the new one. */
  oldName: string
  name: string
  sha256: string
  bytes: number
  /** The new checksum of each list whose entries moved. */
  checksums: Map<number, string>
}

/** The file of each sealed list among `listIds` (list id → file id). */
export function sealedFilesOf(db: Db, listIds: readonly number[]): Map<number, number> {
  // a database before migration 29 has none
  if (!db.prepare("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = 'archive_file_lists'").get()) return new Map()
  const read = db.prepare('SELECT file_id FROM main.archive_file_lists WHERE list_id = ?').pluck()
  const out = new Map<number, number>()
  for (const id of listIds) {
    const file = read.get(id) as number | undefined
    if (file !== undefined) out.set(id, file)
  }
  return out
}

/** The rows of a sealed file that name a player: the entries and the order by rating (the sheets stay as computed). */
const MOVED_TABLES = ['rating_list_entries', 'list_by_rating'] as const

/** Writes file `fileId` anew with `moves` applied (all on its lists), checked, under its new name beside it. */
export function rewriteArchiveFile(db: Db, dbFile: string, fileId: number, moves: readonly SealedMove[]): FileRewrite {
  const record = archiveFiles(db).find((f) => f.id === fileId)
  if (!record) throw new Error(`no archive file ${fileId}`)
  const dir = archiveDir(dbFile)
  const from = join(dir, record.name)
  const partial = join(dir, `${record.firstDate}-to-${record.lastDate}.db.partial`)
  const fail = (problems: string): UserError => new UserError('archive.rewriteUnverified', { file: record.name, problems })
  rmSync(partial, { force: true })
  try {
    copyFileSync(from, partial)
    const copied = fileSha256(partial)
    if (copied !== record.sha256) throw fail(`its SHA-256 is ${copied}, ${record.sha256} recorded when sealed`)
    const checksums = applyMoves(partial, moves)
    const account = fileAccount(partial)
    if (typeof account === 'string') throw fail(account)
    const problems = archiveFileProblems(partial, account)
    for (const [listId, sum] of checksums) if (account.find((l) => l.id === listId)?.checksum !== sum) problems.push(`list ${listId}: its account not written`)
    if (problems.length > 0) throw fail(problems.slice(0, 5).join('; '))
    return { fileId, oldName: record.name, ...nameCheckedFile(partial, record.firstDate, record.lastDate), checksums }
  } finally {
    rmSync(partial, { force: true })
  }
}

/** Moves the entries in the copy at `path` (its immutability lifted meanwhile) and writes their lists' new checksums in its account. */
function applyMoves(path: string, moves: readonly SealedMove[]): Map<number, string> {
  const file = new Database(path)
  try {
    const checksums = new Map<number, string>()
    file.transaction(() => {
      for (const table of MOVED_TABLES) for (const op of ['insert', 'update', 'delete']) file.exec(`DROP TRIGGER ${table}_sealed_${op}`)
      for (const table of MOVED_TABLES) {
        const move = file.prepare(`UPDATE ${table} SET player_id = ? WHERE list_id = ? AND player_id = ?`)
        for (const m of moves) if (move.run(m.to, m.listId, m.from).changes !== 1) throw new Error(`${table}: no entry of player ${m.from} on list ${m.listId}`)
      }
      const account = file.prepare('UPDATE archive_lists SET checksum = ? WHERE list_id = ?')
      for (const listId of new Set(moves.map((m) => m.listId))) {
        const sum = frozenListChecksum(file, listId)
        account.run(sum, listId)
        checksums.set(listId, sum)
      }
      file.exec(MOVED_TABLES.map(immutabilityTriggers).join('\n'))
    })()
    return checksums
  } finally {
    file.close()
  }
}

/** The rewritten files attached in place of the recorded ones (before the transaction that records them). */
export function attachRewrites(db: Db, dbFile: string, rewrites: readonly FileRewrite[]): void {
  detachArchiveFiles(db)
  attachArchiveFiles(db, dbFile, new Map(rewrites.map((r) => [r.fileId, join(archiveDir(dbFile), r.name)])))
}

/**
 * The triggers of `main` that keep its own tables exact when an entry moves to another player (its list's marks by
 * name, FIDE ID and rating; a current reference list's order; the list's recorded checksum, forgotten). A sealed
 * list's entries move in its file, which fires none of them: they are replayed.
 */
export const REPLAYED_ON_MOVE = ['rating_list_entries_marks', 'rating_list_entries_rating_order', 'frozen_list_checksums_on_merge'] as const

/** The header of a trigger's SQL up to the table it fires on. */
const TRIGGER_ON = /^CREATE\s+TRIGGER\s+("?)(\w+)\1(\s+(?:BEFORE|AFTER)\s+UPDATE\s+OF\s+[\w\s,]+?\s+ON\s+)rating_list_entries\b/i

/**
 * Replays the moves of sealed entries on `main`'s own tables, inside the caller's transaction and with the rewritten
 * files attached: each moved entry, as its file now holds it, is put in a temporary table under the player it left,
 * then moved there with REPLAYED_ON_MOVE's triggers made on that table — the same statements that keep `main` exact
 * when a merge moves an entry of its own, in the same order (the entries before the players' records).
 */
export function replayMoves(db: Db, moves: readonly SealedMove[]): void {
  db.exec('CREATE TEMP TABLE moved_entries AS SELECT * FROM main.rating_list_entries WHERE 0')
  try {
    const put = db.prepare('INSERT INTO temp.moved_entries SELECT * FROM rating_list_entries WHERE list_id = ? AND player_id = ?')
    const back = db.prepare('UPDATE temp.moved_entries SET player_id = ? WHERE list_id = ? AND player_id = ?')
    for (const m of moves) {
      if (put.run(m.listId, m.to).changes !== 1) throw new Error(`no entry of player ${m.to} on list ${m.listId} in its rewritten file`)
      back.run(m.from, m.listId, m.to)
    }
    const triggers = db.prepare(`SELECT name, sql FROM main.sqlite_schema WHERE type = 'trigger' AND name IN (${REPLAYED_ON_MOVE.map(() => '?').join(', ')})`).all(...REPLAYED_ON_MOVE) as { name: string; sql: string }[]
    if (triggers.length !== REPLAYED_ON_MOVE.length) throw new Error(`the database has ${triggers.map((t) => t.name).join(', ')} of ${REPLAYED_ON_MOVE.join(', ')}`)
    for (const t of triggers) {
      if (!TRIGGER_ON.test(t.sql)) throw new Error(`cannot read the trigger ${t.name}`)
      db.exec(t.sql.replace(TRIGGER_ON, 'CREATE TEMP TRIGGER "$2__moved"$3moved_entries'))
    }
    const move = db.prepare('UPDATE temp.moved_entries SET player_id = ? WHERE list_id = ? AND player_id = ?')
    for (const m of moves) move.run(m.to, m.listId, m.from)
  } finally {
    for (const name of REPLAYED_ON_MOVE) db.exec(`DROP TRIGGER IF EXISTS temp."${name}__moved"`)
    db.exec('DROP TABLE temp.moved_entries')
  }
}

/**
 * Inside the caller's transaction, after replayMoves: each file's new name and SHA-256 recorded, and each moved list's
 * checksum (forgotten by the replay) filled with the one its new file gives.
 */
export function recordRewrites(db: Db, rewrites: readonly FileRewrite[]): void {
  const name = db.prepare('UPDATE main.archive_files SET name = ?, sha256 = ?, bytes = ? WHERE id = ?')
  const fill = db.prepare('UPDATE main.frozen_list_checksums SET checksum = ? WHERE list_id = ? AND checksum IS NULL')
  for (const r of rewrites) {
    name.run(r.name, r.sha256, r.bytes, r.fileId)
    for (const [listId, sum] of r.checksums) if (fill.run(sum, listId).changes !== 1) throw new Error(`list ${listId}: its recorded checksum was not forgotten`)
  }
}

/**
 * After the transaction: recorded (`done`), the old files go (their copies beside the backups stay); not recorded,
 * the new files go. A connection that had the new files attached (`attached`) attaches what is recorded again.
 */
export function settleRewrites(db: Db, dbFile: string, rewrites: readonly FileRewrite[], state: { attached: boolean; done: boolean }): void {
  if (state.attached) {
    detachArchiveFiles(db)
    attachArchiveFiles(db, dbFile)
  }
  for (const r of rewrites) rmSync(join(archiveDir(dbFile), state.done ? r.oldName : r.name), { force: true })
}
