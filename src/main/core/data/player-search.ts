// Player queries: FTS5 name search (accents optional), search by ID or federation, server-side paging and sorting, birth privacy.
import type Database from 'better-sqlite3'
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { RatingType } from '../model/tournament'
import { UserError } from '../util/errors'
import { storedPlayerCount } from './players'
import { currentReferenceLists } from './lists'
import { markedPage, orderSlice, readParts, type OrderPart } from './list-order-marks'
import { UNRATED_KEY } from './list-by-rating'
import { bucketPage, bucketTotal } from './registry-buckets'
import { ratingOrderTotal } from './rating-order'
import {
  deepPage,
  filterByRating,
  flipped,
  fromTheEnd,
  MATCH_CAP,
  planSearch,
  wholeListByRating,
  wordsPrefixMatch,
  type Dir,
  type PageQuery,
  type PlayerSort,
  type SearchPlayersInput,
  type StoredCounts
} from './player-search-plan'

// how a search becomes SQL, as the callers of the player queries know it
export { MATCH_CAP, ftsPlan, ftsQuery, fromTheEnd, wordsPrefixMatch, type PlayerSort, type SearchPlayersInput } from './player-search-plan'

export type BirthPrivacy = 'year' | 'age-category'

export interface CurrentRating {
  rating: number | null
  games: number | null
  k: number | null
  flags: string | null
  listId: number
  listDate: string
}

export interface PlayerRow {
  id: number
  fideId: number | null
  nationalId: string | null
  surname: string
  givenNames: string
  federation: string | null
  sex: 'M' | 'F' | null
  /** The birth year when the privacy setting publishes it, else null. */
  birthYear: number | null
  /** The age category when the privacy setting publishes that instead (U8 … U20, open, S50, S65). */
  ageCategory: string | null
  title: string | null
  womanTitle: string | null
  arbiterTitle: string | null
  status: string
  mergedInto: number | null
  ratings: { standard: CurrentRating | null; rapid: CurrentRating | null; blitz: CurrentRating | null }
}

/** FIDE's age categories by the age reached in the year (year minus birth year). */
export function ageCategory(birthYear: number, onYear: number): string {
  const age = onYear - birthYear
  for (const u of [8, 10, 12, 14, 16, 18, 20]) if (age <= u) return `U${u}`
  if (age >= 65) return 'S65'
  if (age >= 50) return 'S50'
  return 'open'
}

/** Published form of a birth date held internally ('YYYY-MM-DD' or 'YYYY'). */
export function publishBirth(birthDate: string | null, privacy: BirthPrivacy, onYear: number): { birthYear: number | null; ageCategory: string | null } {
  if (!birthDate) return { birthYear: null, ageCategory: null }
  const year = Number(birthDate.slice(0, 4))
  if (!Number.isFinite(year)) return { birthYear: null, ageCategory: null }
  return privacy === 'year' ? { birthYear: year, ageCategory: null } : { birthYear: null, ageCategory: ageCategory(year, onYear) }
}


const WITH_FUNCTION = new WeakSet<Db>()

/**
 * Gives the connection the SQL function words_prefix_match(name_folded, words) (wordsPrefixMatch): on a folded name
 * (words of a-z and 0-9, one space between), words of an FTS query's `"word"*` terms match exactly the rows the FTS
 * MATCH gives, checked row by row.
 */
export function withWordsPrefixMatch(db: Db): void {
  if (WITH_FUNCTION.has(db)) return
  db.function('words_prefix_match', { deterministic: true }, (name: unknown, words: unknown) => (wordsPrefixMatch(String(name), String(words)) ? 1 : 0))
  WITH_FUNCTION.add(db)
}

interface RawPlayer {
  id: number
  fide_id: number | null
  national_id: string | null
  surname: string
  given_names: string
  federation: string | null
  sex: 'M' | 'F' | null
  birth_date: string | null
  title: string | null
  woman_title: string | null
  arbiter_title: string | null
  status: string
  merged_into: number | null
}

