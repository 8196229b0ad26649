// Migration 26 (an office list records the federation that publishes it, issue 35): the lists published before it take
// the settings' federation as it is at the upgrade (what their PDF printed), drafts record none, and a published list's
// parameters stay frozen afterwards.
import { afterAll, describe, expect, it } from 'vitest'
import type Database from 'better-sqlite3'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** The version just before 26 in the list (others may land between 23 and 26). */
const BEFORE = Math.max(...migrations.filter((m) => m.version < 26).map((m) => m.version))

/** A reference list (1), a published office list (2) and a draft (3) with their parameters, and the settings given. */
function seeded(file: string, settings: Record<string, string>): Database.Database {
  const db = migratedTo(file, BEFORE)
  db.transaction(() => {
    for (const [k, v] of Object.entries(settings)) db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(k, JSON.stringify(v))
    const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, edition, status) VALUES (?, ?, ?, 'standard', 'FIDE', ?, 'draft')")
    list.run(1, 'reference', '2025-09-01', null)
    list.run(2, 'office', '2025-10-01', 'fide-2024')
    list.run(3, 'office', '2025-11-01', 'fide-2024')
    const meta = db.prepare("INSERT INTO office_list_meta (list_id, base_list_id, closing_date, profile_id, params, engine_version, counters, inputs_hash) VALUES (?, ?, ?, 'fide-2024', '{}', '1', '{}', 'h')")
    meta.run(2, 1, '2025-09-28')
    meta.run(3, 2, '2025-10-29')
    db.prepare("UPDATE rating_lists SET status = 'reference' WHERE id = 1").run()
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-10-01T10:00:00Z' WHERE id = 2").run()
  })()
  return db
}

const recorded = (db: Database.Database): unknown[] => db.prepare('SELECT list_id, federation_name, federation_code FROM office_list_meta ORDER BY list_id').raw().all()

describe('migration 26 (list publisher)', () => {
  it('records the settings’ federation with the lists published already, none with a draft, and keeps them frozen', () => {
    const db = seeded(tmp.file('named.db'), { federation: 'FRA', federationName: ' Fédération Française des Échecs ' })
    try {
      expect(migrate(db, migrations.filter((m) => m.version <= 26))).toEqual([26])
      expect(recorded(db)).toEqual([
        [2, 'Fédération Française des Échecs', 'FRA'],
        [3, null, null]
      ])
      expect(() => db.prepare("UPDATE office_list_meta SET federation_name = 'Other' WHERE list_id = 2").run()).toThrow(/immutable/)
      // a draft's parameters still change (its publication records its federation)
      db.prepare("UPDATE office_list_meta SET federation_name = 'Other', federation_code = 'OTH' WHERE list_id = 3").run()
      expect(recorded(db)[1]).toEqual([3, 'Other', 'OTH'])
    } finally {
      db.close()
    }
  })

  it('leaves them unrecorded when the settings named no federation (they are then read with the settings’)', () => {
    const db = seeded(tmp.file('unnamed.db'), { federation: '', officer: 'A. Officer' })
    try {
      expect(migrate(db, migrations.filter((m) => m.version <= 26))).toEqual([26])
      expect(recorded(db)).toEqual([
        [2, null, null],
        [3, null, null]
      ])
    } finally {
      db.close()
    }
  })
})
