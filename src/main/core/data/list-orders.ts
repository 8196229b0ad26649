// A list's preview orders (table `office_list_orders`, docs/schema.md): its sheets' players by biggest change first
// then by player, one sequence for every kind ('all') and one for each kind, stored once, whole, when the list's
// sheets are written (a list's sheets never change afterwards), ORDER_CHUNK ids to a row, so that a preview page at
// any offset reads one or two rows by their key. Migration 22 created the table and keeps its own copy of these
// helpers as it ran them; test/main/core/data/frozen-copies.spec.ts holds the two equal.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'

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
 * a player id 4 unsigned bytes cannot hold (negative, or 2^32 and over: a registry numbers its players from 1) gets
 * none: its preview pages then sort its sheets themselves.
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
  const order = db.prepare(`SELECT player_id, kind FROM ${listTables(db, listId).sheets} WHERE list_id = ? ORDER BY abs(coalesce(change, 0)) DESC, player_id`).raw()
  for (const [id, kind] of order.iterate(listId) as IterableIterator<[number, string]>) {
    all.push(id)
    let ids = byKind.get(kind)
    if (!ids) byKind.set(kind, (ids = []))
    ids.push(id)
  }
  return { all, byKind }
}
