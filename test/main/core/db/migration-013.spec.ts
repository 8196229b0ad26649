// Migration 13 (a frozen list's order by name kept as marks, issue 12): on a version-12 database the frozen lists get
// their marks (drafts none); the marks' ranks stay exact when players are renamed (across marks, onto a mark, to
// another player's very name) and when a merge moves entries to another player and its undo moves them back.
// (Migration 15 moves these marks into list_marks beside the orders by rating and FIDE ID: the pages read from them,
// and the lists marked from then on, are tested in migration-015.spec.ts.)
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
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
    expect(list1.map((m) => m.rank)).toEqual([0, 267, 534, 801, 1068, 1335, 1602, 1869])
    expect(marksOf(db, 2).map((m) => m.rank)).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400])
    expect(marksOf(db, 3)).toEqual([])
    expectExactRanks(db, 1)
    expectExactRanks(db, 2)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
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
    for (const l of [1, 2]) expectExactRanks(db, l)
  })

  it('a merge that moves entries to another player, and its undo, keep them exact', () => {
    // player 7 is on list 1 (not on 2), player 3 is on neither: list 1's entry moves from 7 to 3
    db.prepare("UPDATE players SET name_folded = 'aab keep' WHERE id = 3").run()
    const merge = mergePlayers(db, 3, 7, 'same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (3, 7)').pluck().all()).toEqual([3])
    expectExactRanks(db, 1)
    undoMerge(db, merge.id, 'not the same person')
    expect(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 1 AND player_id IN (3, 7)').pluck().all()).toEqual([7])
    expectExactRanks(db, 1)
  })
})
