// Migration 16 (the sheets' kind 'unlisted'): on a version-15 database holding a published office list, a later
// published version of it and a draft, with real calculation sheets in both stored forms (the compact one and the
// deflated JSON of older databases), the table is rebuilt with every row unchanged byte for byte, its indexes, and the
// triggers that freeze a published list's sheets; 'unlisted' is then accepted (on a draft), any other new kind is not.
import { afterAll, describe, expect, it } from 'vitest'
import { deflateSync } from 'node:zlib'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { packSheet, unpackSheet } from '../../../../src/main/core/data/office-lists'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'
import { sheetOf, sheetRows } from './sheet-rows'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 16 (unlisted sheets)', () => {
  const db = migratedTo(tmp.file('m16.db'), 15)
  afterAll(() => db.close())
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
  for (let i = 1; i <= 3; i++) player.run(i)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status, version, supersedes_id) VALUES (?, ?, ?, 'standard', 'FIDE', 'draft', ?, ?)")
  const sheet = db.prepare('INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const [s1, s2] = [sheetOf(1), sheetOf(2)]
  db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2024-06-01', 'standard', 'FIDE', 'reference')").run()
  // list 2: published, one sheet compact, one deflated as older databases stored it; list 3 its published new
  // version; list 4 a draft
  list.run(2, 'office', '2024-07-01', 1, null)
  sheet.run(2, 1, 'up', 1600, 8, '[1]', packSheet(s1))
  sheet.run(2, 2, 'down', 1700, -8, '[1]', deflateSync(Buffer.from(JSON.stringify(s2)), { level: 1 }))
  list.run(3, 'office', '2024-07-01', 2, 2)
  sheet.run(3, 1, 'unchanged', 1600, 0, '[1]', packSheet(s1))
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-07-02T00:00:00Z' WHERE id IN (2, 3)").run()
  list.run(4, 'office', '2024-08-01', 1, null)
  sheet.run(4, 2, 'inactive', 1692, 0, '[]', packSheet(s2))
  const before = sheetRows(db)
  const schemaOf = (name: string): string | undefined => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string | undefined
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
