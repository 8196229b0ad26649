// Backups of the office database: online copies (the file itself when it alone holds the state copied, else SQLite's
// backup API) verified after writing, restore with a safety copy of the current file first, a check of integrity and
// foreign keys, and the retention rule.
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { constants, existsSync, mkdirSync, renameSync, rmSync, statSync, copyFileSync, readdirSync, truncateSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Db } from './open'
import { latestVersion } from './migrate'
import { migrations } from './migrations'
import { RATING_OFFICE_APPLICATION_ID } from './migrations/027-application-id'
import { integrityCheck, openForCheck, startIntegrityCheck } from './integrity-thread'
import { foreignKeyScope, integrityByPlan, keepManifest, manifestByPlan, planCheck, provenLists, referenceOf, scopeOf, writeManifest, type CheckPlan, type IntegrityScope, type ListProof, type PageManifest, type VerifiedPagesFiles } from './verified-pages'
import type { WorkerScript } from '../workers/runner'
import { UserError } from '../util/errors'
import { quoteIdent } from './ident'
import { fsyncFile } from '../util/durable-files'
import { bringArchiveFiles, checkArchiveCopies, keepArchiveCopies, planArchiveRestore, setAsideArchiveFiles, type ArchiveCopyCheck } from './archive-backup'

export interface TableCount {
  name: string
  rows: number
}

export interface DatabaseCheck {
  /** 'ok', or SQLite's list of problems joined. */
  integrity: string
  foreignKeyProblems: { table: string; rowid: number | null; parent: string }[]
  schemaVersion: number
  tables: TableCount[]
  /** A checksum of the entries of every published and reference list, by list id: what must survive a restore. */
  listChecksums: Record<number, string>
  /** Frozen lists whose entries are not the ones recorded when they were frozen, or without a record (migration 28 on). */
  frozenListProblems: FrozenListProblem[]
  /** A backup's copy: how much of it integrity_check read (the whole file, or what changed since the last verified copy). */
  integrityScope?: IntegrityScope
}

export interface BackupReport extends DatabaseCheck {
  file: string
  bytes: number
  /** How the copy was made (copyDatabaseFile): the database file copied whole, or SQLite's backup API page by page. */
  copiedBy: CopyWay
  /** A full backup's check of each archive file's copy beside it (none for a daily one, which only completes them). */
  archiveCopies?: ArchiveCopyCheck[]
}

