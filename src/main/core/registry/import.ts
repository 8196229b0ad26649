// Imports a FIDE list file into the registry in one transaction: read-only reference lists, entries, players, arbiters.
import { basename } from 'node:path'
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import type { Db } from '../db/open'
import { withCheckpointLater } from '../db/checkpoint'
import { UserError } from '../util/errors'
import type { WorkerScript } from '../workers/runner'
import { ProblemLog, type ListProblem, type ListRatingType, type ListRepeat } from './list-record'
import { looksLikeTxtHeader } from './fide-txt'
import { fileChecksum } from './text-source'
import { BulkEncoder, readList, type ListFormat, type ListSource } from './list-read'
import { startListReader, type ReaderMessage } from './list-reader-thread'
import { errorOf, type PacedReceiver } from '../workers/paced-channel'
import { appendAudit } from '../data/audit'
import { ListWriter, enterBulkMode, liftEntriesGuard, referenceListByChecksum, registryIsEmpty } from '../data/list-import'
import { writingWholeLists } from '../data/list-by-rating'

export { ratingTypeFromFileName, type ListFormat } from './list-read'

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
  /**
   * The worker entry (see workers/script.ts). Given, a big first load is read, checked and encoded on a thread
   * of its own while this one only writes; the result is the same as reading here, only sooner.
   */
  reader?: WorkerScript
  /**
   * 'later': the commit does not copy the write-ahead log into the database file (several hundred MB after a
   * full list); the caller checkpoints after handing over the result (the registry job does, after its answer).
   */
  checkpoint?: 'now' | 'later'
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
  /** IDs given on two lines: the first line of each is kept, the later skipped (listed up to 200 with their lines). */
  duplicates: ListDuplicates
}

export interface ListDuplicates {
  count: number
  lines: ListRepeat[]
}

