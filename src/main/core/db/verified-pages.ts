// What a backup's integrity_check proved once is not proved again: backups whose time follows what changed.
//
// A copy that passed the whole of SQLite's integrity_check leaves beside the backups a manifest of its pages: the
// SHA-256 of every page, and the pages of every B-tree (each table and index, found by `dbstat`) with its root and
// the schema text it was checked under. The next copy's pages are hashed and compared with it. A tree whose pages are
// all byte for byte those of a tree that passed, from the same root under the same schema text, is that tree: walked
// from its root it visits the same pages with the same contents, and the checks integrity_check makes of a table and
// its indexes read nothing else. So only the tables with a tree that changed are checked again, by SQLite itself
// (`PRAGMA integrity_check(table)`: the table and every index of it). What the whole check adds to the per-table ones
// — every page used once, by a tree or the freelist, and the freelist itself — is made here from the trees' pages
// (the unchanged trees' from the manifest, the others' from `dbstat` on the copy) and the freelist read from the file
// — made for a copy checked whole too: this SQLite's whole check leaves unused pages unsaid when the schema holds an
// FTS5 table. A frozen list is proven the verified copy's, its entries not read again for its checksum, when none of
// its keys can sit on a page of the entries' tree that is not the verified tree's and it holds as many entries.
// Any doubt — no manifest, a manifest whose own checksum fails, another page size, a page that is not accounted for,
// dbstat failing on a tree — is settled by the whole integrity_check (its words, else the accounting's, the answer).
import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs'
import type { Db } from './open'
import { fsyncFile } from '../util/durable-files'
import { quoteIdent } from './ident'

/** One B-tree of a database file: its name in the schema, its table, its root page, its schema text and its pages. */
export interface TreePages {
  name: string
  table: string
  root: number
  sql: string
  pages: Uint32Array
}

/** The pages of a copy whose integrity_check passed: each page's SHA-256 and each tree's pages. */
export interface PageManifest {
  pageSize: number
  pageCount: number
  /** 32 bytes a page, in page order (page 1 first). */
  hashes: Buffer
  trees: TreePages[]
  /** The frozen lists that copy held, each with its checksum and its number of entries, as its checks found them. */
  lists: ListProof[]
}

/** A frozen list as a verified copy held it: the checksum of its entries (db/backup.ts) and how many they were. */
export interface ListProof {
  id: number
  checksum: string
  rows: number
}

/** How much of a copy its integrity check read again. */
export interface IntegrityScope {
  /** 'full': SQLite's whole integrity_check; 'changed': the tables whose trees changed, and the page accounting. */
  mode: 'full' | 'changed'
  /** Why the whole check ran (no manifest yet, a full backup asked, a doubt), in words; absent for 'changed'. */
  why?: string
  pages: number
  /** Pages that differ from the manifest's (or are new). */
  changedPages: number
  /** The tables checked again ('changed' mode), by name. */
  tables: string[]
  /** The tables whose foreign keys were checked again ('changed' mode; a whole check reads every table's). */
  foreignKeys?: string[]
  /** Frozen lists proven unchanged since the last verified copy, their entries not read again. */
  listsProven: number
}

export interface IntegrityAnswer {
  /** 'ok', or SQLite's list of problems joined, as `integrityCheck` gives it. */
  integrity: string
  scope: IntegrityScope
}

const HASH_BYTES = 32
const FORMAT = 'rating-office-verified-pages'
/** The page that holds SQLite's lock bytes (offset 2^30) is never used by a tree or the freelist. */
const PENDING_BYTE = 0x40000000

/** `PRAGMA integrity_check` of the whole file, or of one table and its indexes: 'ok', or SQLite's list of problems joined. */
export function integrityCheck(db: Db, table?: string): string {
  const sql = table === undefined ? 'integrity_check' : `integrity_check(${quoteIdent(table)})`
  return (db.pragma(sql) as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ')
}

/** Reads `length` bytes of `fd` at `position` into `buf` (a short read past the end is an error: the file is its page count). */
function readFully(fd: number, buf: Buffer, length: number, position: number): void {
  let got = 0
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got)
    if (n === 0) throw new Error(`the file ends at byte ${position + got}, before its last page`)
    got += n
  }
}

