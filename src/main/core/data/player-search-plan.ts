// How a players search becomes SQL: its words as an FTS5 query, its filters, the rows and the orders its page is read
// from, and the tests that choose among the ways to read a page (data/player-search.ts, PlayerReader.search).
import type { RatingType } from '../model/tournament'
import { foldName } from '../registry/names'
import { statusCondition } from './registry-buckets'

/** Name searches look at no more than this many matches (a page of a broader search says "more than"). */
export const MATCH_CAP = 5000

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

export type Dir = 'ASC' | 'DESC'

/** From this offset on, a page past the middle is read backwards from the end (see PlayerReader.search). */
const FROM_THE_END_AFTER = 5000

/** The page [offset, offset + limit) of `total` rows as read from the other end, when it lies past the middle. */
export function fromTheEnd(total: number, offset: number, limit: number): { offset: number; limit: number } | null {
  if (offset < FROM_THE_END_AFTER || offset >= total || offset + limit / 2 <= total / 2) return null
  const n = Math.min(limit, total - offset)
  return { offset: total - offset - n, limit: n }
}

/** The current reference lists a rating sort pages through, by rating type. */
export type CurrentLists = Record<RatingType, { id: number; listDate: string } | null>

/** A search as SQL: its filters, the rows they are read from, its orders, before a way to read its page is chosen. */
export function planSearch(input: SearchPlayersInput, lists: CurrentLists): PageQuery {
  const text = input.text?.trim() ?? ''
  const digits = /^\d+$/.test(text)
  const plan = text && !digits ? ftsPlan(text) : null
  const fts = plan?.match ?? null
  const status = input.status ?? 'any'
  const sort = input.sort ?? 'name'
  const list = sort === 'rating' ? lists[input.ratingType ?? 'standard'] : null
  const filter = searchFilter(input, text, digits, plan, status, sort)
  const { from, params, orderOf } = sort === 'rating' ? byRating(fts, filter.ftsLimit, list) : byPlayer(fts, filter.ftsLimit, sort)
  // a rating-sorted page without FTS filters on its list (the list's id first)
  if (sort === 'rating' && !fts && list) {
    filter.where.unshift('e.list_id = ?')
    filter.params.unshift(list.id)
  }
  const where = filter.where
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const federation = input.federation ? input.federation.toUpperCase() : null
  return {
    input,
    offset: Math.max(input.offset ?? 0, 0),
    limit: Math.min(Math.max(input.limit ?? 50, 1), 500),
    order: input.order === 'desc' ? 'DESC' : 'ASC',
    text,
    fts,
    federation,
    status,
    sort,
    list,
    // a rating sort without a list; text that is neither an ID nor a word
    nothing: (sort === 'rating' && !list) || (text !== '' && !fts && !digits),
    from,
    where,
    whereSql,
    params: [...params, ...filter.params],
    orderOf,
    // the table as it opens (no filter, merged records left out): the count migration 12's triggers keep
    unfiltered: !fts && filter.params.length === 0 && where.length === 1 && where[0] === statusCondition('any'),
    // a status, a federation or both (no text): the bucket counts of migrations 18 and 19 per status
    bucketed: !text && sort !== 'rating' && (status !== 'any' || federation !== null),
    countSql: `SELECT count(*) AS n FROM ${from} ${whereSql}`
  }
}

/** A search as the page strategies read it. */
export interface PageQuery {
  input: SearchPlayersInput
  offset: number
  limit: number
  order: Dir
  text: string
  /** The FTS5 match of a name search (null: none). */
  fts: string | null
  /** The federation filter, upper case (null: none). */
  federation: string | null
  status: NonNullable<SearchPlayersInput['status']>
  sort: PlayerSort
  /** The reference list a rating sort pages through (null: another sort, or no such list). */
  list: { id: number; listDate: string } | null
  nothing: boolean
  from: string
  where: string[]
  whereSql: string
  /** The FROM's parameters, then the WHERE's. */
  params: unknown[]
  orderOf: (o: Dir) => string
  unfiltered: boolean
  bucketed: boolean
  countSql: string
  /** Where the count is remembered, and the total known so far (set by knownTotal, then by a read that counts). */
  slot?: { known: number | undefined; remember(total: number): void }
  total?: number
  /** The rating list's stored counts, once read. */
  stored?: StoredCounts
}

