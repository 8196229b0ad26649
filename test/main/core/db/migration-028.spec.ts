// Migration 28 (issue 40): a record for each frozen list, made by the database when the list freezes; on a database
// upgraded from 27, every published and reference list it holds gets one (its checksum to be filled), a draft none.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { fillFrozenChecksums, frozenListChecksums } from '../../../../src/main/core/db/backup'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 28 (frozen-list checksums)', () => {
  it('records the frozen lists of a database upgraded from 27, fills them once counted, and records later ones as they freeze', () => {
    const db = migratedTo(tmp.file('upgraded.db'), 27)
    db.prepare("INSERT INTO players (id, fide_id, surname, name_folded) VALUES (1, 1001, 'One', 'one'), (2, 1002, 'Two', 'two')").run()
    const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES (?, ?, 'standard', 'FIDE', ?)")
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, ?)')
    const ref = Number(list.run('reference', '2026-09-01', 'reference').lastInsertRowid)
    entry.run(ref, 1, 2100)
    entry.run(ref, 2, null)
    db.prepare("UPDATE rating_lists SET entry_count = 2, rated_count = 1 WHERE id = ?").run(ref)
    const draft = Number(list.run('office', '2026-10-01', 'draft').lastInsertRowid)
    entry.run(draft, 1, 2110)

    migrate(db, migrations.filter((m) => m.version <= 28))
    expect(db.pragma('user_version', { simple: true })).toBe(28)
    const records = () => db.prepare('SELECT list_id, checksum, forgotten FROM frozen_list_checksums ORDER BY list_id').all()
    expect(records()).toEqual([{ list_id: ref, checksum: null, forgotten: 0 }])
    expect(fillFrozenChecksums(db)).toEqual([ref])
    expect(records()).toEqual([{ list_id: ref, checksum: frozenListChecksums(db)[ref], forgotten: 0 }])

    // the draft published (its counts stored as a publication stores them): recorded, then filled
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2026-10-02T00:00:00Z' WHERE id = ?").run(draft)
    expect(records()).toEqual([
      { list_id: ref, checksum: frozenListChecksums(db)[ref], forgotten: 0 },
      { list_id: draft, checksum: null, forgotten: 0 }
    ])
    db.prepare('UPDATE rating_lists SET entry_count = 1, rated_count = 1 WHERE id = ?').run(draft)
    expect(fillFrozenChecksums(db)).toEqual([draft])
    expect(Object.fromEntries((records() as { list_id: number; checksum: string }[]).map((r) => [r.list_id, r.checksum]))).toEqual(frozenListChecksums(db))
    db.close()
  })
})
