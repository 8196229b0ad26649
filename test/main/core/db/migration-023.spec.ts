// Migration 23 (a list's order by rating in list_by_rating instead of the entries' (list_id, rating) index, issue 14):
// on a version-22 database the order of every list held is written from the index, which goes; from then on the
// triggers keep the table equal to the entries through inserts, deletions, a draft's new rating, a merge and its undo;
// the writers of whole lists (data/list-by-rating.ts) write the same keys with the insert trigger lifted, from their
// own sort or SQLite's.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { UNRATED_KEY } from '../../../../src/main/core/db/migrations/023-list-by-rating'
import { deleteListEntries, liftByRatingInsert, ratedCountSql, writeListByRating } from '../../../../src/main/core/data/list-by-rating'
import { UNRATED } from '../../../../src/main/core/data/list-order-marks'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { seedMarkPlayers } from '../data/order-marks-check'
import type { Db } from '../../../../src/main/core/db/open'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 2000
/** The keys every list's entries give, as the list's order by rating has them: rated by rating then id, unrated last by id. */
const fromEntries = (db: Db, list?: number): unknown[][] =>
  db
    .prepare(
      `SELECT list_id, coalesce(rating, ${UNRATED_KEY}), player_id FROM rating_list_entries ${list === undefined ? '' : `WHERE list_id = ${list}`}
        ORDER BY list_id, rating IS NULL, rating, player_id`
    )
    .raw()
    .all() as unknown[][]
const held = (db: Db, list?: number): unknown[][] =>
  db.prepare(`SELECT list_id, key, player_id FROM list_by_rating ${list === undefined ? '' : `WHERE list_id = ${list}`} ORDER BY list_id, key, player_id`).raw().all() as unknown[][]