const PLAYER_COLUMNS = `p.id, p.fide_id, p.national_id, p.surname, p.given_names, p.federation, p.sex, p.birth_date, p.title,
  p.woman_title, p.arbiter_title, p.status, p.merged_into`



const COUNT_CACHE = new WeakMap<Db, Map<string, { version: string; total: number }>>()

export class PlayerReader {
  private readonly lists
  /** A player's line on each current list, by list: read in the file that holds the list (db/archive-files.ts). */
  private readonly entries = new Map<number, Database.Statement>()
  constructor(
    private readonly db: Db,
    private readonly privacy: BirthPrivacy,
    private readonly onYear = new Date().getUTCFullYear()
  ) {
    this.lists = currentReferenceLists(db)
    withWordsPrefixMatch(db)
  }

  private entryOn(listId: number): Database.Statement {
    let st = this.entries.get(listId)
    if (!st) this.entries.set(listId, (st = this.db.prepare(`SELECT rating, games, k, flags FROM ${listTables(this.db, listId).entries} WHERE list_id = ? AND player_id = ?`)))
    return st
  }

  /**
   * A count, remembered until the database changes (this connection's total_changes or another connection's
   * commit, seen in data_version): paging through two million players counts once, not once per page.
   */
  private count(sql: string, params: unknown[]): number {
    const slot = this.countSlot(sql, params)
    if (slot.known !== undefined) return slot.known
    const total = (this.db.prepare(sql).get(...params) as { n: number }).n
    slot.remember(total)
    return total
  }

  /** The remembered count of `sql` for the database as it is now, if there is one, and where to keep a new one. */
  private countSlot(sql: string, params: unknown[]): { known: number | undefined; remember(total: number): void } {
    let cache = COUNT_CACHE.get(this.db)
    if (!cache) COUNT_CACHE.set(this.db, (cache = new Map()))
    const version = `${this.db.pragma('data_version', { simple: true }) as number}:${(this.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n}`
    const key = `${sql}\u0000${JSON.stringify(params)}`
    const hit = cache.get(key)
    const store = cache
    return {
      known: hit && hit.version === version ? hit.total : undefined,
      remember(total) {
        if (store.size > 200) store.clear()
        store.set(key, { version, total })
      }
    }
  }

  currentLists(): Record<RatingType, { id: number; listDate: string } | null> {
    return this.lists
  }

  toRow(r: RawPlayer): PlayerRow {
    const rating = (t: RatingType): CurrentRating | null => {
      const l = this.lists[t]
      if (!l) return null
      const e = this.entryOn(l.id).get(l.id, r.id) as { rating: number | null; games: number | null; k: number | null; flags: string | null } | undefined
      return e ? { ...e, listId: l.id, listDate: l.listDate } : null
    }
    return {
      id: r.id,
      fideId: r.fide_id,
      nationalId: r.national_id,
      surname: r.surname,
      givenNames: r.given_names,
      federation: r.federation,
      sex: r.sex,
      ...publishBirth(r.birth_date, this.privacy, this.onYear),
      title: r.title,
      womanTitle: r.woman_title,
      arbiterTitle: r.arbiter_title,
      status: r.status,
      mergedInto: r.merged_into,
      ratings: { standard: rating('standard'), rapid: rating('rapid'), blitz: rating('blitz') }
    }
  }

  get(id: number): PlayerRow {
    const r = this.db.prepare(`SELECT ${PLAYER_COLUMNS} FROM players p WHERE p.id = ?`).get(id) as RawPlayer | undefined
    if (!r) throw new UserError('registry.playerNotFound', { id })
    return this.toRow(r)
  }

