// Migration 8 (office lists): on a version-7 database holding a published and a draft list, the entries gain the
// carried state (NULL on the rows already there), the office-list tables appear, and a published list's state,
// meta and children are frozen while a draft's are not; a correction is kept for ever.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 8 (office lists)', () => {
  const db = migratedTo(tmp.file('m8.db'), 7)
  afterAll(() => db.close())
  db.prepare("INSERT INTO players (id, fide_id, surname, given_names, name_folded) VALUES (1, 100, 'Doe', 'John', 'doe john'), (2, 101, 'Roe', 'Jane', 'roe jane')").run()
  const insertList = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'office', ?, 'standard', 'fse', 'draft')")
  insertList.run(1, '2025-01-01')
  insertList.run(2, '2025-02-01')
  db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (1, 1, 1800, 4, 20), (1, 2, 1650, 0, 40), (2, 1, 1810, 2, 20)').run()
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-01-02' WHERE id = 1").run()
  const before = db.prepare('SELECT list_id, player_id, rating, games, k FROM rating_list_entries ORDER BY list_id, player_id').all()

  it('starts from version 7 and adds the columns and tables, the old entries unchanged with no state', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(7)
    expect(migrate(db, migrations.filter((m) => m.version <= 8))).toEqual([8])
    expect(db.prepare('SELECT list_id, player_id, rating, games, k FROM rating_list_entries ORDER BY list_id, player_id').all()).toEqual(before)
    expect(db.prepare('SELECT DISTINCT entry_status, rated_games, highest_rating, tracked_since, recent_games FROM rating_list_entries').all()).toEqual([
      { entry_status: null, rated_games: null, highest_rating: null, tracked_since: null, recent_games: null }
    ])
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'office_list_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
    expect(tables).toEqual(['office_list_adjustments', 'office_list_changelog', 'office_list_meta', 'office_list_sheets', 'office_list_tournaments', 'office_list_window'])
    expect(db.pragma('foreign_key_check')).toEqual([])
  })

  it("freezes a published list's entry state, meta and children; a draft's stay writable", () => {
    expect(() => db.prepare("UPDATE rating_list_entries SET entry_status = 'rated' WHERE list_id = 1 AND player_id = 1").run()).toThrow(/immutable/)
    db.prepare("UPDATE rating_list_entries SET entry_status = 'rated', rated_games = 2, recent_games = '[]' WHERE list_id = 2 AND player_id = 1").run()
    expect(() => db.prepare("UPDATE rating_list_entries SET entry_status = 'gone' WHERE list_id = 2").run()).toThrow(/CHECK/)
    expect(() => db.prepare("UPDATE rating_list_entries SET recent_games = '[' WHERE list_id = 2").run()).toThrow(/CHECK/)
    const meta = db.prepare("INSERT INTO office_list_meta (list_id, base_list_id, closing_date, profile_id, params, engine_version, counters, inputs_hash) VALUES (?, 1, '2025-01-31', 'fse', '{}', '1', '{}', 'h')")
    expect(() => meta.run(1)).toThrow(/immutable/)
    meta.run(2)
    const window = db.prepare("INSERT INTO office_list_window (list_id, player_id, data) VALUES (?, 2, '{}')")
    expect(() => window.run(1)).toThrow(/immutable/)
    window.run(2)
    expect(db.prepare('DELETE FROM office_list_window WHERE list_id = 2').run().changes).toBe(1)
  })

  it('keeps a correction for ever: no deletion, no change of its amount', () => {
    db.prepare("INSERT INTO office_list_adjustments (id, source_list_id, player_id, delta, reason) VALUES (1, 1, 2, 15, 'game missed')").run()
    expect(() => db.prepare('DELETE FROM office_list_adjustments WHERE id = 1').run()).toThrow(/kept for ever/)
    expect(() => db.prepare('UPDATE office_list_adjustments SET delta = 20 WHERE id = 1').run()).toThrow(/kept as it was/)
    db.prepare('UPDATE office_list_adjustments SET applied_list_id = 2 WHERE id = 1').run()
    expect(db.prepare('SELECT applied_list_id AS a FROM office_list_adjustments WHERE id = 1').get()).toEqual({ a: 2 })
  })
})
