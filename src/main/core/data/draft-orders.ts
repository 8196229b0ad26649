// What a draft's writer learns of its rows as they go in (openDraft; a correction's prepared lines' writer learns the
// same and keeps it for the correction's draft, data/prepared-lines.ts): each entry's player and rating, each sheet's
// player, kind and change. Once the last row is in, these sorted in memory give what the draft stores with its counts:
// its preview's orders (migration 22) and with them its sheets counted by kind (migration 21), its marks by rating and its players in
// id order, from which its marks by name and FIDE ID are moved from its base list's (list-order-marks.ts).
//
// At FIDE scale (1.9 M entries, 658,000 sheets) SQLite kept the preview's orders by two indexes row by row (3.4 s of
// the job's thread), walked the rating index for the marks (1.0 s) and read the list's ids again (0.3 s),
// with the helper thread done and waiting. Here each row costs a few array writes, and the whole a few sorts of
// typed arrays. Each row is a number that sorts as the order does (a key); a value the keys cannot hold exactly (a
// rating or change too large, an id past 2^31, anything not an integer) sends that order back to SQLite's own sort,
// which gives the same order.
import type { Db } from '../db/open'
import { ORDER_KINDS, ordersFromSheets, type ListOrders } from './list-orders'
import { UNRATED, type KnownEntries } from './list-order-marks'
import type { SortedKeys } from './list-by-rating'
import { publishedRating } from './published-rating'

const TWO32 = 2 ** 32
const ID_LIMIT = 2 ** 31
/** Rating keys: rating × 2^32 + player id, exact below 2^53 for a rating under 2^20 and an id under 2^32. */
const RATING_LIMIT = 2 ** 20
/** Preview keys: ((CHANGE_LIMIT − 1 − |change|) × 2^31 + id) × 8 + kind: biggest change first, then by player. */
const CHANGE_LIMIT = 2 ** 19
const KIND_CODE = new Map<unknown, number>(ORDER_KINDS.map((k, i) => [k, i]))

/** A growing array of keys. */
class Keys {
  private a = new Float64Array(1 << 14)
  n = 0
  push(x: number): void {
    if (this.n === this.a.length) {
      // (keys given whole may be none: Keys.of)
      const b = new Float64Array(Math.max(1 << 14, 2 * this.a.length))
      b.set(this.a)
      this.a = b
    }
    this.a[this.n++] = x
  }
  /** The keys in ascending order (sorted in place). */
  sorted(): Float64Array {
    return this.a.subarray(0, this.n).sort()
  }
  /** A copy of the keys as they are (of their length: a view would carry the whole growing buffer). */
  values(): Float64Array {
    return this.a.slice(0, this.n)
  }
  /** Keys given whole (an orders' snapshot). */
  static of(values: Float64Array): Keys {
    const k = new Keys()
    k.a = Float64Array.from(values)
    k.n = values.length
    return k
  }
}

/**
 * What the orders learned of a draft's rows, as plain values: a correction's preview keeps it with the lines it
 * prepared (data/prepared-lines.ts), so that the correction writing them need not read them back to learn it again.
 */
export interface OrdersSnapshot {
  ratedKeys: Float64Array
  unratedIds: Float64Array
  ids: Float64Array
  sheetKeys: Float64Array
  kinds: number[]
  entryCount: number
  ratedCount: number
  sheetCount: number
  entriesKeyed: boolean
  sheetsKeyed: boolean
}

