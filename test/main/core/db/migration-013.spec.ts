// Migration 13 (a frozen list's order by name kept as marks, issue 12): on a version-12 database the frozen lists get
// their marks (drafts none); a page by name read from the marks is the page the plain ORDER BY ... OFFSET gives, both
// ways, at every offset tried; the marks' ranks stay exact when players are renamed (across marks, onto a mark, to
// another player's very name) and when a merge moves entries to another player and its undo moves them back; a list
// whose counts are stored from now on (an import's end) is marked at once.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { markSpacing, writeNameMarks } from '../../../../src/main/core/data/list-name-order'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { listsHandlers } from '../../../../src/main/core/services/lists'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import type { Db } from '../../../../src/main/core/db/open'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 3000
/** List 1: two players in three; list 2: every other player; list 3: a draft of the first 900. */
const ON_LIST: Record<number, (id: number) => boolean> = { 1: (id) => id % 3 !== 0, 2: (id) => id % 2 === 0, 3: (id) => id <= 900 }

type Mark = { list_id: number; name_folded: string; player_id: number; rank: number }
const marksOf = (db: Db, listId: number): Mark[] =>
  db.prepare('SELECT list_id, name_folded, player_id, rank FROM list_name_marks WHERE list_id = ? ORDER BY rank').all(listId) as Mark[]

/** Every mark's rank is the number of the list's entries whose (name, id) sorts before its key. */
function expectExactRanks(db: Db, listId: number): void {
  const below = db.prepare(
    'SELECT count(*) FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND (p.name_folded, p.id) < (?, ?)'
  )
  for (const m of marksOf(db, listId)) expect(below.pluck().get(listId, m.name_folded, m.player_id), `mark ${m.name_folded} ${m.player_id}`).toBe(m.rank)
}

/** Every page of `size` rows, both ways, as lists:entries gives it and as the plain OFFSET walk gives it. */
function expectPagesRight(db: Db, listId: number, size = 41): void {
  const entries = db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(listId) as number
  for (const dir of ['ASC', 'DESC'] as const) {
    const plain = db.prepare(
      `SELECT p.id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? ORDER BY p.name_folded ${dir}, p.id ${dir} LIMIT ? OFFSET ?`
    )
    for (let offset = 0; offset < entries + size; offset += size) {
      const page = listsHandlers['lists:entries']({ listId, offset, limit: size, sort: 'name', order: dir === 'ASC' ? 'asc' : 'desc' }, { db } as unknown as ServiceContext) as {
        rows: { playerId: number }[]
      }
      expect(page.rows.map((r) => r.playerId), `${dir} offset ${offset}`).toEqual(plain.pluck().all(listId, size, offset))
    }
  }
}

describe('migration 13 (list name marks)', () => {
  const db = migratedTo(tmp.file('m13.db'), 12) as unknown as Db
  afterAll(() => db.close())
  db.transaction(() => {
    // 97 surnames, 13 given names: many players share a name, whose order is then their id
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation)
       SELECT i, 100000 + i, 'Sur' || (i * 7 % 97), 'Giv' || (i % 13), 'sur' || (i * 7 % 97) || ' giv' || (i % 13), 'FRA' FROM n`
    ).run(PLAYERS)
    for (const l of [1, 2, 3]) {
      db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, ?, ?, 'standard', ?, ?)").run(
        l,
        l === 3 ? 'office' : 'reference',
        `2025-0${l}-01`,
        l === 3 ? 'FRA' : 'FIDE',
        l === 3 ? 'draft' : 'reference'
      )
      const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
      for (let id = 1; id <= PLAYERS; id++) if (ON_LIST[l]!(id)) add.run(l, id, 1000 + (id % 1500))
    }
    // the frozen lists' counts, as migration 11 left them on a version-12 database
    db.prepare(
      `UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id),
              rated_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id AND rating IS NOT NULL) WHERE status = 'reference'`
    ).run()
  })()

  it('marks the frozen lists held, every few hundred entries by their share of the registry, and no draft', () => {
    expect(migrate(db as never, migrations.filter((m) => m.version <= 13))).toEqual([13])
    const list1 = marksOf(db, 1)
    expect(markSpacing(2000, PLAYERS)).toBe(267)
    expect(list1.map((m) => m.rank)).toEqual([0, 267, 534, 801, 1068, 1335, 1602, 1869])
    expect(marksOf(db, 2).map((m) => m.rank)).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400])
    expect(marksOf(db, 3)).toEqual([])
    expectExactRanks(db, 1)
    expectExactRanks(db, 2)
    // the marks the migration wrote in one walk are those a list frozen from now on gets
    writeNameMarks(db, 1, 2000)
    expect(marksOf(db, 1)).toEqual(list1)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('pages by name from the marks are the plain order’s pages, both ways, and a draft pages as before', () => {
    expectPagesRight(db, 1)
    expectPagesRight(db, 2)
    expectPagesRight(db, 3)
  })

  it('renames keep the ranks exact: across marks both ways, a mark’s own player, onto another player’s name', () => {
    const mark = marksOf(db, 1)[3]!
    const rename = db.prepare('UPDATE players SET name_folded = ? WHERE id = ?')
    rename.run('aaa first', mark.player_id) // the player of a mark goes to the very front
    rename.run('zzz last', 1) // from near the front to the end
    rename.run('sur50 giv1', 2) // lands on other players' name, ordered among them by id
    rename.run('sur50 giv1', 4)
    rename.run(db.prepare('SELECT name_folded FROM players WHERE id = 5').pluck().get() + 'x', 5) // a step past itself
    expect(db.prepare('SELECT name_folded FROM players WHERE id = 1').pluck().get()).toBe('zzz last')
    for (const l of [1, 2]) {
      expectExactRanks(db, l)
      expectPagesRight(db, l)
    }
    expectPagesRight(db, 3)
  })

  it('a merge that moves entries to another player, and its undo, keep them exact', () => {
    // player 7 is on list 1 (not on 2), player 3 is on neither: list 1's entry moves from 7 to 3
    db.prepare("UPDATE players SET name_folded = 'aab keep' WHERE id = 3").run()
    const merge = mergePlayers(db, 3, 7, 'same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (3, 7)').pluck().all()).toEqual([3])
    expectExactRanks(db, 1)
    expectPagesRight(db, 1)
    undoMerge(db, merge.id, 'not the same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (3, 7)').pluck().all()).toEqual([7])
    expectExactRanks(db, 1)
    expectPagesRight(db, 1)
  })

  it('a list whose counts are stored from now on is marked at once', () => {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (4, 'reference', '2025-04-01', 'rapid', 'FIDE', 'reference')").run()
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT 4, id, 1500, 0, 20 FROM players WHERE id % 5 <> 0').run()
    expect(marksOf(db, 4)).toEqual([])
    storeListCounts(db, 4)
    expect(marksOf(db, 4).map((m) => m.rank)).toEqual([0, 320, 640, 960, 1280, 1600, 1920, 2240])
    expectExactRanks(db, 4)
    expectPagesRight(db, 4, 97)
  })
})
