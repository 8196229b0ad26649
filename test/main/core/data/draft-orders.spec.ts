// A draft's orders from what its writer saw go in (data/draft-orders.ts): written through openDraft as a generation
// writes (groups of 16 rows, the rest one by one), a draft of 2,700 entries and 2,600 sheets gets its preview's orders
// (migration 22) in chunks that give, at every offset, kind and chunk boundary, the plain ORDER BY's page; its sheets
// counted by kind as SQLite counts them; its marks by rating the ones SQLite's walk writes, every rank exact; its marks
// by name and FIDE ID moved from its base with its own ids. Values the keys cannot hold go to SQLite's sort, with the
// same result; a missing chunk or an id that 4 bytes cannot hold leaves the page to SQLite's sort.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { ENTRY_COLUMNS, SHEET_COLUMNS, RowGroups } from '../../../../src/main/core/lists/draft-rows'
import { openDraft, unchangedOrder } from '../../../../src/main/core/data/draft-writer'
import { DraftOrders, type OrdersSnapshot } from '../../../../src/main/core/data/draft-orders'
import { ENTRY_STATUS_AT } from '../../../../src/main/core/lists/draft-rows'
import { deserialize, serialize } from 'node:v8'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'
import { previewRows, previewOrderSlice } from '../../../../src/main/core/data/list-preview'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { writeListMarks } from '../../../../src/main/core/data/list-order-marks'
import type { Edition } from '../../../../src/shared/contract/rating'
import type { ChangeKind } from '../../../../src/shared/contract/office-lists'
import type { GenerationCounters } from '../../../../src/main/core/lists/types'
import { tempDir } from '../../../helpers/temp-db'
import { sheetOf } from '../db/sheet-rows'
import { expectExactRanks, expectPagesRight, marksOf, seedMarkPlayers } from './order-marks-check'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const PLAYERS = 3000
const db: Db = openDatabase(tmp.file('draft-orders.db'))
afterAll(() => db.close())
seedMarkPlayers(db, PLAYERS)

// the base: every player but one in seven, counted and marked as an import leaves it
db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2025-10-01', 'standard', 'FIDE', 'reference')").run()
const addBase = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (1, ?, ?, 0, 20)')
for (let p = 1; p <= PLAYERS; p++) if (p % 7 !== 0) addBase.run(p, 1400 + ((p * 37) % 900))
storeListCounts(db, 1)

type EntryRow = [number, number | null]
type SheetRow = [number, ChangeKind, number | null, number | null]
const SHEET = packSheet(sheetOf(1))

/** A draft of 2025-11-01 written as the generation writes it (replacing the one before); gives its id. */
function draft(entries: EntryRow[], sheets: SheetRow[]): number {
  return db.transaction(() => {
    const t = openDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }, { params: { id: 'fide-2024' } as Edition, source: 'FRA' }, { replaceDraft: true })
    const e = new RowGroups(ENTRY_COLUMNS, t.entries.group, true)
    const s = new RowGroups(SHEET_COLUMNS, t.sheets.group, true)
    for (const [p, rating] of entries) e.add(p, rating, 0, 20, null, null, null, null, null, null, null, null, null, null)
    for (const [p, kind, before, change] of sheets) s.add(p, kind, before, change, '[]', SHEET)
    return t.finish(e.rest(), s.rest(), {
      edition: 'fide-2024',
      checksum: 'c',
      window: [],
      tournaments: [],
      meta: [1, '2025-10-29', 'fide-2024', '{}', 'test', 'h', null],
      counters: {} as GenerationCounters,
      adjustments: []
    })
  })()
}

/** The preview's order as SQLite sorts the sheets: every kind (null) or one. */
const plainOrder = (listId: number, kind: string | null): number[] =>
  db
    .prepare(`SELECT player_id FROM office_list_sheets WHERE list_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY abs(coalesce(change, 0)) DESC, player_id`)
    .pluck()
    .all(...(kind ? [listId, kind] : [listId])) as number[]

/**
 * Every page that matters (the first, around each chunk boundary, the last, past the end) as previewRows gives it: of
 * every sheet, and of each kind whose players are its sheets (the stored orders; 'unchanged' also counts the players
 * without a sheet and the marks are no sheet's kind: those pages are the comparison's, lists/change-kinds.ts).
 */
