// Migration 22 (the preview's orders stored in chunks): on a version-21 database holding a published office list of
// 2,300 sheets, a draft and a list without sheets, every list's orders are written as the two indexes of migration 21
// gave them (every kind and each kind, in chunks of 1,000 ids), the indexes go, no sheet changes, and a published
// list's orders are frozen with it.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { ORDER_KINDS } from '../../../../src/main/core/db/migrations/022-preview-chunks'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'
import { previewOrderSlice, previewRows } from '../../../../src/main/core/data/list-preview'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'
import { sheetOf, sheetRows } from './sheet-rows'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 22 (the preview orders in chunks)', () => {
  const db = migratedTo(tmp.file('m22.db'), 21)
  afterAll(() => db.close())
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
  for (let i = 1; i <= 2400; i++) player.run(i)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'office', ?, 'standard', 'FRA', 'draft')")
  const sheet = db.prepare('INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const blob = packSheet(sheetOf(1))
  const kinds = ['up', 'down', 'new', 'inactive', 'unchanged', 'unlisted'] as const
  // list 2, to be published: 2,300 sheets, changes from −30 to +30 and none, many ties; list 3 a draft of 40; list 4 none
  list.run(2, '2025-10-01')
  for (let p = 1; p <= 2300; p++) sheet.run(2, p, kinds[p % 6], 1500, p % 17 === 0 ? null : ((p * 7) % 61) - 30, '[]', blob)
  list.run(3, '2025-11-01')
  for (let p = 1; p <= 40; p++) sheet.run(3, p * 3, kinds[p % 3], 1500, p % 5, '[]', blob)
  list.run(4, '2025-12-01')
  db.prepare('INSERT INTO office_list_kind_counts (list_id, kind, sheets) SELECT list_id, kind, count(*) FROM office_list_sheets GROUP BY list_id, kind').run()
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-10-02T00:00:00Z' WHERE id = 2").run()
  const plain = (listId: number, kind: string | null): number[] =>
    db
      .prepare(`SELECT player_id FROM office_list_sheets WHERE list_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY abs(coalesce(change, 0)) DESC, player_id`)
      .pluck()
      .all(...(kind ? [listId, kind] : [listId])) as number[]
  const orders = [2, 3].flatMap((l) => [null, ...ORDER_KINDS].map((k) => [l, k, plain(l, k)] as const))
  const before = sheetRows(db)
  const schemaOf = (name: string): string | undefined => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string | undefined

  it('writes every list’s orders as the indexes gave them, drops the indexes, leaves every sheet as it was', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 22))).toEqual([22])
    for (const [l, k, ids] of orders) expect(previewOrderSlice(db, l, k ?? 'all', 0, ids.length), `list ${l} ${k ?? 'all'}`).toEqual(ids)
    expect(db.prepare('SELECT list_id, kind, count(*), sum(length(players)) / 4 FROM office_list_orders GROUP BY list_id, kind ORDER BY list_id, kind').raw().all()).toEqual(
      [...orders]
        .filter(([, , ids]) => ids.length > 0)
        .map(([l, k, ids]) => [l, k ?? 'all', Math.ceil(ids.length / 1000), ids.length])
        .sort((a, b) => (a[0] as number) - (b[0] as number) || String(a[1]).localeCompare(String(b[1])))
    )
    expect(schemaOf('office_list_sheets_kind')).toBeUndefined()
    expect(schemaOf('office_list_sheets_change')).toBeUndefined()
    expect(sheetRows(db)).toEqual(before)
    // a page across a chunk's end, of every kind and of one
    expect(previewRows(db, 2, { offset: 980, limit: 50 }).rows.map((r) => r.playerId)).toEqual(plain(2, null).slice(980, 1030))
    // (a kind's page of a list generated before lists/change-kinds.ts is the comparison's, from the entries: the
    // stored order of its sheets by kind is read as such)
    expect(previewOrderSlice(db, 2, 'down', 350, plain(2, 'down').length - 350)).toEqual(plain(2, 'down').slice(350))
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
  })

  it('freezes a published list’s orders; a draft’s are rewritten with it; the rows are checked', () => {
    const run = (sql: string): (() => void) => () => db.prepare(sql).run()
    expect(run("UPDATE office_list_orders SET players = x'01000000' WHERE list_id = 2 AND kind = 'all' AND chunk = 0")).toThrow('a published list is immutable')
    expect(run('DELETE FROM office_list_orders WHERE list_id = 2')).toThrow('a published list is immutable')
    expect(run("INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (2, 'delisted', 0, x'01000000')")).toThrow('a published list is immutable')
    expect(run("INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (3, 'absent', 0, x'01000000')")).toThrow(/CHECK constraint failed/)
    expect(run("INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (3, 'delisted', 0, x'010000')")).toThrow(/CHECK constraint failed/)
    expect(run("INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (3, 'delisted', 0, x'')")).toThrow(/CHECK constraint failed/)
    expect(run("INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (3, 'delisted', -1, x'01000000')")).toThrow(/CHECK constraint failed/)
    expect(run("INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (3, 'all', 0, x'01000000')")).toThrow(/UNIQUE constraint failed/)
    // the draft's: every kind's and its three kinds', one chunk each
    expect(db.prepare('DELETE FROM office_list_orders WHERE list_id = 3').run().changes).toBe(4)
  })
})
