// The checks of a list's order marks (migrations 13 and 15, data/list-order-marks.ts): every mark's rank exact, every
// page by each order, both ways, the page the plain ORDER BY ... OFFSET gives.
import { expect } from 'vitest'
import { NO_FIDE_ID, UNRATED, type MarkedSort } from '../../../../src/main/core/data/list-order-marks'
import { listsHandlers } from '../../../../src/main/core/services/lists'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import type { Db } from '../../../../src/main/core/db/open'

export const SORTS: MarkedSort[] = ['name', 'fideId', 'rating']

/** Each order's key over `p` and `e`, as the marks hold it (never NULL). */
export const KEY: Record<MarkedSort, string> = { name: 'p.name_folded', fideId: `coalesce(p.fide_id, ${NO_FIDE_ID})`, rating: `coalesce(e.rating, ${UNRATED})` }
/** Each order as the plain query writes it, one way or the other. */
export const PLAIN: Record<MarkedSort, (dir: string) => string> = {
  name: (dir) => `p.name_folded ${dir}, p.id ${dir}`,
  fideId: (dir) => `p.fide_id ${dir}, p.id ${dir}`,
  rating: (dir) => `(e.rating IS NULL), e.rating ${dir}, p.id ${dir}`
}

export type Mark = { sort: MarkedSort; key: string | number; player_id: number; rank: number }
export const marksOf = (db: Db, listId: number, sort: MarkedSort): Mark[] =>
  db.prepare('SELECT sort, key, player_id, rank FROM list_marks WHERE list_id = ? AND sort = ? ORDER BY rank, key, player_id').all(listId, sort) as Mark[]

/** Every mark's rank is the number of the list's entries whose (key, id) sorts before the mark's, in every order. */
export function expectExactRanks(db: Db, listId: number): void {
  for (const sort of SORTS) {
    const below = db
      .prepare(`SELECT count(*) FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND (${KEY[sort]}, p.id) < (?, ?)`)
      .pluck()
    for (const m of marksOf(db, listId, sort)) expect(below.get(listId, m.key, m.player_id), `list ${listId} ${sort} mark ${m.key} ${m.player_id}`).toBe(m.rank)
  }
}

/** Every page of `size` rows in every order, both ways, as lists:entries gives it and as the plain OFFSET walk gives it. */
export function expectPagesRight(db: Db, listId: number, size = 41): void {
  const entries = db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(listId) as number
  for (const sort of SORTS) {
    for (const dir of ['ASC', 'DESC'] as const) {
      const plain = db
        .prepare(`SELECT p.id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? ORDER BY ${PLAIN[sort](dir)} LIMIT ? OFFSET ?`)
        .pluck()
      for (let offset = 0; offset < entries + size; offset += size) {
        const page = listsHandlers['lists:entries']({ listId, offset, limit: size, sort, order: dir === 'ASC' ? 'asc' : 'desc' }, { db } as unknown as ServiceContext) as {
          rows: { playerId: number }[]
        }
        expect(page.rows.map((r) => r.playerId), `list ${listId} ${sort} ${dir} offset ${offset}`).toEqual(plain.all(listId, size, offset))
      }
    }
  }
}

/**
 * Players 1..n whose orders cross in every way: 97 surnames and 13 given names (many share a name), one in five without
 * FIDE ID (the front segment of that order), FIDE IDs in no relation to the ids (7919 × id mod 10007).
 */
export function seedMarkPlayers(db: Db, n: number): void {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation)
     SELECT i, CASE WHEN i % 5 = 0 THEN NULL ELSE 100000 + (i * 7919) % 10007 END, 'Sur' || (i * 7 % 97), 'Giv' || (i % 13),
            'sur' || (i * 7 % 97) || ' giv' || (i % 13), 'FRA' FROM n`
  ).run(n)
}
