// Migration 15 (a frozen list's orders by name, FIDE ID and rating kept as marks in one table, issue 12): on a
// version-14 database (lists held marked by name by migration 13) the name marks of migration 13 move over unchanged and the frozen lists get marks by rating
// (every one) and by FIDE ID (those holding a quarter of the registry or more); every page by each order, both ways,
// is the page the plain ORDER BY ... OFFSET gives; every mark's rank stays exact through renames, FIDE IDs set, moved
// and cleared, a merge (which moves the dropped record's entries and FIDE ID to the kept one) and its undo; a list
// whose counts are stored from now on is marked at once, as the migration marked the lists held.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { NO_FIDE_ID, UNRATED, markSpacing, writeListMarks } from '../../../../src/main/core/data/list-order-marks'
import { SORTS, expectExactRanks, expectPagesRight, marksOf, seedMarkPlayers } from '../data/order-marks-check'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import type { Db } from '../../../../src/main/core/db/open'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 3000
/** 1: two players in three; 2: every other one; 3: a draft of the first 900; 4: one in seven (under a quarter). */
const ON_LIST: Record<number, (id: number) => boolean> = { 1: (id) => id % 3 !== 0, 2: (id) => id % 2 === 0, 3: (id) => id <= 900, 4: (id) => id % 7 === 0 }
describe('migration 15 (list order marks)', () => {
  const db = migratedTo(tmp.file('m15.db'), 12) as unknown as Db
  afterAll(() => db.close())
  db.transaction(() => {
    // one entry in eleven is unrated and many share a rating
    seedMarkPlayers(db, PLAYERS)
    for (const l of [1, 2, 3, 4]) {
      const draft = l === 3
      db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, ?, ?, 'standard', ?, ?)").run(
        l,
        draft ? 'office' : 'reference',
        `2025-0${l}-01`,
        draft ? 'FRA' : 'FIDE',
        draft ? 'draft' : 'reference'
      )
      const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
      for (let id = 1; id <= PLAYERS; id++) if (ON_LIST[l]!(id)) add.run(l, id, id % 11 === 0 ? null : 1000 + ((id * 13) % 700))
    }
    // the frozen lists' counts, as migration 11 left them (migration 13 marks their order by name next)
    db.prepare(
      `UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id),
              rated_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id AND rating IS NOT NULL) WHERE status = 'reference'`
    ).run()
  })()
  const entriesOf = (l: number): number => db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(l) as number

  it('moves the name marks over and marks the frozen lists held by rating and FIDE ID; no draft, no FIDE ID marks on a small list', () => {
    expect(migrate(db as never, migrations.filter((m) => m.version <= 14))).toEqual([13, 14])
    const nameMarks = db.prepare('SELECT list_id, name_folded AS key, player_id, rank FROM list_name_marks ORDER BY list_id, rank').all() as { list_id: number; rank: number }[]
    // migration 13 marked the frozen lists by name (not the draft, list 3): 2,000, 1,500 and 428 entries of a registry
    // of 3,000, a mark every 267, 200 and 57 entries
    const nameRanks = (l: number): number[] => nameMarks.filter((m) => m.list_id === l).map((m) => m.rank)
    expect(nameRanks(1)).toEqual([0, 267, 534, 801, 1068, 1335, 1602, 1869])
    expect(nameRanks(2)).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400])
    expect(nameRanks(4)).toEqual([0, 57, 114, 171, 228, 285, 342, 399])
    expect(nameMarks).toHaveLength(24)
    expect(migrate(db as never, migrations.filter((m) => m.version <= 15))).toEqual([15])
    expect(db.prepare("SELECT list_id, key, player_id, rank FROM list_marks WHERE sort = 'name' ORDER BY list_id, rank").all()).toEqual(nameMarks)
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE '%name_marks%'").pluck().get()).toBe(1) // the new trigger only
    expect(markSpacing(2000, PLAYERS)).toBe(267)
    for (const sort of ['rating', 'fideId'] as const) {
      expect(marksOf(db, 1, sort).map((m) => m.rank)).toEqual([0, 267, 534, 801, 1068, 1335, 1602, 1869])
      expect(marksOf(db, 2, sort).map((m) => m.rank)).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400])
    }
    // the marks cross the segments: players without FIDE ID first, the unrated last
    expect(marksOf(db, 1, 'fideId').filter((m) => m.key === NO_FIDE_ID).length).toBe(2)
    expect(marksOf(db, 1, 'rating').filter((m) => m.key === UNRATED).length).toBe(1)
    expect(marksOf(db, 4, 'rating').map((m) => m.rank)).toEqual([0, 57, 114, 171, 228, 285, 342, 399])
    expect(marksOf(db, 4, 'fideId')).toEqual([])
    for (const sort of SORTS) expect(marksOf(db, 3, sort)).toEqual([])
    for (const l of [1, 2, 4]) expectExactRanks(db, l)
    // the marks the migration wrote are those a list frozen from now on gets (on the schema of now: the lists' orders by
    // rating are read from list_by_rating since migration 23, which the rest of this spec runs on)
    migrate(db as never, migrations)
    for (const l of [1, 2]) {
      const before = SORTS.map((s) => marksOf(db, l, s))
      writeListMarks(db, l, entriesOf(l))
      expect(SORTS.map((s) => marksOf(db, l, s))).toEqual(before)
    }
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('every page by name, FIDE ID and rating, both ways, is the plain order’s page; a draft and a small list page as before', () => {
    for (const l of [1, 2, 3, 4]) expectPagesRight(db, l)
  })

  it('renames and FIDE IDs set, moved and cleared keep every rank exact', () => {
    const nameMark = marksOf(db, 1, 'name')[3]!
    const fideMark = marksOf(db, 1, 'fideId')[4]!
    const rename = db.prepare('UPDATE players SET name_folded = ? WHERE id = ?')
    rename.run('aaa first', nameMark.player_id) // the player of a mark goes to the very front
    rename.run('zzz last', 1) // from near the front to the end
    rename.run('sur50 giv1', 2) // onto other players' name, ordered among them by id
    const fide = db.prepare('UPDATE players SET fide_id = ? WHERE id = ?')
    fide.run(null, fideMark.player_id) // a mark's player loses his FIDE ID: to the front segment
    fide.run(1, 10) // a player without one gets the smallest
    fide.run(99_999_999, 20) // and another the largest
    fide.run(null, 4) // a player near the front loses his
    fide.run(5, 8) // a FIDE ID moved a long way down
    expect(db.prepare('SELECT fide_id FROM players WHERE id IN (4, 8, 10, 20) ORDER BY id').pluck().all()).toEqual([null, 5, 1, 99_999_999])
    for (const l of [1, 2, 4]) {
      expectExactRanks(db, l)
      expectPagesRight(db, l)
    }
  })

  it('a merge that moves entries and a FIDE ID to another player, and its undo, keep them exact', () => {
    // player 915 has no FIDE ID and is on no list; player 901 (on list 1 only, rated, with a FIDE ID) merges into him:
    // list 1's entry moves from 901 to 915 in every order, and 901's FIDE ID moves to 915
    expect(db.prepare('SELECT fide_id FROM players WHERE id = 915').pluck().get()).toBeNull()
    expect(db.prepare('SELECT list_id, rating IS NOT NULL FROM rating_list_entries WHERE player_id IN (901, 915)').raw().all()).toEqual([[1, 1]])
    const fide901 = db.prepare('SELECT fide_id FROM players WHERE id = 901').pluck().get()
    db.prepare("UPDATE players SET name_folded = 'aab keep' WHERE id = 915").run()
    const merge = mergePlayers(db, 915, 901, 'same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (901, 915)').pluck().all()).toEqual([915])
    expect(db.prepare('SELECT fide_id FROM players WHERE id = 915').pluck().get()).toBe(fide901)
    expectExactRanks(db, 1)
    expectPagesRight(db, 1)
    undoMerge(db, merge.id, 'not the same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (901, 915)').pluck().all()).toEqual([901])
    expect(db.prepare('SELECT fide_id FROM players WHERE id = 901').pluck().get()).toBe(fide901)
    expectExactRanks(db, 1)
    expectPagesRight(db, 1)
  })

  it('a list whose counts are stored from now on is marked at once in every order', () => {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (5, 'reference', '2025-05-01', 'rapid', 'FIDE', 'reference')").run()
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT 5, id, CASE WHEN id % 4 = 0 THEN NULL ELSE 1500 END, 0, 20 FROM players WHERE id % 5 <> 0').run()
    for (const sort of SORTS) expect(marksOf(db, 5, sort)).toEqual([])
    storeListCounts(db, 5)
    for (const sort of SORTS) expect(marksOf(db, 5, sort).map((m) => m.rank)).toEqual([0, 320, 640, 960, 1280, 1600, 1920, 2240])
    expectExactRanks(db, 5)
    expectPagesRight(db, 5, 97)
  })
})