function tableNames(db: Db): string[] {
  return (db.prepare("SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined
}

function hasColumn(db: Db, table: string, column: string): boolean {
  return db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined
}

/**
 * The columns of a frozen list's entries its checksum covers: every column of rating_list_entries but the list's id
 * (a column added to the table later joins them in the migration that adds it, which then forgets the recorded
 * checksums: `UPDATE frozen_list_checksums SET checksum = NULL, forgotten = forgotten + 1`).
 */
export const ENTRY_COLUMNS = 'player_id, rating, games, k, flags, title, federation, birth_year, sex, entry_status, rated_games, highest_rating, tracked_since, recent_games'
/** The same before migration 8 added the office lists' columns (a backup of an older office is still checked). */
const ENTRY_COLUMNS_BEFORE_8 = 'player_id, rating, games, k, flags, title, federation, birth_year, sex'

/** Entries a frozen list's checksum reads at once (by key, after the last one read). */
const CHECKSUM_PAGE = 8192

/**
 * The frozen lists whose entries are the file's own: every published or reference list but those sealed into a period
 * archive file (migration 29), which are checked in their file (`checkArchiveFiles`, data/archive-seal.ts) and backed
 * up with it, so that a database's check and its copy's are of the same rows whatever the connection attaches.
 */
function frozenListIds(db: Db): number[] {
  const sealed = hasTable(db, 'archive_file_lists') ? ' AND id NOT IN (SELECT list_id FROM main.archive_file_lists)' : ''
  return db.prepare(`SELECT id FROM main.rating_lists WHERE status IN ('published','reference')${sealed} ORDER BY id`).pluck().all() as number[]
}

/**
 * The text of a page of a frozen list's entries (its entries in key order, `@rows` of them, after the key `@after`),
 * with its last key and its length. The order of the text is stated (`ORDER BY` in the aggregate), not left to the plan.
 */
export function checksumPageSql(columns: string, after: boolean): string {
  return `SELECT group_concat(entry, char(10) ORDER BY player_id) AS text, max(player_id) AS last, count(*) AS n
            FROM (SELECT player_id, json_array(${columns}) AS entry FROM rating_list_entries
                   WHERE list_id = @list${after ? ' AND player_id > @after' : ''} ORDER BY player_id LIMIT @rows)`
}

/**
 * The checksum of one frozen list: the sha256 of its entries in key order, each entry as SQLite's `json_array` of its
 * columns (ENTRY_COLUMNS) followed by a newline. SQLite writes the text of a page of entries at once (read after the
 * last key of the page before, the list's primary key `(list_id, player_id)` serving both), so a page crosses into
 * JavaScript as one string instead of a row of values an entry: the same bytes as a row-by-row scan, in about a
 * quarter of the time. The keys cross as BigInt, so "after the last key" is exact for any key. `pageRows`: tests.
 */
export function frozenListChecksum(db: Db, listId: number, pageRows = CHECKSUM_PAGE): string {
  const columns = hasColumn(db, 'rating_list_entries', 'entry_status') ? ENTRY_COLUMNS : ENTRY_COLUMNS_BEFORE_8
  const page = (after: boolean) => db.prepare(checksumPageSql(columns, after)).safeIntegers()
  const first = page(false)
  const next = page(true)
  const h = createHash('sha256')
  let got = first.get({ list: listId, rows: pageRows }) as { text: string | null; last: bigint | null; n: bigint }
  while (got.n > 0n) {
    h.update(got.text + '\n')
    if (got.n < BigInt(pageRows)) break
    got = next.get({ list: listId, after: got.last, rows: pageRows }) as typeof got
  }
  return h.digest('hex')
}

/**
 * The checksum of every frozen list (published or reference) by id, computed from its entries (frozenListChecksum) —
 * but for the lists `proven` unchanged since the last verified copy (db/verified-pages.ts), which take the checksum it
 * proved, unread.
 */
export function frozenListChecksums(db: Db, pageRows = CHECKSUM_PAGE, proven: ReadonlyMap<number, string> = new Map()): Record<number, string> {
  if (!hasTable(db, 'rating_lists')) return {}
  const out: Record<number, string> = {}
  for (const id of frozenListIds(db)) out[id] = proven.get(id) ?? frozenListChecksum(db, id, pageRows)
  return out
}

/** A frozen list's record (migration 28): its checksum once filled, and how many times it was forgotten. */
interface FrozenRecord {
  checksum: string | null
  forgotten: number
}

/** The recorded checksums of the frozen lists by id (empty before migration 28). */
function frozenRecords(db: Db): Map<number, FrozenRecord> {
  if (!hasTable(db, 'frozen_list_checksums')) return new Map()
  const rows = db.prepare('SELECT list_id AS id, checksum, forgotten FROM frozen_list_checksums').all() as ({ id: number } & FrozenRecord)[]
  return new Map(rows.map((r) => [r.id, { checksum: r.checksum, forgotten: r.forgotten }]))
}

/**
 * Fills the recorded checksum of each frozen list that has none yet and is counted (takes no more entries), from its
 * entries as they are; on the writer's connection, inside its turn. A list whose record was forgotten meanwhile (a
 * merge re-pointed an entry) keeps none, the next fill makes it. Returns the ids filled.
 */
export function fillFrozenChecksums(db: Db): number[] {
  if (!hasTable(db, 'frozen_list_checksums')) return []
  const open = db
    .prepare(
      `SELECT f.list_id AS id, f.forgotten FROM frozen_list_checksums f JOIN rating_lists l ON l.id = f.list_id
        WHERE f.checksum IS NULL AND l.entry_count IS NOT NULL ORDER BY f.list_id`
    )
    .all() as { id: number; forgotten: number }[]
  const fill = db.prepare('UPDATE frozen_list_checksums SET checksum = ? WHERE list_id = ? AND checksum IS NULL AND forgotten = ?')
  const filled: number[] = []
  for (const { id, forgotten } of open) {
    // read and written in one transaction: the checksum is of the entries the record's `forgotten` count saw
    const done = db.transaction(() => fill.run(frozenListChecksum(db, id), id, forgotten).changes === 1)()
    if (done) filled.push(id)
  }
  return filled
}

/** A frozen list whose entries are not the ones recorded, or which has no record although the table exists. */
export interface FrozenListProblem {
  listId: number
  problem: 'altered' | 'unrecorded'
}

/** The frozen lists of a database whose entries are not the ones recorded, or without a record (the crash harness). */
export function frozenListProblemsIn(db: Db): FrozenListProblem[] {
  return frozenListProblems(db, frozenListChecksums(db))
}

/** The frozen lists whose computed checksum differs from their recorded one, or which have no record (migration 28 on). */
function frozenListProblems(db: Db, computed: Record<number, string>): FrozenListProblem[] {
  if (!hasTable(db, 'frozen_list_checksums')) return []
  const records = frozenRecords(db)
  const problems: FrozenListProblem[] = []
  for (const [key, checksum] of Object.entries(computed)) {
    const listId = Number(key)
    const record = records.get(listId)
    if (!record) problems.push({ listId, problem: 'unrecorded' })
    else if (record.checksum !== null && record.checksum !== checksum) problems.push({ listId, problem: 'altered' })
  }
  return problems
}

/** Row counts of every table of the file itself (virtual tables and attached archive files left out), as a backup's verification compares them. */
export function tableCounts(db: Db): TableCount[] {
  return tableNames(db).map((name) => ({ name, rows: (db.prepare(`SELECT count(*) AS n FROM main.${quoteIdent(name)}`).get() as { n: number }).n }))
}

/** `PRAGMA foreign_key_check`'s problems, of every table or of the tables named. */
function foreignKeyProblemsOf(db: Db, tables?: readonly string[]): DatabaseCheck['foreignKeyProblems'] {
  const rows = (tables ? tables.flatMap((t) => db.pragma(`foreign_key_check(${quoteIdent(t)})`)) : db.pragma('foreign_key_check')) as { table: string; rowid: number | null; parent: string }[]
  return rows.map((r) => ({ table: r.table, rowid: r.rowid, parent: r.parent }))
}

/**
 * Every check of checkOpenDatabase but integrity_check: foreign keys (of every table, or of `foreignKeys`' tables:
 * verified-pages' foreignKeyScope), schema version, row counts, frozen lists (`proven`: frozenListChecksums).
 */
function checksBesideIntegrity(db: Db, proven: ReadonlyMap<number, string> = new Map(), foreignKeys?: readonly string[]): Omit<DatabaseCheck, 'integrity'> {
  const foreignKeyProblems = foreignKeyProblemsOf(db, foreignKeys)
  const tables = tableCounts(db)
  const listChecksums = frozenListChecksums(db, CHECKSUM_PAGE, proven)
  return { foreignKeyProblems, schemaVersion: db.pragma('user_version', { simple: true }) as number, tables, listChecksums, frozenListProblems: frozenListProblems(db, listChecksums) }
}

/** Integrity, foreign keys, schema version, row counts and frozen-list checksums of an open database. */
export function checkOpenDatabase(db: Db): DatabaseCheck {
  const integrity = integrityCheck(db)
  return { integrity, ...checksBesideIntegrity(db) }
}

/** Opens a database file read-only and runs `check` on it; a file that is not a database is a located error. */
function withFile<T>(file: string, check: (db: Db) => T): T {
  if (!existsSync(file)) throw new UserError('db.backupMissing', { file })
  const db = openForCheck(file)
  try {
    return check(db)
  } catch (e) {
    if (e instanceof UserError) throw e
    throw new UserError('db.notADatabase', { file, reason: (e as Error).message })
  } finally {
    db.close()
  }
}

/** Opens a database file read-only and checks it; a file that is not a database is a located error. */
export function checkDatabaseFile(file: string): DatabaseCheck {
  return withFile(file, checkOpenDatabase)
}

function sameCounts(a: TableCount[], b: TableCount[]): boolean {
  return a.length === b.length && a.every((t, i) => t.name === b[i]!.name && t.rows === b[i]!.rows)
}

/**
 * What the copy's checks are compared with: the source's row counts and the checksum of each frozen list — its
 * recorded one (migration 28) where filled, so that the source's frozen lists are not read again at every copy, else
 * computed from its entries. Read after the copy: the main process is the only writer, so nothing changed in between.
 */
function sourceFigures(db: Db): SourceFigures {
  const records = frozenRecords(db)
  const listChecksums: Record<number, string> = {}
  const recorded = new Set<number>()
  if (hasTable(db, 'rating_lists')) {
    for (const id of frozenListIds(db)) {
      const checksum = records.get(id)?.checksum
      if (checksum) recorded.add(id)
      listChecksums[id] = checksum ?? frozenListChecksum(db, id)
    }
  }
  return { tables: tableCounts(db), listChecksums, recorded }
}

interface SourceFigures {
  tables: TableCount[]
  listChecksums: Record<number, string>
  /** The lists whose checksum above is the recorded one, not read from the database now. */
  recorded: Set<number>
}

/**
 * The copy's checks against the source's figures; throws `db.backupUnverified` with every problem found. A frozen
 * list whose copy differs from its recorded checksum is read in the database too: if the database's list is the
 * copy's, the copy is faithful and the database's list itself is not the one recorded — the copy is kept (a damaged
 * office needs its copy most) and says so in its `frozenListProblems`, as `db check` does.
 */
function verified(copy: DatabaseCheck, source: SourceFigures, db: Db, out: string): DatabaseCheck {
  const problems: string[] = []
  if (copy.integrity !== 'ok') problems.push(`integrity: ${copy.integrity}`)
  if (copy.foreignKeyProblems.length) problems.push(`${copy.foreignKeyProblems.length} foreign key problems`)
  if (!sameCounts(copy.tables, source.tables)) problems.push('row counts differ from the database')
  const ids = Object.keys(source.listChecksums)
  const same =
    ids.length === Object.keys(copy.listChecksums).length &&
    ids.every((key) => {
      const id = Number(key)
      if (copy.listChecksums[id] === source.listChecksums[id]) return true
      return source.recorded.has(id) && copy.listChecksums[id] === frozenListChecksum(db, id)
    })
  if (!same) problems.push('published lists differ from the database')
  if (problems.length) throw new UserError('db.backupUnverified', { file: out, problems: problems.join('; ') })
  return copy
}

/** The entries of each list of a file, by list id (one scan of the entries' keys). */
function listRows(db: Db): Map<number, number> {
  if (!hasTable(db, 'rating_list_entries')) return new Map()
  return new Map(db.prepare('SELECT list_id, count(*) FROM main.rating_list_entries GROUP BY list_id').raw().all() as [number, number][])
}

/**
 * The entries of each frozen list of a copy checked against the last verified copy: when no tree of the entries'
 * table changed, page for page, the verified copy's counts (the same rows), and a count of each list frozen since (a
 * publication changes its list's status, not its entries); else one scan of the entries' keys (listRows).
 */
function listRowsByPlan(db: Db, plan: CheckPlan): Map<number, number> {
  if (plan.mode !== 'changed' || plan.tables.includes('rating_list_entries')) return listRows(db)
  const rows = new Map(plan.reference.lists.map((l) => [l.id, l.rows]))
  const count = db.prepare('SELECT count(*) FROM main.rating_list_entries WHERE list_id = ?').pluck()
  for (const id of frozenListIds(db)) if (!rows.has(id)) rows.set(id, count.get(id) as number)
  return rows
}

/**
 * Checks a copy of the open database written at `partial` (to become `out`): it opens, passes integrity and foreign
 * keys, and holds the source's row counts and frozen-list checksums; throws `db.backupUnverified`. With `pages`, the
 * copy is checked against the last verified copy's manifest (db/verified-pages.ts): its pages hashed, integrity_check
 * on the tables whose trees changed, the frozen lists proven unchanged not read again; the copy's own manifest is
 * written for the next one. With `script`, integrity_check runs on a helper thread (db/integrity-thread.ts) while this
 * thread makes the other checks on the copy and reads the source's figures: the same statements, in two threads.
 */
async function verifyCopyOf(db: Db, partial: string, out: string, pages?: VerifiedPagesFiles, script?: WorkerScript): Promise<DatabaseCheck> {
  if (!existsSync(partial)) throw new UserError('db.backupMissing', { file: partial })
  const copyDb = openForCheck(partial)
  let helper: ReturnType<typeof startIntegrityCheck> | null = null
  try {
    let plan: CheckPlan | null = null
    let rows = new Map<number, number>()
    let proven = new Map<number, string>()
    let foreignKeys: string[] | undefined
    let rest: Omit<DatabaseCheck, 'integrity'>
    try {
      // the helper started first: its start overlaps the plan (the copy's pages hashed and compared)
      if (script) helper = startIntegrityCheck(script, partial)
      if (pages) {
        rmSync(pages.partial, { force: true })
        plan = planCheck(copyDb, partial, referenceOf(pages))
      }
      helper?.begin(plan?.mode === 'changed' ? plan.tables : undefined)
      if (plan) {
        rows = listRowsByPlan(copyDb, plan)
        proven = provenLists(plan, rows)
        foreignKeys = foreignKeyScope(copyDb, plan)
      }
      rest = checksBesideIntegrity(copyDb, proven, foreignKeys)
    } catch (e) {
      // a file SQLite cannot read through is not a database, as checkDatabaseFile says of it
      if (e instanceof UserError) throw e
      throw new UserError('db.notADatabase', { file: partial, reason: (e as Error).message })
    }
    const source = sourceFigures(db)
    let integrity = helper ? await helper.result : integrityByPlan(copyDb, plan?.mode === 'changed' ? plan.tables : undefined)
    let manifest: PageManifest | null = null
    if (plan && integrity === 'ok') {
      // pages not accounted for before the whole check was chosen: the answer when SQLite's own finds nothing
      if (plan.mode === 'full' && plan.accounting) integrity = plan.accounting.join('; ')
      else {
        const lists: ListProof[] = Object.entries(rest.listChecksums).map(([id, checksum]) => ({ id: Number(id), checksum, rows: rows.get(Number(id)) ?? 0 }))
        const made = manifestByPlan(copyDb, partial, plan, lists)
        if ('problems' in made) integrity = made.problems.join('; ')
        else manifest = made.manifest
      }
    }
    const checked = verified({ integrity, ...rest, ...(plan ? { integrityScope: scopeOf(plan, proven.size, foreignKeys) } : {}) }, source, db, out)
    if (pages && manifest) writeManifest(pages.partial, manifest)
    return checked
  } finally {
    helper?.stop()
    copyDb.close()
  }
}

/** Checks a copy of the open database (one thread, no manifest): the pre-upgrade copy's way. */
function verifyCopy(db: Db, partial: string, out: string): DatabaseCheck {
  const copy = checkDatabaseFile(partial)
  return verified(copy, sourceFigures(db), db, out)
}

/**
 * From what size of copy its integrity_check gets a thread of its own: the checks left to this thread (foreign keys,
 * row counts, the copy's frozen lists read once) take about as long as integrity_check since the source's checksums are
 * recorded (3.7 s and 3.6 s for a 120 MB copy of 120 lists), the helper's start about 0.2 s (the bundled worker entry):
 * from 32 MB the two threads save more than the start costs (a 29 MB copy: 0.51 s and 0.44 s of checks).
 */
export const THREAD_FROM = 32 * 1024 * 1024

export interface BackupOptions {
  /** The worker entry (workers/script.ts): given, a big copy's integrity_check runs on a helper thread beside the other checks. */
  thread?: WorkerScript
  /** From how many bytes of copy the helper thread is used (default THREAD_FROM; 0: always, for tests). */
  threadFrom?: number
  /**
   * A full backup: every archive file's copy beside the backups read and checked again (checkArchiveCopies), and the
   * copy's whole integrity_check whatever the last verified copy's manifest says.
   */
  full?: boolean
  /**
   * Told by the writer holding the write lock since the WAL was empty (db/copy-beside.ts): the database file alone
   * holds the state the copy's read transaction fixed, whatever the WAL holds since (copyDatabaseFile).
   */
  fileIsSnapshot?: boolean
  /**
   * The manifest of the last verified copy's pages (db/verified-pages.ts), kept beside the backups: given, the copy's
   * integrity_check reads again only the tables whose trees changed since, and the copy's own manifest replaces it once
   * the copy is kept. Absent: the whole integrity_check, no manifest.
   */
  pages?: string
}

/** The manifests a backup to `out` reads and writes (absent when the options name none). */
function pagesFiles(out: string, options: BackupOptions): VerifiedPagesFiles | undefined {
  if (!options.pages) return undefined
  return { file: options.pages, partial: join(dirname(out), `.${basename(out)}.partial-pages`), ...(options.full ? { full: true } : {}) }
}

/** Verifies the copy at `partial`, on two threads when it is big and a worker entry is given. */
export async function verifyBackupCopy(db: Db, partial: string, out: string, options: BackupOptions = {}): Promise<DatabaseCheck> {
  const pages = pagesFiles(out, options)
  const beside = options.thread && existsSync(partial) && statSync(partial).size >= (options.threadFrom ?? THREAD_FROM)
  return verifyCopyOf(db, partial, out, pages, beside ? options.thread : undefined)
}

/** How a backup's copy is made: the database file copied by the file system, or SQLite's backup API page by page. */
export type CopyWay = 'file' | 'backup-api'

/** Whether a database's write-ahead log holds nothing (no file, or a file of no bytes: a checkpoint emptied it). */
export function walIsEmpty(dbFile: string): boolean {
  const wal = `${dbFile}-wal`
  return !existsSync(wal) || statSync(wal).size === 0
}

/**
 * The WAL copied into the database file and emptied, before a writer takes its lock: a copy taken beside its write then
 * copies the file (db/copy-beside.ts). Readers of an older state are waited for `waitMs` at most, not the connection's
 * busy timeout (a long read, an export, would hold the writer that long): the WAL is then left as it is, and the copy
 * made by SQLite's backup API. Says whether the WAL is empty.
 */
export function emptyWal(db: Db, waitMs = 200): boolean {
  // (a checkpoint cannot run inside a transaction of its own connection)
  if (db.memory || db.inTransaction) return false
  const before = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma(`busy_timeout = ${waitMs}`)
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.pragma(`busy_timeout = ${before}`)
  }
  return walIsEmpty(db.name)
}

/**
 * Before a safety copy or a backup (taken now, or beside a write: db/copy-beside.ts), on a writer's connection: the
 * lists frozen since the last publication get their checksums recorded (the copy is checked against them), then the
 * WAL is emptied into the file, so that the copy is made from the file (copyDatabaseFile).
 */
export function readyForCopy(db: Db): void {
  fillFrozenChecksums(db)
  emptyWal(db)
}

/**
 * Whether the database file alone holds the state `db`'s read transaction reads, and goes on holding it until that
 * transaction ends. A reader that begins on an empty WAL reads the file alone, and SQLite copies no page of a later
 * commit into the file until that reader is gone (a checkpoint waits for it: test/main/core/db/backup-copy.spec.ts
 * shows it of the SQLite bundled); a WAL of no bytes once the read has begun says that it began so, since a WAL
 * holding frames a reader reads cannot be emptied under it. (A WAL that a writer has written to since, its frames not
 * committed, is not empty but changes nothing of it: `told` by that writer, holding the write lock since the WAL was
 * empty — the copy beside a draft, db/copy-beside.ts.)
 */
export function fileHoldsSnapshot(db: Db): boolean {
  return !db.memory && db.inTransaction && walIsEmpty(db.name)
}

/**
 * The copy of a backup before its checks: one self-contained file, synced to the disk. When the database file alone
 * holds the state the copy is of (fileHoldsSnapshot, or `fileIsSnapshot` told by the writer), it is copied by the file
 * system (a third of the CPU of SQLite's backup API at FIDE's size, the kernel's copy), cut to the state's pages;
 * otherwise by the backup API. Says which.
 */
export async function copyDatabaseFile(db: Db, out: string, fileIsSnapshot = false): Promise<CopyWay> {
  const way: CopyWay = fileIsSnapshot || fileHoldsSnapshot(db) ? 'file' : 'backup-api'
  if (way === 'file') {
    const bytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number)
    // a clone where the file system makes one (APFS, Btrfs, XFS: the copy shares the blocks until either changes),
    // the kernel's copy elsewhere
    copyFileSync(db.name, out, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE)
    // a file a checkpoint left longer than the database it holds: the copy is the state's pages alone
    if (statSync(out).size > bytes) truncateSync(out, bytes)
  } else await db.backup(out)
  // a backup is one self-contained file: no write-ahead log beside it, now or when it is opened later
  const copyDb = new Database(out, { fileMustExist: true })
  try {
    copyDb.pragma('journal_mode = DELETE')
  } finally {
    copyDb.close()
  }
  fsyncFile(out)
  return way
}

