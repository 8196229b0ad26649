// Migration 16 (the sheets' kind 'unlisted'): on a version-15 database holding a published office list, a later
// published version of it and a draft, with real calculation sheets in both stored forms (the compact one and the
// deflated JSON of older databases), the table is rebuilt with every row unchanged byte for byte, its indexes, and the
// triggers that freeze a published list's sheets; 'unlisted' is then accepted (on a draft), any other new kind is not.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { packSheet, unpackSheet } from '../../../../src/main/core/lists/stored-sheet'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'
import { schemaOf as schemaOfIn, seedSheetLists, sheetOf, sheetRows } from './sheet-rows'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 16 (unlisted sheets)', () => {
  const db = migratedTo(tmp.file('m16.db'), 15)
  afterAll(() => db.close())
  seedSheetLists(db, { unlisted: false })
  const [s1, s2] = [sheetOf(1), sheetOf(2)]
  const before = sheetRows(db)
  const schemaOf = (name: string): string | undefined => schemaOfIn(db, name)
  const triggersBefore = ['update', 'delete', 'insert'].map((op) => schemaOf(`office_list_sheets_frozen_${op}`))

  it('keeps every row byte for byte, readable as before, and the same triggers and indexes', () => {
    expect(before).toHaveLength(4)
    expect(migrate(db, migrations.filter((m) => m.version <= 16))).toEqual([16])
    const after = sheetRows(db)
    expect(after).toEqual(before)
    for (let i = 0; i < before.length; i++) expect(Buffer.compare(after[i]!.sheet, before[i]!.sheet)).toBe(0)
    expect(unpackSheet(after[0]!.sheet)).toEqual(JSON.parse(JSON.stringify(s1)))
    expect(unpackSheet(after[1]!.sheet)).toEqual(JSON.parse(JSON.stringify(s2)))
    expect(['update', 'delete', 'insert'].map((op) => schemaOf(`office_list_sheets_frozen_${op}`))).toEqual(triggersBefore)
    expect(schemaOf('office_list_sheets_kind')).toBe('CREATE INDEX office_list_sheets_kind ON office_list_sheets(list_id, kind, player_id)')
    expect(schemaOf('office_list_sheets_player')).toBe('CREATE INDEX office_list_sheets_player ON office_list_sheets(player_id)')
    expect(schemaOf('office_list_sheets_new')).toBeUndefined()
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    // the preview's page by kind still reads the kind index
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT player_id FROM office_list_sheets WHERE list_id = 2 AND kind = 'up'").all() as { detail: string }[]
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/office_list_sheets_kind|PRIMARY KEY/)
  })

  it('still refuses any change to a published list’s sheets, and no row of a frozen list moved', () => {
    const run = (sql: string, ...args: unknown[]): (() => void) => () => db.prepare(sql).run(...args)
    expect(run("UPDATE office_list_sheets SET kind = 'new' WHERE list_id = 2 AND player_id = 1")).toThrow('a published list is immutable')
    expect(run('DELETE FROM office_list_sheets WHERE list_id = 3')).toThrow('a published list is immutable')
    expect(run("INSERT INTO office_list_sheets (list_id, player_id, kind, tournaments, sheet) VALUES (2, 3, 'unlisted', '[1]', x'5b')")).toThrow('a published list is immutable')
    expect(sheetRows(db).filter((r) => r.list_id !== 4)).toEqual(before.filter((r) => r.list_id !== 4))
  })

  it('accepts an unlisted sheet on a draft, refuses another kind, and a draft is still rewritten', () => {
    const u = sheetOf(3)
    expect(u.unlisted).toMatchObject({ reason: 'too-few-games', games: 2, minGames: 5 })
    db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, tournaments, sheet) VALUES (4, 3, 'unlisted', '[1]', ?)").run(packSheet(u))
    expect(unpackSheet(db.prepare('SELECT sheet FROM office_list_sheets WHERE list_id = 4 AND player_id = 3').pluck().get() as Buffer)).toEqual(JSON.parse(JSON.stringify(u)))
    expect(() => db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, tournaments, sheet) VALUES (4, 1, 'absent', '[]', x'5b')").run()).toThrow(/CHECK constraint failed/)
    expect(db.prepare('DELETE FROM office_list_sheets WHERE list_id = 4').run().changes).toBe(2)
  })
})