/** The SHA-256 of each page of a database file, 32 bytes a page. The file is read a megabyte at a time. */
export function pageHashes(file: string, pageSize: number, pageCount: number): Buffer {
  const out = Buffer.allocUnsafe(pageCount * HASH_BYTES)
  const perRead = Math.max(1, Math.floor((1 << 20) / pageSize))
  const buf = Buffer.allocUnsafe(perRead * pageSize)
  const fd = openSync(file, 'r')
  try {
    for (let first = 0; first < pageCount; first += perRead) {
      const n = Math.min(perRead, pageCount - first)
      readFully(fd, buf, n * pageSize, first * pageSize)
      for (let i = 0; i < n; i++) {
        createHash('sha256')
          .update(buf.subarray(i * pageSize, (i + 1) * pageSize))
          .digest()
          .copy(out, (first + i) * HASH_BYTES)
      }
    }
  } finally {
    closeSync(fd)
  }
  return out
}

/** Every B-tree the schema names (sqlite_schema's own first), with its table, root and schema text. */
function schemaTrees(db: Db): Omit<TreePages, 'pages'>[] {
  const rows = db.prepare("SELECT name, tbl_name AS \"table\", rootpage AS root, coalesce(sql, '') AS sql FROM main.sqlite_schema WHERE rootpage > 0 ORDER BY name").all() as Omit<TreePages, 'pages'>[]
  return [{ name: 'sqlite_schema', table: 'sqlite_schema', root: 1, sql: '' }, ...rows]
}

/** The pages of the named trees (every tree when `names` is absent), walked by SQLite's `dbstat`. */
function treePages(db: Db, names?: ReadonlySet<string>): Map<string, number[]> {
  const out = new Map<string, number[]>()
  // older SQLite names the schema's own tree sqlite_master in dbstat
  const add = (name: string, page: number) => {
    const key = name === 'sqlite_master' ? 'sqlite_schema' : name
    let pages = out.get(key)
    if (!pages) out.set(key, (pages = []))
    pages.push(page)
  }
  if (names === undefined) {
    for (const [name, page] of db.prepare("SELECT name, pageno FROM dbstat('main')").raw().iterate() as Iterable<[string, number]>) add(name, page)
  } else {
    const one = db.prepare("SELECT name, pageno FROM dbstat('main') WHERE name = ?").raw()
    for (const name of names) {
      for (const asked of name === 'sqlite_schema' ? ['sqlite_schema', 'sqlite_master'] : [name]) for (const [n, page] of one.iterate(asked) as Iterable<[string, number]>) add(n, page)
    }
  }
  return out
}

/** The freelist's pages (trunks and leaves), read from the file as SQLite lays them out; a problem is said, not thrown. */
function freelistPages(file: string, pageSize: number, pageCount: number, problems: string[]): number[] {
  const fd = openSync(file, 'r')
  try {
    const header = Buffer.alloc(100)
    readFully(fd, header, 100, 0)
    const usable = pageSize - header.readUInt8(20)
    let trunk = header.readUInt32BE(32)
    const expected = header.readUInt32BE(36)
    const pages: number[] = []
    const page = Buffer.allocUnsafe(pageSize)
    while (trunk !== 0) {
      if (trunk < 1 || trunk > pageCount || pages.length > pageCount) {
        problems.push(`freelist trunk page ${trunk} out of range`)
        break
      }
      pages.push(trunk)
      readFully(fd, page, pageSize, (trunk - 1) * pageSize)
      const leaves = page.readUInt32BE(4)
      if (leaves > usable / 4 - 2) {
        problems.push(`freelist trunk page ${trunk} says ${leaves} leaves`)
        break
      }
      for (let i = 0; i < leaves; i++) pages.push(page.readUInt32BE(8 + 4 * i))
      trunk = page.readUInt32BE(0)
    }
    if (!problems.length && pages.length !== expected) problems.push(`freelist: size is ${pages.length} but the header says ${expected}`)
    return pages
  } finally {
    closeSync(fd)
  }
}

/**
 * What the whole integrity_check adds to the per-table ones: every page of the file used exactly once, by one tree
 * or by the freelist (the lock-byte page by none). Returns the problems found, in words.
 */
