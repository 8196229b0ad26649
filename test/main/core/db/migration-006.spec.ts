// Migration 6 (federation index): on a version-5 database holding players, the one-column federation index
// becomes (federation, name_folded, status): every row stays and a federation's players come in name order
// straight from the index.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const indexNames = (db: ReturnType<typeof migratedTo>): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'players' AND name LIKE 'players_federation%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)

describe('migration 6 (federation index)', () => {
  const db = migratedTo(tmp.file('m6.db'), 5)
  afterAll(() => db.close())
  const insert = db.prepare('INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status) VALUES (?, ?, ?, ?, ?, ?, ?)')
  insert.run(1, 100, 'Zed', 'Ann', 'zed ann', 'FRA', 'active')
  insert.run(2, 101, 'Abel', 'Bob', 'abel bob', 'FRA', 'active')
  insert.run(3, 102, 'Moss', 'Cy', 'moss cy', 'FRA', 'merged')
  insert.run(4, 103, 'Berg', 'Di', 'berg di', 'BEL', 'active')
  const before = db.prepare('SELECT * FROM players ORDER BY id').all()
  const byFederation = "SELECT id FROM players WHERE federation = 'FRA' AND status <> 'merged' ORDER BY name_folded"

  it('starts from version 5 with the one-column index', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(5)
    expect(indexNames(db)).toEqual(['players_federation'])
  })

  it('replaces it by the federation-name-status index and keeps every row', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 6))).toEqual([6])
    expect(db.pragma('user_version', { simple: true })).toBe(6)
    expect(indexNames(db)).toEqual(['players_federation_name'])
    expect((db.prepare("SELECT name FROM pragma_index_info('players_federation_name') ORDER BY seqno").all() as { name: string }[]).map((r) => r.name)).toEqual(['federation', 'name_folded', 'status'])
    expect(db.prepare('SELECT * FROM players ORDER BY id').all()).toEqual(before)
  })

  it("lists a federation's players in name order from the index, without sorting", () => {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${byFederation}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')
    expect(plan).toMatch(/USING (COVERING )?INDEX players_federation_name/)
    expect(plan).not.toMatch(/TEMP B-TREE/)
    expect(db.prepare(byFederation).all()).toEqual([{ id: 2 }, { id: 1 }])
  })
})