/**
 * Copies the open database to `out` with SQLite's online backup API, then verifies the copy (opened, integrity
 * and foreign keys checked, row counts and frozen-list checksums equal to the source's). The copy is written
 * beside `out` and renamed only once verified, so `out` is never a half-written or unverified file.
 */
export async function backupDatabase(db: Db, out: string, options: BackupOptions = {}): Promise<BackupReport> {
  if (existsSync(out)) throw new UserError('db.backupExists', { file: out })
  mkdirSync(dirname(out), { recursive: true })
  const partial = join(dirname(out), `.${basename(out)}.partial`)
  const pages = pagesFiles(out, options)
  rmSync(partial, { force: true })
  // one state of the database from the copy to the source's figures it is checked against: a read transaction of
  // this connection, begun before the copy. Without it a writer of another connection (an import, a generation)
  // makes SQLite's backup start again at its next step after each commit — a backup taken beside a long write
  // copied until the write ended — and the figures are read from a later state than the copy's.
  const snapshot = !db.inTransaction
  if (snapshot) {
    db.exec('BEGIN')
    db.prepare('SELECT count(*) FROM main.sqlite_schema').pluck().get()
  }
  try {
    const copiedBy = await copyDatabaseFile(db, partial, options.fileIsSnapshot)
    const copy = await verifyBackupCopy(db, partial, out, options)
    // the sealed periods' files it records, kept once beside the backups (docs/archive-periods.md); a full backup
    // reads each copy again and proves it the file that was sealed
    const archiveCopies = options.full ? checkArchiveCopies(db, db.name, dirname(out)) : (keepArchiveCopies(db, db.name, dirname(out)), undefined)
    renameSync(partial, out)
    // the copy kept, its pages' manifest is the next copy's reference (a kill before leaves the last one, still true)
    if (pages) keepManifest(pages.partial, pages.file)
    return { ...copy, file: out, bytes: statSync(out).size, copiedBy, ...(archiveCopies ? { archiveCopies } : {}) }
  } finally {
    if (snapshot && db.inTransaction) db.exec('COMMIT')
    rmSync(partial, { force: true })
    if (pages) rmSync(pages.partial, { force: true })
  }
}

