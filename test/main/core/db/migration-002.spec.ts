// Migration 2 (registry): FTS5 index follows players through triggers; arbiters, merges and the duplicate queue enforce their rules.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 2 (registry)', () => {
  // the schema as migration 2 leaves it, before any later migration
  const db = new Database(tmp.file('m2.db'))
  db.pragma('foreign_keys = ON')
  afterAll(() => db.close())
  it('applies migrations 1 and 2, and stops at version 2', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 2))).toEqual([1, 2])
    expect(db.pragma('user_version', { simple: true })).toBe(2)
  })
  it('keeps the FTS5 index in step with inserts, renames and deletes', () => {
    const ins = db.prepare('INSERT INTO players(fide_id, surname, given_names, name_folded) VALUES (?, ?, ?, ?)')
    const id = Number(ins.run(4600010, 'Müller', 'Jürgen', 'muller jurgen').lastInsertRowid)
    const find = (q: string): number[] => (db.prepare('SELECT rowid AS id FROM players_fts WHERE players_fts MATCH ?').all(q) as { id: number }[]).map((r) => r.id)
    expect(find('muller')).toEqual([id])
    db.prepare('UPDATE players SET name_folded = ? WHERE id = ?').run('mueller jurgen', id)
    expect(find('muller')).toEqual([])
    expect(find('mueller')).toEqual([id])
    db.prepare('DELETE FROM players WHERE id = ?').run(id)
    expect(find('mueller')).toEqual([])
  })
  it('refuses an unknown arbiter title and a licence that ends before it starts', () => {
    expect(() => db.prepare("INSERT INTO arbiters(fide_id, title, source) VALUES (1, 'XA', 'manual')").run()).toThrow(/CHECK/)
    expect(() =>
      db.prepare("INSERT INTO arbiters(fide_id, title, source, valid_from, valid_to) VALUES (2, 'FA', 'manual', '2025-01-01', '2024-01-01')").run()
    ).toThrow(/CHECK/)
  })
  it('stores a duplicate pair once, smaller id first', () => {
    const ins = db.prepare("INSERT INTO players(surname, name_folded) VALUES ('X', 'x')")
    const a = Number(ins.run().lastInsertRowid)
    const b = Number(ins.run().lastInsertRowid)
    db.prepare("INSERT INTO duplicate_candidates(player_a, player_b, score, reasons) VALUES (?, ?, 0.9, '{}')").run(a, b)
    expect(() => db.prepare("INSERT INTO duplicate_candidates(player_a, player_b, score, reasons) VALUES (?, ?, 0.9, '{}')").run(a, b)).toThrow(/UNIQUE/)
    expect(() => db.prepare("INSERT INTO duplicate_candidates(player_a, player_b, score, reasons) VALUES (?, ?, 0.9, '{}')").run(b, a)).toThrow(/CHECK/)
  })
})
