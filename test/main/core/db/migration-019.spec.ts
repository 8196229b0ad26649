// Migration 19 (the players screen's status filter from counts, issue 14): on a version-18 database the bucket counts
// are kept per status, the rare statuses get their partial indexes, `rating_order` holds the players without a
// federation too and is counted per (list, federation, status). Every page of every status filter (and 'any'), alone
// and with a federation, in every order both ways, and its total, is the plain ORDER BY ... LIMIT/OFFSET answer, through
// inserts, status changes (active, inactive, deceased), a merge and its undo, deletions and a bulk first load; a count
// made wrong shows through the players table.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { BUCKETS, bucketPage, bucketTotal, type BucketSort, type StatusFilter } from '../../../../src/main/core/data/registry-buckets'
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

const SORTS: BucketSort[] = ['name', 'fideId', 'federation', 'birthYear', 'title']
const STATUSES: StatusFilter[] = ['any', 'active', 'inactive', 'deceased', 'merged']
/** Each order as PlayerReader.search writes it. */
const ORDER: Record<Exclude<PlayerSort, 'rating'>, (d: string) => string> = {
  name: (d) => `p.name_folded ${d}, p.status ${d}, p.id ${d}`,
  fideId: (d) => `p.fide_id ${d}, p.status ${d}, p.id ${d}`,
  federation: (d) => `p.federation ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`,
  birthYear: (d) => `substr(p.birth_date, 1, 4) ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`,
  title: (d) => `p.title ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`
}
/** The plain filter: a status ('any': not merged away), a federation. */
const plainWhere = (status: StatusFilter, federation: string | null): string =>
  [status === 'any' ? "p.status <> 'merged'" : `p.status = '${status}'`, ...(federation ? [`p.federation = '${federation}'`] : [])].join(' AND ')

function expectCountsExact(db: Db): void {
  for (const s of SORTS) {
    const derived = db.prepare(`SELECT p.status, ${BUCKETS[s]('p').join(', ')}, count(*) FROM players p GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`).raw().all()
    expect(db.prepare('SELECT status, b1, b2, n FROM player_buckets WHERE sort = ? AND n > 0 ORDER BY 1, 2, 3').raw().all(s), s).toEqual(derived)
  }
  const held = db
    .prepare(
      `SELECT e.list_id, coalesce(p.federation, '') AS federation, coalesce(e.rating, -1) AS rating, e.player_id, p.status FROM rating_list_entries e JOIN players p ON p.id = e.player_id
        WHERE e.list_id IN (SELECT list_id FROM rating_order_lists) ORDER BY 1, 2, 3, 4`
    )
    .all()
  expect(db.prepare('SELECT list_id, federation, rating, player_id, status FROM rating_order ORDER BY 1, 2, 3, 4').all()).toEqual(held)
  const counted = db.prepare('SELECT list_id, federation, status, count(*) AS n FROM rating_order GROUP BY 1, 2, 3 ORDER BY 1, 2, 3').all()
  expect(db.prepare('SELECT list_id, federation, status, n FROM rating_order_counts WHERE n > 0 ORDER BY 1, 2, 3').all()).toEqual(counted)
}

/** Every page of `size` of each bucket order, both ways, of every status alone and with FRA, read from the buckets: the plain query's. */
function expectBucketPagesRight(db: Db, size: number): void {
  for (const status of STATUSES) {
    for (const federation of [null, 'FRA']) {
      const where = plainWhere(status, federation)
      const total = db.prepare(`SELECT count(*) FROM players p WHERE ${where}`).pluck().get() as number
      expect(bucketTotal(db, status, federation), `${status} ${federation}`).toBe(total)
      for (const s of federation ? (['name', 'federation'] as const) : SORTS) {
        for (const dir of ['ASC', 'DESC'] as const) {
          const plain = db.prepare(`SELECT p.id FROM players p WHERE ${where} ORDER BY ${ORDER[s](dir)} LIMIT ? OFFSET ?`).pluck()
          for (let offset = 0; offset < total + size; offset += size) {
            expect(bucketPage(db, s, { offset, limit: size, desc: dir === 'DESC' }, total, { status, federation }), `${status} ${federation} ${s} ${dir} ${offset}`).toEqual(plain.all(size, offset))
          }
        }
      }
    }
  }
}