/**
 * Refuses when another connection has the database open (another window, a CLI command, a server): the file would
 * be replaced under it, and it would go on writing into the file it had. Leaving write-ahead logging needs the file
 * to itself, so SQLite answers "locked" when anyone else has it open; the backups are single files anyway.
 */
function claimAlone(current: Db, dbPath: string): void {
  current.pragma('busy_timeout = 0')
  let mode: string
  try {
    mode = String(current.pragma('journal_mode = DELETE', { simple: true }))
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw new UserError('db.restoreInUse', { file: dbPath })
    throw e
  }
  if (mode !== 'delete') throw new UserError('db.restoreInUse', { file: dbPath })
}

/** Tables every Rating Office database has had since migration 1: a file without one of them is not the office's. */
const OFFICE_TABLES = ['players', 'rating_lists', 'rating_list_entries', 'settings', 'audit_log'] as const

/**
 * Refuses a file that is not a Rating Office database before anything is restored: an empty file or an empty
 * database (no table: SQLite opens a 0-byte file as an empty database, schema version 0), another application's
 * database (its application id, set in the header since migration 27, is another), or one without the office's
 * tables or outside the schema versions this version knows (1 to the latest; a backup older than migration 27 has
 * application id 0 and is recognised by its tables and version). A newer schema is refused by its own message.
 */
