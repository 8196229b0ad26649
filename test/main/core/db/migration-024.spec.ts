// Migration 24 (a delisted entry is unrated on every surface, issue 35 item 1; FIDE 2005 § 9.34): on a version-23
// database, a published list's delisted entry, keyed by its under-floor figure in the list's order by rating and counted
// among its rated, is keyed as unrated, its list's marks by rating and stored rated count follow, and its entries,
// checksum and every other stored figure stay as they were; from then on the triggers key a delisted entry as unrated.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { UNRATED_KEY } from '../../../../src/main/core/db/migrations/023-list-by-rating'
import { seedMarkPlayers } from '../data/order-marks-check'
import type { Db } from '../../../../src/main/core/db/open'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 300
/** Player 7 falls under the floor on list 2 (published): 1394 < 1400, shown as delisted. */
const DELISTED = 7

describe('migration 24 (delisted entries keyed as unrated)', () => {
  const db = migratedTo(tmp.file('m24.db'), 23) as unknown as Db
  afterAll(() => db.close())
  db.transaction(() => {
    seedMarkPlayers(db, PLAYERS)
    const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, entry_status) VALUES (?, ?, ?, 0, 20, ?)')
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status, checksum) VALUES (2, 'office', '2025-10-01', 'standard', 'FRA', 'draft', 'abc')").run()
    // every player from 1400 + id up, player 7 at 1394 delisted, players past 250 unrated
    for (let id = 1; id <= PLAYERS; id++) add.run(2, id, id === DELISTED ? 1394 : id > 250 ? null : 1400 + id, id === DELISTED ? 'delisted' : id > 250 ? null : 'rated')
    // counted and marked as version 23 stored them (the delisted entry among the 250 rated), then published
    db.prepare(`UPDATE rating_lists SET entry_count = ${PLAYERS}, rated_count = 250 WHERE id = 2`).run()
    const mark = db.prepare("INSERT INTO list_marks (list_id, sort, key, player_id, rank) VALUES (2, 'rating', ?, ?, ?)")
    const order = db.prepare('SELECT key, player_id FROM list_by_rating WHERE list_id = 2 ORDER BY key, player_id').raw().all() as [number, number][]
    order.forEach(([k, id], rank) => rank % 50 === 0 && mark.run(k, id, rank))
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-10-01T00:00:00Z' WHERE id = 2").run()
  })()
  const key = (id: number): unknown => db.prepare('SELECT key FROM list_by_rating WHERE list_id = 2 AND player_id = ?').pluck().get(id)
  const entries = (): unknown[] => db.prepare('SELECT * FROM rating_list_entries WHERE list_id = 2 ORDER BY player_id').raw().all()

  it('keys the delisted entry as unrated, and the list’s rated count and marks by rating follow; its entries stay', () => {
    expect(key(DELISTED)).toBe(1394) // version 23: first of the rated, by its figure
    const before = entries()
    expect(migrate(db as never, migrations.filter((m) => m.version <= 24))).toEqual([24])
    expect(key(DELISTED)).toBe(UNRATED_KEY)
    // 249 rated (players 1–250 but 7), 51 unrated (251–300 and 7)
    expect(db.prepare('SELECT rated_count, entry_count, checksum FROM rating_lists WHERE id = 2').raw().get()).toEqual([249, PLAYERS, 'abc'])
    expect(entries()).toEqual(before)
    // the marks every 50 ranks of the order: the rated 1401.. (player 1 at rank 0), then the unrated by id (7 first)
    const marks = db.prepare("SELECT key, player_id, rank FROM list_marks WHERE list_id = 2 AND sort = 'rating' ORDER BY rank").raw().all()
    expect(marks).toEqual([
      [1401, 1, 0],
      [1452, 52, 50],
      [1502, 102, 100],
      [1552, 152, 150],
      [1602, 202, 200],
      [UNRATED_KEY, 251, 250] // rank 249 is player 7 (the first unrated by id), 250 is player 251
    ])
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('a published list stays immutable, and the triggers key a new delisted entry as unrated', () => {
    expect(() => db.prepare('UPDATE rating_lists SET rated_count = 250 WHERE id = 2').run()).toThrow(/immutable/)
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (3, 'office', '2025-11-01', 'standard', 'FRA', 'draft')").run()
    db.prepare("INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, entry_status) VALUES (3, 1, 1380, 3, NULL, 'delisted'), (3, 2, 1500, 3, 20, 'rated')").run()
    expect(db.prepare('SELECT player_id, key FROM list_by_rating WHERE list_id = 3 ORDER BY player_id').raw().all()).toEqual([[1, UNRATED_KEY], [2, 1500]])
    // a draft's line turned from rated to delisted moves to the unrated
    db.prepare("UPDATE rating_list_entries SET rating = 1390, entry_status = 'delisted' WHERE list_id = 3 AND player_id = 2").run()
    db.prepare('DELETE FROM rating_list_entries WHERE list_id = 3 AND player_id = 1').run()
    expect(db.prepare('SELECT player_id, key FROM list_by_rating WHERE list_id = 3 ORDER BY player_id').raw().all()).toEqual([[2, UNRATED_KEY]])
  })
})