/** The players table's answers (PlayerReader.search) of every status, alone and with FRA, every order, both ways, at `offsets`: the plain query's rows and total. */
function expectSearchRight(db: Db, offsets: number[], size = 50): void {
  const reader = new PlayerReader(db, 'year')
  const standard = reader.currentLists().standard!.id
  for (const status of STATUSES) {
    for (const federation of [null, 'FRA']) {
      for (const sort of ['name', 'fideId', 'federation', 'birthYear', 'title', 'rating'] as const) {
        if (sort === 'rating' && status === 'any' && federation === null) continue // the whole list: migration 15's marks
        const rating = sort === 'rating'
        // by rating, the list as it is: an entry left on a merged record is shown when no status is asked
        const where = rating ? plainWhere(status, federation).replace("p.status <> 'merged'", '1') : plainWhere(status, federation)
        const from = rating ? `rating_list_entries e JOIN players p ON p.id = e.player_id AND e.list_id = ${standard}` : 'players p'
        const total = db.prepare(`SELECT count(*) FROM ${from} WHERE ${where}`).pluck().get() as number
        for (const dir of ['ASC', 'DESC'] as const) {
          const order = rating ? `e.rating ${dir}, e.player_id ${dir}` : ORDER[sort](dir)
          const plain = db.prepare(`SELECT p.id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).pluck()
          for (const at of offsets) {
            const offset = at < 0 ? Math.max(0, total + at) : at
            const page = reader.search({ status, federation: federation ?? undefined, sort, order: dir === 'ASC' ? 'asc' : 'desc', offset, limit: size })
            const what = `${status} ${federation} ${sort} ${dir} offset ${offset}`
            expect(page.total, what).toBe(total)
            expect(page.rows.map((r) => r.id), what).toEqual(plain.all(size, offset))
          }
        }
      }
    }
  }
}

/** Offsets of the players table: first pages, deep ones (from 5,000 on, the buckets'), the last page. */
const OFFSETS = [0, 50, 4990, 5000, 5123, 6100, 7777, -50, -7]

describe('migration 19 (status buckets)', () => {
  const db = migratedTo(tmp.file('m19.db'), 18) as unknown as Db
  afterAll(() => db.close())
  const PLAYERS = 12000
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status, merged_into, birth_date, title)
       SELECT i, CASE WHEN i % 6 = 0 THEN NULL ELSE 100000 + (i * 7919) % 600011 END, 'S', 'G',
              CASE WHEN i % 500 = 0 THEN 'a' WHEN i % 501 = 0 THEN '' ELSE char(97 + i % 7) || char(97 + (i * 3) % 5) || 'x' || (i % 41) || ' g' END,
              CASE i % 9 WHEN 0 THEN NULL WHEN 1 THEN 'BEL' WHEN 2 THEN 'GER' ELSE 'FRA' END,
              CASE WHEN i % 31 = 0 THEN 'merged' WHEN i % 37 = 0 THEN 'deceased' WHEN i % 3 = 0 THEN 'inactive' ELSE 'active' END,
              CASE WHEN i % 31 = 0 THEN 1 END,
              CASE WHEN i % 4 = 0 THEN NULL WHEN i % 5 = 0 THEN (1950 + i % 60) ELSE (1950 + i % 60) || '-01-01' END,
              CASE i % 23 WHEN 0 THEN 'GM' WHEN 1 THEN 'IM' ELSE NULL END FROM n`
    ).run(PLAYERS)
    // the current standard and rapid lists of FIDE's chain, with unrated entries and players without a federation
    for (const [id, type] of [[1, 'standard'], [2, 'rapid']] as const) {
      db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', '2025-02-01', ?, 'FIDE', 'reference')").run(id, type)
      db.prepare(
        `INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT ?, id, CASE WHEN id % 11 = 0 THEN NULL ELSE 1000 + (id * 13 * ?) % 300 END, 0, 20
           FROM players WHERE (id + ?) % 5 <> 0`
      ).run(id, id, 2 * id)
    }
    db.prepare(
      `UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id),
              rated_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id AND rating IS NOT NULL)`
    ).run()
    db.prepare('INSERT INTO rating_order_lists (list_id) VALUES (1), (2)').run()
    db.prepare(
      `INSERT INTO rating_order (list_id, federation, rating, player_id, status) SELECT e.list_id, p.federation, coalesce(e.rating, -1), e.player_id, p.status
         FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE p.federation IS NOT NULL`
    ).run()
  })()

  it('counts every player per bucket and status, and holds and counts the players without a federation on the lists', () => {
    expect(migrate(db as never, migrations.filter((m) => m.version <= 19))).toEqual([19])
    expectCountsExact(db)
    expect(db.prepare("SELECT count(*) FROM rating_order WHERE federation = ''").pluck().get()).toBeGreaterThan(100)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('every page of each order, both ways, of every status alone and with a federation, read from the buckets, is the plain query’s', () => {
    expectBucketPagesRight(db, 211)
  })

  it('the players table’s answers with a status filter are the plain query’s, first, deep and last pages', () => {
    expectSearchRight(db, OFFSETS)
  })

  it('a rare status reads its partial index; a common one walks the order’s index without a sort', () => {
    const plan = (sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')
    expect(plan(`SELECT p.id FROM players p WHERE p.status = 'deceased' ORDER BY ${ORDER.name('ASC')} LIMIT 50`)).toMatch(/^SEARCH p USING COVERING INDEX players_rare_name \(status=\?\)$/)
    expect(plan(`SELECT p.id FROM players p WHERE p.status = 'merged' ORDER BY ${ORDER.title('DESC')} LIMIT 50`)).toMatch(/^SEARCH p USING COVERING INDEX players_rare_title \(status=\?\)$/)
    expect(plan(`SELECT p.id FROM players p WHERE +p.status = 'inactive' ORDER BY ${ORDER.name('ASC')} LIMIT 50`)).toMatch(/^SCAN p USING COVERING INDEX players_name_status$/)
    expect(plan(`SELECT p.id FROM players p WHERE +p.status = 'inactive' ORDER BY ${ORDER.birthYear('ASC')} LIMIT 50`)).toMatch(/^SCAN p USING (COVERING )?INDEX players_birth_year_name$/)
    expect(plan("SELECT player_id FROM rating_order WHERE list_id = 1 AND status = 'inactive' ORDER BY rating DESC, player_id DESC LIMIT 50")).toMatch(/^SEARCH rating_order USING COVERING INDEX rating_order_status \(list_id=\? AND status=\?\)$/)
    // with a federation, its range of the primary key (PlayerReader writes the status +status = ?)
    expect(plan("SELECT player_id FROM rating_order WHERE list_id = 1 AND federation = 'FRA' AND +status = 'active' ORDER BY rating DESC, player_id DESC LIMIT 50")).toMatch(/^SEARCH rating_order USING PRIMARY KEY \(list_id=\? AND federation=\?\)$/)
  })

  it('a count made wrong shows through the players table (buckets and the lists’ counts)', () => {
    const deep = { status: 'inactive', sort: 'name', offset: 2100 } as const
    const right = new PlayerReader(db, 'year').search({ ...deep, offset: 5000 - 50 })
    const bump = (by: number): void =>
      void db.prepare("UPDATE player_buckets SET n = n + ? WHERE sort = 'name' AND status = 'inactive' AND b1 = (SELECT min(b1) FROM player_buckets WHERE sort = 'name' AND status = 'inactive')").run(by)
    bump(1)
    try {
      expect(new PlayerReader(db, 'year').search({ ...deep, offset: 5000 - 50 }).total).toBe(right.total + 1)
    } finally {
      bump(-1)
    }
    const rated = { status: 'deceased', sort: 'rating' } as const
    const total = new PlayerReader(db, 'year').search(rated).total
    db.prepare("UPDATE rating_order_counts SET n = n + 3 WHERE list_id = 1 AND status = 'deceased' AND federation = 'FRA'").run()
    try {
      expect(new PlayerReader(db, 'year').search(rated).total).toBe(total + 3)
    } finally {
      db.prepare("UPDATE rating_order_counts SET n = n - 3 WHERE list_id = 1 AND status = 'deceased' AND federation = 'FRA'").run()
    }
  })

  it('keeps every count exact through inserts, status changes, a merge and its undo, deletions', () => {
    const ins = db.prepare('INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status, birth_date, title) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    ins.run(20001, 999_999, 'A', 'B', 'aa new', 'ESP', 'active', '2001-02-03', 'FM')
    ins.run(20002, null, 'Z', 'B', 'zz new', null, 'inactive', null, null)
    ins.run(20003, 5, 'M', 'B', 'mm dead', 'FRA', 'deceased', null, null)
    const set = (sql: string, ...a: unknown[]): void => void db.prepare(sql).run(...a)
    // one player through active → inactive → deceased, others each one step; a federation lost with a status changed
    for (const status of ['inactive', 'deceased']) set('UPDATE players SET status = ? WHERE id = 1', status)
    set("UPDATE players SET status = 'inactive' WHERE id IN (2, 4, 5, 7)")
    set("UPDATE players SET status = 'active' WHERE id IN (3, 6)")
    set("UPDATE players SET status = 'deceased', federation = NULL WHERE id = 8")
    set("UPDATE players SET federation = 'BEL', name_folded = 'bb renamed' WHERE id = 10")
    // (the players on the frozen lists cannot go: the new ones do)
    set('DELETE FROM players WHERE id IN (20002, 20003)')
    expectCountsExact(db)
    // a merge moves the dropped player's entries and marks him merged; its undo puts both back
    const onLists = (id: number): number => db.prepare('SELECT count(*) FROM rating_list_entries WHERE player_id = ?').pluck().get(id) as number
    const drop = (db.prepare("SELECT id FROM players WHERE status = 'inactive' AND federation = 'GER' ORDER BY id").pluck().all() as number[]).find((id) => onLists(id) === 2)!
    const keep = (db.prepare("SELECT id FROM players WHERE status = 'active' AND federation = 'BEL' ORDER BY id").pluck().all() as number[]).find((id) => onLists(id) === 1)!
    const merge = mergePlayers(db, keep, drop, 'same person')
    expect(onLists(keep)).toBe(2)
    expectCountsExact(db)
    expectBucketPagesRight(db, 307)
    expectSearchRight(db, [0, 5000, 6543, -50])
    undoMerge(db, merge.id, 'not the same')
    expect(onLists(drop)).toBe(2)
    expectCountsExact(db)
    expectSearchRight(db, [0, 5000, 6543, -50])
  })

  it('a newer reference list, once counted (as an import ends), is held and counted in the older one’s place', () => {
    // (the counts are stored by the code of now, which reads the lists' orders by rating from migration 23's table)
    migrate(db as never, migrations)
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (3, 'reference', '2025-03-01', 'standard', 'FIDE', 'reference')").run()
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT 3, id, CASE WHEN id % 7 = 0 THEN NULL ELSE 1200 + id % 50 END, 0, 20 FROM players WHERE id % 4 <> 0').run()
    storeListCounts(db, 3)
    syncRatingOrders(db)
    expect(db.prepare('SELECT list_id FROM rating_order_lists ORDER BY 1').pluck().all()).toEqual([2, 3])
    expect(db.prepare('SELECT count(*) FROM rating_order_counts WHERE list_id = 1').pluck().get()).toBe(0)
    expectCountsExact(db)
    expectSearchRight(db, [0, 3000, -50])
  })
})

describe('migration 19 and a bulk first load', () => {
  it('a first load into an empty registry counts the buckets per status and its lists once at the end; pages are the plain query’s', () => {
    const db = openDatabase(tmp.file('bulk.db'))
    try {
      importFideList(db, { file: writeSyntheticCombinedList(tmp.file('list.txt'), 6000), listDate: '2025-10-01', bulkThresholdBytes: 0 })
      for (const t of ['players_buckets_insert', 'rating_order_count_insert', 'rating_order_count_delete']) {
        expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = ?").pluck().get(t), t).toBe(1)
      }
      db.prepare("UPDATE players SET status = 'deceased' WHERE id % 13 = 0").run()
      expectCountsExact(db)
      expectBucketPagesRight(db, 503)
      expectSearchRight(db, [0, 1000, -50])
    } finally {
      db.close()
    }
  })
})
