// Imports a FIDE list file into the registry in one transaction: read-only reference lists, entries, players, arbiters.
import { basename } from 'node:path'
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import type Database from 'better-sqlite3'
import type { Db } from '../db/open'
import { UserError } from '../util/errors'
import { foldName } from './names'
import { ProblemLog, type ListProblem, type ListRatingType, type ListRecord } from './list-record'
import { looksLikeTxtHeader, parseTxtHeader, parseTxtLine, type TxtHeader } from './fide-txt'
import { readFideXml } from './fide-xml'
import { fileChecksum, streamLines } from './text-source'

export type ListFormat = 'txt-combined' | 'txt-single' | 'txt-legacy' | 'xml' | 'xml-combined' | 'national'

export interface ImportListOptions {
  file: string
  listDate: string
  /** Required for single-type files whose name does not say the type; ignored for combined files. */
  ratingType?: ListRatingType
  /** Source recorded on the lists ('FIDE' for FIDE downloads, a federation code for national lists). */
  source?: string
  progress?(done: number, total: number, message?: string): void
  throwIfCancelled?(): void
  /** File size from which a first load into an empty registry rebuilds indexes at the end (default 5 MB). */
  bulkThresholdBytes?: number
}

export interface ImportListResult {
  format: ListFormat
  encoding: string
  checksum: string
  lists: { id: number; ratingType: ListRatingType; entries: number }[]
  records: number
  players: { inserted: number; updated: number; unchanged: number }
  arbitersAdded: number
  warnings: ListProblem[]
  warningCount: number
}

/** The rating type a single-type file is, from its name (FIDE names them standard_/rapid_/blitz_...). */
export function ratingTypeFromFileName(file: string): ListRatingType | null {
  const n = basename(file).toLowerCase()
  if (/rapid/.test(n)) return 'rapid'
  if (/blitz/.test(n)) return 'blitz'
  if (/standard|std/.test(n)) return 'standard'
  return null
}

function firstLine(file: string): string {
  const fd = openSync(file, 'r')
  try {
    const buf = Buffer.alloc(4096)
    const n = readSync(fd, buf, 0, buf.length, 0)
    let s = buf.subarray(0, n).toString('latin1')
    if (s.charCodeAt(0) === 0xef) s = s.slice(3)
    return s.split(/\r?\n/)[0] ?? ''
  } finally {
    closeSync(fd)
  }
}

/** Rows per multi-row INSERT in a first load (14 values a player: well under SQLite's variable limit). */
const BATCH = 200
/** Values bound per player row in a batch (the list id and the time are written into the statement). */
const PLAYER_PARAMS = 14
const RATING_TYPES = ['standard', 'rapid', 'blitz'] as const

interface PlayerRow {
  id: number
  surname: string
  given_names: string
  federation: string | null
  sex: string | null
  birth_date: string | null
  title: string | null
  woman_title: string | null
  other_titles: string | null
  foa_title: string | null
  arbiter_title: string | null
  status: string
  merged_into: number | null
  national_id: string | null
}

/**
 * The line each ID was first given on. FIDE lists come sorted by ID, so rising numeric IDs go to two flat
 * arrays (binary search; 12 bytes an ID instead of a map entry); IDs out of order and national IDs go to a map.
 */
class SeenIds {
  private ids = new Float64Array(1 << 16)
  private lines = new Int32Array(1 << 16)
  private n = 0
  private readonly other = new Map<number | string, number>()

  /** Records the ID on this line; returns the line it was already given on, if it was. */
  add(key: number | string, line: number): number | undefined {
    if (typeof key === 'number' && (this.n === 0 || key > this.ids[this.n - 1]!) && !this.other.has(key)) {
      if (this.n === this.ids.length) {
        const ids = new Float64Array(this.n * 2)
        ids.set(this.ids)
        this.ids = ids
        const lines = new Int32Array(this.n * 2)
        lines.set(this.lines)
        this.lines = lines
      }
      this.ids[this.n] = key
      this.lines[this.n++] = line
      return undefined
    }
    if (typeof key === 'number') {
      let lo = 0
      let hi = this.n - 1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        const v = this.ids[mid]!
        if (v === key) return this.lines[mid]
        if (v < key) lo = mid + 1
        else hi = mid - 1
      }
    }
    const had = this.other.get(key)
    if (had === undefined) this.other.set(key, line)
    return had
  }
}

