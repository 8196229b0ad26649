// The comparison's SQL (KIND_SQL, kindUnion, diffCounts) held to the one definition of the kinds of change
// (lists/change-kinds.ts) over every combination of a base line and a new line: no line, an imported line, a rated,
// a delisted or a titled unrated line of an office list, with and without the inactive flag and a title. Each pair is
// one player of two stored lists; every kind's players and count must be the definition's, player by player. A
// predicate changed in either place makes this fail (one of them is checked against a broken copy below).
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { DIFF_KINDS, KIND_SQL, diffCounts, kindUnion, pairOf, type DiffKind } from '../../../../src/main/core/data/list-compare'
import { hasKind, kindsOf, ratingKindOf, marksOf, RATING_KINDS, type KindLine } from '../../../../src/main/core/lists/change-kinds'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** Every kind of line a list stores (null: no line). */
const LINES: (KindLine | null)[] = [null]
for (const flags of [null, 'i', 'w', 'wi']) {
  for (const title of [null, 'FM']) {
    for (const [rating, status] of [
      [1500, null],
      [1600, null],
      [1500, 'rated'],
      [1620, 'rated'],
      [1394, 'delisted'],
      [null, 'titled-unrated'],
      [null, null]
    ] as const) {
      LINES.push({ rating, status, flags, title })
    }
  }
}

const db: Db = openDatabase(tmp.file('kinds.db'))
afterAll(() => db.close())
const pairs: { playerId: number; b: KindLine | null; n: KindLine | null }[] = []
db.transaction(() => {
  db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'office', '2025-09-01', 'standard', 'FRA', 'draft')").run()
  db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (2, 'office', '2025-10-01', 'standard', 'FRA', 'draft')").run()
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, entry_status) VALUES (?, ?, ?, 0, 20, ?, ?, ?)')
  let id = 0
  for (const b of LINES) {
    for (const n of LINES) {
      if (!b && !n) continue
      player.run(++id)
      if (b) entry.run(1, id, b.rating, b.flags, b.title, b.status)
      if (n) entry.run(2, id, n.rating, n.flags, n.title, n.status)
      pairs.push({ playerId: id, b, n })
    }
  }
  // a player the new list's period touched who is on neither list (his sheet says why): unlisted
  player.run(++id)
  db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (2, ?, 'unlisted', NULL, NULL, '[]', ?)").run(id, packSheet({ playerId: id }))
  pairs.push({ playerId: id, b: null, n: null })
})()

const sqlPlayers = (kind: DiffKind, sql = kindUnion(kind, pairOf(db, 1, 2))): number[] =>
  (db.prepare(`SELECT d.playerId FROM (${sql}) AS d ORDER BY d.playerId`).pluck().all({ from: 1, to: 2 }) as number[])

describe('the kinds of change: the SQL is the definition', () => {
  it('gives every player exactly one rating kind, and the marks only besides', () => {
    expect(pairs.length).toBe(LINES.length * LINES.length)
    for (const { b, n } of pairs) {
      const kinds = kindsOf(b, n)
      expect(RATING_KINDS).toContain(kinds[0])
      expect(kinds.slice(1)).toEqual(marksOf(b, n))
    }
    // a few by hand: a rise with a new title; a line shown as delisted; a player who left; an inactive flag on a delisted line
    expect(kindsOf({ rating: 1500, status: null, flags: null, title: null }, { rating: 1520, status: 'rated', flags: null, title: 'FM' })).toEqual(['up', 'title'])
    expect(kindsOf({ rating: 1400, status: null, flags: null, title: null }, { rating: 1394, status: 'delisted', flags: null, title: null })).toEqual(['delisted'])
    expect(kindsOf({ rating: 1400, status: null, flags: 'i', title: null }, null)).toEqual(['unlisted'])
    expect(kindsOf({ rating: 1400, status: 'rated', flags: 'i', title: null }, { rating: 1394, status: 'delisted', flags: null, title: null })).toEqual(['delisted'])
    expect(kindsOf({ rating: 1394, status: 'delisted', flags: null, title: null }, { rating: 1450, status: 'rated', flags: 'i', title: null })).toEqual(['new'])
    expect(kindsOf({ rating: 1600, status: 'rated', flags: 'i', title: null }, { rating: 1600, status: 'rated', flags: null, title: null })).toEqual(['unchanged', 'reactivated'])
  })

  it('pages and counts every kind player by player as the definition does', () => {
    const counts = diffCounts(db, 1, 2)
    for (const kind of DIFF_KINDS) {
      const want = pairs.filter((p) => hasKind(kind, p.b, p.n)).map((p) => p.playerId)
      expect(sqlPlayers(kind), kind).toEqual(want)
      expect(counts[kind], kind).toBe(want.length)
    }
    // the rating kinds partition the players compared
    expect(RATING_KINDS.reduce((s, k) => s + counts[k], 0)).toBe(pairs.length)
    expect(pairs.filter((p) => ratingKindOf(p.b, p.n) === 'delisted').length).toBeGreaterThan(0)
  })

  it('fails on a predicate that differs from the definition (delisted read from a missing rating)', () => {
    const broken = kindUnion('delisted', pairOf(db, 1, 2)).replace(KIND_SQL.delisted, 'f.rating IS NOT NULL AND t.rating IS NULL')
    expect(broken).not.toBe(kindUnion('delisted', pairOf(db, 1, 2)))
    const want = pairs.filter((p) => hasKind('delisted', p.b, p.n)).map((p) => p.playerId)
    expect(sqlPlayers('delisted', broken)).not.toEqual(want)
  })
})
