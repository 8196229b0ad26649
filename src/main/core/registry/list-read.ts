// Reading a FIDE list file into records, and encoding a first load into ready-to-bind batches. Both run either
// on the thread that writes the database or, for a big first load, on a reader thread beside it.
import { basename } from 'node:path'
import { UserError } from '../util/errors'
import { RATING_TYPES } from '../model/tournament'
import { foldName } from './names'
import type { ListRating, ListRatingType, ListRecord, ProblemLog } from './list-record'
import { parseTxtHeader, parseTxtLine, type TxtHeader } from './fide-txt'
import { readFideXml } from './fide-xml'
import { streamLines } from './text-source'

export type ListFormat = 'txt-combined' | 'txt-single' | 'txt-legacy' | 'xml' | 'xml-combined' | 'national'

/** The rating type a single-type file is, from its name (FIDE names them standard_/rapid_/blitz_...). */
export function ratingTypeFromFileName(file: string): ListRatingType | null {
  const n = basename(file).toLowerCase()
  if (/rapid/.test(n)) return 'rapid'
  if (/blitz/.test(n)) return 'blitz'
  if (/standard|std/.test(n)) return 'standard'
  return null
}

export interface ListSource {
  file: string
  fileName: string
  listDate: string
  ratingType?: ListRatingType
  isXml: boolean
}

export interface ListReadEvents {
  /** A list this file fills, in the order they first appear (the writer creates it then). */
  open(type: ListRatingType): void
  /** One player record; only called while the file has shown no error. */
  record(rec: ListRecord): void
  /** Bytes read so far, from time to time. */
  progress(bytesRead: number, totalBytes: number): void
  /** Every 5,000 records: where a long read can be cancelled. */
  pulse(): void
}

/** More errors than this and the reading stops: the file is refused anyway, and the officer has enough to go on. */
export const MAX_ERRORS = 200

/**
 * Reads a FIDE list, TXT (any of its three layouts, columns taken from the header line) or XML (streamed),
 * reporting each problem with its place in `log`.
 */
export function readList(src: ListSource, log: ProblemLog, ev: ListReadEvents): { format: ListFormat; encoding: string } {
  const listYear = Number(src.listDate.slice(0, 4))
  if (src.isXml) {
    const type = src.ratingType ?? ratingTypeFromFileName(src.file) ?? 'standard'
    const opened = new Set<ListRatingType>()
    const open = (t: ListRatingType): void => {
      if (opened.has(t)) return
      opened.add(t)
      ev.open(t)
    }
    let count = 0
    const result = readFideXml({
      file: src.file,
      ratingType: type,
      listYear,
      log,
      onRecord: (rec) => {
        // Lists are created on demand: a combined XML file opens rapid and blitz at their first rating.
        open(type)
        for (const t of Object.keys(rec.ratings) as ListRatingType[]) open(t)
        if (log.errors.length === 0) ev.record(rec)
        if (++count % 5000 === 0) ev.pulse()
      },
      onProgress: (read, total) => ev.progress(read, total),
      shouldStop: () => log.errors.length >= MAX_ERRORS
    })
    return { format: result.combined ? 'xml-combined' : 'xml', encoding: 'utf-8' }
  }
  let header: TxtHeader | null = null
  let type: ListRatingType = 'standard'
  let format: ListFormat = 'txt-single'
  const encoding = streamLines(src.file, (text, lineNo, read, total) => {
    if (log.errors.length >= MAX_ERRORS) return
    if (lineNo === 1) {
      const h = parseTxtHeader(text.replace(/^\uFEFF/, ''))
      if ('found' in h) {
        log.error(1, h.column, 'header', h.found, h.expected)
        return
      }
      header = h
      if (h.layout === 'combined') {
        format = 'txt-combined'
        for (const t of RATING_TYPES) ev.open(t)
      } else {
        format = h.layout === 'legacy' ? 'txt-legacy' : 'txt-single'
        const named = src.ratingType ?? ratingTypeFromFileName(src.file) ?? (h.layout === 'legacy' ? 'standard' : null)
        if (!named) throw new UserError('registry.typeNeeded', { file: src.fileName })
        type = named
        ev.open(type)
        if (h.month && h.month !== src.listDate.slice(0, 7)) {
          log.warn(1, h.columns.find((c) => c.key === 'rating')!.start + 1, 'month', h.month, `the list month of --date ${src.listDate}`)
        }
      }
      return
    }
    if (!header) return
    const rec = parseTxtLine(text, lineNo, { header, ratingType: type, listYear, log })
    if (rec && log.errors.length === 0) ev.record(rec)
    if (lineNo % 5000 === 0) {
      ev.pulse()
      ev.progress(read, total)
    }
  })
  if (!header && log.errors.length === 0) log.error(1, 1, 'header', '', 'a header line')
  return { format, encoding }
}

/**
 * The line each ID was first given on. FIDE lists come sorted by ID, so rising numeric IDs go to two flat
 * arrays (binary search; 12 bytes an ID instead of a map entry); IDs out of order and national IDs go to a map.
 */
