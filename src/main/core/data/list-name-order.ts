// A frozen list's order by name (migration 13): marks every few hundred entries, each a key (folded name, player id)
// with its rank in the list, kept exact by triggers when a player is renamed or an entry moves to another player.
// A page by name starts at the mark just before its offset instead of walking the list from its first name.
import type { Db } from '../db/open'

/**
 * Entries between two marks: a page walks the players' name index from its mark and keeps those on the list, so the
 * spacing follows the list's share of the registry, about 400 players stepped over whatever that share.
 */
export function markSpacing(entries: number, registry: number): number {
  return registry > 0 ? Math.max(50, Math.round((400 * entries) / registry)) : 50
}

/** Writes the marks of a list whose entries are final (called as its counts are stored: see storeListCounts). */
export function writeNameMarks(db: Db, listId: number, entries: number): void {
  const registry = (db.prepare('SELECT max(id) FROM players').pluck().get() as number | null) ?? 0
  db.prepare('DELETE FROM list_name_marks WHERE list_id = ?').run(listId)
  db.prepare(
    `INSERT INTO list_name_marks (list_id, name_folded, player_id, rank)
     SELECT @id, name_folded, id, rn FROM (
       SELECT p.name_folded, p.id, row_number() OVER (ORDER BY p.name_folded, p.id) - 1 AS rn
         FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = @id)
      WHERE rn % @spacing = 0`
  ).run({ id: listId, spacing: markSpacing(entries, registry) })
}

/**
 * The player ids at positions [start, start + count) of a list in (name_folded, id) ascending order, walked from
 * the nearest mark at or before `start`; null when the list has no marks (a draft), for the caller's own walk.
 */
export function nameOrderSlice(db: Db, listId: number, start: number, count: number): number[] | null {
  const mark = db
    .prepare('SELECT rank, name_folded AS name, player_id AS id FROM list_name_marks WHERE list_id = ? AND rank <= ? ORDER BY rank DESC LIMIT 1')
    .get(listId, start) as { rank: number; name: string; id: number } | undefined
  const walk = (where: string, ...params: (string | number)[]): number[] =>
    db
      .prepare(
        // CROSS JOIN keeps players as the outer loop: their name index gives the order, LIMIT ends the walk
        `SELECT p.id FROM players p CROSS JOIN rating_list_entries e ON e.list_id = ? AND e.player_id = p.id
          ${where} ORDER BY p.name_folded, p.id LIMIT ? OFFSET ?`
      )
      .pluck()
      .all(listId, ...params) as number[]
  if (mark) return walk('WHERE p.name_folded >= ? AND (p.name_folded > ? OR p.id >= ?)', mark.name, mark.name, mark.id, count, start - mark.rank)
  // no mark at or before start: either none at all, or a rename moved the first one up a rank or two
  if (!db.prepare('SELECT 1 FROM list_name_marks WHERE list_id = ? LIMIT 1').get(listId)) return null
  return walk('', count, start)
}