function expectPreviewPagesRight(listId: number): void {
  for (const kind of [null, 'up', 'down', 'new', 'delisted', 'unlisted'] as const) {
    const plain = plainOrder(listId, kind)
    const offsets = [0, 1, 49, 950, 975, 999, 1000, 1001, 1990, 2000, plain.length - 50, plain.length - 1, plain.length].filter((o) => o >= 0)
    for (const offset of offsets) {
      const page = previewRows(db, listId, { ...(kind ? { kind } : {}), offset, limit: 50 })
      expect(page.total, `${kind ?? 'all'} total`).toBe(plain.length)
      expect(page.rows.map((r) => r.playerId), `${kind ?? 'all'} offset ${offset}`).toEqual(plain.slice(offset, offset + 50))
    }
  }
}

/** The kinds of 2,600 sheets with changes crossing in every way: ties, nulls, both signs, zero. */
function sheetsOf(players: number[]): SheetRow[] {
  return players.map((p, i): SheetRow => {
    const change = i % 13 === 0 ? null : ((p * 29) % 81) - 40
    const kind: ChangeKind = change === null ? (i % 2 ? 'unlisted' : 'new') : change > 0 ? 'up' : change < 0 ? (p % 5 === 0 ? 'inactive' : 'down') : 'unchanged'
    return [p, kind, change === null ? null : 1500, change]
  })
}

// the base's players but one in 53, and one in 19 of the others: a few added, a few gone
const onDraft = Array.from({ length: PLAYERS }, (_, i) => i + 1).filter((p) => (p % 7 !== 0 ? p % 53 !== 0 : p % 19 === 0))
const entriesOf = (rating: (p: number) => number | null): EntryRow[] => onDraft.map((p) => [p, rating(p)])