export class SeenIds {
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

/** The same ID twice in one file: the first record stands, the repeat is reported with its place (TXT, XML, national lists alike). */
export function isRepeat(seen: SeenIds, r: ListRecord, log: ProblemLog): boolean {
  const key = r.fideId ?? (r.nationalId ? `n:${r.nationalId}` : null)
  if (key === null) return true
  const firstLine = seen.add(key, r.line)
  if (firstLine === undefined) return false
  log.repeat(r.line, String(r.fideId ?? r.nationalId), firstLine)
  return true
}

/** Values bound per new player (the list id and the time are written into the statement or bound after). */
export const PLAYER_VALUES = 14
/** The columns of those values, in order. */
export const PLAYER_VALUE_COLUMNS =
  'fide_id, surname, given_names, name_folded, federation, sex, birth_date, title, woman_title, other_titles, foa_title, arbiter_title, status, national_id'

/** A new player's PLAYER_VALUES values, as a list record gives them, appended to `out`. */
export function pushPlayerValues(out: unknown[], r: ListRecord): void {
  out.push(
    r.fideId,
    r.surname,
    r.givenNames,
    foldName(`${r.surname} ${r.givenNames}`),
    r.federation,
    r.sex,
    r.birthDate ?? (r.birthYear !== null ? String(r.birthYear) : null),
    r.title,
    r.womanTitle,
    r.otherTitles.length ? r.otherTitles.join(',') : null,
    r.foaTitle,
    r.arbiterTitle,
    r.flags === 'i' || r.flags === 'wi' ? 'inactive' : 'active',
    r.nationalId
  )
}
/** Values per list entry: the player's ordinal in the load, rating, games, K, flags, title, federation, birth year, sex. */
export const ENTRY_VALUES = 9
/** Players per batch (14 values each: well under SQLite's limit of 32,766 bound values a statement). */
export const BATCH_ROWS = 500
/** Entries per chunk of a list written after the players. */
export const CHUNK_ROWS = 2000

/**
 * Players of one batch, ready to bind, with the entries of the first list and the arbiter titles. The player
 * ids are not known here: rows carry their ordinal in the load, and the writer adds the id of the first player.
 */
export interface PlayerBatch {
  kind: 'players'
  /** Ordinal of the batch's first player in the load (0-based). */
  first: number
  rows: number
  players: unknown[]
  /** Entries of the first list, ENTRY_VALUES integers each (see EntryCodes). */
  entries: Int32Array<ArrayBuffer>
  entryRows: number
  /** Triples: ordinal, FIDE ID, arbiter title. */
  arbiters: (number | string)[]
  /** Texts first used by this message's entries, to append to the writer's EntryCodes. */
  texts: string[]
}

/** Entries of a list that is written after all the players. */
export interface EntryChunk {
  kind: 'entries'
  type: ListRatingType
  rows: number
  values: Int32Array<ArrayBuffer>
  texts: string[]
}

export type BulkMessage = { kind: 'open'; type: ListRatingType } | PlayerBatch | EntryChunk

const NULL_INT = -2147483648

/**
 * List entries as integers (9 an entry: ordinal, rating, games, K, flags, title, federation, birth year, sex),
 * the texts as codes into a vocabulary that both sides build in the same order: a few bytes an entry to hold
 * or to hand to the writer, instead of ten JavaScript values.
 */
export class EntryCodes {
  private readonly codes = new Map<string, number>()
  readonly texts: string[] = []
  private sent = 0

  code(s: string | null): number {
    if (s === null) return -1
    let c = this.codes.get(s)
    if (c === undefined) {
      c = this.texts.length
      this.texts.push(s)
      this.codes.set(s, c)
    }
    return c
  }

  /** Texts added since the last call (what the other side does not have yet). */
  takeNew(): string[] {
    const out = this.texts.slice(this.sent)
    this.sent = this.texts.length
    return out
  }

  /** Writes one entry at `at` (an index into `d`, a multiple of ENTRY_VALUES). */
  put(d: Int32Array, at: number, ordinal: number, r: ListRecord, rating: ListRating, title: string | null): void {
    d[at] = ordinal
    d[at + 1] = rating.rating ?? NULL_INT
    d[at + 2] = rating.games ?? NULL_INT
    d[at + 3] = rating.k ?? NULL_INT
    d[at + 4] = this.code(r.flags)
    d[at + 5] = this.code(title)
    d[at + 6] = this.code(r.federation)
    d[at + 7] = r.birthYear ?? NULL_INT
    d[at + 8] = this.code(r.sex)
  }