  /** The rows of a page whose player ids an index walk found, in that order (each player by his id). */
  private rowsOf(ids: readonly number[]): PlayerRow[] {
    const one = this.db.prepare(`SELECT ${PLAYER_COLUMNS} FROM players p WHERE p.id = ?`)
    return ids.map((id) => this.toRow(one.get(id) as RawPlayer))
  }

  /**
   * One page of players. Text that is all digits is a FIDE or national ID; other text is matched word by word
   * against the folded names through FTS5, so accents are optional. Sorting by rating pages through the
   * players rated on the newest reference list of the chosen type. The page is read by the first of the page
   * strategies that applies and answers (`strategies`, below).
   */
  search(input: SearchPlayersInput): PlayerPage {
    const q = planSearch(input, this.lists)
    for (const strategy of this.strategies) {
      if (!strategy.applies(q)) continue
      const page = strategy.read(q)
      if (page) return page
    }
    throw new Error('players search: no page strategy answered')
  }

  /**
   * The ways to read a page, in the order they are tried; `read` gives null when its shortcut is not there (no marks,
   * a list not held in rating_order), and the next way reads the page.
   */
  private readonly strategies: readonly PageStrategy[] = [
    { name: 'nothing can match', applies: (q) => q.nothing, read: () => noPage() },
    { name: 'a filter by rating, from rating_order', applies: filterByRating, read: (q) => this.heldByRating(q) },
    { name: 'the whole list by rating, from its marks', applies: wholeListByRating, read: (q) => this.markedRatingPage(q) },
    { name: 'the whole list by rating, from list_by_rating', applies: wholeListByRating, read: (q) => this.listByRatingPage(q) },
    { name: 'a deep page, inside its bucket', applies: (q) => deepPage(q) && (q.unfiltered || q.bucketed) && q.sort !== 'rating', read: (q) => this.bucketPage(q) },
    { name: 'a deep page, from the other end', applies: deepPage, read: (q) => this.fromTheEndPage(q) },
    { name: 'a name search’s first page, counted with it', applies: (q) => q.fts !== null && this.knownTotal(q) === undefined, read: (q) => this.countedPage(q) },
    { name: 'a page, then its count', applies: () => true, read: (q) => this.plainPage(q) }
  ]

  /** The page's total when it is known without counting: remembered, migration 12's count, or the buckets'. */
  private knownTotal(q: PageQuery): number | undefined {
    if (q.slot === undefined) {
      q.slot = this.countSlot(q.countSql, q.params)
      q.total = q.slot.known ?? (q.unfiltered ? (storedPlayerCount(this.db) ?? undefined) : q.bucketed ? bucketTotal(this.db, q.status, q.federation) : undefined)
    }
    return q.total
  }

  /** The page's total, counted when it is not known. */
  private total(q: PageQuery): number {
    return (q.total = this.knownTotal(q) ?? this.count(q.countSql, q.params))
  }

  /**
   * A federation's or a status's players (or both) on a current reference list by rating, read from `rating_order`
   * (migrations 17 and 19): a range of its key or of its status index, counted by `rating_order_counts` and paged
   * without reading a player (the plain query looked up every entry's player); null when the list is not held there
   * (then the plain query answers).
   */
  private heldByRating(q: PageQuery): PlayerPage | null {
    if (!q.list) return null
    const { offset, limit, order } = q
    const federation = q.input.federation?.toUpperCase() ?? null
    const status = q.status === 'any' ? null : q.status
    const listId = q.list.id
    const total = ratingOrderTotal(this.db, listId, status, federation)
    if (total === null) return null
    // with a federation, its range of the primary key, the status tested on it (`+status`: else SQLite may walk the
    // list's whole status range of the status index and test the federation, 29 ms for a deep page at 1.9 M)
    const terms = [['list_id', listId], ['federation', federation], [federation === null ? 'status' : '+status', status]].filter(([, v]) => v !== null)
    const where = terms.map(([c]) => `${c} = ?`).join(' AND ')
    const params = terms.map(([, v]) => v)
    const ids = (o: Dir, lim: number, off: number): number[] =>
      this.db.prepare(`SELECT player_id FROM rating_order WHERE ${where} ORDER BY rating ${o}, player_id ${o} LIMIT ? OFFSET ?`).pluck().all(...params, lim, off) as number[]
    // a page past the middle read from the other end (the order is total: it ends with the player id)
    const back = fromTheEnd(total, offset, limit)
    const page = back ? ids(flipped(order), back.limit, back.offset).reverse() : ids(order, limit, offset)
    return { total, capped: false, rows: this.rowsOf(page) }
  }

