// Migration 5 (registry indexes): on a version-4 database holding players, the name index goes, the national-ID
// index keeps only the IDs that exist, every row stays, and lookups still use an index.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const indexSql = (db: ReturnType<typeof migratedTo>, name: string): string | undefined =>
  (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(name) as { sql: string } | undefined)?.sql
const plan = (db: ReturnType<typeof migratedTo>, sql: string): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')

describe('migration 5 (registry indexes)', () => {
  const db = migratedTo(tmp.file('m5.db'), 4)
  afterAll(() => db.close())
  const insert = db.prepare('INSERT INTO players (id, fide_id, national_id, surname, given_names, name_folded, federation, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  insert.run(1, 100, null, 'Doe', 'John', 'doe john', 'FRA', 'active')
  insert.run(2, 101, 'N-17', 'Roe', 'Jane', 'roe jane', 'FRA', 'active')
  insert.run(3, null, 'N-18', 'Doe', 'Jim', 'doe jim', 'BEL', 'merged')
  const before = db.prepare('SELECT * FROM players ORDER BY id').all()

  it('starts from version 4 with the two old indexes', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(4)
    expect(indexSql(db, 'players_name_folded')).toMatch(/ON players\(name_folded\)$/)
    expect(indexSql(db, 'players_national_id')).toMatch(/ON players\(national_id\)$/)
  })

  it('drops the name index, makes the national-ID index partial, keeps every row', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 5))).toEqual([5])
    expect(db.pragma('user_version', { simple: true })).toBe(5)
    expect(indexSql(db, 'players_name_folded')).toBeUndefined()
    expect(indexSql(db, 'players_national_id')).toMatch(/ON players\(national_id\) WHERE national_id IS NOT NULL$/)
    expect(db.prepare('SELECT * FROM players ORDER BY id').all()).toEqual(before)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('still answers a national-ID lookup and a name lookup from an index', () => {
    expect(plan(db, "SELECT id FROM players WHERE national_id = 'N-17'")).toMatch(/USING (COVERING )?INDEX players_national_id/)
    expect(db.prepare("SELECT id FROM players WHERE national_id = 'N-18'").all()).toEqual([{ id: 3 }])
    expect(plan(db, "SELECT id FROM players WHERE name_folded = 'doe john'")).toMatch(/players_name_status/)
    expect(db.prepare("SELECT id FROM players WHERE name_folded >= 'doe' AND name_folded < 'doe~' AND status <> 'merged' ORDER BY name_folded").all()).toEqual([{ id: 1 }])
  })
})