export function checkOfficeDatabase(db: Db, file: string): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number
  if (applicationId !== 0 && applicationId !== RATING_OFFICE_APPLICATION_ID) {
    throw new UserError('db.restoreForeign', { file, applicationId: hexId(applicationId), ours: hexId(RATING_OFFICE_APPLICATION_ID) })
  }
  const tables = tableNames(db)
  if (tables.length === 0) throw new UserError('db.restoreEmpty', { file })
  const version = db.pragma('user_version', { simple: true }) as number
  const missing = OFFICE_TABLES.filter((t) => !tables.includes(t))
  if (missing.length || version < 1) throw new UserError('db.restoreNotOffice', { file, missing: missing.length ? missing.join(', ') : '—', version })
}

const hexId = (n: number): string => `0x${(n >>> 0).toString(16).padStart(8, '0')}`

export interface RestoreReport {
  restored: string
  from: string
  /** The verified copy of the database as it was before the restore. */
  safetyCopy: string | null
  check: DatabaseCheck
}

/**
 * Replaces the database file with a verified backup. The database must be closed (no connection open on it).
 * The backup is checked first (a database, intact, foreign keys, not newer than this version); the current file,
 * if any, is copied aside and verified; then the backup is copied next to the database and renamed over it, so a
 * crash leaves either the old file or the new one, never a mix. A leftover WAL of the old file is removed.
 */
