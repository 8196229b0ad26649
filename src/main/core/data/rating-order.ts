// The current reference lists' entries by the registry's federation, status and rating (migrations 17 and 19): which
// lists are held (PlayerReader.search reads a federation's or a status's page by rating from them) and their counts.
import type { Db } from '../db/open'
import { listSchema } from '../db/archive-files'
import { currentReferenceLists } from './lists'
import { liftTriggers } from './triggers'

/**
 * Counts `rating_order` per (list, federation, status) again, for one list (`?`) or every held list: the runtime's copy
 * of migration 19's statement (test/main/core/data/frozen-copies.spec.ts holds the two equal).
 */
export const RECOUNT_RATING_ORDER = (oneList: boolean): string =>
  `INSERT INTO rating_order_counts (list_id, federation, status, n)
   SELECT list_id, federation, status, count(*) FROM rating_order ${oneList ? 'WHERE list_id = ?' : ''} GROUP BY 1, 2, 3`

/** The triggers that count `rating_order` row by row (migration 19): a whole list written or deleted is counted once. */
const COUNT_TRIGGERS = ['rating_order_count_insert', 'rating_order_count_delete']

/**
 * Holds in `rating_order` exactly the current reference lists (the players screen's rating columns): a list that became
 * current is written once, sorted (its entries in player order, each player by his id: no random read), and counted
 * once; a list that no longer is goes with its counts. Called when an import has stored its lists' counts (reference
 * lists come only from an import), inside its transaction: a newer reference list is current from then.
 */
export function syncRatingOrders(db: Db): void {
  const want = new Set(Object.values(currentReferenceLists(db)).flatMap((l) => (l ? [l.id] : [])))
  const held = db.prepare('SELECT list_id FROM rating_order_lists').pluck().all() as number[]
  if (held.length === want.size && held.every((id) => want.has(id))) return
  const restoreCounting = liftTriggers(db, COUNT_TRIGGERS)
  for (const id of held) if (!want.has(id)) db.prepare('DELETE FROM rating_order_lists WHERE list_id = ?').run(id)
  for (const id of want) {
    if (held.includes(id)) continue
    db.prepare('INSERT INTO rating_order_lists (list_id) VALUES (?)').run(id)
    db.prepare(
      `INSERT INTO rating_order (list_id, federation, rating, player_id, status)
       SELECT e.list_id, coalesce(p.federation, ''), coalesce(e.rating, -1), e.player_id, p.status
         FROM ${listSchema(db, id)}.rating_list_entries e INDEXED BY sqlite_autoindex_rating_list_entries_1 CROSS JOIN players p ON p.id = e.player_id
        WHERE e.list_id = ? ORDER BY 2, 3, 4`
    ).run(id)
    db.prepare(RECOUNT_RATING_ORDER(true)).run(id)
  }
  restoreCounting()
}

/**
 * The number of entries of a held list, of the players of `status` and of `federation` when given (null: every status,
 * every federation), from `rating_order_counts`; null when the list is not held.
 */
export function ratingOrderTotal(db: Db, listId: number, status: string | null, federation: string | null): number | null {
  if (!db.prepare('SELECT 1 FROM rating_order_lists WHERE list_id = ?').get(listId)) return null
  const terms = [['federation', federation], ['status', status]].filter(([, v]) => v !== null)
  return db
    .prepare(`SELECT coalesce(sum(n), 0) FROM rating_order_counts WHERE list_id = ?${terms.map(([c]) => ` AND ${c} = ?`).join('')}`)
    .pluck()
    .get(listId, ...terms.map(([, v]) => v)) as number
}
