// Migration 1 (core): the audit log is append-only; reference and published lists and their entries never change.
import { afterAll, describe, expect, it } from 'vitest'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 1 (core)', () => {
  const db = migratedTo(tmp.file('m1.db'), 1)
  afterAll(() => db.close())

  it('stops at version 1 with the core tables only', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(1)
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all()
    expect(tables).toEqual(['audit_log', 'players', 'rating_list_entries', 'rating_lists', 'settings'])
  })

  it('keeps the audit log append-only, with the default actor and time', () => {
    db.prepare("INSERT INTO audit_log (action, entity) VALUES ('list.import', 'rating_list')").run()
    expect(db.prepare('SELECT actor, at FROM audit_log').get()).toEqual({ actor: 'officer', at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) })
    expect(() => db.prepare("UPDATE audit_log SET actor = 'x'").run()).toThrow('audit_log is append-only')
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow('audit_log is append-only')
  })

  it('freezes a reference list and a published list, and their entries; a draft stays editable', () => {
    const player = Number(db.prepare("INSERT INTO players (surname, name_folded) VALUES ('Doe', 'doe')").run().lastInsertRowid)
    const list = (kind: string, status: string): number =>
      Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES (?, '2025-01-01', 'standard', 'FIDE', ?)").run(kind, status).lastInsertRowid)
    const ref = list('reference', 'reference')
    const draft = list('office', 'draft')
    const addEntry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, 2000)')
    addEntry.run(ref, player)
    addEntry.run(draft, player)
    const pub = list('office', 'published')
    expect(() => addEntry.run(pub, player)).toThrow('a published list takes no new entries')
    expect(() => db.prepare("UPDATE rating_lists SET source = 'X' WHERE id = ?").run(ref)).toThrow('a published or reference list is immutable')
    expect(() => db.prepare('DELETE FROM rating_lists WHERE id = ?').run(pub)).toThrow('a published or reference list is immutable')
    expect(() => db.prepare('UPDATE rating_list_entries SET rating = 2100 WHERE list_id = ?').run(ref)).toThrow('entries of a published or reference list are immutable')
    expect(() => db.prepare('DELETE FROM rating_list_entries WHERE list_id = ?').run(ref)).toThrow('entries of a published or reference list are immutable')
    expect(db.prepare('UPDATE rating_list_entries SET rating = 2100 WHERE list_id = ?').run(draft).changes).toBe(1)
  })
})