/** Prepared statements and counters of one import, shared by the TXT and XML paths. */
export class ListWriter {
  readonly lists = new Map<ListRatingType, { id: number; entries: number }>()
  readonly counts = { inserted: 0, updated: 0, unchanged: 0 }
  arbitersAdded = 0
  records = 0
  private readonly seen = new SeenIds()
  private readonly findNational
  private readonly find
  private readonly insert
  private readonly update
  private readonly entry
  private readonly arbiterFind
  private readonly arbiterInsert
  private readonly followMerge
  private readonly now = new Date().toISOString()
  /** Set when the players table was empty: no row can exist yet, so records are inserted in batches. */
  emptyAtStart = false
  private pending: ListRecord[] = []
  private readonly batchStatements = new Map<string, Database.Statement>()

  constructor(
    private readonly db: Db,
    private readonly log: ProblemLog,
    private readonly meta: { listDate: string; source: string; fileName: string; checksum: string }
  ) {
    this.find = db.prepare(
      `SELECT id, surname, given_names, federation, sex, birth_date, title, woman_title, other_titles, foa_title,
              arbiter_title, status, merged_into, national_id FROM players WHERE fide_id = ?`
    )
    // Positional parameters: measurably faster than named ones on millions of rows.
    this.insert = db.prepare(
      `INSERT INTO players(fide_id, surname, given_names, name_folded, federation, sex, birth_date, title, woman_title,
                           other_titles, foa_title, arbiter_title, status, source_list_id, created_at, updated_at, national_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    this.update = db.prepare(
      `UPDATE players SET surname = @surname, given_names = @givenNames, name_folded = @folded, federation = @federation,
              sex = @sex, birth_date = @birthDate, title = @title, woman_title = @womanTitle, other_titles = @otherTitles,
              foa_title = @foaTitle, arbiter_title = @arbiterTitle, status = @status, source_list_id = @listId, national_id = @nationalId,
              updated_at = @now
        WHERE id = @id`
    )
    this.entry = db.prepare(
      `INSERT INTO rating_list_entries(list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    this.findNational = db.prepare(
      `SELECT id, surname, given_names, federation, sex, birth_date, title, woman_title, other_titles, foa_title,
              arbiter_title, status, merged_into, national_id FROM players WHERE national_id = ? ORDER BY status = 'merged', id LIMIT 1`
    )
    this.arbiterFind = db.prepare('SELECT id FROM arbiters WHERE fide_id = ?')
    this.arbiterInsert = db.prepare(
      "INSERT INTO arbiters(player_id, fide_id, title, status, source) VALUES (?, ?, ?, 'active', 'list')"
    )
    this.followMerge = db.prepare('SELECT id, status, merged_into FROM players WHERE id = ?')
  }

  private batchStatement(kind: 'players' | 'entries', rows: number): Database.Statement {
    const key = `${kind}:${rows}`
    let st = this.batchStatements.get(key)
    if (!st) {
      const anyList = this.lists.values().next().value?.id ?? null
      const constants = `${anyList === null ? 'NULL' : Number(anyList)}, '${this.now}', '${this.now}'`
      const sql =
        kind === 'players'
          ? // The list id and the time are the same on every row: written into the statement, not bound per row.
            `INSERT INTO players(fide_id, surname, given_names, name_folded, federation, sex, birth_date, title, woman_title,
               other_titles, foa_title, arbiter_title, status, source_list_id, created_at, updated_at, national_id)
             VALUES ${Array.from({ length: rows }, () => `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${constants}, ?)`).join(', ')}`
          : `INSERT INTO rating_list_entries(list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex)
             VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`
      st = this.db.prepare(sql)
      this.batchStatements.set(key, st)
    }
    return st
  }

  /**
   * Writes the buffered records of a first load with multi-row INSERTs (far fewer statement runs). The table
   * was empty and this transaction is the only writer, so the new ids are consecutive up to lastInsertRowid.
   */
  flush(): void {
    const batch = this.pending
    if (!batch.length) return
    this.pending = []
    const params: unknown[] = new Array<unknown>(batch.length * PLAYER_PARAMS)
    let p = 0
    for (let i = 0; i < batch.length; i++) {
      const r = batch[i]!
      params[p++] = r.fideId
      params[p++] = r.surname
      params[p++] = r.givenNames
      params[p++] = foldName(`${r.surname} ${r.givenNames}`)
      params[p++] = r.federation
      params[p++] = r.sex
      params[p++] = r.birthDate ?? (r.birthYear !== null ? String(r.birthYear) : null)
      params[p++] = r.title
      params[p++] = r.womanTitle
      params[p++] = r.otherTitles.length ? r.otherTitles.join(',') : null
      params[p++] = r.foaTitle
      params[p++] = r.arbiterTitle
      params[p++] = r.flags === 'i' || r.flags === 'wi' ? 'inactive' : 'active'
      params[p++] = r.nationalId
    }
    const last = Number(this.batchStatement('players', batch.length).run(...params).lastInsertRowid)
    const first = last - batch.length + 1
    this.counts.inserted += batch.length
    const entries: unknown[] = []
    let entryRows = 0
    for (let i = 0; i < batch.length; i++) {
      const r = batch[i]!
      const playerId = first + i
      const title = r.title ?? r.womanTitle
      for (const type of RATING_TYPES) {
        const rating = r.ratings[type]
        if (!rating) continue
        const list = this.lists.get(type)
        if (!list) continue
        entries.push(list.id, playerId, rating.rating, rating.games, rating.k, r.flags, title, r.federation, r.birthYear, r.sex)
        list.entries++
        entryRows++
        if (entryRows === BATCH) {
          this.batchStatement('entries', BATCH).run(...entries)
          entries.length = 0
          entryRows = 0
        }
      }
      if (r.arbiterTitle && r.fideId !== null && !this.arbiterFind.get(r.fideId)) {
        this.arbiterInsert.run(playerId, r.fideId, r.arbiterTitle)
        this.arbitersAdded++
      }
    }
    if (entryRows) this.batchStatement('entries', entryRows).run(...entries)
  }

  openList(type: ListRatingType): number {
    const have = this.lists.get(type)
    if (have) return have.id
    const id = Number(
      this.db
        .prepare(
          `INSERT INTO rating_lists(kind, list_date, rating_type, source, status, checksum, file_name)
           VALUES ('reference', ?, ?, ?, 'reference', ?, ?)`
        )
        .run(this.meta.listDate, type, this.meta.source, this.meta.checksum, this.meta.fileName).lastInsertRowid
    )
    this.lists.set(type, { id, entries: 0 })
    return id
  }

  write(r: ListRecord): void {
    this.records++
    const key = r.fideId ?? (r.nationalId ? `n:${r.nationalId}` : null)
    if (key === null) return
    const firstLine = this.seen.add(key, r.line)
    if (firstLine !== undefined) {
      // The same ID twice in one file: the first record stands, the repeat is reported with its place.
      this.log.warn(r.line, 1, 'id', String(r.fideId ?? r.nationalId), `an ID not already given on line ${firstLine}; this record was skipped`)
      return
    }
    if (this.emptyAtStart) {
      this.pending.push(r)
      if (this.pending.length >= BATCH) this.flush()
      return
    }
    const anyList = this.lists.values().next().value?.id ?? null
    // A national list names players by national ID; the FIDE ID, when it has one, still wins.
    const existing = (r.fideId !== null ? this.find.get(r.fideId) : this.findNational.get(r.nationalId)) as PlayerRow | undefined
    const otherTitles = r.otherTitles.length ? r.otherTitles.join(',') : null
    let playerId: number
    if (!existing) {
      playerId = Number(
        this.insert.run(
          r.fideId,
          r.surname,
          r.givenNames,
          foldName(`${r.surname} ${r.givenNames}`),
          r.federation,
          r.sex,
          r.birthDate ?? (r.birthYear !== null ? String(r.birthYear) : null),
          r.title,
          r.womanTitle,
          otherTitles,
          r.foaTitle,
          r.arbiterTitle,
          r.flags === 'i' || r.flags === 'wi' ? 'inactive' : 'active',
          anyList,
          this.now,
          this.now,
          r.nationalId
        ).lastInsertRowid
      )
      this.counts.inserted++
    } else {
      playerId = existing.id
      // A full birth date the office holds is kept when the list only gives the same year.
      let birthDate = r.birthDate ?? (r.birthYear !== null ? String(r.birthYear) : existing.birth_date)
      if (!r.birthDate && existing.birth_date && r.birthYear !== null && existing.birth_date.startsWith(String(r.birthYear))) birthDate = existing.birth_date
      // A full date the office holds (a correction, a national list) is not overridden by a list's bare year.
      if (!r.birthDate && existing.birth_date?.length === 10 && r.birthYear !== null && !existing.birth_date.startsWith(String(r.birthYear))) {
        birthDate = existing.birth_date
        this.log.warn(r.line, 1, 'birthYear', String(r.birthYear), `the office's record (${existing.birth_date.slice(0, 4)}), which was kept`)
      }
      // Deceased and merged are the office's decisions: a list never revives them.
      const status =
        existing.status === 'deceased' || existing.status === 'merged' ? existing.status : r.flags === 'i' || r.flags === 'wi' ? 'inactive' : 'active'
      const next = {
        surname: r.surname,
        given_names: r.givenNames,
        federation: r.federation ?? existing.federation,
        sex: r.sex ?? existing.sex,
        birth_date: birthDate,
        title: r.title,
        woman_title: r.womanTitle,
        other_titles: otherTitles,
        foa_title: r.foaTitle,
        arbiter_title: r.arbiterTitle,
        status,
        national_id: r.nationalId ?? existing.national_id
      }
      const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== existing[k])
      if (changed) {
        this.update.run({
          id: existing.id,
          surname: next.surname,
          givenNames: next.given_names,
          folded: foldName(`${next.surname} ${next.given_names}`),
          federation: next.federation,
          sex: next.sex,
          birthDate: next.birth_date,
          title: next.title,
          womanTitle: next.woman_title,
          otherTitles: next.other_titles,
          foaTitle: next.foa_title,
          arbiterTitle: next.arbiter_title,
          status: next.status,
          nationalId: next.national_id,
          listId: anyList,
          now: this.now
        })
        this.counts.updated++
      } else this.counts.unchanged++
      // Entries of a merged-away ID go to the player it was merged into.
      let row: { id: number; status: string; merged_into: number | null } = { id: existing.id, status: existing.status, merged_into: existing.merged_into }
      for (let hops = 0; row.status === 'merged' && row.merged_into !== null && hops < 20; hops++) {
        row = this.followMerge.get(row.merged_into) as typeof row
      }
      playerId = row.id
    }
    const title = r.title ?? r.womanTitle
    for (const [type, rating] of Object.entries(r.ratings) as [ListRatingType, { rating: number | null; games: number | null; k: number | null }][]) {
      const list = this.lists.get(type)
      if (!list) continue
      try {
        this.entry.run(list.id, playerId, rating.rating, rating.games, rating.k, r.flags, title, r.federation, r.birthYear, r.sex)
        list.entries++
      } catch (e) {
        if ((e as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw e
        this.log.warn(r.line, 1, 'id', String(r.fideId), 'one entry per player per list (the player already has one through a merge); this entry was skipped')
      }
    }
    if (r.arbiterTitle && !this.arbiterFind.get(r.fideId)) {
      this.arbiterInsert.run(playerId, r.fideId, r.arbiterTitle)
      this.arbitersAdded++
    }
  }
}

/** Secondary indexes that a bulk load drops and rebuilds (sorting once beats millions of random inserts). */
const BULK_INDEXES = ['players_name_status', 'players_federation', 'players_national_id', 'rating_list_entries_player', 'rating_list_entries_list_rating']

/**
 * A first load into an empty registry: drops the name-search trigger and the secondary indexes inside the
 * transaction and returns a function that rebuilds them, so the whole thing commits or rolls back together.
 */
export function enterBulkMode(db: Db): () => void {
  const saved = db
    .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND name IN (${BULK_INDEXES.map(() => '?').join(',')})`)
    .all(...BULK_INDEXES) as { name: string; sql: string }[]
  const trigger = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'players_fts_insert'").get() as { sql: string } | undefined
  for (const i of saved) db.exec(`DROP INDEX "${i.name}"`)
  if (trigger) db.exec('DROP TRIGGER players_fts_insert')
  return () => {
    for (const i of saved) db.exec(i.sql)
    if (trigger) {
      db.exec(trigger.sql)
      db.exec("INSERT INTO players_fts(players_fts) VALUES ('rebuild')")
    }
  }
}

export function throwProblems(log: ProblemLog): never {
  const first = log.errors[0]!
  throw new UserError(
    'registry.badFile',
    { file: first.file, line: first.line, column: first.column, field: first.field, found: first.found, expected: first.expected, count: log.errors.length },
    log.errors
  )
}

/**
 * Reads a FIDE list (TXT in any of its three layouts, or XML) and stores it as read-only reference lists.
 * Everything happens in one transaction: a bad file leaves the database as it was, and the error says
 * where (file, line, column), what was found and what was expected.
 */
export function importFideList(db: Db, opts: ImportListOptions): ImportListResult {
  const fileName = basename(opts.file)
  let size: number
  try {
    size = statSync(opts.file).size
  } catch (e) {
    throw new UserError('registry.fileUnreadable', { file: opts.file, reason: (e as Error).message })
  }
  if (size === 0) throw new UserError('registry.emptyFile', { file: fileName })
  const head = firstLine(opts.file)
  const isXml = head.trimStart().startsWith('<')
  if (!isXml && !looksLikeTxtHeader(head)) {
    throw new UserError('registry.badFile', {
      file: fileName, line: 1, column: 1, field: 'header', found: head.trim().slice(0, 40), expected: 'a FIDE list header starting with “ID Number”, or an XML <playerslist>', count: 1
    })
  }
  const listYear = Number(opts.listDate.slice(0, 4))
  opts.progress?.(0, size, 'checksum')
  const checksum = fileChecksum(opts.file)
  const source = opts.source ?? 'FIDE'
  const dup = db
    .prepare("SELECT id, rating_type AS type FROM rating_lists WHERE kind = 'reference' AND checksum = ? AND list_date = ?")
    .get(checksum, opts.listDate) as { id: number; type: string } | undefined
  if (dup) throw new UserError('registry.alreadyImported', { file: fileName, listDate: opts.listDate, listId: dup.id })

  const log = new ProblemLog(fileName)
  const writer = new ListWriter(db, log, { listDate: opts.listDate, source, fileName, checksum })
  let format: ListFormat = 'xml'
  let encoding = 'utf-8'

  const run = db.transaction(() => {
    const empty = db.prepare('SELECT 1 FROM players LIMIT 1').get() === undefined
    writer.emptyAtStart = empty
    // Bulk mode only pays off for a big first load; small files keep the indexes live.
    const rebuild = empty && size >= (opts.bulkThresholdBytes ?? 5_000_000) ? enterBulkMode(db) : null
    if (isXml) {
      const type = opts.ratingType ?? ratingTypeFromFileName(opts.file) ?? 'standard'
      // Lists are created on demand: a combined XML file opens rapid and blitz at their first rating.
      let count = 0
      const result = readFideXml({
        file: opts.file,
        ratingType: type,
        listYear,
        log,
        onRecord: (rec) => {
          if (writer.lists.size === 0) writer.openList(type)
          for (const t of Object.keys(rec.ratings) as ListRatingType[]) if (!writer.lists.has(t)) writer.openList(t)
          if (log.errors.length === 0) writer.write(rec)
          if (++count % 5000 === 0) opts.throwIfCancelled?.()
        },
        onProgress: (read, total) => opts.progress?.(read, total, 'players'),
        shouldStop: () => log.errors.length >= 200
      })
      format = result.combined ? 'xml-combined' : 'xml'
    } else {
      let header: TxtHeader | null = null
      let type: ListRatingType = 'standard'
      encoding = streamLines(opts.file, (text, lineNo, read, total) => {
        if (log.errors.length >= 200) return
        if (lineNo === 1) {
          const h = parseTxtHeader(text.replace(/^\uFEFF/, ''))
          if ('found' in h) {
            log.error(1, h.column, 'header', h.found, h.expected)
            return
          }
          header = h
          if (h.layout === 'combined') {
            format = 'txt-combined'
            for (const t of ['standard', 'rapid', 'blitz'] as const) writer.openList(t)
          } else {
            format = h.layout === 'legacy' ? 'txt-legacy' : 'txt-single'
            const named = opts.ratingType ?? ratingTypeFromFileName(opts.file) ?? (h.layout === 'legacy' ? 'standard' : null)
            if (!named) throw new UserError('registry.typeNeeded', { file: fileName })
            type = named
            writer.openList(type)
            if (h.month && h.month !== opts.listDate.slice(0, 7)) {
              log.warn(1, h.columns.find((c) => c.key === 'rating')!.start + 1, 'month', h.month, `the list month of --date ${opts.listDate}`)
            }
          }
          return
        }
        if (!header) return
        const rec = parseTxtLine(text, lineNo, { header, ratingType: type, listYear, log })
        if (rec && log.errors.length === 0) writer.write(rec)
        if (lineNo % 5000 === 0) {
          opts.throwIfCancelled?.()
          opts.progress?.(read, total, 'players')
        }
      })
      if (!header && log.errors.length === 0) log.error(1, 1, 'header', '', 'a header line')
    }
    if (!log.errors.length) writer.flush()
    if (log.errors.length) throwProblems(log)
    if (writer.records === 0) throw new UserError('registry.emptyFile', { file: fileName })
    if (rebuild) {
      opts.progress?.(size, size, 'indexes')
      // Each index build sorts its keys: in small runs (2 MB, they stay in the CPU caches) spilled to temporary
      // files, sorted by two threads and merged. One big in-memory run on one thread took three times as long.
      db.pragma('cache_size = -2048')
      db.pragma('threads = 2')
      rebuild()
    }
    const lists = [...writer.lists.entries()].map(([ratingType, l]) => ({ id: l.id, ratingType, entries: l.entries }))
    db.prepare("INSERT INTO audit_log(action, entity, entity_id, data) VALUES ('list.import', 'rating_list', ?, ?)").run(
      lists.map((l) => l.id).join(','),
      JSON.stringify({
        file: fileName, checksum, listDate: opts.listDate, source, format, lists, records: writer.records,
        players: writer.counts, arbitersAdded: writer.arbitersAdded, warnings: log.warningCount
      })
    )
    return lists
  })
  // A long load keeps the pages it writes in memory (bounded: 256 MB), then gives the memory back.
  const cacheBefore = db.pragma('cache_size', { simple: true }) as number
  const threadsBefore = db.pragma('threads', { simple: true }) as number
  db.pragma('cache_size = -262144')
  let lists: ImportListResult['lists']
  try {
    lists = run()
  } finally {
    db.pragma(`cache_size = ${cacheBefore}`)
    db.pragma(`threads = ${threadsBefore}`)
  }
  opts.progress?.(size, size, 'done')
  return {
    format,
    encoding,
    checksum,
    lists,
    records: writer.records,
    players: writer.counts,
    arbitersAdded: writer.arbitersAdded,
    warnings: log.warnings,
    warningCount: log.warningCount
  }
}