describe('migration 23 (list_by_rating)', () => {
  const db = migratedTo(tmp.file('m23.db'), 22) as unknown as Db
  afterAll(() => db.close())
  db.transaction(() => {
    seedMarkPlayers(db, PLAYERS)
    const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, ?, ?, 'standard', ?, 'draft')")
    const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
    // 1: a reference list (one entry in nine unrated, many ratings shared); 2: a published office list; 3: a draft
    for (const l of [1, 2, 3]) {
      list.run(l, l === 1 ? 'reference' : 'office', `2025-0${l}-01`, l === 1 ? 'FIDE' : 'FRA')
      for (let id = 1; id <= PLAYERS; id++) if (id % (l + 1) !== 0) add.run(l, id, id % 9 === l ? null : 1400 + ((id * 31) % 500))
    }
    db.prepare("UPDATE rating_lists SET status = 'reference' WHERE id = 1").run()
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-02-02T00:00:00Z' WHERE id = 2").run()
  })()

  it('writes the order of every list held from the index, and drops the index', () => {
    expect(UNRATED_KEY).toBe(UNRATED) // the marks' key of an unrated entry (migration 15) is the table's
    const before = fromEntries(db)
    expect(migrate(db as never, migrations.filter((m) => m.version <= 23))).toEqual([23])
    expect(held(db)).toEqual(before)
    expect(before.length).toBe(1000 + 1334 + 1500)
    expect(before.filter((r) => r[1] === UNRATED_KEY).length).toBeGreaterThan(300)
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'rating_list_entries_list_rating'").pluck().get()).toBe(0)
    // the rated counted on the order: the count of the entries with a rating
    for (const l of [1, 2, 3]) {
      expect(db.prepare(`SELECT ${ratedCountSql('?')}`).pluck().get(l)).toBe(db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ? AND rating IS NOT NULL').pluck().get(l))
    }
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('a page by rating reads a range of the table’s key, no sort', () => {
    const plan = (sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')
    expect(plan(`SELECT player_id FROM list_by_rating WHERE list_id = 1 AND key < ${UNRATED_KEY} ORDER BY key DESC, player_id DESC LIMIT 50 OFFSET 100`)).toBe(
      'SEARCH list_by_rating USING PRIMARY KEY (list_id=? AND key<?)'
    )
    expect(plan(`SELECT key, player_id FROM list_by_rating WHERE list_id = 1 AND (key, player_id) >= (1500, 7) ORDER BY key, player_id LIMIT 50`)).toBe(
      'SEARCH list_by_rating USING PRIMARY KEY (list_id=? AND (key,player_id)>(?,?))'
    )
  })

  it('the triggers keep it equal to the entries: inserts, deletions, a draft’s new ratings, a merge and its undo', () => {
    const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (3, ?, ?, 0, 20)')
    add.run(4, 2999) // onto the draft: a player it did not hold, the highest rating
    add.run(8, null) // and one unrated
    db.prepare('DELETE FROM rating_list_entries WHERE list_id = 3 AND player_id IN (1, 9, 10)').run()
    db.prepare('UPDATE rating_list_entries SET rating = 1000 WHERE list_id = 3 AND player_id = 2').run() // rated to rated
    db.prepare('UPDATE rating_list_entries SET rating = NULL WHERE list_id = 3 AND player_id = 5').run() // rated to unrated
    db.prepare('UPDATE rating_list_entries SET rating = 2100 WHERE list_id = 3 AND player_id = 27').run() // unrated to rated (27 % 9 = 0)
    expect(held(db)).toEqual(fromEntries(db))
    // a merge moves the dropped record's entries on every list, frozen ones included, to the kept one: 3 is on lists 1
    // and 3 (not 2), 5 on 1 and 2 and 3; keeping 3, the entry of 5 on list 2 moves to 3, and the tie of ratings reorders
    const rating = (l: number, id: number): unknown => db.prepare('SELECT rating FROM rating_list_entries WHERE list_id = ? AND player_id = ?').pluck().get(l, id)
    expect([rating(2, 3), rating(2, 5)]).toEqual([undefined, 1400 + ((5 * 31) % 500)])
    const merge = mergePlayers(db, 3, 5, 'same person')
    expect(rating(2, 3)).toBe(1400 + ((5 * 31) % 500))
    expect(held(db)).toEqual(fromEntries(db))
    undoMerge(db, merge.id, 'not the same person')
    expect(rating(2, 5)).toBe(1400 + ((5 * 31) % 500))
    expect(held(db)).toEqual(fromEntries(db))
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('a writer of a whole list writes the same keys with the trigger lifted, from its own sort or SQLite’s', () => {
    const want = fromEntries(db, 1).map((r) => [4, r[1], r[2]])
    const keys = fromEntries(db, 1).map((r) => [r[1] as number, r[2] as number])
    const sorted = {
      rated: keys.filter(([k]) => k !== UNRATED_KEY).map(([k, id]) => k * 2 ** 32 + id),
      unrated: keys.filter(([k]) => k === UNRATED_KEY).map(([, id]) => id)
    }
    expect(sorted.rated.length).toBeGreaterThan(256) // more than one statement's rows, and a last statement not full
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (4, 'office', '2025-04-01', 'standard', 'ESP', 'draft')").run()
    const copy = (): void => void db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT 4, player_id, rating, 0, 20 FROM rating_list_entries WHERE list_id = 1').run()
    for (const from of [sorted, null]) {
      db.transaction(() => {
        const restore = liftByRatingInsert(db)
        copy()
        expect(held(db, 4)).toEqual([]) // lifted: nothing keyed row by row
        writeListByRating(db, 4, from)
        restore()
      })()
      expect(held(db, 4)).toEqual(want)
      expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = 'rating_list_entries_by_rating_insert'").pluck().get()).toBe(1)
      db.transaction(() => deleteListEntries(db, 4))()
      expect(held(db, 4)).toEqual([])
      expect(db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = 4').pluck().get()).toBe(0)
    }
    // and the delete trigger is back: an entry deleted alone takes its key with it
    copy()
    db.prepare('DELETE FROM rating_list_entries WHERE list_id = 4 AND player_id = 2').run()
    expect(held(db)).toEqual(fromEntries(db))
  })
})