function pageAccounting(file: string, pageSize: number, pageCount: number, trees: readonly { name: string; pages: ArrayLike<number> }[]): string[] {
  const problems: string[] = []
  const free = freelistPages(file, pageSize, pageCount, problems)
  const uses = new Uint8Array(pageCount + 1)
  const lockPage = Math.floor(PENDING_BYTE / pageSize) + 1
  // (a hundred problems are enough to refuse a copy: the list stops there, as integrity_check's own does)
  const use = (page: number, by: string) => {
    if (problems.length >= 100) return
    if (page < 1 || page > pageCount || page === lockPage) problems.push(`page ${page} of ${by} out of range`)
    else if (uses[page] === 0) uses[page] = 1
    else problems.push(`2nd reference to page ${page} (${by})`)
  }
  for (const t of trees) for (let i = 0; i < t.pages.length; i++) use(t.pages[i]!, t.name)
  for (const p of free) use(p, 'the freelist')
  for (let p = 1; p <= pageCount && problems.length < 100; p++) if (uses[p] === 0 && p !== lockPage) problems.push(`Page ${p}: never used`)
  return problems
}

/** Whether page `p` (1-based) of the copy is the manifest's page `p`, byte for byte. */
function samePage(hashes: Buffer, m: PageManifest, p: number): boolean {
  if (p > m.pageCount || p * HASH_BYTES > hashes.length) return false
  return hashes.compare(m.hashes, (p - 1) * HASH_BYTES, p * HASH_BYTES, (p - 1) * HASH_BYTES, p * HASH_BYTES) === 0
}

/** The last verified copy's manifest, or why there is none to check against ('no verified copy yet', 'a full backup'…). */
export type Reference = { manifest: PageManifest } | { why: string }

/** How a copy's integrity is checked: whole, or the tables whose trees changed since the reference, and what else that proves. */
export type CheckPlan =
  | {
      mode: 'full'
      why: string
      pageSize: number
      pageCount: number
      hashes?: Buffer
      /** Pages not accounted for, found before the whole check was chosen: the answer if SQLite's finds nothing. */
      accounting?: string[]
    }
  | {
      mode: 'changed'
      pageSize: number
      pageCount: number
      hashes: Buffer
      changedPages: number
      /** The tables integrity_check reads again (each with its indexes), sqlite_schema among them. */
      tables: string[]
      /** The copy's trees with their pages (the unchanged ones' from the manifest, the others' walked). */
      trees: TreePages[]
      /** The lists whose entries may sit on a page that is not the reference's ('all' when that cannot be told). */
      touched: ReadonlySet<number> | 'all'
      reference: PageManifest
    }

/** A SQLite varint at `at`: its value (exact below 2^53) and its length. */
function varint(b: Buffer, at: number): [number, number] {
  let v = 0
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i]!
    v = v * 128 + (byte & 0x7f)
    if (byte < 0x80) return [v, i + 1]
  }
  return [v * 256 + b[at + 8]!, 9]
}

/** The first column of the key in an index b-tree cell (a WITHOUT ROWID table's row): an integer, else null. */
function firstKeyInteger(page: Buffer, cell: number, leaf: boolean): number | null {
  let at = cell + (leaf ? 0 : 4)
  at += varint(page, at)[1]
  const record = at
  const [headerLength, n] = varint(page, at)
  const [type] = varint(page, at + n)
  const v = record + headerLength
  switch (type) {
    case 1:
      return page.readInt8(v)
    case 2:
      return page.readInt16BE(v)
    case 3:
      return page.readIntBE(v, 3)
    case 4:
      return page.readInt32BE(v)
    case 5:
      return page.readIntBE(v, 6)
    case 6:
      return Number(page.readBigInt64BE(v))
    case 8:
      return 0
    case 9:
      return 1
    default:
      return null
  }
}

/** The partitioned table whose frozen lists a copy proves by their checksums: keyed by (list_id, player_id), WITHOUT ROWID. */
const ENTRIES = 'rating_list_entries'

/**
 * The lists whose entries may sit on a page of the entries' tree that is not a page the reference's tree held, byte
 * for byte: for each such page, every list from its first key's to its last key's (its keys are in order; an index
 * b-tree keeps entries on its interior pages too). 'all' when a page is not one of an index b-tree's (an overflow page).
 */