/** The repeated IDs a read found, as the import results give them (FIDE's lists and national lists alike). */
export function duplicatesOf(log: ProblemLog): ListDuplicates {
  return { count: log.repeatCount, lines: [...log.repeats] }
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

export function throwProblems(log: ProblemLog): never {
  const first = log.errors[0]!
  throw new UserError(
    'registry.badFile',
    { file: first.file, line: first.line, column: first.column, field: first.field, found: first.found, expected: first.expected, count: log.errors.length },
    log.errors
  )
}

/** What a file says before it is read: its name and size, and whether it is XML; refuses an empty file or one that is no FIDE list. */
function inspectListFile(file: string): { fileName: string; size: number; isXml: boolean } {
  const fileName = basename(file)
  let size: number
  try {
    size = statSync(file).size
  } catch (e) {
    throw new UserError('registry.fileUnreadable', { file, reason: (e as Error).message })
  }
  if (size === 0) throw new UserError('registry.emptyFile', { file: fileName })
  const head = firstLine(file)
  const isXml = head.trimStart().startsWith('<')
  if (!isXml && !looksLikeTxtHeader(head)) {
    throw new UserError('registry.badFile', {
      file: fileName, line: 1, column: 1, field: 'header', found: head.trim().slice(0, 40), expected: 'a FIDE list header starting with “ID Number”, or an XML <playerslist>', count: 1
    })
  }
  return { fileName, size, isXml }
}

/** The file's checksum, refusing a file already imported for the same date. */
function checksumIfNew(db: Db, opts: ImportListOptions, fileName: string, size: number): string {
  opts.progress?.(0, size, 'fileChecksum')
  const checksum = fileChecksum(opts.file)
  const dup = referenceListByChecksum(db, checksum, opts.listDate)
  if (dup) throw new UserError('registry.alreadyImported', { file: fileName, listDate: opts.listDate, listId: dup.id })
  return checksum
}

type ReadOutcome = { format: ListFormat; encoding: string }

/** A first load read on the reader thread: this thread only writes what it sends. */
function writeFromThread(thread: PacedReceiver<ReaderMessage>, writer: ListWriter, log: ProblemLog, opts: ImportListOptions): ReadOutcome {
  for (;;) {
    const m = thread.next()
    if (m.kind === 'end') {
      writer.records = m.records
      log.absorb(m)
      return { format: m.format, encoding: m.encoding }
    }
    if (m.kind === 'failed') throw errorOf(m.error)
    if (m.kind === 'progress') opts.progress?.(m.read, m.total, 'file')
    else writer.writeBulk(m)
    opts.throwIfCancelled?.()
  }
}

/** The file read on this thread: a first load encodes its players into batches, as the reader thread would; later loads go record by record. */
function writeHere(src: ListSource, writer: ListWriter, log: ProblemLog, opts: ImportListOptions, empty: boolean): ReadOutcome {
  const encoder = empty ? new BulkEncoder(log, (m) => writer.writeBulk(m)) : null
  const outcome = readList(src, log, {
    open: (t) => (encoder ? encoder.open(t) : void writer.openList(t)),
    record: (r) => (encoder ? encoder.add(r) : writer.write(r)),
    progress: (read, total) => opts.progress?.(read, total, 'file'),
    pulse: () => opts.throwIfCancelled?.()
  })
  if (encoder) {
    if (!log.errors.length) encoder.finish()
    writer.records = encoder.records
  } else if (!log.errors.length) writer.finish()
  return { format: outcome.format, encoding: outcome.encoding }
}

/**
 * Runs a long load with the connection set for it, then sets it back: the pages it writes stay in memory
 * (bounded: 256 MB), and with 'later' the commit leaves the WAL for the caller to checkpoint.
 */
function withLoadSettings<T>(db: Db, checkpoint: ImportListOptions['checkpoint'], run: () => T): T {
  const cacheBefore = db.pragma('cache_size', { simple: true }) as number
  const threadsBefore = db.pragma('threads', { simple: true }) as number
  db.pragma('cache_size = -262144')
  // SQLite's default: dirty pages are written out (spilled) once the cache is full.
  db.pragma('cache_spill = 1')
  try {
    return checkpoint === 'later' ? withCheckpointLater(db, run) : run()
  } finally {
    db.pragma(`cache_size = ${cacheBefore}`)
    db.pragma('cache_spill = 1')
    db.pragma(`threads = ${threadsBefore}`)
  }
}

/**
 * Reads a FIDE list (TXT in any of its three layouts, or XML) and stores it as read-only reference lists.
 * Everything happens in one transaction: a bad file leaves the database as it was, and the error says
 * where (file, line, column), what was found and what was expected.
 */
export function importFideList(db: Db, opts: ImportListOptions): ImportListResult {
  const { fileName, size, isXml } = inspectListFile(opts.file)
  const src: ListSource = { file: opts.file, fileName, listDate: opts.listDate, ratingType: opts.ratingType, isXml }
  // Bulk mode (indexes rebuilt at the end) only pays off for a big first load; small files keep them live.
  const big = size >= (opts.bulkThresholdBytes ?? 5_000_000)
  // The reader thread starts at once, reading while the checksum is taken here; it is stopped unused should
  // the file turn out to be imported already, or the registry fill up meanwhile.
  let thread = opts.reader && big && registryIsEmpty(db) ? startListReader(opts.reader, src) : null
  let checksum: string
  try {
    checksum = checksumIfNew(db, opts, fileName, size)
  } catch (e) {
    thread?.stop()
    throw e
  }

  const source = opts.source ?? 'FIDE'
  const log = new ProblemLog(fileName)
  const writer = new ListWriter(db, log, { listDate: opts.listDate, source, fileName, checksum })
  let read: ReadOutcome = { format: 'xml', encoding: 'utf-8' }

  const run = db.transaction(() => {
    const empty = registryIsEmpty(db)
    const rebuild = empty && big ? enterBulkMode(db, writer.bulkBuckets) : null
    const restoreGuard = liftEntriesGuard(db)
    // each list's order by rating is written whole once its entries are in, not key by key (migration 23)
    writingWholeLists(db, () => {
      if (thread && !empty) {
        thread.stop()
        thread = null
      }
      read = thread ? writeFromThread(thread, writer, log, opts) : writeHere(src, writer, log, opts, empty)
      if (log.errors.length) throwProblems(log)
      if (writer.records === 0) throw new UserError('registry.emptyFile', { file: fileName })
      restoreGuard()
      return [...writer.lists.values()].map((l) => l.id)
    })
    if (rebuild) {
      opts.progress?.(size, size, 'indexes')
      rebuild()
    }
    writer.storeCounts()
    const lists = [...writer.lists.entries()].map(([ratingType, l]) => ({ id: l.id, ratingType, entries: l.entries }))
    appendAudit(db, {
      action: 'list.import',
      entity: 'rating_list',
      entityId: lists.map((l) => l.id).join(','),
      data: {
        file: fileName, checksum, listDate: opts.listDate, source, format: read.format, lists, records: writer.records,
        players: writer.counts, arbitersAdded: writer.arbitersAdded, warnings: log.warningCount,
        duplicates: { count: log.repeatCount, lines: log.repeats.slice(0, 20) }
      }
    })
    return lists
  })
  let lists: ImportListResult['lists']
  try {
    lists = withLoadSettings(db, opts.checkpoint, run)
  } finally {
    thread?.stop()
  }
  // the end said in players read, the one count the officer knows the file by (its bytes were the reading's)
  opts.progress?.(writer.records, writer.records, 'players')
  return {
    format: read.format,
    encoding: read.encoding,
    checksum,
    lists,
    records: writer.records,
    players: writer.counts,
    arbitersAdded: writer.arbitersAdded,
    warnings: log.warnings,
    warningCount: log.warningCount,
    duplicates: duplicatesOf(log)
  }
}
