// Migration 21 (the preview's orders, its counts stored): on a version-20 database holding a published office list and
// a draft (with entries, sheets of several kinds, and the draft generated in full: its parameters written), the
// preview's two orders are indexes that a page reads without sorting, the sheets are counted by kind (frozen with a
// published list), the draft's entry counts are stored, and no row of the sheets changes.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'
import { sheetOf, sheetRows } from './sheet-rows'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 21 (the preview orders and counts)', () => {
  const db = migratedTo(tmp.file('m21.db'), 20)
  afterAll(() => db.close())
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
  for (let i = 1; i <= 6; i++) player.run(i)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, ?, ?, 'standard', 'FIDE', 'draft')")
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, ?)')
  const sheet = db.prepare('INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const meta = db.prepare("INSERT INTO office_list_meta (list_id, base_list_id, closing_date, profile_id, params, engine_version, inputs_hash, counters) VALUES (?, 1, ?, 'fide-2024', '{}', 'test', 'h', '{}')")
  const blob = packSheet(sheetOf(1))
  db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2024-06-01', 'standard', 'FIDE', 'reference')").run()
  // list 2, published: changes +8, −8, −20, 0, none (unlisted)
  list.run(2, 'office', '2024-07-01')
  for (const [p, r] of [[1, 1608], [2, 1692], [3, 1480], [4, 1500]]) entry.run(2, p, r)
  entry.run(2, 6, null)
  sheet.run(2, 1, 'up', 1600, 8, '[1]', blob)
  sheet.run(2, 2, 'down', 1700, -8, '[1]', blob)
  sheet.run(2, 3, 'down', 1500, -20, '[1]', blob)
  sheet.run(2, 4, 'unchanged', 1500, 0, '[1]', blob)
  sheet.run(2, 5, 'unlisted', null, null, '[1]', blob)
  meta.run(2, '2024-06-29')
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-07-02T00:00:00Z', entry_count = 5, rated_count = 4 WHERE id = 2").run()
  // list 3, a draft generated in full (its parameters written); list 4, a draft without them (being written when the
  // database was copied: not counted)
  list.run(3, 'office', '2024-08-01')
  for (const p of [1, 2, 3]) entry.run(3, p, 1600 + p)
  sheet.run(3, 1, 'reactivated', 1608, 3, '[]', blob)
  meta.run(3, '2024-07-29')
  list.run(4, 'office', '2024-09-01')
  entry.run(4, 1, 1500)
  const before = sheetRows(db)
  const schemaOf = (name: string): string | undefined => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string | undefined
  const plan = (sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' | ')

  it('counts every list’s sheets by kind and a finished draft’s entries, leaving every sheet as it was', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 21))).toEqual([21])
    expect(sheetRows(db)).toEqual(before)
    expect(db.prepare('SELECT list_id, kind, sheets FROM office_list_kind_counts ORDER BY list_id, kind').raw().all()).toEqual([
      [2, 'down', 2],
      [2, 'unchanged', 1],
      [2, 'unlisted', 1],
      [2, 'up', 1],
      [3, 'reactivated', 1]
    ])
    const counts = (id: number): unknown => db.prepare('SELECT entry_count, rated_count FROM rating_lists WHERE id = ?').raw().get(id)
    expect(counts(2)).toEqual([5, 4])
    expect(counts(3)).toEqual([3, 3])
    expect(counts(4)).toEqual([null, null])
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
  })

  it('reads a preview page in its order from an index, every kind or one, without sorting', () => {
    expect(schemaOf('office_list_sheets_kind')).toBe('CREATE INDEX office_list_sheets_kind ON office_list_sheets(list_id, kind, abs(coalesce(change, 0)) DESC, player_id)')
    const all = 'SELECT player_id FROM office_list_sheets WHERE list_id = 2 ORDER BY abs(coalesce(change, 0)) DESC, player_id LIMIT 50'
    expect(plan(all)).toMatch(/COVERING INDEX office_list_sheets_change/)
    expect(plan(all)).not.toMatch(/TEMP B-TREE/)
    expect(db.prepare(all).pluck().all()).toEqual([3, 1, 2, 4, 5])
    const down = "SELECT player_id FROM office_list_sheets WHERE list_id = 2 AND kind = 'down' ORDER BY abs(coalesce(change, 0)) DESC, player_id LIMIT 50"
    expect(plan(down)).toMatch(/COVERING INDEX office_list_sheets_kind/)
    expect(plan(down)).not.toMatch(/TEMP B-TREE/)
    expect(db.prepare(down).pluck().all()).toEqual([3, 2])
  })

  it('freezes a published list’s counts; a draft’s are rewritten with it', () => {
    const run = (sql: string): (() => void) => () => db.prepare(sql).run()
    expect(run('UPDATE office_list_kind_counts SET sheets = 9 WHERE list_id = 2')).toThrow('a published list is immutable')
    expect(run('DELETE FROM office_list_kind_counts WHERE list_id = 2')).toThrow('a published list is immutable')
    expect(run("INSERT INTO office_list_kind_counts (list_id, kind, sheets) VALUES (2, 'new', 1)")).toThrow('a published list is immutable')
    expect(run("INSERT INTO office_list_kind_counts (list_id, kind, sheets) VALUES (3, 'absent', 1)")).toThrow(/CHECK constraint failed/)
    expect(run("INSERT INTO office_list_kind_counts (list_id, kind, sheets) VALUES (3, 'new', 0)")).toThrow(/CHECK constraint failed/)
    expect(db.prepare('DELETE FROM office_list_kind_counts WHERE list_id = 3').run().changes).toBe(1)
    // a counted draft takes no new entry until its counts are cleared (a new generation clears them first)
    expect(() => entry.run(3, 4, 1500)).toThrow(/takes no new entries/)
    db.prepare('UPDATE rating_lists SET entry_count = NULL, rated_count = NULL WHERE id = 3').run()
    entry.run(3, 4, 1500)
  })
})