function touchedLists(file: string, pageSize: number, pages: ArrayLike<number>, isReferencePage: (p: number) => boolean): Set<number> | 'all' {
  const touched = new Set<number>()
  const page = Buffer.allocUnsafe(pageSize)
  const fd = openSync(file, 'r')
  try {
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i]!
      if (isReferencePage(p)) continue
      readFully(fd, page, pageSize, (p - 1) * pageSize)
      const type = page[0]
      if (type !== 0x0a && type !== 0x02) return 'all'
      const leaf = type === 0x0a
      const cells = page.readUInt16BE(3)
      if (cells === 0) continue
      const pointers = leaf ? 8 : 12
      const first = firstKeyInteger(page, page.readUInt16BE(pointers), leaf)
      const last = firstKeyInteger(page, page.readUInt16BE(pointers + 2 * (cells - 1)), leaf)
      if (first === null || last === null || last < first || last - first > 100_000) return 'all'
      for (let id = first; id <= last; id++) touched.add(id)
    }
  } finally {
    closeSync(fd)
  }
  return touched
}

/**
 * How to check the copy `file`, opened as `db` (read-only, nothing else writing it), against the reference: its pages
 * hashed and compared with the manifest's, the trees that changed walked, every page accounted for, the tables to read
 * again and the lists whose entries may have changed. Whole when there is no reference, or any doubt.
 */