export async function restoreDatabase(dbPath: string, from: string, safetyDir = dirname(dbPath), now = new Date()): Promise<RestoreReport> {
  withFile(from, (db) => checkOfficeDatabase(db, from))
  const check = checkDatabaseFile(from)
  const altered = check.frozenListProblems.filter((p) => p.problem === 'altered').map((p) => p.listId)
  if (check.integrity !== 'ok' || check.foreignKeyProblems.length || altered.length) {
    const problems =
      check.integrity !== 'ok'
        ? check.integrity
        : check.foreignKeyProblems.length
          ? `${check.foreignKeyProblems.length} foreign key problems`
          : `the entries of frozen list${altered.length > 1 ? 's' : ''} ${altered.join(', ')} are not the ones recorded when ${altered.length > 1 ? 'they were' : 'it was'} frozen`
    throw new UserError('db.backupDamaged', { file: from, problems })
  }
  const latest = latestVersion(migrations)
  if (check.schemaVersion > latest) throw new UserError('db.tooNew', { file: from, version: check.schemaVersion, latest })
  // every archive file the backup records found and checked before anything changes
  const archives = withFile(from, (b) => planArchiveRestore(b, from, dbPath))
  let safetyCopy: string | null = null
  if (existsSync(dbPath)) {
    const current = new Database(dbPath, { fileMustExist: true })
    try {
      claimAlone(current, dbPath)
      safetyCopy = freeBackupPath(safetyDir, basename(dbPath), now, 'before-restore')
      await backupDatabase(current, safetyCopy)
      current.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      current.close()
    }
  }
  bringArchiveFiles(archives, dbPath)
  const incoming = join(dirname(dbPath), `.${basename(dbPath)}.restoring`)
  copyFileSync(from, incoming)
  fsyncFile(incoming)
  for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true })
  renameSync(incoming, dbPath)
  // the replaced database's own archive files go beside its safety copy
  setAsideArchiveFiles([...archives.inPlace, ...archives.brought.map((b) => b.name)], dbPath, safetyCopy)
  return { restored: dbPath, from, safetyCopy, check }
}