describe("a draft's orders, from the rows its writer saw go in", () => {
  const listId = draft(
    entriesOf((p) => (p % 11 === 0 ? null : 1100 + ((p * 31) % 650))),
    sheetsOf(onDraft.filter((p) => p % 9 !== 1).concat([2968]))
  )

  it('stores the preview orders whose pages are the plain order’s, every kind, at every chunk boundary', () => {
    expect(plainOrder(listId, null).length).toBeGreaterThan(2000)
    expect(plainOrder(listId, 'unchanged').length).toBeLessThan(100)
    // each order in chunks of 1,000 ids: 'all' in three
    expect(db.prepare("SELECT chunk, length(players) FROM office_list_orders WHERE list_id = ? AND kind = 'all' ORDER BY chunk").raw().all(listId)).toEqual([
      [0, 4000],
      [1, 4000],
      [2, 4 * (plainOrder(listId, null).length - 2000)]
    ])
    // (the orders of the kinds a sheet stores: 'unchanged' holds the players without a sheet too, and the marks are
    // read from the lines, lists/change-kinds.ts)
    for (const kind of ['all', 'up', 'down', 'new', 'delisted', 'unlisted']) {
      const plain = plainOrder(listId, kind === 'all' ? null : kind)
      expect(previewOrderSlice(db, listId, kind, 0, plain.length), kind).toEqual(plain)
    }
    const withoutSheet = onDraft.filter((p) => !plainOrder(listId, null).includes(p))
    expect(previewOrderSlice(db, listId, 'unchanged', 0, plainOrder(listId, 'unchanged').length + withoutSheet.length)).toEqual([...plainOrder(listId, 'unchanged'), ...withoutSheet].sort((a, b) => a - b))
    expectPreviewPagesRight(listId)
  })

  it('reads a page’s sheets, players and entries by key from its ids, never a scan of the list', () => {
    const seen: string[] = []
    const prepare = db.prepare.bind(db)
    const spy = vi.spyOn(db, 'prepare').mockImplementation(((sql: string) => (seen.push(sql), prepare(sql))) as typeof db.prepare)
    previewRows(db, listId, { offset: 1000, limit: 50 })
    spy.mockRestore()
    const page = seen.find((sql) => sql.trimStart().startsWith('WITH page AS'))!
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${page}`).all(JSON.stringify([1, 2]), listId, 1, listId) as { detail: string }[]).map((r) => r.detail)
    expect(plan[0]).toMatch(/^SCAN json_each/)
    expect(plan.filter((d) => d.startsWith('SCAN'))).toHaveLength(1)
  })

  it('counts the players by kind: the sheets of each kind a sheet stores, the players without a sheet unchanged', () => {
    const counted = new Map(db.prepare('SELECT kind, sheets FROM office_list_kind_counts WHERE list_id = ?').raw().all(listId) as [string, number][])
    const sheets = new Map(db.prepare('SELECT kind, count(*) FROM office_list_sheets WHERE list_id = ? GROUP BY kind').raw().all(listId) as [string, number][])
    for (const kind of ['up', 'down', 'new', 'delisted', 'unlisted']) expect(counted.get(kind), kind).toBe(sheets.get(kind))
    const withoutSheet = onDraft.filter((p) => !plainOrder(listId, null).includes(p)).length
    expect(counted.get('unchanged')).toBe((sheets.get('unchanged') ?? 0) + withoutSheet)
    // no line carries a flag: no player became inactive, none active again, whatever kind a sheet was given
    expect([counted.get('inactive'), counted.get('reactivated')]).toEqual([undefined, undefined])
  })

  it('writes the marks by rating SQLite’s walk writes, and moves those by name and FIDE ID with its own ids', () => {
    const rating = marksOf(db, listId, 'rating')
    expect(rating.length).toBeGreaterThan(5)
    expect(rating.some((m) => m.key === 1_000_000_000)).toBe(true)
    // moved from the base's: the base's keys
    for (const sort of ['name', 'fideId'] as const) expect(marksOf(db, listId, sort).map((m) => `${m.key}/${m.player_id}`)).toEqual(marksOf(db, 1, sort).map((m) => `${m.key}/${m.player_id}`))
    expectExactRanks(db, listId)
    expectPagesRight(db, listId, 97)
    writeListMarks(db, listId, onDraft.length)
    expect(marksOf(db, listId, 'rating')).toEqual(rating)
  })

  it('sends values its keys cannot hold to SQLite’s sort, with the same orders and marks', () => {
    // ratings over 5,000,000 for a third of the players and a change of 600,000 (past the keys' exact range),
    // replacing the draft above
    const id = draft(
      entriesOf((p) => (p % 3 === 0 ? 5_000_000 + p : p % 11 === 0 ? null : 1100 + ((p * 31) % 650))),
      sheetsOf(onDraft.filter((p) => p % 9 !== 1)).map(([p, kind, before, change]): SheetRow => (p === 78 ? [p, 'up', 1500, 600_000] : [p, kind, before, change]))
    )
    expect(id).toBe(listId)
    expect(previewOrderSlice(db, id, 'all', 0, 1)).toEqual([78])
    expectPreviewPagesRight(id)
    const rating = marksOf(db, id, 'rating')
    expectExactRanks(db, id)
    writeListMarks(db, id, onDraft.length)
    expect(marksOf(db, id, 'rating')).toEqual(rating)
  })

  it('leaves a page to SQLite’s sort when a chunk is missing or an id does not fit 4 bytes', () => {
    db.prepare("DELETE FROM office_list_orders WHERE list_id = ? AND kind = 'all' AND chunk = 1").run(listId)
    expect(previewOrderSlice(db, listId, 'all', 990, 20)).toBeNull()
    expect(previewOrderSlice(db, listId, 'all', 10, 20)).toHaveLength(20)
    expectPreviewPagesRight(listId)
    // a player numbered past 2^32 on a new draft: no order stored, every page right
    db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'Far', '', 'far')").run(2 ** 32 + 5)
    const id = draft(entriesOf(() => 1500).concat([[2 ** 32 + 5, 1500]]), sheetsOf(onDraft.slice(0, 1500)).concat([[2 ** 32 + 5, 'up', 1500, 12]]))
    expect(db.prepare('SELECT count(*) FROM office_list_orders WHERE list_id = ?').pluck().get(id)).toBe(0)
    expectPreviewPagesRight(id)
  })

  it('refuses counts that are not the rows its writer saw', () => {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (9, 'office', '2025-12-01', 'standard', 'FRA', 'draft')").run()
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (9, 1, 1500), (9, 2, NULL)').run()
    const known = { entries: 2, rated: 2, ratingMarks: () => null, playerIds: () => null }
    expect(() => db.transaction(() => storeListCounts(db, 9, undefined, known))()).toThrow('list 9: its writer saw 2 entries (2 rated), the list holds 2 (1 rated)')
    expect(db.prepare('SELECT entry_count FROM rating_lists WHERE id = 9').pluck().get()).toBeNull()
  })

  it("orders the 'unchanged' players by id: the list's players without a sheet, and the sheets of that kind", () => {
    // the naive order: a Set of the holders, every player without a sheet added, the whole sorted
    const naive = (entries: number[], holders: number[], ofKind: number[]): number[] => {
      const has = new Set(holders)
      return [...ofKind, ...entries.filter((id) => !has.has(id))].sort((a, b) => a - b)
    }
    const entries = Array.from({ length: 5000 }, (_, i) => 3 * i + 1)
    // holders in the preview's order (by change, not by id); some of kind 'unchanged', one of them off the list
    const holders = entries.filter((id) => id % 7 === 0).reverse().concat([2, 15001])
    const ofKind = holders.filter((id) => id % 5 === 0).concat([2])
    const got = unchangedOrder(Float64Array.from(entries), holders, ofKind)
    expect(Array.from(got)).toEqual(naive(entries, holders, ofKind))
    expect(got.length).toBe(entries.length - holders.filter((id) => id % 3 === 1 && id <= 14998).length + ofKind.length)
    expect(Array.from(unchangedOrder([], holders, ofKind))).toEqual([...ofKind].sort((a, b) => a - b))
    expect(Array.from(unchangedOrder([4, 8], [], []))).toEqual([4, 8])
  })
})

describe("a draft's orders given whole (a correction's prepared lines keep them)", () => {
  /** Orders told 3,000 entries (some unrated, some delisted) and 2,000 sheets in groups, as a writer tells them. */
  function told(ratingOf: (p: number) => number | null, changeOf: (i: number) => number | null): DraftOrders {
    const o = new DraftOrders()
    const entries: unknown[] = []
    for (let p = 1; p <= 3000; p++) {
      const row = [p, ratingOf(p), 0, 20, null, null, null, null, null, p % 17 === 0 ? 'delisted' : 'rated', null, null, null, null]
      expect(row[ENTRY_STATUS_AT]).toBe(p % 17 === 0 ? 'delisted' : 'rated')
      entries.push(...row)
      if (entries.length === 16 * ENTRY_COLUMNS) o.entryRows(entries.splice(0), ENTRY_COLUMNS, ENTRY_STATUS_AT)
    }
    o.entryRows(entries, ENTRY_COLUMNS, ENTRY_STATUS_AT)
    for (const [i, [p, kind, before, change]] of sheetsOf(Array.from({ length: 2000 }, (_, i) => 3 * i + 1)).entries()) o.sheetRows([p, kind, before, changeOf(i) ?? change, '[]', SHEET], SHEET_COLUMNS)
    return o
  }
  /** Everything a draft's end reads of its orders. */
  const outputs = (o: DraftOrders) => ({
    entries: o.entries,
    rated: o.rated,
    sheets: o.sheets,
    byRating: o.byRating(),
    ratingMarks: o.ratingMarks(100),
    playerIds: o.playerIds(),
    preview: o.previewOrders(db, -1)
  })

  it('give, through the file’s serialization, every order and count the rows would have taught', () => {
    for (const [ratingOf, changeOf] of [
      [(p: number) => (p % 11 === 0 ? null : 1100 + ((p * 31) % 650)), () => null],
      // a rating and a change past the keys' range: both orders left to SQLite's sort, as the rows would leave them
      [(p: number) => (p === 7 ? 5_000_000 : 1500), (i: number) => (i === 5 ? 600_000 : null)]
    ] as const) {
      const rows = told(ratingOf, changeOf)
      const snapshot = deserialize(serialize(rows.snapshot())) as OrdersSnapshot
      const given = DraftOrders.fromSnapshot(snapshot)
      if (changeOf(5) === null) {
        expect(outputs(given)).toEqual(outputs(rows))
        // of the keys' length, not the growing buffers'
        expect(snapshot.ids.length).toBe(3000)
        expect(snapshot.ids.buffer.byteLength).toBe(3000 * 8)
      } else {
        expect(given.byRating()).toBeNull()
        expect(given.playerIds()).toBeNull()
        expect([given.entries, given.rated, given.sheets]).toEqual([rows.entries, rows.rated, rows.sheets])
      }
    }
  })

  it('are refused by a draft already told rows, and held to SQLite’s counts at its end', () => {
    const rows = told((p) => 1400 + p, () => null)
    const t = db.transaction(() => {
      const d = openDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }, { params: { id: 'fide-2024' } as Edition, source: 'FRA' }, { replaceDraft: true })
      d.entries.one([1, 1500, 0, 20, null, null, null, null, null, 'rated', null, null, null, null])
      expect(() => d.knownOrders(rows)).toThrow(/its orders were told 1 entries and 0 sheets before they were given/)
      throw new Error('rolled back')
    })
    expect(t).toThrow('rolled back')
    // given whole to a draft whose rows are not the ones they were learned from: its end refuses the counts
    const wrong = db.transaction(() => {
      const d = openDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }, { params: { id: 'fide-2024' } as Edition, source: 'FRA' }, { replaceDraft: true })
      d.knownOrders(rows)
      d.entries.one([1, 1500, 0, 20, null, null, null, null, null, 'rated', null, null, null, null])
      return d.finish([], [], { edition: 'fide-2024', checksum: 'c', window: [], tournaments: [], meta: [1, '2025-10-29', 'fide-2024', '{}', 'test', 'h', null], counters: {} as GenerationCounters, adjustments: [] })
    })
    expect(wrong).toThrow(/1 entries, 3001 of them in its order by rating/)
  })
})
