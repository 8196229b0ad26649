// Read side of rating lists: the lists held, and one list's entries paged, sorted and searched.
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import type { ListSummary } from '../../../shared/contract/lists'
import type { OfficeListCall } from '../../../shared/contract/office-lists'
import type { ListOutCall } from '../../../shared/contract/list-out'
import { ftsQuery } from '../data/player-search'
import { listBefore, listChain, type ListRef } from '../data/lists'
import { getListSummary, listSummaries, pageIds, ratedCount, rowsFor, searchPage } from '../data/list-pages'

export { displayName, getListSummary } from '../data/list-pages'

/** The longest FIDE ID has 10 digits; a prefix stands for one index range per possible length. */
const FIDE_ID_MAX_DIGITS = 10

/** FIDE IDs that start with `digits`, as [low, high] ranges (no FIDE ID starts with 0). */
export function fideIdPrefixRanges(digits: string): [number, number][] {
  if (!/^[1-9]\d*$/.test(digits) || digits.length > FIDE_ID_MAX_DIGITS) return []
  const p = Number(digits)
  const ranges: [number, number][] = []
  for (let len = digits.length; len <= FIDE_ID_MAX_DIGITS; len++) {
    const scale = 10 ** (len - digits.length)
    ranges.push([p * scale, (p + 1) * scale - 1])
  }
  return ranges
}

/**
 * SQL condition and parameters for "name or FIDE ID" search on the players table aliased `p`. Digits match
 * FIDE IDs starting with them (index ranges); words must each start a word of the folded name, in any order
 * (so "magnus carl" finds "Carlsen, Magnus"), through the registry's FTS index over players.name_folded.
 * Punctuation alone filters nothing.
 */
export function playerSearchCondition(search: string): { sql: string; params: (string | number)[]; fts?: string } | null {
  const text = search.trim()
  if (!text) return null
  if (/^\d+$/.test(text)) {
    const ranges = fideIdPrefixRanges(text)
    if (!ranges.length) return { sql: '0', params: [] }
    return { sql: `(${ranges.map(() => 'p.fide_id BETWEEN ? AND ?').join(' OR ')})`, params: ranges.flat() }
  }
  const q = ftsQuery(text)
  return q ? { sql: 'p.id IN (SELECT rowid FROM players_fts WHERE players_fts MATCH ?)', params: [q], fts: q } : null
}

/** The list a page is compared with: the list of its own chain in force just before its date (listBefore, the listInForce rule). */
export function previousList(db: Db, list: ListSummary): ListRef | null {
  return listBefore(db, list.listDate, list.ratingType, listChain(list))
}

export const listsHandlers: Omit<HandlersOf<'lists'>, OfficeListCall | ListOutCall> = {
  'lists:list': (input, { db }) => {
    return listSummaries(db, input)
  },

  'lists:entries': (input, { db }) => {
    const list = getListSummary(db, input.listId)
    const previous = previousList(db, list)
    const cond = input.search ? playerSearchCondition(input.search) : null
    if (!cond) {
      // by rating, a page's place in the list gives each rated row its rank among the rated (a delisted entry has none)
      const ranks = input.sort === 'rating' ? { offset: input.offset, order: input.order, rated: ratedCount(db, input.listId) } : undefined
      return { list, previous, total: list.entries, capped: false, rows: rowsFor(db, input.listId, pageIds(db, input, list.entries), previous?.id ?? null, ranks) }
    }
    // a search narrows the players first (counted up to a cap when they are many: `capped`)
    const { total, capped, ids } = searchPage(db, input, cond, list.entries)
    return { list, previous, total, capped, rows: rowsFor(db, input.listId, ids, previous?.id ?? null) }
  }
}
