// Player queries: FTS5 name search (accents optional), search by ID or federation, server-side paging and sorting, birth privacy.
import type { Db } from '../db/open'
import type { RatingType } from '../model/tournament'
import { UserError } from '../util/errors'
import { foldName } from '../registry/names'
import { storedPlayerCount } from './players'
import { currentReferenceLists } from './lists'
import { markedPage, orderSlice, readParts, type OrderPart } from './list-order-marks'
import { UNRATED_KEY } from './list-by-rating'
import { bucketPage, bucketTotal, statusCondition } from './registry-buckets'
import { ratingOrderTotal } from './rating-order'

/** Name searches look at no more than this many matches (a page of a broader search says "more than"). */
export const MATCH_CAP = 5000

export type BirthPrivacy = 'year' | 'age-category'
export type PlayerSort = 'name' | 'fideId' | 'federation' | 'rating' | 'birthYear' | 'title'

export interface SearchPlayersInput {
  text?: string
  federation?: string
  status?: 'active' | 'inactive' | 'deceased' | 'merged' | 'any'
  sort?: PlayerSort
  order?: 'asc' | 'desc'
  ratingType?: RatingType
  offset?: number
  limit?: number
}

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

/** Longest prefix the FTS5 prefix indexes answer directly (see migration 2). */
const FTS_PREFIX_MAX = 6

/**
 * An FTS5 query from free text: every folded word must start a word of the name ("mul jur" finds Müller,
 * Jürgen). Words are cut to the indexed prefix length; `exact` says whether the FTS match alone is the answer
 * or the cut words must be checked again on the folded name.
 */
export function ftsQuery(text: string): string | null {
  return ftsPlan(text)?.match ?? null
}

export function ftsPlan(text: string): { match: string; words: string[]; exact: boolean } | null {
  const words = foldName(text).split(' ').filter(Boolean)
  if (!words.length) return null
  const indexed = words.filter((w) => w.length >= 2)
  const used = indexed.length ? indexed : words
  return {
    match: used.map((w) => `"${w.slice(0, FTS_PREFIX_MAX)}"*`).join(' '),
    words,
    exact: used.length === words.length && used.every((w) => w.length <= FTS_PREFIX_MAX)
  }
}

