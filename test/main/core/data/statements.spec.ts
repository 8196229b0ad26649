// rowsForIds: a statement's rows for many ids, in batches given as one JSON array, on a real temporary database.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { IDS_A_BATCH, rowsForIds } from '../../../../src/main/core/data/statements'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function itemsDb(): Database.Database {
  const db = new Database(tmp.file(`items-${Math.random().toString(36).slice(2)}.db`))
  db.exec('CREATE TABLE items (list_id INTEGER NOT NULL, id INTEGER NOT NULL, value TEXT, PRIMARY KEY (list_id, id)) STRICT, WITHOUT ROWID')
  const insert = db.prepare('INSERT INTO items VALUES (?, ?, ?)')
  db.transaction(() => {
    // every third id is missing from list 1; list 2 holds other values for the same ids
    for (let id = 1; id <= 3 * IDS_A_BATCH; id++) {
      if (id % 3 !== 0) insert.run(1, id, `one-${id}`)
      insert.run(2, id, `two-${id}`)
    }
  })()
  return db
}

describe('rowsForIds', () => {
  const db = itemsDb()
  // every id from 1 to 3 batches, and some past the end: rows only for those the list holds
  const ids = Array.from({ length: 3 * IDS_A_BATCH + 10 }, (_, i) => i + 1)

  it('gives each found id its row once, in the ids order, across batches, with the parameters after the batch', () => {
    const stmt = db.prepare('SELECT i.id, i.value FROM json_each(?) j CROSS JOIN items i ON i.list_id = ? AND i.id = j.value').raw()
    const got: unknown[][] = []
    rowsForIds(stmt, ids, [1], (r) => got.push(r))
    const expected = ids.filter((id) => id <= 3 * IDS_A_BATCH && id % 3 !== 0).map((id) => [id, `one-${id}`])
    expect(got).toEqual(expected)
    expect(got).toHaveLength(2 * IDS_A_BATCH)
    const other: unknown[][] = []
    rowsForIds(stmt, Float64Array.from([5, 6, 3 * IDS_A_BATCH]), [2], (r) => other.push(r))
    expect(other).toEqual([
      [5, 'two-5'],
      [6, 'two-6'],
      [3 * IDS_A_BATCH, `two-${3 * IDS_A_BATCH}`]
    ])
  })

  it('puts a batch back in the ids order when the statement gives it in another', () => {
    const reversed = db.prepare('SELECT i.value, i.id FROM json_each(?) j CROSS JOIN items i ON i.list_id = ? AND i.id = j.value ORDER BY i.id DESC').raw()
    const got: number[] = []
    rowsForIds(reversed, ids, [2], (r) => got.push(r[1] as number), 1)
    expect(got).toEqual(ids.filter((id) => id <= 3 * IDS_A_BATCH))
  })

  it('runs no statement for no ids', () => {
    let calls = 0
    const stmt = { all: () => (calls++, []) } as unknown as Database.Statement
    rowsForIds(stmt, [], [1], () => undefined)
    expect(calls).toBe(0)
  })
})