  /**
   * The writer's side: the values to bind for `rows` entries of `d`, the ordinal turned into the player's id
   * (`base` + ordinal). `texts` is the vocabulary received so far.
   */
  static decode(d: Int32Array, rows: number, base: number, texts: readonly string[]): unknown[] {
    const out: unknown[] = new Array<unknown>(rows * ENTRY_VALUES)
    const int = (v: number): number | null => (v === NULL_INT ? null : v)
    const text = (c: number): string | null => (c < 0 ? null : texts[c]!)
    for (let i = 0, p = 0; i < rows * ENTRY_VALUES; i += ENTRY_VALUES) {
      out[p++] = base + d[i]!
      out[p++] = int(d[i + 1]!)
      out[p++] = int(d[i + 2]!)
      out[p++] = int(d[i + 3]!)
      out[p++] = text(d[i + 4]!)
      out[p++] = text(d[i + 5]!)
      out[p++] = text(d[i + 6]!)
      out[p++] = int(d[i + 7]!)
      out[p++] = text(d[i + 8]!)
    }
    return out
  }
}

/** One list's entries held back until every player is written (slot 0 is a player ordinal or id). */
export class HeldEntries {
  private data = new Int32Array(ENTRY_VALUES * 4096)
  rows = 0
  constructor(private readonly codes: EntryCodes) {}

  push(ordinal: number, r: ListRecord, rating: ListRating, title: string | null): void {
    if ((this.rows + 1) * ENTRY_VALUES > this.data.length) {
      const next = new Int32Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.codes.put(this.data, this.rows++ * ENTRY_VALUES, ordinal, r, rating, title)
  }

  /** Puts the entries in rising order of slot 0 (kept as given when they already are; ties keep their order). */
  sortByPlayer(): void {
    const d = this.data
    const n = this.rows
    let sorted = true
    for (let i = 1; i < n && sorted; i++) sorted = d[i * ENTRY_VALUES]! >= d[(i - 1) * ENTRY_VALUES]!
    if (sorted) return
    const order = new Uint32Array(n)
    for (let i = 0; i < n; i++) order[i] = i
    order.sort((a, b) => d[a * ENTRY_VALUES]! - d[b * ENTRY_VALUES]! || a - b)
    const out = new Int32Array(Math.max(n, 1) * ENTRY_VALUES)
    for (let i = 0; i < n; i++) out.set(d.subarray(order[i]! * ENTRY_VALUES, (order[i]! + 1) * ENTRY_VALUES), i * ENTRY_VALUES)
    this.data = out
  }

  /** The held entries in chunks, in the order they were given (rising player ordinal). */
  *chunks(type: ListRatingType): Generator<EntryChunk> {
    for (let start = 0; start < this.rows; start += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, this.rows - start)
      yield { kind: 'entries', type, rows, values: this.data.slice(start * ENTRY_VALUES, (start + rows) * ENTRY_VALUES), texts: this.codes.takeNew() }
    }
    this.data = new Int32Array(0)
  }
}

/**
 * Turns the records of a first load (an empty registry) into batches of bound values. Entries of the first
 * list go with their players; the other lists' entries are held and sent after the last player, so that every
 * list's entries are appended in key order (list, player) instead of being slotted between two other lists.
 */
export class BulkEncoder {
  records = 0
  private readonly seen = new SeenIds()
  private readonly types: ListRatingType[] = []
  private readonly held = new Map<ListRatingType, HeldEntries>()
  private readonly codes = new EntryCodes()
  private ordinal = 0
  private batch: PlayerBatch

  constructor(
    private readonly log: ProblemLog,
    private readonly emit: (m: BulkMessage) => void
  ) {
    this.batch = this.newBatch()
  }

  private newBatch(): PlayerBatch {
    return { kind: 'players', first: this.ordinal, rows: 0, players: [], entries: new Int32Array(BATCH_ROWS * ENTRY_VALUES), entryRows: 0, arbiters: [], texts: [] }
  }

  open(type: ListRatingType): void {
    if (this.types.includes(type)) return
    this.types.push(type)
    if (this.types.length > 1) this.held.set(type, new HeldEntries(this.codes))
    this.emit({ kind: 'open', type })
  }

  add(r: ListRecord): void {
    this.records++
    if (isRepeat(this.seen, r, this.log)) return
    const b = this.batch
    const ordinal = this.ordinal++
    pushPlayerValues(b.players, r)
    b.rows++
    const title = r.title ?? r.womanTitle
    for (const type of RATING_TYPES) {
      const rating = r.ratings[type]
      if (!rating) continue
      // A record carries one rating of a type, so the first list gets at most one entry a player.
      if (type === this.types[0]) this.codes.put(b.entries, b.entryRows++ * ENTRY_VALUES, ordinal, r, rating, title)
      else this.held.get(type)?.push(ordinal, r, rating, title)
    }
    if (r.arbiterTitle && r.fideId !== null) b.arbiters.push(ordinal, r.fideId, r.arbiterTitle)
    if (b.rows === BATCH_ROWS) this.flushBatch()
  }

  private flushBatch(): void {
    if (this.batch.rows) {
      this.batch.texts = this.codes.takeNew()
      this.emit(this.batch)
    }
    this.batch = this.newBatch()
  }

  /** Sends the last players, then the held lists in the order they were opened. */
  finish(): void {
    this.flushBatch()
    for (const type of this.types.slice(1)) {
      const held = this.held.get(type)!
      for (const chunk of held.chunks(type)) this.emit(chunk)
    }
  }
}
