// The players table sorted by rating (the whole current list, no filter): a frozen list's pages start at its rating marks
// (migration 15), and every page, both ways, is the plain query's page (ORDER BY rating, player id ... OFFSET: the unrated
// first ascending, last descending), before and after a merge moves an entry; a page past the end is empty.
import { afterAll, describe, expect, it } from 'vitest'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { PlayerReader } from '../../../../src/main/core/data/player-search'
import { openDatabase } from '../../../../src/main/core/db/open'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('players sorted by rating, from the list’s marks', () => {
  const db = openDatabase(tmp.file('rating.db'))
  afterAll(() => db.close())
  const PLAYERS = 2000
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status)
       SELECT i, 100000 + i, 'Sur' || (i % 97), 'Giv', 'sur' || (i % 97) || ' giv', 'FRA', CASE WHEN i % 37 = 0 THEN 'merged' ELSE 'active' END FROM n`
    ).run(PLAYERS)
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2025-01-01', 'standard', 'FIDE', 'reference')").run()
    // one entry in nine unrated, many ties of rating
    db.prepare(
      `INSERT INTO rating_list_entries (list_id, player_id, rating, games, k)
       SELECT 1, id, CASE WHEN id % 9 = 0 THEN NULL ELSE 1000 + (id * 13) % 400 END, 0, 20 FROM players WHERE id % 5 <> 0`
    ).run()
    storeListCounts(db, 1)
  })()
  const plain = (dir: string) => db.prepare(`SELECT player_id FROM rating_list_entries WHERE list_id = 1 ORDER BY rating ${dir}, player_id ${dir} LIMIT ? OFFSET ?`).pluck()
  const entries = db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = 1').pluck().get() as number

  function expectPagesRight(size: number): void {
    const reader = new PlayerReader(db, 'year')
    for (const dir of ['ASC', 'DESC'] as const) {
      for (let offset = 0; offset < entries + size; offset += size) {
        const page = reader.search({ sort: 'rating', order: dir === 'ASC' ? 'asc' : 'desc', offset, limit: size })
        expect(page.total).toBe(entries)
        expect(page.rows.map((r) => r.id), `${dir} offset ${offset}`).toEqual(plain(dir).all(size, offset))
      }
    }
  }

  it('the list is marked by rating, the unrated among its entries', () => {
    // 1,600 entries (the players whose id is not a multiple of 5) of a registry of 2,000: a mark every
    // 400 × 1,600 / 2,000 = 320 entries (markSpacing)
    expect(entries).toBe(1600)
    expect(db.prepare("SELECT rank FROM list_marks WHERE list_id = 1 AND sort = 'rating' ORDER BY rank").pluck().all()).toEqual([0, 320, 640, 960, 1280])
    expect(db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = 1 AND rating IS NULL').pluck().get()).toBe(178)
  })

  it('every page, both ways, is the plain query’s, across the unrated and rated boundary and at the end', () => {
    expectPagesRight(50)
    expectPagesRight(97)
    expect(new PlayerReader(db, 'year').search({ sort: 'rating', offset: entries + 10 }).rows).toEqual([])
  })

  it('reads the marks: a mark moved deliberately shows through', () => {
    // a rated mark's rank one too high: the page that starts at it (ascending, after the 178 unrated) starts one early
    const mark = db.prepare("SELECT player_id AS id, rank FROM list_marks WHERE list_id = 1 AND sort = 'rating' AND rank > 0 ORDER BY rank LIMIT 1").get() as { id: number; rank: number }
    const offset = 178 + mark.rank + 1
    expect(plain('ASC').all(3, offset)[0]).not.toBe(mark.id)
    db.prepare("UPDATE list_marks SET rank = rank + 1 WHERE list_id = 1 AND sort = 'rating' AND rank = ?").run(mark.rank)
    try {
      expect(new PlayerReader(db, 'year').search({ sort: 'rating', offset, limit: 3 }).rows[0]!.id).toBe(mark.id)
    } finally {
      db.prepare("UPDATE list_marks SET rank = rank - 1 WHERE list_id = 1 AND sort = 'rating' AND rank = ?").run(mark.rank + 1)
    }
  })

  it('a merge that moves entries, and its undo, keep every page right', () => {
    // 7 (rated, on the list) merges into 10 (off the list: every fifth player is)
    const merge = mergePlayers(db, 10, 7, 'same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (7, 10)').pluck().all()).toEqual([10])
    expectPagesRight(97)
    undoMerge(db, merge.id, 'not the same')
    expectPagesRight(97)
  })
})
