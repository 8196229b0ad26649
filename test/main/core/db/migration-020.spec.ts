// Migration 20 (the calculation sheets in a rowid table): on a version-19 database holding a published office list, a
// later published version of it and a draft, with real calculation sheets in both stored forms (the compact one and
// the deflated JSON of older databases) and an unlisted one, the table is rebuilt as a rowid table with every row
// unchanged byte for byte, its primary key, its indexes, and the triggers that freeze a published list's sheets.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { packSheet, unpackSheet } from '../../../../src/main/core/lists/stored-sheet'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'
import { schemaOf as schemaOfIn, seedSheetLists, sheetOf, sheetRows } from './sheet-rows'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 20 (sheets in a rowid table)', () => {
  const db = migratedTo(tmp.file('m20.db'), 19)
  afterAll(() => db.close())
  seedSheetLists(db, { unlisted: true })
  const [s1, s2] = [sheetOf(1), sheetOf(2)]
  const sheet = db.prepare('INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const before = sheetRows(db)
  const schemaOf = (name: string): string | undefined => schemaOfIn(db, name)
  const triggersBefore = ['update', 'delete', 'insert'].map((op) => schemaOf(`office_list_sheets_frozen_${op}`))

  it('keeps every row byte for byte, readable as before, in a rowid table with the same key, triggers and indexes', () => {
    expect(before).toHaveLength(5)
    expect(schemaOf('office_list_sheets')).toMatch(/WITHOUT ROWID/)
    expect(migrate(db, migrations.filter((m) => m.version <= 20))).toEqual([20])
    expect(schemaOf('office_list_sheets')).not.toMatch(/WITHOUT ROWID/)
    const after = sheetRows(db)
    expect(after).toEqual(before)
    for (let i = 0; i < before.length; i++) expect(Buffer.compare(after[i]!.sheet, before[i]!.sheet)).toBe(0)
    expect(unpackSheet(after[0]!.sheet)).toEqual(JSON.parse(JSON.stringify(s1)))
    expect(unpackSheet(after[1]!.sheet)).toEqual(JSON.parse(JSON.stringify(s2)))
    expect(unpackSheet(after[2]!.sheet)).toMatchObject({ unlisted: { reason: 'too-few-games' } })
    // the rows are in key order in the table (copied so), and the key is unique
    expect(db.prepare('SELECT list_id, player_id FROM office_list_sheets ORDER BY rowid').raw().all()).toEqual(before.map((r) => [r.list_id, r.player_id]))
    expect(() => sheet.run(4, 2, 'up', 1692, 3, '[]', packSheet(s2))).toThrow(/UNIQUE constraint failed: office_list_sheets.list_id, office_list_sheets.player_id/)
    expect(['update', 'delete', 'insert'].map((op) => schemaOf(`office_list_sheets_frozen_${op}`))).toEqual(triggersBefore)
    expect(schemaOf('office_list_sheets_kind')).toBe('CREATE INDEX office_list_sheets_kind ON office_list_sheets(list_id, kind, player_id)')
    expect(schemaOf('office_list_sheets_player')).toBe('CREATE INDEX office_list_sheets_player ON office_list_sheets(player_id)')
    expect(schemaOf('office_list_sheets_new')).toBeUndefined()
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    // a sheet is read by its key, a preview page by the kind index
    const plan = (sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ')
    expect(plan('SELECT sheet FROM office_list_sheets WHERE list_id = 2 AND player_id = 1')).toMatch(/sqlite_autoindex_office_list_sheets_1/)
    expect(plan("SELECT player_id FROM office_list_sheets WHERE list_id = 2 AND kind = 'up'")).toMatch(/office_list_sheets_kind/)
  })

  it('still refuses any change to a published list’s sheets, and a draft is still rewritten', () => {
    const run = (sql: string, ...args: unknown[]): (() => void) => () => db.prepare(sql).run(...args)
    expect(run("UPDATE office_list_sheets SET kind = 'new' WHERE list_id = 2 AND player_id = 1")).toThrow('a published list is immutable')
    expect(run('DELETE FROM office_list_sheets WHERE list_id = 3')).toThrow('a published list is immutable')
    expect(run("INSERT INTO office_list_sheets (list_id, player_id, kind, tournaments, sheet) VALUES (2, 3, 'unlisted', '[1]', x'5b')")).toThrow('a published list is immutable')
    expect(sheetRows(db).filter((r) => r.list_id !== 4)).toEqual(before.filter((r) => r.list_id !== 4))
    expect(() => db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, tournaments, sheet) VALUES (4, 1, 'absent', '[]', x'5b')").run()).toThrow(/CHECK constraint failed/)
    expect(db.prepare('DELETE FROM office_list_sheets WHERE list_id = 4').run().changes).toBe(1)
  })
})
