// A list made from a base list (an office list's draft) is marked by name and FIDE ID from the base's marks, each moved
// by the players added before its key less those gone before it (data/list-order-marks.ts, marksFromBase): every rank
// exact, every page the plain order's, the base's keys kept; walked as before when the lists differ by more than a
// tenth or the base holds no such marks.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { tempDir } from '../../../helpers/temp-db'
import { expectExactRanks, expectPagesRight, marksOf, seedMarkPlayers } from './order-marks-check'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 3000
const db: Db = openDatabase(tmp.file('marks.db'))
afterAll(() => db.close())

seedMarkPlayers(db, PLAYERS)

function list(id: number, status: 'reference' | 'draft', players: Iterable<number>, rating: (p: number) => number | null): void {
  db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, ?, ?, 'standard', ?, ?)").run(
    id,
    status === 'draft' ? 'office' : 'reference',
    `2025-${String(id).padStart(2, '0')}-01`,
    status === 'draft' ? 'FRA' : 'FIDE',
    status
  )
  const add = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
  for (const p of players) add.run(id, p, rating(p))
}
const range = (f: (id: number) => boolean): number[] => Array.from({ length: PLAYERS }, (_, i) => i + 1).filter(f)
const keysOf = (l: number, sort: 'name' | 'fideId'): string[] => marksOf(db, l, sort).map((m) => `${m.key}/${m.player_id}`)

// the base: two players in three, counted and marked as an import leaves it
const base = range((id) => id % 3 !== 0)
list(1, 'reference', base, (p) => (p % 11 === 0 ? null : 1000 + ((p * 13) % 700)))
storeListCounts(db, 1)

describe("a draft's marks by name and FIDE ID moved from its base list's", () => {
  it('are exact with players added and players gone, the players of marks among them; the base keys kept', () => {
    // gone: one in 29 of the base, and the players of three name marks and two FIDE ID marks of the base
    const markPlayers = [...marksOf(db, 1, 'name').slice(1, 4), ...marksOf(db, 1, 'fideId').slice(2, 4)].map((m) => m.player_id)
    const gone = new Set([...base.filter((p) => p % 29 === 0), ...markPlayers])
    const added = range((id) => id % 3 === 0 && id % 17 === 0)
    const players = [...base.filter((p) => !gone.has(p)), ...added].sort((a, b) => a - b)
    // the ratings change too: the rating order is marked from the draft itself
    list(2, 'draft', players, (p) => (p % 11 === 0 ? null : 1100 + ((p * 31) % 650)))
    storeListCounts(db, 2, 1)
    for (const sort of ['name', 'fideId'] as const) {
      expect(keysOf(2, sort)).toEqual(keysOf(1, sort))
      // moved: not the ranks the base gives
      expect(marksOf(db, 2, sort).map((m) => m.rank)).not.toEqual(marksOf(db, 1, sort).map((m) => m.rank))
    }
    // 2,000 of the base − 74 gone (69 multiples of 29 not of 3, and the 5 players of marks) + 58 added (the multiples
    // of 51): 1,984 entries, a mark by rating every round(400 × 1,984 / 3,000) = 265
    expect([gone.size, added.length, players.length]).toEqual([74, 58, 1984])
    expect(marksOf(db, 2, 'rating').map((m) => m.rank)).toEqual([0, 265, 530, 795, 1060, 1325, 1590, 1855])
    expectExactRanks(db, 2)
    expectPagesRight(db, 2)
  })

  it('stay exact when a gone player who keys one of them is renamed afterwards', () => {
    const mark = marksOf(db, 2, 'name').find((m) => !db.prepare('SELECT 1 FROM rating_list_entries WHERE list_id = 2 AND player_id = ?').get(m.player_id))
    // the base's second name mark: the first of the three whose players left the list (the first mark's stayed)
    expect(mark?.player_id).toBe(marksOf(db, 1, 'name')[1]!.player_id)
    db.prepare("UPDATE players SET name_folded = 'aaa first', surname = 'Aaa' WHERE id = ?").run(mark!.player_id)
    expectExactRanks(db, 1)
    expectExactRanks(db, 2)
    expectPagesRight(db, 2)
  })

  it('are walked from the draft itself when it differs from its base by more than a tenth', () => {
    // the base's players plus every third one up to 1,200: 400 added to 2,000
    list(3, 'draft', [...base, ...range((id) => id % 3 === 0 && id <= 1200)].sort((a, b) => a - b), () => 1500)
    storeListCounts(db, 3, 1)
    expect(keysOf(3, 'name')).not.toEqual(keysOf(1, 'name'))
    // every 320th entry of its own (markSpacing of 2,400 entries in a registry of 3,000)
    for (const sort of ['name', 'fideId'] as const) expect(marksOf(db, 3, sort).map((m) => m.rank)).toEqual([0, 320, 640, 960, 1280, 1600, 1920, 2240])
    expectExactRanks(db, 3)
    expectPagesRight(db, 3)
  })

  it('are walked from the draft itself when the base holds none', () => {
    db.prepare("DELETE FROM list_marks WHERE list_id = 1 AND sort = 'name'").run()
    list(4, 'draft', base, () => 1500)
    storeListCounts(db, 4, 1)
    for (const sort of ['name', 'fideId'] as const) expect(marksOf(db, 4, sort).map((m) => m.rank)).toEqual([0, 267, 534, 801, 1068, 1335, 1602, 1869])
    expectExactRanks(db, 4)
    expectPagesRight(db, 4)
  })
})
