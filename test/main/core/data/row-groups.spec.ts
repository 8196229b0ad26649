// The draft writer's row groups (lists/draft-rows.ts RowGroups, data/draft-writer.ts) and their inserts: what a group holds, and its values
// bound one parameter each (the group goes to better-sqlite3 as the call's arguments).
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { ENTRY_COLUMNS, RowGroups, SHEET_COLUMNS } from '../../../../src/main/core/lists/draft-rows'
import { openDraft } from '../../../../src/main/core/data/draft-writer'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('RowGroups', () => {
  it('gives each full group of 16 rows as one array of their values, in order, and the last rows apart', () => {
    const groups: unknown[][] = []
    const g = new RowGroups(2, (v) => groups.push(v), false)
    for (let i = 0; i < 35; i++) g.add(i, `p${i}`)
    expect(g.count).toBe(35)
    expect(groups).toHaveLength(2)
    expect(groups[0]).toHaveLength(32)
    expect(groups[0]!.slice(0, 4)).toEqual([0, 'p0', 1, 'p1'])
    expect(groups[1]!.slice(-2)).toEqual([31, 'p31'])
    expect(new Set(groups).size).toBe(2) // each group an array of its own
    expect(g.rest()).toEqual([
      [32, 'p32'],
      [33, 'p33'],
      [34, 'p34']
    ])
  })

  it('fills one array again when reused', () => {
    const firsts: unknown[] = []
    let array: unknown[] | null = null
    const g = new RowGroups(
      3,
      (v) => {
        array ??= v
        expect(v).toBe(array)
        firsts.push(v[0])
      },
      true
    )
    for (let i = 0; i < 40; i++) g.add(i, null, 'x')
    expect(firsts).toEqual([0, 16])
    expect(g.rest().map((r) => r[0])).toEqual([32, 33, 34, 35, 36, 37, 38, 39])
  })
})

describe("a draft's row inserts", () => {
  it('store every value of a group in its column: numbers, texts, nulls and bytes (a Buffer or a Uint8Array)', () => {
    const db = openDatabase(tmp.file('rows.db'))
    const players = Array.from({ length: 20 }, (_, i) => i + 1)
    db.transaction(() => {
      const add = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
      for (const id of players) add.run(id)
    })()
    const edition = builtinEdition('fide-2024')!
    const written = db.transaction(() => {
      const t = openDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }, { params: edition, source: 'FIDE' }, { replaceDraft: false })
      const entries = new RowGroups(ENTRY_COLUMNS, t.entries.group, true)
      const sheets = new RowGroups(SHEET_COLUMNS, t.sheets.group, true)
      for (const id of players) {
        entries.add(id, 1500 + id, id % 3, 20, id % 2 ? 'i' : null, null, 'FRA', 1990, 'M', 'rated', 30 + id, 1600, '2025-10-01', id % 4 ? null : '[{"listDate":"2025-11-01","games":5}]')
        // a helper's bytes arrive through a message as a plain Uint8Array, not a Buffer
        sheets.add(id, 'up', 1500, id, `[${id}]`, id % 2 ? new Uint8Array([id, 255, 0]) : Buffer.from([id, 255, 0]))
      }
      for (const r of entries.rest()) t.entries.one(r)
      for (const r of sheets.rest()) t.sheets.one(r)
      return t.id
    })()
    const entry = db.prepare('SELECT player_id, rating, games, k, flags, title, federation, birth_year, sex, entry_status, rated_games, highest_rating, tracked_since, recent_games FROM rating_list_entries WHERE list_id = ? AND player_id = ?').raw()
    // one of a full group (the 4th) and one of the rows written one by one (the 20th)
    expect(entry.get(written, 4)).toEqual([4, 1504, 1, 20, null, null, 'FRA', 1990, 'M', 'rated', 34, 1600, '2025-10-01', '[{"listDate":"2025-11-01","games":5}]'])
    expect(entry.get(written, 19)).toEqual([19, 1519, 1, 20, 'i', null, 'FRA', 1990, 'M', 'rated', 49, 1600, '2025-10-01', null])
    const sheet = db.prepare('SELECT kind, before_rating, change, tournaments, sheet FROM office_list_sheets WHERE list_id = ? AND player_id = ?').raw()
    expect(sheet.get(written, 3)).toEqual(['up', 1500, 3, '[3]', Buffer.from([3, 255, 0])])
    expect(sheet.get(written, 20)).toEqual(['up', 1500, 20, '[20]', Buffer.from([20, 255, 0])])
    expect(db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(written)).toBe(20)
    db.close()
  })
})
