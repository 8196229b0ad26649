// Migration 18 (the players table's deep pages from counts per key bucket, issue 14): on a version-17 database the
// players not merged away are counted per bucket of each of the five orders; the counts stay exact through inserts,
// renames, FIDE IDs, federations, birth dates and titles changed, set and cleared, a merge and its undo, deletions and
// a bulk first load; every page of each order, both ways, read from the buckets is the plain ORDER BY ... OFFSET page,
// and the players table's deep pages come from them.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { BUCKETS, BucketTally, bucketPage, recountBuckets, type BucketSort } from '../../../../src/main/core/data/registry-buckets'
import { enterBulkMode } from '../../../../src/main/core/data/list-import'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { PlayerReader } from '../../../../src/main/core/data/player-search'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { migratedTo } from '../../../helpers/migrated'
import { writeCombinedList, writeSyntheticCombinedList } from '../../../helpers/synthetic-list'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const SORTS: BucketSort[] = ['name', 'fideId', 'federation', 'birthYear', 'title']
/** Each order as PlayerReader.search writes it. */
const ORDER: Record<BucketSort, (d: string) => string> = {
  name: (d) => `p.name_folded ${d}, p.status ${d}, p.id ${d}`,
  fideId: (d) => `p.fide_id ${d}, p.status ${d}, p.id ${d}`,
  federation: (d) => `p.federation ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`,
  birthYear: (d) => `substr(p.birth_date, 1, 4) ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`,
  title: (d) => `p.title ${d}, p.name_folded ${d}, p.status ${d}, p.id ${d}`
}

function expectCountsExact(db: Db): void {
  for (const s of SORTS) {
    const derived = db
      .prepare(`SELECT ${BUCKETS[s]('p').join(', ')}, count(*) FROM players p WHERE p.status <> 'merged' GROUP BY 1, 2 ORDER BY 1, 2`)
      .raw()
      .all()
    // from migration 19 on, counted per status (the merged records too)
    const sql = (db.pragma('user_version', { simple: true }) as number) >= 19
      ? "SELECT b1, b2, sum(n) FROM player_buckets WHERE sort = ? AND status <> 'merged' GROUP BY b1, b2 HAVING sum(n) > 0 ORDER BY b1, b2"
      : 'SELECT b1, b2, n FROM player_buckets WHERE sort = ? AND n > 0 ORDER BY b1, b2'
    expect(db.prepare(sql).raw().all(s), s).toEqual(derived)
  }
}

/** The whole table (every status, types included: a count keyed by the real 5.0 is not the integer 5's) equals a recount's. */
function expectRecountEqual(db: Db): void {
  const table = () => db.prepare('SELECT sort, status, b1, typeof(b1) AS type, b2, n FROM player_buckets WHERE n > 0 ORDER BY sort, status, b1, b2').all()
  const stored = table()
  recountBuckets(db)
  expect(stored).toEqual(table())
}

/** `run` on a new database of today's schema, closed after. */
function onNewDb(name: string, run: (db: Db) => void): void {
  const db = openDatabase(tmp.file(name))
  try {
    run(db)
  } finally {
    db.close()
  }
}

/** Players written by `write` in bulk mode (as a first load writes), the buckets then stored from `tally` or recounted. */
function inBulkMode(db: Db, tally: BucketTally, write: () => void): void {
  db.transaction(() => {
    const rebuild = enterBulkMode(db, tally)
    write()
    rebuild()
  })()
}

function expectPagesRight(db: Db, size = 211): void {
  const total = db.prepare("SELECT count(*) FROM players WHERE status <> 'merged'").pluck().get() as number
  for (const s of SORTS) {
    for (const dir of ['ASC', 'DESC'] as const) {
      const plain = db.prepare(`SELECT p.id FROM players p WHERE p.status <> 'merged' ORDER BY ${ORDER[s](dir)} LIMIT ? OFFSET ?`).pluck()
      for (let offset = 0; offset < total + size; offset += size) {
        expect(bucketPage(db, s, { offset, limit: size, desc: dir === 'DESC' }, total), `${s} ${dir} ${offset}`).toEqual(plain.all(size, offset))
      }
    }
  }
}