/** True when every query word starts some word of the folded name (the check behind a cut FTS prefix). */
export function wordsPrefixMatch(nameFolded: string, queryWords: string): boolean {
  const have = nameFolded.split(' ')
  return queryWords.split(' ').every((q) => have.some((w) => w.startsWith(q)))
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

type Dir = 'ASC' | 'DESC'

/** From this offset on, a page past the middle is read backwards from the end (see search). */
const FROM_THE_END_AFTER = 5000

/** The page [offset, offset + limit) of `total` rows as read from the other end, when it lies past the middle. */
export function fromTheEnd(total: number, offset: number, limit: number): { offset: number; limit: number } | null {
  if (offset < FROM_THE_END_AFTER || offset >= total || offset + limit / 2 <= total / 2) return null
  const n = Math.min(limit, total - offset)
  return { offset: total - offset - n, limit: n }
}

const COUNT_CACHE = new WeakMap<Db, Map<string, { version: string; total: number }>>()

export class PlayerReader {
  private readonly lists
  private readonly entry
  constructor(
    private readonly db: Db,
    private readonly privacy: BirthPrivacy,
    private readonly onYear = new Date().getUTCFullYear()
  ) {
    this.lists = currentReferenceLists(db)
    withWordsPrefixMatch(db)
    this.entry = db.prepare('SELECT rating, games, k, flags FROM rating_list_entries WHERE list_id = ? AND player_id = ?')
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
      const e = this.entry.get(l.id, r.id) as { rating: number | null; games: number | null; k: number | null; flags: string | null } | undefined
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
   * A federation's or a status's players (or both) on a current reference list by rating, read from `rating_order`
   * (migrations 17 and 19): a range of its key or of its status index, counted by `rating_order_counts` and paged
   * without reading a player (the plain query looked up every entry's player); null when the list is not held there
   * (then the plain query answers).
   */
  private heldByRating(listId: number, federation: string | null, status: string | null, order: Dir, offset: number, limit: number): { total: number; capped: boolean; rows: PlayerRow[] } | null {
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
    const page = back ? ids(order === 'ASC' ? 'DESC' : 'ASC', back.limit, back.offset).reverse() : ids(order, limit, offset)
    return { total, capped: false, rows: this.rowsOf(page) }
  }

  /**
   * The player ids of the page [offset, offset + limit) of a frozen list by rating as this table orders it (rating, then
   * player id; the unrated first ascending and last descending, where SQLite puts NULL), from the list's rating marks
   * (data/list-order-marks.ts, whose ascending order puts the unrated last); null when the list has no marks.
   */
  private markedRatingPage(listId: number, counts: { entries: number; rated: number }, desc: boolean, offset: number, limit: number): number[] | null {
    // descending, both orders are the same: the rated from the highest, then the unrated by id from the highest
    if (desc) return markedPage(this.db, listId, 'rating', { offset, limit, desc: true }, counts)
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
    return out
  }

  /**
   * One page of players. Text that is all digits is a FIDE or national ID; other text is matched word by word
   * against the folded names through FTS5, so accents are optional. Sorting by rating pages through the
   * players rated on the newest reference list of the chosen type.
   */
  search(input: SearchPlayersInput): { total: number; capped: boolean; rows: PlayerRow[] } {
    const limit = Math.min(Math.max(input.limit ?? 50, 1), 500)
    const offset = Math.max(input.offset ?? 0, 0)
    const order: Dir = input.order === 'desc' ? 'DESC' : 'ASC'
    const where: string[] = []
    const params: unknown[] = []
    let ftsText: string | null = null
    const text = input.text?.trim() ?? ''
    if (text) {
      if (/^\d+$/.test(text)) {
        where.push('(p.fide_id = ? OR p.national_id = ?)')
        params.push(Number(text), text)
      } else {
        const plan = ftsPlan(text)
        if (plan) {
          ftsText = plan.match
          if (!plan.exact) {
            where.push('words_prefix_match(p.name_folded, ?)')
            params.push(plan.words.join(' '))
          }
        }
      }
    }
    if (input.federation) {
      where.push('p.federation = ?')
      params.push(input.federation.toUpperCase())
    }
    const status = input.status ?? 'any'
    const sort = input.sort ?? 'name'
    // A rating-sorted page shows the list as it is (an entry left on a merged record included), so the
    // unfiltered case pages through the list's order by rating alone (list_by_rating, migration 23).
    // (the status as a literal: see statusCondition)
    if (status !== 'any' || sort !== 'rating') where.push(statusCondition(status))
    // FTS matches drive the query (at most MATCH_CAP + 1 of them): a two-letter prefix on two million names
    // stays fast, and the page says "more than MATCH_CAP" instead of counting them all.
    // a cut prefix is checked again on the name, so it may look at more candidates
    const ftsLimit = where.some((w) => w.startsWith('words_prefix_match')) ? MATCH_CAP * 10 : MATCH_CAP + 1
    const matches = `(SELECT rowid AS id FROM players_fts WHERE players_fts MATCH ? LIMIT ${ftsLimit}) m`
    const fromParams: unknown[] = ftsText ? [ftsText] : []
    let from: string
    let orderOf: (o: Dir) => string
    if (sort === 'rating') {
      const list = this.lists[input.ratingType ?? 'standard']
      if (!list) return { total: 0, capped: false, rows: [] }
      from = ftsText
        ? `${matches} CROSS JOIN rating_list_entries e ON e.list_id = ? AND e.player_id = m.id CROSS JOIN players p ON p.id = e.player_id`
        : 'rating_list_entries e CROSS JOIN players p ON p.id = e.player_id'
      if (ftsText) fromParams.push(list.id)
      else {
        where.unshift('e.list_id = ?')
        params.unshift(list.id)
      }
      // a search's matches (at most MATCH_CAP) sorted; a filter without one on a current reference list is read from
      // rating_order (heldByRating), so only a list not held there sorts its entries
      orderOf = (o) => `e.rating ${o}, e.player_id ${o}`
    } else {
      from = ftsText ? `${matches} CROSS JOIN players p ON p.id = m.id` : 'players p'
      // Each order is an index's own order, ending with status and id (migrations 5, 6 and 14): a page is read
      // from the index, merged records skipped in it, with no sort even deep; and the order is total (ties by
      // id), so that a page counted from the other end is the same page.
      orderOf = (o) =>
        ({
          // (name_folded, status)
          name: `p.name_folded ${o}, p.status ${o}, p.id ${o}`,
          // (fide_id, status)
          fideId: `p.fide_id ${o}, p.status ${o}, p.id ${o}`,
          // (federation, name_folded, status)
          federation: `p.federation ${o}, p.name_folded ${o}, p.status ${o}, p.id ${o}`,
          // (substr(birth_date, 1, 4), name_folded, status): the expression as the index has it
          birthYear: `substr(p.birth_date, 1, 4) ${o}, p.name_folded ${o}, p.status ${o}, p.id ${o}`,
          // (title, name_folded, status)
          title: `p.title ${o}, p.name_folded ${o}, p.status ${o}, p.id ${o}`
        })[sort]
    }
    const orderBy = orderOf(order)
    const flip: Dir = order === 'ASC' ? 'DESC' : 'ASC'
    if (text && !ftsText && !/^\d+$/.test(text)) return { total: 0, capped: false, rows: [] }
    if (sort === 'rating' && !text && (input.federation || status !== 'any')) {
      const list = this.lists[input.ratingType ?? 'standard']
      const held = list && this.heldByRating(list.id, input.federation?.toUpperCase() ?? null, status === 'any' ? null : status, order, offset, limit)
      if (held) return held
    }
    if (sort === 'rating' && !ftsText && where.length === 1) {
      // The whole list by rating: count and page on the list's order by rating alone, then fetch 50 players.
      const listId = params[0] as number
      const stored = this.db.prepare('SELECT entry_count AS entries, rated_count AS rated FROM rating_lists WHERE id = ?').get(listId) as { entries: number | null; rated: number | null }
      // a frozen list's counts are stored (migration 11) and its order by rating marked (migration 15): a page starts at
      // the mark before it, not at either end of the list (a page in the middle of 820,000 entries stepped over 410,000)
      if (stored.entries !== null && stored.rated !== null) {
        const marked = this.markedRatingPage(listId, { entries: stored.entries, rated: stored.rated }, order === 'DESC', offset, limit)
        if (marked) {
          return { total: stored.entries, capped: false, rows: this.rowsOf(marked) }
        }
      }
      const total = stored.entries ?? this.count('SELECT count(*) AS n FROM rating_list_entries WHERE list_id = ?', [listId])
      if (offset >= total) return { total, capped: false, rows: [] }
      // the list's order by rating (migration 23) as this table orders it: ascending the unrated first, then the rated;
      // descending the rated, then the unrated (each by id that way)
      const parts = (o: Dir): OrderPart[] => {
        const rated = { sql: `SELECT player_id FROM list_by_rating WHERE list_id = ? AND key < ${UNRATED_KEY} ORDER BY key ${o}, player_id ${o}`, params: [listId] }
        const unrated = { sql: `SELECT player_id FROM list_by_rating WHERE list_id = ? AND key = ${UNRATED_KEY} ORDER BY player_id ${o}`, params: [listId] }
        return o === 'ASC' ? [unrated, rated] : [rated, unrated]
      }
      const idsOf = (o: Dir, skip: number, count: number): number[] => readParts<{ player_id: number }>(this.db, parts(o), skip, count).map((r) => r.player_id)
      const back = fromTheEnd(total, offset, limit)
      const ids = back ? idsOf(flip, back.offset, back.limit).reverse() : idsOf(order, offset, Math.min(limit, total - offset))
      return { total, capped: false, rows: this.rowsOf(ids) }
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const all = [...fromParams, ...params]
    const countSql = `SELECT count(*) AS n FROM ${from} ${whereSql}`
    const pageSql = `SELECT ${PLAYER_COLUMNS} FROM ${from} ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`
    const slot = this.countSlot(countSql, all)
    // the table as it opens (no filter, merged records left out): the count migration 12's triggers keep
    const unfiltered = !ftsText && params.length === 0 && where.length === 1 && where[0] === statusCondition('any')
    // a status, a federation or both (no text): the bucket counts of migrations 18 and 19 per status
    const federation = input.federation ? input.federation.toUpperCase() : null
    const counted = !text && sort !== 'rating' && (status !== 'any' || federation !== null)
    let total = slot.known ?? (unfiltered ? (storedPlayerCount(this.db) ?? undefined) : counted ? bucketTotal(this.db, status, federation) : undefined)
    if (!ftsText && offset >= FROM_THE_END_AFTER) {
      // A deep page: SQLite steps over OFFSET rows one by one, so a page past the middle is read from the other
      // end (the same rows: the order is total), and a jump to the last pages costs what the first ones do.
      total ??= this.count(countSql, all)
      if ((unfiltered || counted) && sort !== 'rating') {
        // from the bucket counts of migrations 18 and 19, a walk inside the page's bucket
        const ids = bucketPage(this.db, sort, { offset, limit, desc: order === 'DESC' }, total, { status, federation })
        if (ids) {
          return { total, capped: false, rows: this.rowsOf(ids) }
        }
      }
      const back = fromTheEnd(total, offset, limit)
      if (back) {
        const raws = this.db.prepare(`SELECT ${PLAYER_COLUMNS} FROM ${from} ${whereSql} ORDER BY ${orderOf(flip)} LIMIT ? OFFSET ?`).all(...all, back.limit, back.offset) as RawPlayer[]
        return { total, capped: false, rows: raws.reverse().map((r) => this.toRow(r)) }
      }
    }
    let raws: RawPlayer[]
    if (total === undefined && ftsText) {
      // A name search's first page brings its total along: the matches (a few thousand at most) are read once
      // for both, not once to count and again to sort.
      const rows = this.db
        .prepare(`SELECT ${PLAYER_COLUMNS}, count(*) OVER () AS matched FROM ${from} ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
        .all(...all, limit, offset) as (RawPlayer & { matched: number })[]
      if (rows.length) {
        total = rows[0]!.matched
        slot.remember(total)
      }
      raws = rows
    } else raws = this.db.prepare(pageSql).all(...all, limit, offset) as RawPlayer[]
    // (a page past the end says nothing of the total: it is counted then)
    total ??= this.count(countSql, all)
    const capped = ftsText !== null && total > MATCH_CAP
    if (capped) total = MATCH_CAP
    return { total, capped, rows: raws.map((r) => this.toRow(r)) }
  }
}
