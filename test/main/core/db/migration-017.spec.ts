// Migration 17 (the players screen filtered by a federation, every order from an index, issue 14): on a version-16
// database the current reference lists (the newest of each type of FIDE's chain) are held in `rating_order` by the
// registry's federation and rating; every page of a federation by rating, both ways, with every status filter, is the
// plain query's page (entries joined to their players, ORDER BY rating, player id ... OFFSET), and so is its total,
// through federation and status changes, a player losing and getting a federation, a merge and its undo, a newer
// reference list stored, and a bulk first load; the pages by FIDE ID, birth year and title read the federation's
// range of an index (no sort) and are the plain query's.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { syncRatingOrders } from '../../../../src/main/core/data/rating-order'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { PlayerReader, type PlayerSort } from '../../../../src/main/core/data/player-search'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { migratedTo } from '../../../helpers/migrated'
import { writeSyntheticCombinedList } from '../../../helpers/synthetic-list'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 1200
const FEDERATIONS = ['FRA', 'BEL', 'GER', 'XYZ']
const STATUSES = ['any', 'active', 'inactive', 'deceased', 'merged'] as const

/**
 * `rating_order` as it should be: every entry of the held lists whose player has a federation, read from the tables
 * (from migration 19 on, the players without one too, under '').
 */
function expectHeldExactly(db: Db): void {
  const all = (db.pragma('user_version', { simple: true }) as number) >= 19
  const derived = db
    .prepare(
      `SELECT e.list_id, ${all ? "coalesce(p.federation, '')" : 'p.federation'} AS federation, coalesce(e.rating, -1) AS rating, e.player_id, p.status FROM rating_list_entries e JOIN players p ON p.id = e.player_id
        WHERE e.list_id IN (SELECT list_id FROM rating_order_lists)${all ? '' : ' AND p.federation IS NOT NULL'} ORDER BY 1, 2, 3, 4`
    )
    .all()
  expect(db.prepare('SELECT list_id, federation, rating, player_id, status FROM rating_order ORDER BY 1, 2, 3, 4').all()).toEqual(derived)
}

/** Every page of `size` of every federation by rating, both ways, every status, on each current list: the plain query's. */
function expectRatingPagesRight(db: Db, size = 23): void {
  const reader = new PlayerReader(db, 'year')
  const lists = reader.currentLists()
  for (const type of ['standard', 'rapid'] as const) {
    const listId = lists[type]!.id
    for (const federation of FEDERATIONS) {
      for (const status of STATUSES) {
        const filter = `e.list_id = ? AND p.federation = ?${status === 'any' ? '' : ' AND p.status = ?'}`
        const params = status === 'any' ? [listId, federation] : [listId, federation, status]
        const total = db.prepare(`SELECT count(*) FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE ${filter}`).pluck().get(...params) as number
        for (const dir of ['ASC', 'DESC'] as const) {
          const plain = db.prepare(`SELECT p.id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE ${filter} ORDER BY e.rating ${dir}, e.player_id ${dir} LIMIT ? OFFSET ?`).pluck()
          for (let offset = 0; offset < total + size; offset += size) {
            const page = reader.search({ federation, status, sort: 'rating', ratingType: type, order: dir === 'ASC' ? 'asc' : 'desc', offset, limit: size })
            const where = `${type} ${federation} ${status} ${dir} offset ${offset}`
            expect(page.total, where).toBe(total)
            expect(page.rows.map((r) => r.id), where).toEqual(plain.all(...params, size, offset))
          }
        }
      }
    }
  }
}

/** The other orders of a federation's players, both ways, every page: the plain query's (it is the same query, on an index). */
function expectOtherPagesRight(db: Db, size = 37): void {
  const reader = new PlayerReader(db, 'year')
  const ORDER: Record<Exclude<PlayerSort, 'rating'>, (d: string) => string> = {
    name: (d) => `p.name_folded ${d}, p.status ${d}, p.id ${d}`,
    fideId: (d) => `p.fide_id ${d}, p.status ${d}, p.id ${d}`,
    federation: (d) => `p.federation ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`,
    birthYear: (d) => `substr(p.birth_date, 1, 4) ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`,
    title: (d) => `p.title ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`
  }
  for (const sort of ['fideId', 'birthYear', 'title'] as const) {
    for (const dir of ['ASC', 'DESC'] as const) {
      const plain = db.prepare(`SELECT p.id FROM players p WHERE p.federation = 'FRA' AND p.status <> 'merged' ORDER BY ${ORDER[sort](dir)} LIMIT ? OFFSET ?`).pluck()
      const total = db.prepare("SELECT count(*) FROM players WHERE federation = 'FRA' AND status <> 'merged'").pluck().get() as number
      for (let offset = 0; offset < total + size; offset += size) {
        const page = reader.search({ federation: 'FRA', sort, order: dir === 'ASC' ? 'asc' : 'desc', offset, limit: size })
        expect(page.rows.map((r) => r.id), `${sort} ${dir} offset ${offset}`).toEqual(plain.all(size, offset))
      }
    }
  }
}

