// Migration 22: a list's preview orders stored once, in chunks, instead of kept by two indexes.
//
// Migration 21 made the preview's two orders (biggest changes first, then by player; every kind and each kind) indexes
// of the sheets: `(list_id, abs(coalesce(change, 0)) DESC, player_id)` and the same after `kind`. A sheet's change is
// known only as its line is computed, so a generation inserted into both at random, one row at a time: 3.4 s of the
// job's thread for a FIDE-sized month (658,000 sheets), a tenth of its inserts. A list's sheets never change once its
// last line is written (a new generation replaces them all, a published list's are frozen), so its orders can be
// written once, whole, when its sheets are: the player ids in order, 1,000 to a row (`players`: each id as 4 bytes,
// unsigned little-endian), one sequence for every kind (`kind` 'all') and one for each kind. A page at any offset
// reads one or two rows by their key, where the index walked its offset; the generation writes some 1,300 rows.
//
// The lists held are given their orders from the indexes before they go; a published list's are frozen with it, as its
// sheets are.
import type { Db } from '../open'
import type { Migration } from '../migrate'
import { frozenListRowsTriggers } from './008-office-lists'

/** Player ids in a row of an order. */
export const ORDER_CHUNK = 1000

/** The kinds of change a sheet has (office_list_sheets.kind), each an order of its own; 'all' is every kind's. */
export const ORDER_KINDS = ['up', 'down', 'new', 'delisted', 'inactive', 'reactivated', 'unchanged', 'unlisted'] as const

/** Player ids as an order's row holds them: 4 bytes each, unsigned little-endian. */
function packIds(ids: ArrayLike<number>, from: number, to: number): Buffer {
  const b = Buffer.allocUnsafe(4 * (to - from))
  for (let i = from; i < to; i++) b.writeUInt32LE(ids[i]!, 4 * (i - from))
  return b
}

/** The player ids an order's row holds (packIds' inverse). */
export function unpackIds(b: Buffer, into: number[]): void {
  for (let at = 0; at + 4 <= b.length; at += 4) into.push(b.readUInt32LE(at))
}

/** A list's preview orders: its sheets' players in order, of every kind and of each kind. */
export interface ListOrders {
  all: ArrayLike<number>
  byKind: ReadonlyMap<string, ArrayLike<number>>
}

/**
 * Writes a list's preview orders, ORDER_CHUNK ids a row ('all', then each kind; nothing for an empty one). A list with
 * a player id 4 unsigned bytes cannot hold (negative, or 2^32 and over: a registry numbers its players from 1) gets none: its preview pages then sort
 * its sheets themselves, as they did before.
 */
export function writeListOrders(db: Db, listId: number, orders: ListOrders): void {
  for (let i = 0; i < orders.all.length; i++) {
    const id = orders.all[i]!
    if (!(id >= 0 && id < 2 ** 32)) return
  }
  const insert = db.prepare('INSERT INTO office_list_orders (list_id, kind, chunk, players) VALUES (?, ?, ?, ?)')
  for (const [kind, ids] of [['all', orders.all] as const, ...orders.byKind]) {
    for (let c = 0; c * ORDER_CHUNK < ids.length; c++) insert.run(listId, kind, c, packIds(ids, c * ORDER_CHUNK, Math.min(ids.length, (c + 1) * ORDER_CHUNK)))
  }
}

/** A list's preview orders as SQLite sorts its sheets: every kind's, and each kind's (in the order kinds first appear). */
export function ordersFromSheets(db: Db, listId: number): ListOrders {
  const all: number[] = []
  const byKind = new Map<string, number[]>()
  const order = db.prepare('SELECT player_id, kind FROM office_list_sheets WHERE list_id = ? ORDER BY abs(coalesce(change, 0)) DESC, player_id').raw()
  for (const [id, kind] of order.iterate(listId) as IterableIterator<[number, string]>) {
    all.push(id)
    let ids = byKind.get(kind)
    if (!ids) byKind.set(kind, (ids = []))
    ids.push(id)
  }
  return { all, byKind }
}

export const migration022: Migration = {
  version: 22,
  name: 'preview-chunks',
  up(db) {
    db.exec(`
      CREATE TABLE office_list_orders (
        list_id INTEGER NOT NULL REFERENCES rating_lists(id),
        kind    TEXT NOT NULL CHECK (kind IN ('all', ${ORDER_KINDS.map((k) => `'${k}'`).join(', ')})),
        chunk   INTEGER NOT NULL CHECK (chunk >= 0),
        players BLOB NOT NULL CHECK (length(players) BETWEEN 4 AND ${4 * ORDER_CHUNK} AND length(players) % 4 = 0),
        PRIMARY KEY (list_id, kind, chunk)
      ) STRICT;
    `)
    // every list's orders as the indexes give them, before they go
    const lists = db.prepare('SELECT DISTINCT list_id FROM office_list_sheets ORDER BY list_id').pluck().all() as number[]
    for (const listId of lists) writeListOrders(db, listId, ordersFromSheets(db, listId))
    db.exec(`
      DROP INDEX office_list_sheets_kind;
      DROP INDEX office_list_sheets_change;
    `)
    db.exec(frozenListRowsTriggers('office_list_orders'))
  }
}
