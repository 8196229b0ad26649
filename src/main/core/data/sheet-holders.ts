// Whose stored calculation sheets stand behind a player's lines. A merge moves a list's entry to the kept record but
// leaves the calculation sheet under the record it was computed for (data/player-merges.ts, KEPT_AS_COMPUTED): on each
// list where a merge (not undone) moved a merged record's entry to him, that record's sheet is the one behind his line
// — down a chain of merges, each having moved the entry on that list. Every reader of a player's sheets reads them
// through this (the sheet of one list: lists:sheet and its PDF; the archive's rated tournaments; the public website),
// so that a line and its sheet always go together, whichever surface shows them: the merged record no longer shows the
// sheets of the lines it gave away.
import type { Db } from '../db/open'
import { preparedRaw } from './statements'

/**
 * A recursive CTE `holders(root, id, list)` for the players of the JSON array `@players`: each player (`root`) with
 * himself (`id` = root, `list` NULL: all his own sheets), then each record merged into a holder whose entry on `list`
 * moved with the merge (its sheet on that list only). Put after `WITH RECURSIVE`; join `office_list_sheets s` with
 * HOLDER_SHEET.
 */
export const SHEET_HOLDERS = `holders(root, id, list) AS (
  SELECT value, value, NULL FROM json_each(@players)
  UNION SELECT h.root, m.drop_id, e.value FROM holders h JOIN player_merges m ON m.keep_id = h.id
    CROSS JOIN json_each(m.moved, '$.entryLists') e
   WHERE m.undone_at IS NULL AND (h.list IS NULL OR e.value = h.list))`

/**
 * The join of `office_list_sheets s` to a holder `h`: his own sheets, or a merged record's on the list whose entry
 * moved to him — but none on a list where a merge moved the player's (the root's) own line to another record: the
 * sheet behind it went with it, whether it was his own or one he held.
 */
export const HOLDER_SHEET = `s.player_id = h.id AND (h.list IS NULL OR s.list_id = h.list) AND NOT EXISTS (
  SELECT 1 FROM player_merges x CROSS JOIN json_each(x.moved, '$.entryLists') y WHERE x.drop_id = h.root AND x.undone_at IS NULL AND y.value = s.list_id)`

/**
 * The same rule read from a sheet's side, for every sheet of one list at once (a list's pages of sheets on the public
 * website): the holder of the sheet computed for `player` on `listId` — the record a merge (not undone) moved his
 * entry on that list to, down the chain of such merges; himself when his entry on it never moved.
 */
export function sheetHolderOn(db: Db, listId: number): (player: number) => number {
  const moved = new Map<number, number>()
  const merges = preparedRaw(db,
    `SELECT m.drop_id, m.keep_id FROM player_merges m CROSS JOIN json_each(m.moved, '$.entryLists') e
      WHERE m.undone_at IS NULL AND e.value = ?`
  ).all(listId) as [number, number][]
  for (const [drop, keep] of merges) moved.set(drop, keep)
  return (player) => {
    let h = player
    // a chain is at most as long as the merges (a cycle, which merges cannot make, would stop there)
    for (let n = 0; moved.has(h) && n <= moved.size; n++) h = moved.get(h)!
    return h
  }
}

