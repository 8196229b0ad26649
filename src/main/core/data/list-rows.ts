// A list's rows for exports and top lists, read page by page (keyset paging: no statement stays open between
// pages and no list is ever held whole), filtered by category, federation, region and activity, sorted three ways.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { ExportCategory, ExportRow, ExportSort } from '../exports/types'
import { categoryCondition } from '../exports/categories'
import { listEntryCount } from './list-pages'
import { registrySpan, walksPlayers } from './list-order-marks'
import { UNRATED_KEY } from './list-by-rating'
import { delistedSql, publishedRatingSql } from './published-rating'

export interface ListRowsQuery {
  listId: number
  listDate: string
  sort: ExportSort
  category: ExportCategory
  federation: string | null
  /** Only the players of this region (players.region, migration 14). */
  region?: string | null
  /** Only players with a FIDE ID (FIDE's formats cannot carry the others). */
  fideIdOnly?: boolean
  /** Top lists: rated, active players only, at most this many. */
  top?: number
}

const columns = `p.id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames,
  coalesce(e.federation, p.federation) AS federation, p.region, coalesce(e.sex, p.sex) AS sex, coalesce(e.title, p.title) AS title,
  p.woman_title AS womanTitle, p.other_titles AS otherTitles, p.foa_title AS foaTitle,
  coalesce(e.birth_year, CAST(substr(p.birth_date, 1, 4) AS INTEGER)) AS birthYear,
  ${publishedRatingSql('e')} AS rating, e.games, e.k, e.flags, ${delistedSql('e')} AS delisted`

const birthYear = 'coalesce(e.birth_year, CAST(substr(p.birth_date, 1, 4) AS INTEGER))'

/** The filter of a query as SQL over `e` (entries) and `p` (players). */
function filterSql(q: ListRowsQuery): { sql: string; params: (string | number)[] } {
  const where: string[] = ['e.list_id = ?']
  const params: (string | number)[] = [q.listId]
  const c = categoryCondition(q.category, q.listDate)
  if (c.sex) {
    where.push('coalesce(e.sex, p.sex) = ?')
    params.push(c.sex)
  }
  if (c.bornFrom !== undefined) {
    where.push(`${birthYear} >= ?`)
    params.push(c.bornFrom)
  }
  if (c.bornUpTo !== undefined) {
    where.push(`${birthYear} <= ?`)
    params.push(c.bornUpTo)
  }
  if (q.federation) {
    where.push('coalesce(e.federation, p.federation) = ?')
    params.push(q.federation)
  }
  if (q.region) {
    where.push('p.region = ?')
    params.push(q.region)
  }
  if (q.fideIdOnly) where.push('p.fide_id IS NOT NULL')
  if (q.top !== undefined) where.push(`${publishedRatingSql('e')} IS NOT NULL AND (e.flags IS NULL OR instr(e.flags, 'i') = 0)`)
  return { sql: where.join(' AND '), params }
}

/** Rows the query gives (top lists: at most `top`). */
export function countListRows(db: Db, q: ListRowsQuery): number {
  const f = filterSql(q)
  const n = db.prepare(`SELECT count(*) FROM ${listTables(db, q.listId).entries} e JOIN players p ON p.id = e.player_id WHERE ${f.sql}`).pluck().get(...f.params) as number
  return q.top !== undefined ? Math.min(n, q.top) : n
}

/** Rows without a FIDE ID that a FIDE-format export leaves out (after the other filters). */
export function countRowsWithoutFideId(db: Db, q: ListRowsQuery): number {
  const f = filterSql({ ...q, fideIdOnly: false })
  return db.prepare(`SELECT count(*) FROM ${listTables(db, q.listId).entries} e JOIN players p ON p.id = e.player_id WHERE ${f.sql} AND p.fide_id IS NULL`).pluck().get(...f.params) as number
}

/**
 * One sort as phases, each one keyset-paged query: by rating the rated players, highest first (ties by id, as
 * the list screen pages), then the unrated; by name the folded name (in the order of the players' index: name,
 * status, id); by FIDE ID the players with one, then those without. A page starts after the previous page's
 * last row by a row-value comparison over `keys`, which SQLite answers from the index (no sort, no scan).
 */