  /**
   * The page of a frozen list by rating as this table orders it (rating, then player id; the unrated first ascending
   * and last descending, where SQLite puts NULL), from the list's stored counts (migration 11) and rating marks
   * (migration 15, data/list-order-marks.ts, whose ascending order puts the unrated last): a page starts at the mark
   * before it, not at either end of the list (a page in the middle of 820,000 entries stepped over 410,000); null
   * when the list is not frozen or has no marks.
   */
  private markedRatingPage(q: PageQuery): PlayerPage | null {
    const listId = q.list!.id
    const stored = this.storedCounts(q)
    if (stored.entries === null || stored.rated === null) return null
    const counts = { entries: stored.entries, rated: stored.rated }
    const { offset, limit } = q
    // descending, both orders are the same: the rated from the highest, then the unrated by id from the highest
    if (q.order === 'DESC') {
      const ids = markedPage(this.db, listId, 'rating', { offset, limit, desc: true }, counts)
      return ids ? { total: counts.entries, capped: false, rows: this.rowsOf(ids) } : null
    }
    // ascending, the unrated (marked positions rated…entries) come first, then the rated (marked positions 0…rated)
    const unrated = counts.entries - counts.rated
    const end = Math.min(offset + limit, counts.entries)
    const out: number[] = []
    for (const [from, to, shift] of [[offset, Math.min(end, unrated), counts.rated], [Math.max(offset, unrated), end, -unrated]] as const) {
      if (from >= to) continue
      const slice = orderSlice(this.db, listId, 'rating', from + shift, to - from)
      if (!slice) return null
      out.push(...slice)
    }
    return { total: counts.entries, capped: false, rows: this.rowsOf(out) }
  }

  /** The rating list's stored entry and rated counts (null until it is frozen: migration 11), read once per search. */
  private storedCounts(q: PageQuery): StoredCounts {
    return (q.stored ??= this.db.prepare('SELECT entry_count AS entries, rated_count AS rated FROM rating_lists WHERE id = ?').get(q.list!.id) as StoredCounts)
  }

  /**
   * The whole list by rating, counted and paged on the list's order by rating alone (list_by_rating, migration 23), as
   * this table orders it: ascending the unrated first, then the rated; descending the rated, then the unrated (each by
   * id that way); then 50 players fetched.
   */
  private listByRatingPage(q: PageQuery): PlayerPage {
    const listId = q.list!.id
    const { offset, limit, order } = q
    // the list in the file that holds it (db/archive-files.ts)
    const t = listTables(this.db, listId)
    const total = this.storedCounts(q).entries ?? this.count(`SELECT count(*) AS n FROM ${t.entries} WHERE list_id = ?`, [listId])
    if (offset >= total) return { total, capped: false, rows: [] }
    const parts = (o: Dir): OrderPart[] => {
      const rated = { sql: `SELECT player_id FROM ${t.byRating} WHERE list_id = ? AND key < ${UNRATED_KEY} ORDER BY key ${o}, player_id ${o}`, params: [listId] }
      const unrated = { sql: `SELECT player_id FROM ${t.byRating} WHERE list_id = ? AND key = ${UNRATED_KEY} ORDER BY player_id ${o}`, params: [listId] }
      return o === 'ASC' ? [unrated, rated] : [rated, unrated]
    }
    const idsOf = (o: Dir, skip: number, count: number): number[] => readParts<{ player_id: number }>(this.db, parts(o), skip, count).map((r) => r.player_id)
    const back = fromTheEnd(total, offset, limit)
    const ids = back ? idsOf(flipped(order), back.offset, back.limit).reverse() : idsOf(order, offset, Math.min(limit, total - offset))
    return { total, capped: false, rows: this.rowsOf(ids) }
  }

