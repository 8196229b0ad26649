// The publication's safety copy taken while the draft is computed (docs/archive-periods.md, "The copy taken
// while the draft is computed").
//
// A publication freezes an official record, so a verified copy of the database comes first. At FIDE scale that copy
// and its checks took longer than the generation itself, and the officer waited for both, one after the other. The
// state the copy protects exists before the draft does. A big generation holds SQLite's write lock from its first read
// to its commit (BEGIN IMMEDIATE): a copy whose read transaction begins while the lock is held is the state the
// generation found, and the database it commits is that state plus the generation's own writes — no other connection
// can commit in between. So the copy is taken on a thread of its own while the draft is computed, and verified as any
// backup. Once the draft is committed, the database's state is recorded beside the backups with the copy's name: the
// write lock taken again with no commit of another connection since the draft's (SQLite's `data_version`), the WAL
// copied into the file, the SHA-256 of its pages. The publication takes the write lock and computes that SHA-256
// again: the same, the database is the copy plus the draft and nothing else, and the copy is the publication's safety
// copy (restoring it gives the office as it was before the draft; generating again gives the draft, the same inputs
// giving the same list). Anything else — a write since, a draft of another list, the copy gone, an older reader that
// kept the WAL from being copied whole — and the publication takes its copy then, as before.
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from './open'
import { fileSha256, fsyncDir, fsyncFile } from '../util/durable-files'
import type { WorkerScript } from '../workers/runner'
import { halvesSha256 } from './halves-hash'

/** The committed state of a database file: the SHA-256 of its pages (of its two halves' SHA-256s), their size and number. */
export interface StateFingerprint {
  sha256: string
  pageSize: number
  pages: number
}

/**
 * The committed state of the database at `dbPath`, for a caller that holds its write lock (BEGIN IMMEDIATE, nothing
 * written): the WAL copied into the file by a connection of its own (no commit can come between), then the SHA-256 of
 * the file's pages as its header counts them, read as two halves, the second on a helper thread of `thread` in a big
 * database (db/halves-hash.ts). Null when the WAL could not be copied whole (a reader of an older state
 * holds part of it) or the header does not give the database's size.
 */
export function stateFingerprint(dbPath: string, thread?: WorkerScript): StateFingerprint | null {
  const other = new Database(dbPath, { fileMustExist: true })
  try {
    // PASSIVE never waits: it copies what no reader of an older state still needs
    const [r] = other.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[]
    if (!r || r.busy !== 0 || r.log !== r.checkpointed) return null
  } finally {
    other.close()
  }
  const head = Buffer.alloc(100)
  const fd = openSync(dbPath, 'r')
  try {
    if (readSync(fd, head, 0, 100, 0) < 100) return null
  } finally {
    closeSync(fd)
  }
  const size = head.readUInt16BE(16)
  const pageSize = size === 1 ? 65536 : size
  const pages = head.readUInt32BE(28)
  // the header's page count is valid only when its change counter and "version valid for" agree (file format, 1.3.8)
  if (pages === 0 || head.readUInt32BE(24) !== head.readUInt32BE(92) || statSync(dbPath).size < pages * pageSize) return null
  return { sha256: halvesSha256(dbPath, pages * pageSize, thread), pageSize, pages }
}

/** A correction's lines prepared by its preview (data/prepared-lines.ts): its file beside the record, size and SHA-256. */
export interface PreparedFileRef {
  file: string
  bytes: number
  sha256: string
}

/**
 * What the generation records beside the backups once its draft is committed: the copy and the state after the draft.
 * A correction's preview records the same (the copy taken beside it, the state it read) with its prepared lines.
 */
export interface DraftCopyRecord {
  /** The draft's list (a correction's preview: the published list it corrects). */
  listId: number
  /** The copy's file name in the backups folder, its size and modification time once verified and named. */
  copy: string
  bytes: number
  mtimeMs: number
  /** The database's state once the draft was committed. */
  state: StateFingerprint
  /** A correction's preview: the lines it prepared. */
  prepared?: PreparedFileRef
}

const FORMAT = 'rating-office draft copy'
/** The record's version: 2 since its state is hashed by halves (a record of version 1 proves nothing now). */
const VERSION = 2

/** The record's and the prepared lines' names beside the backups, after the database's: `.<db>` and these. */
const RECORD = '.draft-copy'
const PREPARED = '.prepared-lines'

/** Where the record lives: beside the backups, named after the database. */
export function draftCopyFile(dir: string, dbName: string): string {
  return join(dir, `.${dbName}${RECORD}`)
}

/** Where a correction's preview keeps its prepared lines: beside the record (one at a time, as the record). */
export function preparedLinesFile(dir: string, dbName: string): string {
  return join(dir, `.${dbName}${PREPARED}`)
}

/** The prepared lines' file of a record's file (the two are named after the same database in the same folder). */
function preparedOfRecord(file: string): string {
  return `${file.slice(0, -RECORD.length)}${PREPARED}`
}