/** Why a backup was made: it names the file, and decides whether the retention rule may delete it. */
export type BackupReason = 'manual' | 'daily' | 'before-import' | 'before-publication' | 'before-upgrade' | 'before-restore'

/** Reasons whose backups the retention rule thins out; a manual copy or the one taken before a restore stays. */
const RETAINED: ReadonlySet<string> = new Set(['daily', 'before-import', 'before-publication', 'before-upgrade'])

/** The manifest of the last verified copy's pages in a backups folder (db/verified-pages.ts), one a database name. */
export function verifiedPagesFile(dir: string, dbName: string): string {
  return join(dir, `.${dbName.replace(/\.db$/i, '')}.verified-pages`)
}

/** The backups folder: the one the settings name, else `backups` beside the database. */
export function backupFolder(dbPath: string, configured: string): string {
  return configured ? configured : join(dirname(dbPath), 'backups')
}

/** Whether today's daily backup is still to be made (none of any reason made today, UTC). */
export function dailyBackupDue(dir: string, dbName: string, now: Date): boolean {
  const today = now.toISOString().slice(0, 10)
  return !listBackups(dir, dbName).some((b) => b.at.toISOString().slice(0, 10) === today)
}

export interface AutomaticBackupOptions extends BackupOptions {
  /** The time the backup's name says (default: now). */
  now?: Date
  /** The retention rule applied afterwards (default DEFAULT_RETENTION). */
  rule?: RetentionRule
  /**
   * Told once the copy's read transaction has begun: the state it copies is fixed from then on (a copy taken while a
   * draft is computed, db/draft-copy.ts).
   */
  onSnapshot?: () => void
}

export interface AutomaticBackup extends BackupReport {
  /** Older automatic backups deleted by the retention rule. */
  removed: string[]
}

/**
 * A verified backup of the database file into the backups folder, then the retention rule applied to the
 * automatic backups there. Opens its own read-only connection: it runs in a worker while the app goes on.
 */
export async function automaticBackup(dbPath: string, dir: string, reason: BackupReason, options: AutomaticBackupOptions = {}): Promise<AutomaticBackup> {
  const { now = new Date(), rule = DEFAULT_RETENTION } = options
  removeLeftoverPartials(dir, basename(dbPath), now)
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  let report: BackupReport
  try {
    if (options.onSnapshot) {
      // the read transaction backupDatabase would begin, begun here to say when the state is fixed
      db.exec('BEGIN')
      db.prepare('SELECT count(*) FROM main.sqlite_schema').pluck().get()
      options.onSnapshot()
    }
    report = await backupDatabase(db, freeBackupPath(dir, basename(dbPath), now, reason), { pages: verifiedPagesFile(dir, basename(dbPath)), ...options })
  } finally {
    if (db.inTransaction) db.exec('COMMIT')
    db.close()
  }
  const { remove } = applyRetention(listBackups(dir, basename(dbPath)).filter((b) => RETAINED.has(b.reason)), rule)
  for (const b of remove) rmSync(b.file, { force: true })
  return { ...report, removed: remove.map((b) => b.file) }
}

/** The backups folder a database's settings name (read directly: the database may be about to be upgraded). */
function configuredFolder(db: Db, dbPath: string): string {
  let configured = ''
  try {
    const v = db.prepare("SELECT value FROM settings WHERE key = 'backupDir'").pluck().get() as string | undefined
    const parsed = v === undefined ? '' : (JSON.parse(v) as unknown)
    if (typeof parsed === 'string') configured = parsed
  } catch {
    // no settings table yet, or a value that is not JSON: the default folder
  }
  return backupFolder(dbPath, configured)
}

/**
 * Before a schema upgrade, synchronously (the database is being opened): a verified copy of the database as it
 * is, in the backups folder the settings name, as `…-before-upgrade.db`; then the retention rule. VACUUM INTO
 * writes one self-contained file of a consistent snapshot; it is checked as any backup before taking its name.
 */
