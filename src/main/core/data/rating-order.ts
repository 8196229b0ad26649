// The current reference lists' entries by the registry's federation and rating (migration 17): which lists are held
// (PlayerReader.search reads a federation's page by rating from them).
import type { Db } from '../db/open'
import { currentReferenceLists } from './player-search'

/**
 * Holds in `rating_order` exactly the current reference lists (the players screen's rating columns): a list that became
 * current is written once, sorted (its entries in player order, each player by his id: no random read), a list that no
 * longer is goes. Called when an import has stored its lists' counts (reference lists come only from an import): a
 * newer reference list is current from then.
 */
export function syncRatingOrders(db: Db): void {
  const want = new Set(Object.values(currentReferenceLists(db)).flatMap((l) => (l ? [l.id] : [])))
  const held = db.prepare('SELECT list_id FROM rating_order_lists').pluck().all() as number[]
  for (const id of held) if (!want.has(id)) db.prepare('DELETE FROM rating_order_lists WHERE list_id = ?').run(id)
  for (const id of want) {
    if (held.includes(id)) continue
    db.prepare('INSERT INTO rating_order_lists (list_id) VALUES (?)').run(id)
    db.prepare(
      `INSERT INTO rating_order (list_id, federation, rating, player_id, status)
       SELECT e.list_id, p.federation, coalesce(e.rating, -1), e.player_id, p.status
         FROM rating_list_entries e INDEXED BY sqlite_autoindex_rating_list_entries_1 CROSS JOIN players p ON p.id = e.player_id
        WHERE e.list_id = ? AND p.federation IS NOT NULL ORDER BY 2, 3, 4`
    ).run(id)
  }
}
