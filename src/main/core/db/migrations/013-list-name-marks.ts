// Migration 13: a frozen list's order by name, kept as marks. A page in the middle of a FIDE-sized list
// sorted by name walked the players' name index from the start and looked each player up on the list: about 5 µs a
// player stepped over, 285 ms at 100,000 players, seconds at 1.9 M. A mark is a key (folded name, player id) with
// its rank: how many entries of the list sort before that key. Every few hundred entries of a frozen list get one,
// so a page starts its walk at the mark just before it and steps over a few hundred players at most.
//
// A mark's key is a boundary, not a reference to a player (so no foreign key on player_id: a merge must not move it),
// and its rank stays exact: the two ways a frozen list's order by name can change — a player of the list renamed,
// an entry moved to another player by a merge or its undo — move the ranks of the marks between the entry's old and
// new keys by one, by the triggers below. Entries of a frozen list are never inserted or deleted (migration 11).
import type { Migration } from '../migrate'

/** A rank moves by `delta` for the marks of the lists `lists` whose key lies in (low, high]. */
const shift = (delta: string, lists: string, low: string, high: string): string =>
  `UPDATE list_name_marks SET rank = rank ${delta} 1
    WHERE list_id IN (${lists}) AND (name_folded, player_id) > ${low} AND (name_folded, player_id) <= ${high};`

export const migration013: Migration = {
  version: 13,
  name: 'list-name-marks',
  up(db) {
    const listsOf = 'SELECT list_id FROM rating_list_entries WHERE player_id = NEW.id'
    const keyOf = (id: string): string => `((SELECT name_folded FROM players WHERE id = ${id}), ${id})`
    db.exec(`
      CREATE TABLE list_name_marks (
        list_id     INTEGER NOT NULL REFERENCES rating_lists(id) ON DELETE CASCADE,
        name_folded TEXT NOT NULL,
        player_id   INTEGER NOT NULL,  -- with name_folded, a key of the order (not a reference: see above)
        rank        INTEGER NOT NULL CHECK (rank >= 0),
        PRIMARY KEY (list_id, name_folded, player_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX list_name_marks_rank ON list_name_marks(list_id, rank);

      -- A player renamed: on each list he is on, his entry's key moves from the old name to the new one; the marks
      -- between the two keys gain or lose him below them.
      CREATE TRIGGER players_name_marks AFTER UPDATE OF name_folded ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded BEGIN
        ${shift('-', listsOf, '(OLD.name_folded, OLD.id)', '(NEW.name_folded, NEW.id)')}
        ${shift('+', listsOf, '(NEW.name_folded, NEW.id)', '(OLD.name_folded, OLD.id)')}
      END;

      -- An entry moved to another player (a merge, its undo): on that list its key moves to the other player's.
      CREATE TRIGGER rating_list_entries_name_marks AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id BEGIN
        ${shift('-', 'NEW.list_id', keyOf('OLD.player_id'), keyOf('NEW.player_id'))}
        ${shift('+', 'NEW.list_id', keyOf('NEW.player_id'), keyOf('OLD.player_id'))}
      END;
    `)
    // The frozen lists held get their marks now, all in one walk of the players in name order (each player's entries
    // through the player index): one pass over the archive instead of one sort per list. Drafts get none.
    const registry = (db.prepare('SELECT max(id) FROM players').pluck().get() as number | null) ?? 0
    const lists = new Map<number, { spacing: number; seen: number }>()
    for (const l of db.prepare('SELECT id, entry_count AS entries FROM rating_lists WHERE entry_count IS NOT NULL').all() as { id: number; entries: number }[]) {
      lists.set(l.id, { spacing: markSpacing(l.entries, registry), seen: 0 })
    }
    if (!lists.size) return
    const marks: [number, string, number, number][] = []
    const walk = db.prepare('SELECT p.name_folded, p.id, e.list_id FROM players p CROSS JOIN rating_list_entries e ON e.player_id = p.id ORDER BY p.name_folded, p.id')
    for (const [name, id, listId] of walk.raw().iterate() as Iterable<[string, number, number]>) {
      const l = lists.get(listId)
      if (!l) continue
      if (l.seen % l.spacing === 0) marks.push([listId, name, id, l.seen])
      l.seen++
    }
    const insert = db.prepare('INSERT INTO list_name_marks (list_id, name_folded, player_id, rank) VALUES (?, ?, ?, ?)')
    for (const m of marks) insert.run(...m)
  }
}

/** Entries between two marks, as data/list-name-order.ts chose them at this version (see there). */
function markSpacing(entries: number, registry: number): number {
  return registry > 0 ? Math.max(50, Math.round((400 * entries) / registry)) : 50
}
