// Migration 10 (player sort indexes): on a version-9 database holding players, the three sort indexes appear,
// every row stays, and a page of the players table sorted by birth year, title or FIDE ID is read from them.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const NEW_INDEXES = ['players_birth_year_name', 'players_fide_id_status', 'players_title_name']
const indexNames = (db: ReturnType<typeof migratedTo>): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'players' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
const plan = (db: ReturnType<typeof migratedTo>, sql: string): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')

describe('migration 10 (player sort indexes)', () => {
  const db = migratedTo(tmp.file('m10.db'), 9)
  afterAll(() => db.close())
  const insert = db.prepare('INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, title, birth_date, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
  insert.run(1, 100, 'Doe', 'John', 'doe john', 'FRA', 'GM', '1980-05-01', 'active')
  insert.run(2, 101, 'Roe', 'Jane', 'roe jane', 'FRA', null, '1975', 'active')
  insert.run(3, null, 'Doe', 'Jim', 'doe jim', 'BEL', 'FM', '1990-01-02', 'merged')
  const before = db.prepare('SELECT * FROM players ORDER BY id').all()

  it('starts from version 9 without the sort indexes', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(9)
    expect(indexNames(db).filter((n) => NEW_INDEXES.includes(n))).toEqual([])
  })

  it('adds the three indexes and keeps every row', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 10))).toEqual([10])
    expect(db.pragma('user_version', { simple: true })).toBe(10)
    expect(indexNames(db).filter((n) => NEW_INDEXES.includes(n))).toEqual(NEW_INDEXES)
    expect(db.prepare('SELECT * FROM players ORDER BY id').all()).toEqual(before)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('sorts a page by birth year from its index, a year-only birth date included', () => {
    const sql = "SELECT id FROM players p WHERE p.status <> 'merged' ORDER BY substr(p.birth_date, 1, 4), p.name_folded, p.status, p.id LIMIT 50"
    expect(plan(db, sql)).toMatch(/INDEX players_birth_year_name/)
    expect(plan(db, sql)).not.toMatch(/TEMP B-TREE/)
    expect(db.prepare(sql).pluck().all()).toEqual([2, 1])
  })
})