interface Phase {
  where: string
  /** The phase's condition on the pages after the first, when it is not `where`. */
  whereAfter?: string
  keys: string[]
  dir: 'ASC' | 'DESC'
  /** What the walk reads in order: the list's order by rating (migration 23, `o`) or the players' index. */
  from: 'byRating' | 'players'
}

function phases(sort: ExportSort): Phase[] {
  if (sort === 'rating') {
    return [
      // after a cursor, the bound is the cursor's row value (`+`: the constant bound is only checked, else SQLite takes
      // it for the range and steps from the top of the list to the cursor at every page)
      { where: `o.key < ${UNRATED_KEY}`, whereAfter: `+o.key < ${UNRATED_KEY}`, keys: ['o.key', 'o.player_id'], dir: 'DESC', from: 'byRating' },
      { where: `o.key = ${UNRATED_KEY}`, keys: ['o.player_id'], dir: 'DESC', from: 'byRating' }
    ]
  }
  if (sort === 'name') return [{ where: '1', keys: ['p.name_folded', 'p.status', 'p.id'], dir: 'ASC', from: 'players' }]
  return [
    { where: 'p.fide_id IS NOT NULL', keys: ['p.fide_id'], dir: 'ASC', from: 'players' },
    { where: 'p.fide_id IS NULL', keys: ['p.id'], dir: 'ASC', from: 'players' }
  ]
}

/**
 * The rows in order, `pageSize` at a time. Each page is its own query that starts after the last row of the
 * previous page, so a caller may pause between rows (an HTTP response waiting for the network) while the
 * connection serves other calls, and no statement stays open.
 */
export function* listRows(db: Db, q: ListRowsQuery, pageSize = 5000): Generator<ExportRow> {
  const f = filterSql(q)
  const entries = listEntryCount(db, q.listId)
  // a list holding a good share of the registry walks the players' index in order (see lists:entries)
  const bigList = walksPlayers(entries, registrySpan(db))
  let left = q.top ?? Number.POSITIVE_INFINITY
  const t = listTables(db, q.listId)
  for (const ph of phases(q.sort)) {
    const from =
      ph.from === 'byRating'
        ? `${t.byRating} o CROSS JOIN ${t.entries} e ON e.list_id = o.list_id AND e.player_id = o.player_id CROSS JOIN players p ON p.id = e.player_id`
        : bigList
          ? `players p CROSS JOIN ${t.entries} e ON e.player_id = p.id`
          : `${t.entries} e JOIN players p ON p.id = e.player_id`
    const keyCols = ph.keys.map((k, i) => `${k} AS k${i}`).join(', ')
    const order = ph.keys.map((k) => `${k} ${ph.dir}`).join(', ')
    const after = `(${ph.keys.join(', ')}) ${ph.dir === 'ASC' ? '>' : '<'} (${ph.keys.map(() => '?').join(', ')})`
    const first = db.prepare(`SELECT ${columns}, ${keyCols} FROM ${from} WHERE ${f.sql} AND ${ph.where} ORDER BY ${order} LIMIT ?`)
    const next = db.prepare(`SELECT ${columns}, ${keyCols} FROM ${from} WHERE ${f.sql} AND ${ph.whereAfter ?? ph.where} AND ${after} ORDER BY ${order} LIMIT ?`)
    let cursor: unknown[] | null = null
    for (;;) {
      if (left <= 0) return
      const limit = Math.min(pageSize, left)
      const page = (cursor ? next.all(...f.params, ...cursor, limit) : first.all(...f.params, limit)) as Record<string, unknown>[]
      // the rows keep their sort keys (k0, k1, ...) beside the values: writers read the values by name
      for (const r of page) yield r as unknown as ExportRow
      left -= page.length
      if (page.length < limit) break
      const last = page[page.length - 1]!
      cursor = ph.keys.map((_k, i) => last[`k${i}`])
    }
  }
}