/** Writes the record durably under its name (written beside it, synced, renamed), with the SHA-256 of its own text. */
export function writeDraftCopyRecord(file: string, record: DraftCopyRecord): void {
  const body = JSON.stringify({ format: FORMAT, version: VERSION, ...record })
  const partial = `${file}.partial`
  writeFileSync(partial, `${body}\n${createHash('sha256').update(body).digest('hex')}\n`)
  fsyncFile(partial)
  renameSync(partial, file)
  fsyncDir(dirname(file))
}

/** The record, or null when there is none, it is damaged or of another format. */
export function readDraftCopyRecord(file: string): DraftCopyRecord | null {
  if (!existsSync(file)) return null
  try {
    const [body, sha] = readFileSync(file, 'utf8').split('\n')
    if (!body || createHash('sha256').update(body).digest('hex') !== sha) return null
    const r = JSON.parse(body) as DraftCopyRecord & { format?: unknown; version?: unknown }
    if (r.format !== FORMAT || r.version !== VERSION) return null
    return { listId: r.listId, copy: r.copy, bytes: r.bytes, mtimeMs: r.mtimeMs, state: r.state, ...(r.prepared ? { prepared: r.prepared } : {}) }
  } catch {
    return null
  }
}

/** Removes the record (and a partial one a stop left), and a correction's prepared lines: its draft published, or replaced. */
export function dropDraftCopyRecord(file: string): void {
  rmSync(`${file}.partial`, { force: true })
  rmSync(file, { force: true })
  const prepared = preparedOfRecord(file)
  rmSync(`${prepared}.partial`, { force: true })
  rmSync(prepared, { force: true })
}

/** Whether two fingerprints are one state. */
function sameState(a: StateFingerprint, b: StateFingerprint): boolean {
  return a.sha256 === b.sha256 && a.pageSize === b.pageSize && a.pages === b.pages
}

/** The copy a publication takes as its safety copy, or why it cannot. */
export type DraftCopyProof = { copy: string } | { why: string }

/**
 * Whether the copy taken while the draft `listId` was computed is the safety copy of its publication now. The caller
 * holds the write lock (`db` in BEGIN IMMEDIATE, nothing written yet), so nothing can commit before its publication.
 */
export function proveDraftCopy(db: Db, dir: string, dbName: string, listId: number, thread?: WorkerScript): DraftCopyProof {
  const proof = proveRecord(db, dir, dbName, listId, false, thread)
  return 'why' in proof ? proof : { copy: proof.copy }
}

/** The copy and the lines a correction's preview prepared, or why they are not the correction's now. */
export type PreparedProof = { copy: string; prepared: string } | { why: string }

/**
 * Whether the copy and the lines a correction's preview of the published list `listId` left are the correction's now:
 * the record's, the copy intact, the lines' file the one named (its size and SHA-256), the database's state the one the
 * preview read. The caller holds the write lock (BEGIN IMMEDIATE, nothing written yet).
 */
export function provePreparedCorrection(db: Db, dir: string, dbName: string, listId: number, thread?: WorkerScript): PreparedProof {
  const proof = proveRecord(db, dir, dbName, listId, true, thread)
  if ('why' in proof) return proof
  const ref = proof.record.prepared!
  const prepared = join(dir, ref.file)
  if (!existsSync(prepared) || statSync(prepared).size !== ref.bytes || fileSha256(prepared) !== ref.sha256) return { why: 'the prepared lines are not the ones the preview wrote' }
  return { copy: proof.copy, prepared }
}

/** The record's copy proven the state now, for a draft of `listId` (`prepared` false) or a correction's preview of it. */
function proveRecord(db: Db, dir: string, dbName: string, listId: number, prepared: boolean, thread?: WorkerScript): { copy: string; record: DraftCopyRecord } | { why: string } {
  if (!db.inTransaction) throw new Error('a copy is proven with the write lock held')
  const record = readDraftCopyRecord(draftCopyFile(dir, dbName))
  if (!record) return { why: prepared ? 'no copy taken beside a correction’s preview' : 'no copy taken while a draft was computed' }
  if (!record.prepared !== !prepared) return { why: prepared ? 'the copy was taken while a draft was computed' : 'the copy was taken beside a correction’s preview' }
  if (record.listId !== listId) return { why: prepared ? 'the copy was taken beside the preview of another list’s correction' : 'the copy was taken while another draft was computed' }
  const copy = join(dir, record.copy)
  if (!existsSync(copy)) return { why: 'the copy is no longer in the backups folder' }
  const st = statSync(copy)
  if (st.size !== record.bytes || st.mtimeMs !== record.mtimeMs) return { why: 'the copy was changed since it was verified' }
  const now = stateFingerprint(db.name, thread)
  if (!now) return { why: 'the database could not be read whole (another reader)' }
  if (!sameState(now, record.state)) return { why: prepared ? 'the database changed since the preview' : 'the database changed since the draft was committed' }
  return { copy, record }
}