export function planCheck(db: Db, file: string, reference: Reference): CheckPlan {
  const pageSize = db.pragma('page_size', { simple: true }) as number
  const pageCount = db.pragma('page_count', { simple: true }) as number
  const full = (why: string, extra: { hashes?: Buffer; accounting?: string[] } = {}): CheckPlan => ({ mode: 'full', why, pageSize, pageCount, ...extra })
  // pointer-map pages (auto_vacuum) belong to no tree: such a file is checked whole (the office's files have none);
  // the pages are read from the file itself, so a file with a write-ahead log is too (a backup's copy has none)
  if ((db.pragma('auto_vacuum', { simple: true }) as number) !== 0) return full('the file keeps pointer-map pages')
  if (String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal') return full('the file keeps a write-ahead log')
  if ('why' in reference) return full(reference.why)
  const m = reference.manifest
  if (m.pageSize !== pageSize) return full('the page size changed')
  const hashes = pageHashes(file, pageSize, pageCount)
  let changedPages = 0
  for (let p = 1; p <= pageCount; p++) if (!samePage(hashes, m, p)) changedPages++
  const before = new Map(m.trees.map((t) => [t.name, t]))
  const schema = schemaTrees(db)
  const known = new Map<string, Uint32Array>()
  const changed = new Set<string>()
  for (const t of schema) {
    const was = before.get(t.name)
    const same = was !== undefined && was.root === t.root && was.sql === t.sql && was.table === t.table && was.pages.every((p) => samePage(hashes, m, p))
    if (same) known.set(t.name, was.pages)
    else changed.add(t.name)
  }
  let walked: Map<string, number[]>
  try {
    walked = treePages(db, changed)
  } catch (e) {
    return full(`a changed tree could not be walked (${(e as Error).message})`, { hashes })
  }
  const trees = schema.map((t) => ({ ...t, pages: known.get(t.name) ?? Uint32Array.from(walked.get(t.name) ?? []) }))
  const accounting = pageAccounting(file, pageSize, pageCount, trees)
  if (accounting.length) return full('the pages are not accounted for', { hashes, accounting })
  // a table is checked again when any of its trees changed (the table's own, or an index of it): with its indexes
  const tables = [...new Set([...schema.filter((t) => changed.has(t.name)).map((t) => t.table), 'sqlite_schema'])].sort()
  let touched: Set<number> | 'all' = new Set()
  const entries = trees.find((t) => t.name === ENTRIES)
  if (entries && changed.has(ENTRIES)) {
    const was = before.get(ENTRIES)
    const held = new Set(was ? was.pages : [])
    // another schema text may mean other columns, so another checksum of the same entries: every list read again
    touched = was && was.sql === entries.sql ? touchedLists(file, pageSize, entries.pages, (p) => held.has(p) && samePage(hashes, m, p)) : 'all'
  }
  return { mode: 'changed', pageSize, pageCount, hashes, changedPages, tables, trees, touched, reference: m }
}

/** integrity_check as the plan says: the whole file, or each table it names with its indexes; 'ok' or the problems joined. */
export function integrityByPlan(db: Db, tables?: readonly string[]): string {
  if (!tables) return integrityCheck(db)
  const problems = tables.map((t) => integrityCheck(db, t)).filter((a) => a !== 'ok')
  return problems.length ? problems.join('; ') : 'ok'
}

/**
 * The copy's own manifest once its checks passed, with the frozen lists it proved: from the plan (the changed trees
 * already walked), or made whole (every tree walked by dbstat, and the page accounting the whole integrity_check of
 * this SQLite leaves out when the schema holds an FTS5 table — found by the spec). Problems found are returned instead.
 */
export function manifestByPlan(db: Db, file: string, plan: CheckPlan, lists: ListProof[]): { manifest: PageManifest } | { problems: string[] } {
  if (plan.mode === 'changed') return { manifest: { pageSize: plan.pageSize, pageCount: plan.pageCount, hashes: plan.hashes, trees: plan.trees, lists } }
  const walked = treePages(db)
  const trees = schemaTrees(db).map((t) => ({ ...t, pages: Uint32Array.from(walked.get(t.name) ?? []) }))
  const problems = pageAccounting(file, plan.pageSize, plan.pageCount, trees)
  if (problems.length) return { problems }
  return { manifest: { pageSize: plan.pageSize, pageCount: plan.pageCount, hashes: plan.hashes ?? pageHashes(file, plan.pageSize, plan.pageCount), trees, lists } }
}

/**
 * The frozen lists a changed-mode plan proves unchanged since the reference, with their checksum: a list the reference
 * held, none of whose entries can sit on a page that is not the reference's (`touched`), and which holds as many
 * entries as then. Its entries on the copy's pages are then the reference's, all of them — a subset (the pages are the
 * same), of the same count — so its checksum is the one the reference's checks computed. The copy's checks then compare
 * it with the database's record as they compare a checksum read from the entries.
 */
export function provenLists(plan: CheckPlan, rows: ReadonlyMap<number, number>): Map<number, string> {
  const proven = new Map<number, string>()
  if (plan.mode !== 'changed' || plan.touched === 'all') return proven
  for (const l of plan.reference.lists) {
    if (plan.touched.has(l.id) || rows.get(l.id) !== l.rows) continue
    proven.set(l.id, l.checksum)
  }
  return proven
}

/**
 * The tables whose foreign keys a copy checks again: those with a foreign key whose own trees or a parent's changed
 * since the verified copy ('changed' plans). The check of a table's foreign keys reads its rows, its parents' keys and
 * the schema; with none of them changed, page for page, it finds what it found on the verified copy: nothing (a copy
 * with a foreign-key problem is not verified, and leaves no manifest). Undefined: every table (a whole check).
 */
export function foreignKeyScope(db: Db, plan: CheckPlan): string[] | undefined {
  if (plan.mode !== 'changed') return undefined
  const changed = new Set(plan.tables)
  const out: string[] = []
  for (const t of db.prepare("SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]) {
    const parents = db.prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').pluck().all(t) as string[]
    if (parents.length && (changed.has(t) || parents.some((p) => changed.has(p)))) out.push(t)
  }
  return out
}

/** What the plan read, for the backup's report (`foreignKeys`: the tables whose foreign keys were checked again). */
export function scopeOf(plan: CheckPlan, listsProven: number, foreignKeys: readonly string[] = []): IntegrityScope {
  if (plan.mode === 'full') return { mode: 'full', why: plan.why, pages: plan.pageCount, changedPages: plan.pageCount, tables: [], listsProven: 0 }
  return { mode: 'changed', pages: plan.pageCount, changedPages: plan.changedPages, tables: plan.tables, listsProven, foreignKeys: [...foreignKeys] }
}

/** The manifest a backup reads: the last verified copy's, or why it checks whole (a full backup asked, none yet, damaged). */
export function referenceOf(pages: VerifiedPagesFiles): Reference {
  return pages.full ? { why: 'a full backup' } : readManifest(pages.file)
}

/**
 * The integrity of a file on one thread against a reference (the spec's way in): the plan, integrity_check as it says,
 * and the file's own manifest when it passes (no lists proven: the frozen lists are the backup's part).
 */
export function checkIntegrityAgainst(db: Db, file: string, reference: Reference): IntegrityAnswer & { manifest: PageManifest | null } {
  const plan = planCheck(db, file, reference)
  let integrity = integrityByPlan(db, plan.mode === 'changed' ? plan.tables : undefined)
  if (integrity === 'ok' && plan.mode === 'full' && plan.accounting) integrity = plan.accounting.join('; ')
  const scope = scopeOf(plan, 0)
  if (integrity !== 'ok') return { integrity, scope, manifest: null }
  const made = manifestByPlan(db, file, plan, [])
  if ('problems' in made) return { integrity: made.problems.join('; '), scope, manifest: null }
  return { integrity, scope, manifest: made.manifest }
}

/**
 * Writes a manifest as one file: a line of JSON (the format, the page size and count, each tree's name, table, root,
 * schema text and page count, the SHA-256 of what follows), then the pages' hashes and each tree's pages (32-bit,
 * little-endian), synced. Written under `partial`, to be renamed by the caller once the copy it describes is kept.
 */
export function writeManifest(partial: string, m: PageManifest): void {
  const lists = m.trees.map((t) => {
    const b = Buffer.allocUnsafe(t.pages.length * 4)
    for (let i = 0; i < t.pages.length; i++) b.writeUInt32LE(t.pages[i]!, i * 4)
    return b
  })
  const body = Buffer.concat([m.hashes, ...lists])
  const head = {
    format: FORMAT,
    version: 2,
    pageSize: m.pageSize,
    pageCount: m.pageCount,
    trees: m.trees.map((t) => ({ name: t.name, table: t.table, root: t.root, sql: t.sql, pages: t.pages.length })),
    lists: m.lists,
    sha256: createHash('sha256').update(body).digest('hex')
  }
  rmSync(partial, { force: true })
  const fd = openSync(partial, 'w')
  try {
    writeSync(fd, JSON.stringify(head) + '\n')
    writeSync(fd, body)
  } finally {
    closeSync(fd)
  }
  fsyncFile(partial)
}

/** A manifest read back, or the reason it cannot be used (absent, damaged, another format): then the check is whole. */
export function readManifest(file: string): { manifest: PageManifest } | { why: string } {
  if (!existsSync(file)) return { why: 'no verified copy yet' }
  try {
    const bytes = readFileSync(file)
    const eol = bytes.indexOf(0x0a)
    if (eol < 0) return { why: 'the manifest of the last verified copy is damaged' }
    const head = JSON.parse(bytes.subarray(0, eol).toString('utf8')) as {
      format?: unknown
      version?: unknown
      pageSize: number
      pageCount: number
      trees: { name: string; table: string; root: number; sql: string; pages: number }[]
      lists: ListProof[]
      sha256: string
    }
    if (head.format !== FORMAT || head.version !== 2) return { why: 'the manifest of the last verified copy is of another format' }
    const body = bytes.subarray(eol + 1)
    if (createHash('sha256').update(body).digest('hex') !== head.sha256) return { why: 'the manifest of the last verified copy is damaged' }
    const hashBytes = head.pageCount * HASH_BYTES
    const listed = head.trees.reduce((n, t) => n + t.pages, 0)
    if (body.length !== hashBytes + listed * 4) return { why: 'the manifest of the last verified copy is damaged' }
    const hashes = Buffer.from(body.subarray(0, hashBytes))
    let at = hashBytes
    const trees = head.trees.map((t) => {
      const pages = new Uint32Array(t.pages)
      for (let i = 0; i < t.pages; i++) pages[i] = body.readUInt32LE(at + i * 4)
      at += t.pages * 4
      return { name: t.name, table: t.table, root: t.root, sql: t.sql, pages }
    })
    if (!Array.isArray(head.lists)) return { why: 'the manifest of the last verified copy is damaged' }
    return { manifest: { pageSize: head.pageSize, pageCount: head.pageCount, hashes, trees, lists: head.lists } }
  } catch {
    return { why: 'the manifest of the last verified copy is damaged' }
  }
}

/** Puts a written manifest in place of the last one (a rename: a kill leaves the old one, still a verified copy's). */
export function keepManifest(partial: string, file: string): void {
  if (existsSync(partial)) renameSync(partial, file)
}

/** Where a backup's integrity check finds the last verified copy's manifest and writes its own. */
export interface VerifiedPagesFiles {
  /** The manifest of the last verified copy (it may not exist yet). */
  file: string
  /** Where this copy's manifest is written, to take `file`'s place once the copy is kept (keepManifest). */
  partial: string
  /** Check the whole file whatever the manifest says (a full backup); the manifest is still written. */
  full?: boolean
}
