// A search inside a list (issue 12, lists:entries with a search): a narrow search counts and sorts its matches, a broad
// one (a common surname, a prefix matching a tenth or all of the registry, a FIDE ID's first digits) counts them up to
// a cap and walks the list in the page's order; every page is the plain query's page (same rows, same order), sorted by
// rating, name or FIDE ID, both ways, on a list holding most of the registry and on a small one, before and after
// renames; the count is exact below the cap and says "at least" (capped) past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { storeListCounts, LIST_SEARCH_CAP } from '../../../../src/main/core/data/list-pages'
import { DENSE_SEARCH, SURNAME_SEARCH, registryMatches } from '../../../../src/main/core/data/archive'
import { listsHandlers, playerSearchCondition } from '../../../../src/main/core/services/lists'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
let db: Db
const PLAYERS = 30_000

beforeAll(() => {
  db = openDatabase(tmp.file('list-search.db'))
  db.transaction(() => {
    // one player in ten a Kumar (3,000: between DENSE_SEARCH and SURNAME_SEARCH), the others one of 97 "surN" (27,000
    // matching "sur": above SURNAME_SEARCH), all given names "givN" of 13; FIDE IDs 100000 + id, none for one in 17
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation)
       SELECT i, CASE WHEN i % 17 = 0 THEN NULL ELSE 100000 + i END, s, 'Giv' || (i % 13), lower(s) || ' giv' || (i % 13), 'IND'
         FROM (SELECT i, CASE WHEN i % 10 = 0 THEN 'Kumar' ELSE 'Sur' || (i * 7 % 97) END AS s FROM n)`
    ).run(PLAYERS)
    // list 1: two players in three, one entry in eleven unrated, many ties; list 2: one in seven (a small list)
    const add = (l: number, where: string): void => {
      db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')").run(l, `2025-0${l}-01`)
      db.prepare(
        `INSERT INTO rating_list_entries (list_id, player_id, rating, games, k)
         SELECT ?, id, CASE WHEN id % 11 = 0 THEN NULL ELSE 1000 + (id * 13) % 900 END, 0, 20 FROM players WHERE ${where}`
      ).run(l)
      storeListCounts(db, l)
    }
    add(1, 'id % 3 <> 0')
    add(2, 'id % 7 = 0')
  })()
})
afterAll(() => {
  db.close()
  tmp.cleanup()
})

const PLAIN_ORDER = {
  rating: (dir: string) => `(e.rating IS NULL), e.rating ${dir}, p.id ${dir}`,
  name: (dir: string) => `p.name_folded ${dir}, p.id ${dir}`,
  fideId: (dir: string) => `p.fide_id ${dir}, p.id ${dir}`
}

/** The plain query's matches on the list in the given order: every match looked up, all sorted. */
function plain(listId: number, search: string, sort: keyof typeof PLAIN_ORDER, dir: 'ASC' | 'DESC'): number[] {
  const cond = playerSearchCondition(search)!
  return db
    .prepare(`SELECT p.id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND ${cond.sql} ORDER BY ${PLAIN_ORDER[sort](dir)}`)
    .pluck()
    .all(listId, ...cond.params) as number[]
}

function page(listId: number, search: string, sort: keyof typeof PLAIN_ORDER, order: 'asc' | 'desc', offset: number, limit = 50): { total: number; capped: boolean; ids: number[] } {
  const out = listsHandlers['lists:entries']({ listId, offset, limit, sort, order, search }, { db } as unknown as ServiceContext) as {
    total: number
    capped: boolean
    rows: { playerId: number }[]
  }
  return { total: out.total, capped: out.capped, ids: out.rows.map((r) => r.playerId) }
}

/** Pages at the start, across the rated/unrated boundary and at the end of what the count allows, against the plain query. */
function expectSamePages(listId: number, search: string): { total: number; capped: boolean; all: number } {
  let seen: { total: number; capped: boolean; all: number } | null = null
  for (const sort of ['rating', 'name', 'fideId'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      const all = plain(listId, search, sort, order === 'asc' ? 'ASC' : 'DESC')
      const first = page(listId, search, sort, order, 0)
      if (first.capped) {
        expect(first.total, `${search} ${sort} ${order}: capped total`).toBeLessThanOrEqual(all.length)
        expect(first.total).toBeLessThanOrEqual(LIST_SEARCH_CAP)
      } else expect(first.total, `${search} ${sort} ${order}: total`).toBe(all.length)
      const rated = db.prepare(`SELECT count(*) FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND e.rating IS NOT NULL AND ${playerSearchCondition(search)!.sql}`).pluck().get(listId, ...playerSearchCondition(search)!.params) as number
      const offsets = [0, 37, 950, rated - 20, first.total - 30, first.total - 1].filter((o) => o >= 0 && o < first.total)
      for (const offset of offsets) {
        const got = page(listId, search, sort, order, offset)
        expect(got.ids, `${search} list ${listId} ${sort} ${order} offset ${offset}`).toEqual(all.slice(offset, Math.min(offset + 50, first.total)))
        expect([got.total, got.capped]).toEqual([first.total, first.capped])
      }
      expect(page(listId, search, sort, order, first.total).ids).toEqual([])
      // the same count whatever the order
      if (seen) expect([first.total, first.capped, all.length], `${search} ${sort} ${order}`).toEqual([seen.total, seen.capped, seen.all])
      seen = { total: first.total, capped: first.capped, all: all.length }
    }
  }
  return seen!
}

describe('a search inside a list', () => {
  it('the test registry holds the three kinds of search: narrow, a set of matches, a tenth or more of the registry', () => {
    const count = (s: string): number => registryMatches(db, playerSearchCondition(s)!, SURNAME_SEARCH)
    expect(count('kumar giv1')).toBeLessThan(DENSE_SEARCH)
    expect(count('kumar')).toBe(3000)
    expect(count('10')).toBeGreaterThanOrEqual(DENSE_SEARCH) // FIDE IDs 100000-109999
    expect(count('10')).toBeLessThan(SURNAME_SEARCH)
    expect(count('sur')).toBe(SURNAME_SEARCH)
    expect(count('1')).toBe(SURNAME_SEARCH)
  })

  it('a narrow search counts exactly and pages as the plain query, on a big and a small list', () => {
    for (const l of [1, 2]) expect(expectSamePages(l, 'kumar giv1').capped).toBe(false)
  })

  it('a common surname: the count stops at the cap and says so; the pages are the plain query’s', () => {
    expect(expectSamePages(1, 'kumar')).toEqual({ total: LIST_SEARCH_CAP, capped: true, all: 2000 })
    // on the small list: 428 Kumars, every one of the registry's looked at (3,000 < MATCH_CAP): exact
    expect(expectSamePages(2, 'kumar')).toEqual({ total: 428, capped: false, all: 428 })
  })

  it('two or three letters matching most of the registry, two words, a FIDE ID’s first digits: the same pages', () => {
    expect(expectSamePages(1, 'su')).toMatchObject({ total: LIST_SEARCH_CAP, capped: true })
    expect(expectSamePages(1, 'sur giv1')).toMatchObject({ total: LIST_SEARCH_CAP, capped: true })
    expect(expectSamePages(1, '10')).toMatchObject({ total: LIST_SEARCH_CAP, capped: true })
    expect(expectSamePages(1, '1')).toMatchObject({ total: LIST_SEARCH_CAP, capped: true })
    // the small list: fewer on the list than the cap among the registry's first 5,000 matches, more of them unread:
    // "at least" that many
    const small = expectSamePages(2, 'sur')
    expect(small.capped).toBe(true)
    expect(small.total).toBeLessThan(small.all)
  })

  it('after renames (into and out of a common surname, a new first word, the surname as a later word) the pages follow the names', () => {
    const rename = db.prepare("UPDATE players SET surname = ?, name_folded = ? || ' giv' || (id % 13) WHERE id = ?")
    for (const id of [30, 60, 90, 120]) rename.run('Zed', 'zed', id) // Kumars no longer
    for (const id of [1, 2, 4, 5, 7]) rename.run('Kumar', 'kumar', id) // Kumars now, at the front of the ids
    rename.run('Sukumar', 'sukumar', 8) // matches "su" by a new surname, not "kumar"
    // "kumar" as a later word of the name: matches, outside the range of names starting with it (first and last by name)
    const given = db.prepare("UPDATE players SET given_names = 'Kumar', name_folded = ? WHERE id = ?")
    given.run('aaa kumar', 11)
    given.run('zzz kumar', 14)
    for (const search of ['kumar', 'su', 'zed', 'kumar giv1']) {
      expectSamePages(1, search)
      expectSamePages(2, search)
    }
  })
})