describe('migration 18 (registry buckets)', () => {
  const db = migratedTo(tmp.file('m18.db'), 17) as unknown as Db
  afterAll(() => db.close())
  const PLAYERS = 6000
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status, birth_date, title)
     SELECT i, CASE WHEN i % 6 = 0 THEN NULL ELSE 100000 + (i * 7919) % 600011 END, 'S', 'G',
            CASE WHEN i % 500 = 0 THEN 'a' WHEN i % 501 = 0 THEN '' ELSE char(97 + i % 7) || char(97 + (i * 3) % 5) || 'x' || (i % 41) || ' g' END,
            CASE i % 9 WHEN 0 THEN NULL WHEN 1 THEN 'BEL' WHEN 2 THEN 'GER' ELSE 'FRA' END,
            CASE WHEN i % 31 = 0 THEN 'merged' WHEN i % 17 = 0 THEN 'inactive' ELSE 'active' END,
            CASE WHEN i % 4 = 0 THEN NULL WHEN i % 5 = 0 THEN (1950 + i % 60) ELSE (1950 + i % 60) || '-01-01' END,
            CASE i % 23 WHEN 0 THEN 'GM' WHEN 1 THEN 'IM' ELSE NULL END FROM n`
  ).run(PLAYERS)

  it('counts the players not merged away per bucket of each order', () => {
    expect(migrate(db as never, migrations.filter((m) => m.version <= 18))).toEqual([18])
    expectCountsExact(db)
    expect(db.prepare("SELECT count(*) FROM player_buckets WHERE sort = 'fideId'").pluck().get()).toBeGreaterThan(3)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    // the pages are read by today's code, which sums the counts per status (migration 19): on today's schema
    migrate(db as never, migrations)
    expectCountsExact(db)
  })

  it('every page of each order, both ways, is the plain query’s', () => {
    expectPagesRight(db)
  })

  it('the players table’s deep pages come from the buckets (a count made wrong shows through)', () => {
    const reader = new PlayerReader(db, 'year')
    const plain = db.prepare(`SELECT p.id FROM players p WHERE p.status <> 'merged' ORDER BY ${ORDER.name('ASC')} LIMIT 50 OFFSET 5100`).pluck().all()
    expect(reader.search({ sort: 'name', offset: 5100 }).rows.map((r) => r.id)).toEqual(plain)
    db.prepare("UPDATE player_buckets SET n = n + 1 WHERE sort = 'name' AND b1 = (SELECT min(b1) FROM player_buckets WHERE sort = 'name')").run()
    try {
      expect(new PlayerReader(db, 'year').search({ sort: 'name', offset: 5100 }).rows.map((r) => r.id)).not.toEqual(plain)
    } finally {
      db.prepare("UPDATE player_buckets SET n = n - 1 WHERE sort = 'name' AND b1 = (SELECT min(b1) FROM player_buckets WHERE sort = 'name')").run()
    }
  })

  it('keeps the counts exact through inserts, changes of every key, a merge and its undo, deletions', () => {
    const ins = db.prepare('INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status, birth_date, title) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    ins.run(7001, 999_999, 'A', 'B', 'aa new', 'ESP', 'active', '2001-02-03', 'FM')
    ins.run(7002, null, 'Z', 'B', 'zz new', null, 'active', null, null)
    ins.run(7003, 5, 'M', 'B', 'mm merged', 'FRA', 'merged', null, null)
    const set = (sql: string, ...a: unknown[]): void => void db.prepare(sql).run(...a)
    set("UPDATE players SET name_folded = 'zzz moved' WHERE id = 1")
    set('UPDATE players SET fide_id = NULL WHERE id = 2')
    set('UPDATE players SET fide_id = 1 WHERE id = 6')
    set("UPDATE players SET federation = 'ITA', birth_date = '1999' WHERE id = 3")
    set('UPDATE players SET federation = NULL, title = NULL WHERE id = 23')
    set("UPDATE players SET title = 'WGM', birth_date = NULL WHERE id = 8")
    set("UPDATE players SET status = 'inactive' WHERE id = 10") // not a change of any count
    set("UPDATE players SET status = 'merged' WHERE id = 11")
    set("UPDATE players SET status = 'active', name_folded = 'bb back' WHERE id = 31") // unmerged and renamed at once
    set("UPDATE players SET name_folded = 'qq still merged' WHERE id = 62") // a merged record renamed: no count moves
    set('DELETE FROM players WHERE id IN (7002, 7003, 12)')
    expectCountsExact(db)
    const merge = mergePlayers(db, 13, 14, 'same person')
    expectCountsExact(db)
    expectPagesRight(db, 307)
    undoMerge(db, merge.id, 'not the same')
    expectCountsExact(db)
    expectPagesRight(db, 307)
  })
})

describe('migration 18 and a bulk first load', () => {
  it('a first load into an empty registry tallies the buckets as it writes: a recount’s counts; then a monthly update and an incremental load keep them', () => {
    const db = openDatabase(tmp.file('bulk.db'))
    try {
      importFideList(db, { file: writeSyntheticCombinedList(tmp.file('list.txt'), 6000), listDate: '2025-10-01', bulkThresholdBytes: 0 })
      expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = 'players_buckets_insert'").pluck().get()).toBe(1)
      expectCountsExact(db)
      expectRecountEqual(db)
      expectPagesRight(db, 503)
      const reader = new PlayerReader(db, 'year')
      for (const sort of SORTS) {
        const plain = db.prepare(`SELECT p.id FROM players p WHERE p.status <> 'merged' ORDER BY ${ORDER[sort]('DESC')} LIMIT 50 OFFSET 5200`).pluck().all()
        expect(reader.search({ sort, order: 'desc', offset: 5200 }).rows.map((r) => r.id), sort).toEqual(plain)
      }
      // next month's list: every player known, ratings moved (the triggers keep the counts)
      importFideList(db, { file: writeSyntheticCombinedList(tmp.file('next.txt'), 6000, { month: 1 }), listDate: '2025-11-01', bulkThresholdBytes: 0 })
      expectCountsExact(db)
      expectRecountEqual(db)
      // an incremental load: known players renamed, moved to another federation, titled, born another year, made
      // inactive, and new players (with and without what a bucket keys on)
      const known = db.prepare('SELECT fide_id FROM players ORDER BY id LIMIT 4').pluck().all() as number[]
      importFideList(db, {
        file: writeCombinedList(tmp.file('small.txt'), [
          { id: known[0]!, name: 'Zzyzx, Renamed', fed: 'NOR', sex: 'M', title: 'GM', standard: { rating: 2500, games: 9, k: 10 }, birthYear: 1990 },
          { id: known[1]!, name: 'Aabel, Moved', fed: 'ISL', sex: 'F', birthYear: 2001, flag: 'wi' },
          { id: known[2]!, name: 'Ölund, Åsa', fed: 'SWE', sex: 'F', title: 'WFM', birthYear: 1970 },
          { id: 99_000_001, name: 'Newcomer, One', fed: 'FRA', sex: 'M', standard: { rating: 1500, games: 5, k: 40 }, birthYear: 2010 },
          { id: 99_000_002, name: 'Q', fed: 'GER', sex: 'M', birthYear: 0 }
        ]),
        listDate: '2025-11-15'
      })
      expectCountsExact(db)
      expectRecountEqual(db)
      expectPagesRight(db, 503)
    } finally {
      db.close()
    }
  })

  it('a first load read on the reader thread (as the application runs it) tallies the same counts', () => {
    const db = openDatabase(tmp.file('thread.db'))
    try {
      importFideList(db, { file: writeSyntheticCombinedList(tmp.file('thread.txt'), 3000), listDate: '2025-10-01', bulkThresholdBytes: 0, reader: sourceWorkerScript() })
      expect(db.prepare('SELECT count(*) FROM players').pluck().get()).toBe(3000)
      expectCountsExact(db)
      expectRecountEqual(db)
    } finally {
      db.close()
    }
  }, 60_000)

  it('the tally cuts texts as SQLite’s substr does (characters, not UTF-16 units) and keeps a missing key an integer', () =>
    onNewDb('texts.db', (db) => {
      const rows: [string, number | null, string | null, string | null, string | null, string][] = [
        ['\u{1D538}\u{1D539}c', 123456, 'FRA', '1990-01-01', 'GM', 'active'],
        ['\u{1D538}b', null, null, null, null, 'inactive'],
        ['éa', 99_999, '', '19', 'IM', 'active'],
        ['e', 100_000, 'FRA', '1990', null, 'deceased'],
        ['', 7, 'ÉÉÉ', '\u{1F600}99-1', '\u{1F600}', 'active'],
        ['zz merged', 1, 'FRA', '1990', 'GM', 'merged']
      ]
      const insert = db.prepare('INSERT INTO players (surname, given_names, name_folded, fide_id, federation, birth_date, title, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      const tally = new BucketTally()
      inBulkMode(db, tally, () => {
        for (const [name, fideId, federation, birthDate, title, status] of rows) {
          insert.run('S', 'G', name, fideId, federation, birthDate, title, status)
          tally.add(name, fideId, federation, birthDate, title, status)
        }
      })
      expect([tally.total, tally.merged]).toEqual([6, 1])
      expectCountsExact(db)
      expectRecountEqual(db)
      expect(db.prepare("SELECT DISTINCT b1, typeof(b1) FROM player_buckets WHERE sort = 'fideId' ORDER BY b1").raw().all()).toEqual([[-1, 'integer'], [0, 'integer'], [1, 'integer']])
    }))

  it('the counts a bulk load stores are its tally’s, not a recount’s (a tally made wrong deliberately shows through)', () =>
    onNewDb('shows.db', (db) => {
      const insert = db.prepare("INSERT INTO players (surname, given_names, name_folded, fide_id, federation, status) VALUES ('S', 'G', ?, NULL, 'FRA', 'active')")
      const tally = new BucketTally()
      inBulkMode(db, tally, () => {
        insert.run('ab written')
        tally.add('zz tallied', null, 'FRA', null, null, 'active')
      })
      expect(db.prepare("SELECT b1 FROM player_buckets WHERE sort = 'name' AND n > 0").pluck().all()).toEqual(['zz'])
      // the merged records' query of the check reads the rare statuses' partial index, not the table
      expect(db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM players WHERE status = 'merged'").all().map((r) => (r as { detail: string }).detail).join(' ')).toMatch(/COVERING INDEX players_rare_/)
    }))

  it('players written in bulk mode without the tally (its total is not the players’ count) are counted again from the table', () =>
    onNewDb('untallied.db', (db) => {
      const insert = db.prepare("INSERT INTO players (surname, given_names, name_folded, fide_id, federation, status) VALUES ('S', 'G', ?, ?, 'FRA', 'active')")
      inBulkMode(db, new BucketTally(), () => {
        for (let i = 0; i < 300; i++) insert.run(`n${i % 26}`, 1000 + i * 977)
      })
      expectCountsExact(db)
      expect(db.prepare("SELECT sum(n) FROM player_buckets WHERE sort = 'name'").pluck().get()).toBe(300)
    }))
})