export function backupBeforeUpgrade(db: Db, dbPath: string, now = new Date(), rule: RetentionRule = DEFAULT_RETENTION): string {
  const dir = configuredFolder(db, dbPath)
  mkdirSync(dir, { recursive: true })
  removeLeftoverPartials(dir, basename(dbPath), now)
  const out = freeBackupPath(dir, basename(dbPath), now, 'before-upgrade')
  const partial = join(dir, `.${basename(out)}.partial`)
  rmSync(partial, { force: true })
  try {
    db.prepare('VACUUM INTO ?').run(partial)
    fsyncFile(partial)
    verifyCopy(db, partial, out)
    keepArchiveCopies(db, dbPath, dirname(out))
    renameSync(partial, out)
  } finally {
    rmSync(partial, { force: true })
  }
  const { remove } = applyRetention(listBackups(dir, basename(dbPath)).filter((b) => RETAINED.has(b.reason)), rule)
  for (const b of remove) rmSync(b.file, { force: true })
  return out
}

/** A partial copy older than this was left by a backup whose process died (the crash harness kills them). */
const PARTIAL_MAX_AGE_MS = 60 * 60_000

/**
 * Removes the partial copies (and their journals) that a backup killed while writing left in the folder. Only
 * those an hour old: a younger one may be another process's backup still being written.
 */
export function removeLeftoverPartials(dir: string, dbName: string, now = new Date()): string[] {
  if (!existsSync(dir)) return []
  const stem = dbName.replace(/\.db$/i, '')
  const removed: string[] = []
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`.${stem}-`) || !/\.db\.partial(-journal|-pages)?$/.test(name)) continue
    const file = join(dir, name)
    if (now.getTime() - statSync(file).mtimeMs < PARTIAL_MAX_AGE_MS) continue
    rmSync(file, { force: true })
    removed.push(file)
  }
  return removed
}

/** `office-2026-11-26T093015-daily.db`: sortable, says when (UTC, to the second) and why. */
export function backupFileName(dbName: string, at: Date, reason: string, sequence = 1): string {
  const stem = dbName.replace(/\.db$/i, '')
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, '')
  return `${stem}-${stamp}${sequence > 1 ? `-${sequence}` : ''}-${reason}.db`
}

/**
 * A backup file name not yet taken in the folder. Two backups within one second get -2, -3…, whatever their reasons,
 * each above every sequence that second already has: the retention rule takes the higher sequence for the later copy,
 * and a lower one freed by it (or a copy of another reason) must not make a new copy look older than one kept.
 */
export function freeBackupPath(dir: string, dbName: string, at: Date, reason: string): string {
  const second = Math.floor(at.getTime() / 1000) * 1000
  let n = 1
  for (const b of listBackups(dir, dbName)) if (b.at.getTime() === second && b.sequence >= n) n = b.sequence + 1
  for (; ; n++) {
    const file = join(dir, backupFileName(dbName, at, reason, n))
    if (!existsSync(file)) return file
  }
}

export interface RetentionRule {
  daily: number
  weekly: number
  monthly: number
}

export const DEFAULT_RETENTION: RetentionRule = { daily: 7, weekly: 8, monthly: 12 }

/** Monday of the ISO week of a UTC date, as YYYY-MM-DD. */
function weekKey(d: Date): string {
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)))
  return monday.toISOString().slice(0, 10)
}

/**
 * Which backups to keep: the newest of each of the last `daily` days that have one, of the last `weekly` weeks
 * and of the last `monthly` months (grandfather-father-son). Everything else may be deleted.
 */
export function applyRetention<T extends { at: Date; sequence?: number }>(backups: readonly T[], rule: RetentionRule = DEFAULT_RETENTION): { keep: T[]; remove: T[] } {
  // two copies of the same second: the later one has the higher sequence in its name (freeBackupPath)
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime() || (b.sequence ?? 1) - (a.sequence ?? 1))
  const keep = new Set<T>()
  const pick = (key: (d: Date) => string, count: number) => {
    const seen = new Set<string>()
    for (const b of newestFirst) {
      const k = key(b.at)
      if (seen.has(k)) continue
      if (seen.size >= count) break
      seen.add(k)
      keep.add(b)
    }
  }
  pick((d) => d.toISOString().slice(0, 10), rule.daily)
  pick(weekKey, rule.weekly)
  pick((d) => d.toISOString().slice(0, 7), rule.monthly)
  return { keep: newestFirst.filter((b) => keep.has(b)), remove: newestFirst.filter((b) => !keep.has(b)) }
}

/** The backups in a folder made for this database (by their names), with their dates. */
export function listBackups(dir: string, dbName: string): { file: string; at: Date; sequence: number; reason: string }[] {
  if (!existsSync(dir)) return []
  const stem = dbName.replace(/\.db$/i, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const re = new RegExp(`^${stem}-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})(\\d{2})(\\d{2})?(?:-(\\d+))?-([a-z-]+)\\.db$`)
  return readdirSync(dir).flatMap((name) => {
    const m = re.exec(name)
    if (!m) return []
    return [{ file: join(dir, name), at: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}Z`), sequence: m[5] ? Number(m[5]) : 1, reason: m[6]! }]
  })
}
