// Read side of rating lists: the lists held, and one list's entries paged, sorted and searched.
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import type { ListEntryRow, ListSummary } from '../../../shared/contract/lists'
import { UserError } from '../util/errors'
import { foldName } from '../registry/names'

const summaryColumns = `l.id, l.kind, l.list_date AS listDate, l.rating_type AS ratingType, l.source, l.edition,
  l.status, l.version, l.supersedes_id AS supersedesId, l.checksum, l.file_name AS fileName,
  l.created_at AS createdAt, l.published_at AS publishedAt,
  (SELECT count(*) FROM rating_list_entries e WHERE e.list_id = l.id) AS entries`

export function getListSummary(db: Db, listId: number): ListSummary {
  const row = db.prepare(`SELECT ${summaryColumns} FROM rating_lists l WHERE l.id = ?`).get(listId) as ListSummary | undefined
  if (!row) throw new UserError('lists.notFound', { listId })
  return row
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * SQL condition and parameters for "name or FIDE ID" search on the players table aliased `p`: a number
 * matches FIDE IDs starting with it; words must each appear in the folded name, in any order
 * (so "magnus carlsen" finds "Carlsen, Magnus"); punctuation alone filters nothing.
 */
export function playerSearchCondition(search: string): { sql: string; params: string[] } | null {
  const text = search.trim()
  if (!text) return null
  if (/^\d+$/.test(text)) return { sql: `CAST(p.fide_id AS TEXT) LIKE ? ESCAPE '\\'`, params: [`${text}%`] }
  // folded exactly as players.name_folded is written, so accents, case and punctuation never matter
  const words = foldName(text)
    .split(' ')
    .filter((w) => w.length > 0)
  if (words.length === 0) return null
  return {
    sql: words.map(() => `p.name_folded LIKE ? ESCAPE '\\'`).join(' AND '),
    params: words.map((w) => `%${escapeLike(w)}%`)
  }
}

const sortSql = {
  // entries without a rating (unrated in a draft) stay at the end in both directions
  rating: (dir: string) => `(e.rating IS NULL), e.rating ${dir}, p.surname COLLATE NOCASE ASC, p.given_names COLLATE NOCASE ASC, p.id ASC`,
  name: (dir: string) => `p.surname COLLATE NOCASE ${dir}, p.given_names COLLATE NOCASE ${dir}, p.id ${dir}`,
  fideId: (dir: string) => `(p.fide_id IS NULL), p.fide_id ${dir}, p.id ${dir}`
} as const

export function displayName(surname: string, givenNames: string): string {
  return givenNames ? `${surname}, ${givenNames}` : surname
}

export const listsHandlers: HandlersOf<'lists'> = {
  'lists:list': (input, { db }) => {
    const where: string[] = []
    const params: string[] = []
    if (input.kind) {
      where.push('l.kind = ?')
      params.push(input.kind)
    }
    if (input.ratingType) {
      where.push('l.rating_type = ?')
      params.push(input.ratingType)
    }
    if (input.status) {
      where.push('l.status = ?')
      params.push(input.status)
    }
    const sql = `SELECT ${summaryColumns} FROM rating_lists l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY l.list_date DESC, l.rating_type ASC, l.kind ASC, l.version DESC, l.id DESC`
    return db.prepare(sql).all(...params) as ListSummary[]
  },

  'lists:entries': (input, { db }) => {
    const list = getListSummary(db, input.listId)
    const cond = input.search ? playerSearchCondition(input.search) : null
    const where = `e.list_id = ?${cond ? ` AND (${cond.sql})` : ''}`
    const params: (string | number)[] = [input.listId, ...(cond?.params ?? [])]
    const total = (
      db.prepare(`SELECT count(*) AS n FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE ${where}`).get(...params) as {
        n: number
      }
    ).n
    const dir = input.order === 'asc' ? 'ASC' : 'DESC'
    const rows = db
      .prepare(
        `SELECT p.id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames,
                coalesce(e.federation, p.federation) AS federation, coalesce(e.title, p.title) AS title,
                coalesce(e.sex, p.sex) AS sex,
                coalesce(e.birth_year, CAST(substr(p.birth_date, 1, 4) AS INTEGER)) AS birthYear,
                e.rating, e.games, e.k, e.flags
           FROM rating_list_entries e JOIN players p ON p.id = e.player_id
          WHERE ${where}
          ORDER BY ${sortSql[input.sort](dir)}
          LIMIT ? OFFSET ?`
      )
      .all(...params, input.limit, input.offset) as Omit<ListEntryRow, 'name'>[]
    return { list, total, rows: rows.map((r) => ({ ...r, name: displayName(r.surname, r.givenNames) })) }
  }
}