  /** A deep page of the whole table or of a status or federation, from the bucket counts of migrations 18 and 19: a walk inside the page's bucket. */
  private bucketPage(q: PageQuery): PlayerPage | null {
    const total = this.total(q)
    const ids = bucketPage(this.db, q.sort as Exclude<PlayerSort, 'rating'>, { offset: q.offset, limit: q.limit, desc: q.order === 'DESC' }, total, { status: q.status, federation: q.federation })
    return ids ? { total, capped: false, rows: this.rowsOf(ids) } : null
  }

  /**
   * A deep page: SQLite steps over OFFSET rows one by one, so a page past the middle is read from the other end (the
   * same rows: the order is total), and a jump to the last pages costs what the first ones do; null before the middle.
   */
  private fromTheEndPage(q: PageQuery): PlayerPage | null {
    const total = this.total(q)
    const back = fromTheEnd(total, q.offset, q.limit)
    if (!back) return null
    const raws = this.db.prepare(`SELECT ${PLAYER_COLUMNS} FROM ${q.from} ${q.whereSql} ORDER BY ${q.orderOf(flipped(q.order))} LIMIT ? OFFSET ?`).all(...q.params, back.limit, back.offset) as RawPlayer[]
    return { total, capped: false, rows: raws.reverse().map((r) => this.toRow(r)) }
  }

  /**
   * A name search's page with its total: the matches (a few thousand at most) are read once for both, not once to
   * count and again to sort (a page past the end says nothing of the total: it is counted then).
   */
  private countedPage(q: PageQuery): PlayerPage {
    const rows = this.db
      .prepare(`SELECT ${PLAYER_COLUMNS}, count(*) OVER () AS matched FROM ${q.from} ${q.whereSql} ORDER BY ${q.orderOf(q.order)} LIMIT ? OFFSET ?`)
      .all(...q.params, q.limit, q.offset) as (RawPlayer & { matched: number })[]
    if (rows.length) {
      q.total = rows[0]!.matched
      q.slot!.remember(q.total)
    }
    return this.cappedPage(q, rows)
  }

  /** A page read by its offset, then its total when it is not known. */
  private plainPage(q: PageQuery): PlayerPage {
    const raws = this.db.prepare(`SELECT ${PLAYER_COLUMNS} FROM ${q.from} ${q.whereSql} ORDER BY ${q.orderOf(q.order)} LIMIT ? OFFSET ?`).all(...q.params, q.limit, q.offset) as RawPlayer[]
    return this.cappedPage(q, raws)
  }

  /** A page's rows with its total: a name search's matches at most MATCH_CAP (then "more than"). */
  private cappedPage(q: PageQuery, raws: RawPlayer[]): PlayerPage {
    let total = this.total(q)
    const capped = q.fts !== null && total > MATCH_CAP
    if (capped) total = MATCH_CAP
    return { total, capped, rows: raws.map((r) => this.toRow(r)) }
  }
}

/** A page of players: its rows, the total they are part of, whether that total is a name search's cap. */
export interface PlayerPage {
  total: number
  capped: boolean
  rows: PlayerRow[]
}

function noPage(): PlayerPage {
  return { total: 0, capped: false, rows: [] }
}

/** One way to read a page: when it applies, and the read (null: not here, the next way reads it). */
interface PageStrategy {
  name: string
  applies: (q: PageQuery) => boolean
  read: (q: PageQuery) => PlayerPage | null
}