const isIndex = (x: unknown, limit: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < limit

export class DraftOrders implements KnownEntries {
  private ratedKeys = new Keys()
  private unratedIds = new Keys()
  private ids = new Keys()
  private sheetKeys = new Keys()
  private kinds = new Array<number>(ORDER_KINDS.length).fill(0)
  private entryCount = 0
  private ratedCount = 0
  private sheetCount = 0
  private sortedByRating: { rated: Float64Array; unrated: Float64Array } | null = null
  /** Whether every entry's rating and id fit the rating keys (else the marks by rating are SQLite's). */
  private entriesKeyed = true
  /** Whether every sheet's change, id and kind fit the preview keys (else the orders are SQLite's). */
  private sheetsKeyed = true

  /**
   * Entry rows as the draft inserts them: `columns` values a row, the player id first, then the rating, the entry's
   * status at `statusAt` (ENTRY_ORDER_COLUMNS: the places read). A delisted entry is keyed as unrated: the list's
   * order, ranks and rated count go by the published rating (data/published-rating.ts, migration 24).
   */
  entryRows(values: readonly unknown[], columns: number, statusAt: number): void {
    this.sortedByRating = null
    for (let at = 0; at + columns <= values.length; at += columns) {
      const id = values[at]
      const rating = publishedRating(values[at + 1] as number | null, values[at + statusAt])
      this.entryCount++
      if (rating !== null) this.ratedCount++
      if (!this.entriesKeyed) continue
      if (!isIndex(id, TWO32) || (rating !== null && !isIndex(rating, RATING_LIMIT))) {
        this.entriesKeyed = false
        continue
      }
      this.ids.push(id)
      if (rating === null) this.unratedIds.push(id)
      else this.ratedKeys.push(rating * TWO32 + id)
    }
  }

  /**
   * Sheet rows as the draft inserts them: `columns` values a row, the player id, the kind, the rating before, the
   * change (SHEET_ORDER_COLUMNS: the places read).
   */
  sheetRows(values: readonly unknown[], columns: number): void {
    for (let at = 0; at + columns <= values.length; at += columns) {
      this.sheetCount++
      if (!this.sheetsKeyed) continue
      const id = values[at]
      const code = KIND_CODE.get(values[at + 1])
      const change = values[at + 3] ?? 0
      const size = typeof change === 'number' ? Math.abs(change) : -1
      if (code === undefined || !isIndex(id, ID_LIMIT) || !isIndex(size, CHANGE_LIMIT)) {
        this.sheetsKeyed = false
        continue
      }
      this.kinds[code]!++
      this.sheetKeys.push(((CHANGE_LIMIT - 1 - size) * ID_LIMIT + id) * 8 + code)
    }
  }

  /** What these orders learned of the rows so far (`fromSnapshot` gives them back). */
  snapshot(): OrdersSnapshot {
    const { ratedKeys, unratedIds, ids, sheetKeys, kinds, entryCount, ratedCount, sheetCount, entriesKeyed, sheetsKeyed } = this
    return { ratedKeys: ratedKeys.values(), unratedIds: unratedIds.values(), ids: ids.values(), sheetKeys: sheetKeys.values(), kinds: [...kinds], entryCount, ratedCount, sheetCount, entriesKeyed, sheetsKeyed }
  }

  /** The orders that learned what `s` says, as if the same rows had been told to them in the same order. */
  static fromSnapshot(s: OrdersSnapshot): DraftOrders {
    if (s.kinds.length !== ORDER_KINDS.length) throw new Error(`an orders' snapshot of ${s.kinds.length} kinds, not ${ORDER_KINDS.length}`)
    const o = new DraftOrders()
    o.ratedKeys = Keys.of(s.ratedKeys)
    o.unratedIds = Keys.of(s.unratedIds)
    o.ids = Keys.of(s.ids)
    o.sheetKeys = Keys.of(s.sheetKeys)
    o.kinds = [...s.kinds]
    o.entryCount = s.entryCount
    o.ratedCount = s.ratedCount
    o.sheetCount = s.sheetCount
    o.entriesKeyed = s.entriesKeyed
    o.sheetsKeyed = s.sheetsKeyed
    return o
  }

  /** The entries written so far. */
  get entries(): number {
    return this.entryCount
  }

  /** The entries written so far with a rating. */
  get rated(): number {
    return this.ratedCount
  }

  /** The list's order by rating (list_by_rating, migration 23): the rated keys and the unrated ids, each sorted; null when a row did not fit the keys. */
  byRating(): SortedKeys | null {
    if (!this.entriesKeyed) return null
    this.sortedByRating ??= { rated: this.ratedKeys.sorted(), unrated: this.unratedIds.sorted() }
    return this.sortedByRating
  }

  /** The marks by rating at every `spacing` ranks as [key, player id, rank]: the rated by (rating, id), then the unrated by id. */
  ratingMarks(spacing: number): [number, number, number][] | null {
    const sorted = this.byRating()
    if (!sorted) return null
    const out: [number, number, number][] = []
    const { rated, unrated } = sorted
    for (let rank = 0; rank < rated.length; rank += spacing) {
      const rating = Math.floor(rated[rank]! / TWO32)
      out.push([rating, rated[rank]! - rating * TWO32, rank])
    }
    for (let rank = Math.ceil(rated.length / spacing) * spacing; rank - rated.length < unrated.length; rank += spacing) out.push([UNRATED, unrated[rank - rated.length]!, rank])
    return out
  }

  /** The list's players in id order (null when an id did not fit the keys). */
  playerIds(): Float64Array | null {
    return this.entriesKeyed ? this.ids.sorted() : null
  }

  /** The sheets written so far. */
  get sheets(): number {
    return this.sheetCount
  }

  /** The preview's orders of list `listId` (every kind, and each kind), sorted here or, when a sheet did not fit the keys, by SQLite. */
  previewOrders(db: Db, listId: number): ListOrders {
    if (!this.sheetsKeyed) return ordersFromSheets(db, listId)
    const keys = this.sheetKeys.sorted()
    const all = new Float64Array(keys.length)
    const byKind = ORDER_KINDS.map((_, i) => new Float64Array(this.kinds[i]!))
    const at = new Array<number>(ORDER_KINDS.length).fill(0)
    for (let i = 0; i < keys.length; i++) {
      const code = keys[i]! % 8
      const id = ((keys[i]! - code) / 8) % ID_LIMIT
      all[i] = id
      byKind[code]![at[code]!++] = id
    }
    return { all, byKind: new Map(ORDER_KINDS.map((kind, i) => [kind, byKind[i]!])) }
  }
}
