// Migration 11 (list counts): on a version-10 database holding a reference list, a published office list and a
// draft, the frozen lists get their entry and rated counts, the draft stays uncounted, and the immutability
// triggers still refuse every change of a frozen list but the one filling of its true counts.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 11 (list counts)', () => {
  const db = migratedTo(tmp.file('m11.db'), 10)
  afterAll(() => db.close())
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
  for (let i = 1; i <= 5; i++) player.run(i)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, ?, ?, 'standard', 'FIDE', ?)")
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, ?)')
  // 1: reference, 3 entries (2 rated); 2: office draft then published, 2 entries (1 rated); 3: draft, 4 entries
  list.run(1, 'reference', '2024-01-01', 'reference')
  entry.run(1, 1, 2000)
  entry.run(1, 2, 1900)
  entry.run(1, 3, null)
  list.run(2, 'office', '2024-02-01', 'draft')
  entry.run(2, 1, 2010)
  entry.run(2, 2, null)
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-02-01T00:00:00Z' WHERE id = 2").run()
  list.run(3, 'office', '2024-03-01', 'draft')
  for (let i = 1; i <= 4; i++) entry.run(3, i, 2000 + i)
  const counts = (id: number): unknown => db.prepare('SELECT entry_count AS entries, rated_count AS rated FROM rating_lists WHERE id = ?').get(id)
  const entriesBefore = db.prepare('SELECT * FROM rating_list_entries ORDER BY list_id, player_id').all()

  it('counts the frozen lists and leaves the draft uncounted, every entry kept', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 11))).toEqual([11])
    expect(db.pragma('user_version', { simple: true })).toBe(11)
    expect(counts(1)).toEqual({ entries: 3, rated: 2 })
    expect(counts(2)).toEqual({ entries: 2, rated: 1 })
    expect(counts(3)).toEqual({ entries: null, rated: null })
    expect(db.prepare('SELECT * FROM rating_list_entries ORDER BY list_id, player_id').all()).toEqual(entriesBefore)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('refuses a wrong count, a second filling and any other change of a frozen list', () => {
    const update = (sql: string): (() => void) => () => db.prepare(sql).run()
    expect(update('UPDATE rating_lists SET entry_count = 4 WHERE id = 1')).toThrow(/immutable/)
    expect(update('UPDATE rating_lists SET entry_count = NULL, rated_count = NULL WHERE id = 1')).toThrow(/immutable/)
    expect(update("UPDATE rating_lists SET list_date = '2024-01-02' WHERE id = 1")).toThrow(/immutable/)
    expect(update("UPDATE rating_lists SET checksum = 'x' WHERE id = 2")).toThrow(/immutable/)
    expect(update('DELETE FROM rating_lists WHERE id = 2')).toThrow(/immutable/)
    expect(update('DELETE FROM rating_list_entries WHERE list_id = 1 AND player_id = 1')).toThrow(/immutable/)
    expect(update('UPDATE rating_list_entries SET rating = 2001 WHERE list_id = 2 AND player_id = 1')).toThrow(/immutable/)
    expect(counts(1)).toEqual({ entries: 3, rated: 2 })
  })

  it('refuses a new entry on a counted reference list and on a published list', () => {
    expect(() => entry.run(1, 4, 1500)).toThrow(/takes no new entries/)
    expect(() => entry.run(2, 4, 1500)).toThrow(/takes no new entries/)
    expect(counts(1)).toEqual({ entries: 3, rated: 2 })
  })

  it('fills a reference list once its entries are written, with exactly what it holds', () => {
    // storeListCounts as the code is now also marks the list's order by name (migration 13): the schema it writes
    migrate(db, migrations)
    list.run(4, 'reference', '2024-04-01', 'reference')
    entry.run(4, 1, 1800)
    entry.run(4, 5, null)
    // a count filled by hand that is not the list's is refused, even from nothing
    expect(() => db.prepare('UPDATE rating_lists SET entry_count = 3, rated_count = 1 WHERE id = 4').run()).toThrow(/immutable/)
    expect(() => db.prepare("UPDATE rating_lists SET entry_count = 2, rated_count = 1, source = 'ENG' WHERE id = 4").run()).toThrow(/immutable/)
    storeListCounts(db, 4)
    expect(counts(4)).toEqual({ entries: 2, rated: 1 })
    // storing again changes nothing and is no error
    storeListCounts(db, 4)
    expect(counts(4)).toEqual({ entries: 2, rated: 1 })
    expect(() => entry.run(4, 2, 1700)).toThrow(/takes no new entries/)
  })

  it('a draft keeps taking entries (it is counted when read)', () => {
    entry.run(3, 5, 1600)
    expect(db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = 3').pluck().get()).toBe(5)
    expect(counts(3)).toEqual({ entries: null, rated: null })
  })
})