describe('migration 17 (a federation’s pages in every order)', () => {
  const db = migratedTo(tmp.file('m17.db'), 16) as unknown as Db
  afterAll(() => db.close())
  db.transaction(() => {
    // four federations and players without one; statuses of every kind; many ties of rating; a sixth of the FIDE IDs
    // missing; titles and birth years for some
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status, birth_date, title)
       SELECT i, CASE WHEN i % 6 = 0 THEN NULL ELSE 100000 + (i * 7919) % 10007 END, 'Sur' || (i * 7 % 97), 'Giv' || (i % 13),
              'sur' || (i * 7 % 97) || ' giv' || (i % 13),
              CASE i % 9 WHEN 0 THEN NULL WHEN 1 THEN 'BEL' WHEN 2 THEN 'GER' ELSE 'FRA' END,
              CASE WHEN i % 17 = 0 THEN 'inactive' WHEN i % 29 = 0 THEN 'deceased' WHEN i % 31 = 0 THEN 'merged' ELSE 'active' END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE (1950 + i % 60) || '-01-01' END,
              CASE i % 23 WHEN 0 THEN 'GM' WHEN 1 THEN 'IM' ELSE NULL END FROM n`
    ).run(PLAYERS)
    // 1: standard, older; 2: standard, the newest of FIDE's chain; 3: rapid; 4: a federation's own standard list, newer
    // (another chain: not the players screen's rating)
    const lists: [number, string, string, string][] = [[1, '2025-01-01', 'standard', 'FIDE'], [2, '2025-02-01', 'standard', 'FIDE'], [3, '2025-02-01', 'rapid', 'FIDE'], [4, '2025-03-01', 'standard', 'FRA']]
    for (const [id, date, type, source] of lists) {
      db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, ?, ?, 'reference')").run(id, date, type, source)
      const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
      for (let i = 1; i <= PLAYERS; i++) if ((i + 2 * id) % 5 !== 0) add.run(id, i, i % 11 === 0 ? null : 1000 + ((i * 13 * id) % 300))
    }
    db.prepare(
      `UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id),
              rated_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id AND rating IS NOT NULL)`
    ).run()
  })()

  it('holds the current reference lists of FIDE’s chain, each entry under its player’s federation', () => {
    expect(migrate(db as never, migrations.filter((m) => m.version <= 17))).toEqual([17])
    expect(db.prepare('SELECT list_id FROM rating_order_lists ORDER BY 1').pluck().all()).toEqual([2, 3])
    expectHeldExactly(db)
    // list 2's unrated entries held under a federation: players i ≤ 1,200 with i % 11 = 0 (unrated), on list 2
    // ((i + 4) % 5 ≠ 0) and with a federation (i % 9 ≠ 0): 109 − 22 − 12 + 2 = 77
    expect(db.prepare('SELECT count(*) FROM rating_order WHERE list_id = 2 AND rating = -1').pluck().get()).toBe(77)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    // the pages are read by today's code, which counts rating_order by status (migration 19): on today's schema
    migrate(db as never, migrations)
    expectHeldExactly(db)
  })

  it('every page of a federation by rating, both ways, every status, is the plain query’s page, and its total', () => {
    expectRatingPagesRight(db)
  })

  it('answers from rating_order, not from the plain query', () => {
    // a row held deliberately wrong shows through: the page reads the held rows
    const one = db.prepare("SELECT player_id FROM rating_order WHERE list_id = 2 AND federation = 'BEL' AND status = 'active' LIMIT 1").pluck().get() as number
    db.prepare('UPDATE rating_order SET status = ? WHERE list_id = 2 AND player_id = ?').run('deceased', one)
    expect(new PlayerReader(db, 'year').search({ federation: 'BEL', status: 'deceased', sort: 'rating', limit: 500 }).rows.map((r) => r.id)).toContain(one)
    db.prepare('UPDATE rating_order SET status = ? WHERE list_id = 2 AND player_id = ?').run('active', one)
    expectHeldExactly(db)
  })

  it('keeps them exact through federation and status changes, a federation lost and found, a merge and its undo', () => {
    const set = (sql: string, ...ids: number[]): void => void db.prepare(sql).run(...ids)
    set("UPDATE players SET federation = 'BEL' WHERE id IN (?, ?, ?)", 4, 5, 7) // FRA → BEL
    set('UPDATE players SET federation = NULL WHERE id IN (?, ?)', 8, 10) // a federation lost (one of them BEL)
    set("UPDATE players SET federation = 'GER' WHERE id IN (?, ?)", 9, 18) // players without one get one
    set("UPDATE players SET status = 'deceased' WHERE id IN (?, ?)", 13, 14)
    set("UPDATE players SET status = 'inactive', federation = 'XYZ' WHERE id = ?", 16) // both at once
    set("UPDATE players SET federation = 'FRA', status = 'active' WHERE id = ?", 17) // a change back to what it was
    expectHeldExactly(db)
    // a FRA player on lists 2 and 3 merges into a BEL one on list 3 only: list 2's entry moves to the kept one
    const onLists = (id: number): number[] => db.prepare('SELECT list_id FROM rating_list_entries WHERE player_id = ? AND list_id IN (2, 3) ORDER BY 1').pluck().all(id) as number[]
    const pick = (federation: string, lists: number[]): number =>
      (db.prepare("SELECT id FROM players WHERE federation = ? AND status = 'active' ORDER BY id").pluck().all(federation) as number[]).find((id) => onLists(id).join() === lists.join())!
    const drop = pick('FRA', [2, 3])
    const keep = pick('BEL', [3])
    const merge = mergePlayers(db, keep, drop, 'same person')
    expect(onLists(keep)).toEqual([2, 3])
    expect(db.prepare('SELECT status FROM players WHERE id = ?').pluck().get(drop)).toBe('merged')
    expectHeldExactly(db)
    expectRatingPagesRight(db)
    undoMerge(db, merge.id, 'not the same person')
    expect(onLists(drop)).toEqual([2, 3])
    expect(onLists(keep)).toEqual([3])
    expectHeldExactly(db)
    expectRatingPagesRight(db)
    // a held list is frozen: no entry comes in (the guard of migration 11), so the table needs no trigger for it
    expect(() => db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (2, 3, 1500)').run()).toThrow(/takes no new entries/)
  })

  it('a newer reference list, once counted (as an import ends), takes the older one’s place', () => {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (5, 'reference', '2025-04-01', 'standard', 'FIDE', 'reference')").run()
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT 5, id, CASE WHEN id % 7 = 0 THEN NULL ELSE 1200 + id % 50 END, 0, 20 FROM players WHERE id % 4 <> 0').run()
    storeListCounts(db, 5)
    syncRatingOrders(db)
    expect(db.prepare('SELECT list_id FROM rating_order_lists ORDER BY 1').pluck().all()).toEqual([3, 5])
    expect(db.prepare('SELECT count(*) FROM rating_order WHERE list_id = 2').pluck().get()).toBe(0)
    expectHeldExactly(db)
    expectRatingPagesRight(db)
  })

  it('a federation’s pages by FIDE ID, birth year and title read its range of an index, no sort; each is the plain query’s', () => {
    const plan = (order: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN SELECT p.id FROM players p WHERE p.federation = ? AND p.status <> 'merged' ORDER BY ${order} LIMIT 50 OFFSET 0`).all('FRA') as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ')
    for (const d of ['ASC', 'DESC']) {
      expect(plan(`p.fide_id ${d}, p.status ${d}, p.id ${d}`)).toMatch(/^SEARCH p USING COVERING INDEX players_federation_fide_id \(federation=\?\)$/)
      expect(plan(`substr(p.birth_date, 1, 4) ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`)).toMatch(/^SEARCH p USING COVERING INDEX players_federation_birth_year \(federation=\?\)$/)
      expect(plan(`p.title ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`)).toMatch(/^SEARCH p USING COVERING INDEX players_federation_title \(federation=\?\)$/)
    }
    expectOtherPagesRight(db)
  })
})

describe('migration 17 and a bulk first load', () => {
  it('a first load into an empty registry holds its lists at the end, as a migration would', () => {
    const db = openDatabase(tmp.file('bulk.db'))
    try {
      importFideList(db, { file: writeSyntheticCombinedList(tmp.file('list.txt'), 3000), listDate: '2025-10-01', bulkThresholdBytes: 0 })
      expect(db.prepare('SELECT count(*) FROM rating_order_lists').pluck().get()).toBe(3)
      expectHeldExactly(db)
      const reader = new PlayerReader(db, 'year')
      for (const order of ['asc', 'desc'] as const) {
        const plain = db
          .prepare(
            `SELECT p.id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.federation = 'FRA'
              ORDER BY e.rating ${order}, e.player_id ${order} LIMIT 50 OFFSET 100`
          )
          .pluck()
          .all(reader.currentLists().standard!.id)
        expect(reader.search({ federation: 'fra', sort: 'rating', order, offset: 100 }).rows.map((r) => r.id)).toEqual(plain)
      }
    } finally {
      db.close()
    }
  })
})