export interface StoredCounts {
  entries: number | null
  rated: number | null
}

export const flipped = (o: Dir): Dir => (o === 'ASC' ? 'DESC' : 'ASC')

/** A rating-sorted page of no text with a federation or a status filter: rating_order may hold it. */
export function filterByRating(q: PageQuery): boolean {
  return q.sort === 'rating' && !q.text && (Boolean(q.input.federation) || q.status !== 'any')
}

/** The whole list by rating: no filter but the list's own. */
export function wholeListByRating(q: PageQuery): boolean {
  return q.sort === 'rating' && !q.fts && q.where.length === 1
}

/** A deep page of a query without a name search. */
export function deepPage(q: PageQuery): boolean {
  return !q.fts && q.offset >= FROM_THE_END_AFTER
}

/** The search's filters as WHERE terms, and how many FTS matches a name search looks at. */
function searchFilter(
  input: SearchPlayersInput,
  text: string,
  digits: boolean,
  plan: ReturnType<typeof ftsPlan>,
  status: NonNullable<SearchPlayersInput['status']>,
  sort: PlayerSort
): { where: string[]; params: unknown[]; ftsLimit: number } {
  const where: string[] = []
  const params: unknown[] = []
  if (digits) {
    where.push('(p.fide_id = ? OR p.national_id = ?)')
    params.push(Number(text), text)
  } else if (plan && !plan.exact) {
    where.push('words_prefix_match(p.name_folded, ?)')
    params.push(plan.words.join(' '))
  }
  if (input.federation) {
    where.push('p.federation = ?')
    params.push(input.federation.toUpperCase())
  }
  // A rating-sorted page shows the list as it is (an entry left on a merged record included), so the
  // unfiltered case pages through the list's order by rating alone (list_by_rating, migration 23).
  // (the status as a literal: see statusCondition)
  if (status !== 'any' || sort !== 'rating') where.push(statusCondition(status))
  // FTS matches drive the query (at most MATCH_CAP + 1 of them): a two-letter prefix on two million names
  // stays fast, and the page says "more than MATCH_CAP" instead of counting them all.
  // a cut prefix is checked again on the name, so it may look at more candidates
  const ftsLimit = plan && !plan.exact ? MATCH_CAP * 10 : MATCH_CAP + 1
  return { where, params, ftsLimit }
}

/** The FTS matches a name search starts from (at most `limit`). */
function matchesOf(limit: number): string {
  return `(SELECT rowid AS id FROM players_fts WHERE players_fts MATCH ? LIMIT ${limit}) m`
}

/**
 * A rating sort's rows: a search's matches (at most MATCH_CAP) on the list, sorted; a filter without one on a current
 * reference list is read from rating_order (heldByRating), so only a list not held there sorts its entries.
 */
function byRating(fts: string | null, ftsLimit: number, list: { id: number } | null): { from: string; params: unknown[]; orderOf: (o: Dir) => string } {
  const orderOf = (o: Dir): string => `e.rating ${o}, e.player_id ${o}`
  if (!fts) return { from: 'rating_list_entries e CROSS JOIN players p ON p.id = e.player_id', params: [], orderOf }
  return { from: `${matchesOf(ftsLimit)} CROSS JOIN rating_list_entries e ON e.list_id = ? AND e.player_id = m.id CROSS JOIN players p ON p.id = e.player_id`, params: [fts, list?.id], orderOf }
}

/**
 * Any other sort's rows. Each order is an index's own order, ending with status and id (migrations 5, 6 and 14): a
 * page is read from the index, merged records skipped in it, with no sort even deep; and the order is total (ties by
 * id), so that a page counted from the other end is the same page.
 */
function byPlayer(fts: string | null, ftsLimit: number, sort: Exclude<PlayerSort, 'rating'>): { from: string; params: unknown[]; orderOf: (o: Dir) => string } {
  const orderOf = (o: Dir): string =>
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
  return { from: fts ? `${matchesOf(ftsLimit)} CROSS JOIN players p ON p.id = m.id` : 'players p', params: fts ? [fts] : [], orderOf }
}
