// Migration 15: a frozen list's orders by rating and by FIDE ID kept as marks, as its order by name was (migration 13),
// in one table for the three. A page in the middle of a 1.9 M list by rating walked up to half the list's
// rating index (22–27 ms of CPU), and a page by FIDE ID walked the players' FIDE ID index from the start, as a page by
// name did before its marks. A mark is a key of the order with its rank: how many entries of the list sort before it.
//
// Each order, ascending, is (key, player id) with a key never NULL, so that marks compare as row values: by name the
// folded name; by FIDE ID the FIDE ID, or -1 for a player without one (first, where SQLite puts NULL); by rating the
// entry's rating, or 1,000,000,000 for an unrated entry (last, where the list's rating order puts the unrated).
// The ways an order of a frozen list can change (its entries are never inserted, deleted, or re-rated): a player
// renamed (by name), a player's FIDE ID set, moved or cleared (by FIDE ID: a merge moves the dropped record's ID to the
// kept one, its undo moves it back), an entry moved to another player by a merge or its undo (every order: the player
// id ends every key). Each moves one entry's key; the triggers move by one the ranks of the marks between its old and
// new keys.
import type { Migration } from '../migrate'

const NO_FIDE_ID = -1
const UNRATED = 1_000_000_000

/** A rank moves by `delta` for the marks of order `sort` of the lists `lists` whose key lies in (low, high]. */
const shift = (delta: string, lists: string, sort: string, low: string, high: string): string =>
  `UPDATE list_marks SET rank = rank ${delta} 1
    WHERE list_id IN (${lists}) AND sort = '${sort}' AND (key, player_id) > ${low} AND (key, player_id) <= ${high};`

/** Both shifts for an entry whose key in `sort` moves from `before` to `after`. */
const move = (lists: string, sort: string, before: string, after: string): string =>
  `${shift('-', lists, sort, before, after)}\n${shift('+', lists, sort, after, before)}`

export const migration015: Migration = {
  version: 15,
  name: 'list-order-marks',
  up(db) {
    const listsOf = 'SELECT list_id FROM rating_list_entries WHERE player_id = NEW.id'
    const fideKey = (id: string): string => `(coalesce((SELECT fide_id FROM players WHERE id = ${id}), ${NO_FIDE_ID}), ${id})`
    const nameKey = (id: string): string => `((SELECT name_folded FROM players WHERE id = ${id}), ${id})`
    db.exec(`
      CREATE TABLE list_marks (
        list_id   INTEGER NOT NULL REFERENCES rating_lists(id) ON DELETE CASCADE,
        sort      TEXT NOT NULL CHECK (sort IN ('name', 'fideId', 'rating')),
        key       ANY NOT NULL,      -- the folded name (TEXT), the FIDE ID or the rating (INTEGER): see above
        player_id INTEGER NOT NULL,  -- with key, a key of the order (not a reference: a merge must not move it)
        rank      INTEGER NOT NULL CHECK (rank >= 0),
        PRIMARY KEY (list_id, sort, key, player_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX list_marks_rank ON list_marks(list_id, sort, rank);

      -- the name marks of migration 13 move here, their triggers with them
      INSERT INTO list_marks (list_id, sort, key, player_id, rank) SELECT list_id, 'name', name_folded, player_id, rank FROM list_name_marks;
      DROP TRIGGER players_name_marks;
      DROP TRIGGER rating_list_entries_name_marks;
      DROP TABLE list_name_marks;

      CREATE TRIGGER players_name_marks AFTER UPDATE OF name_folded ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded BEGIN
        ${move(listsOf, 'name', '(OLD.name_folded, OLD.id)', '(NEW.name_folded, NEW.id)')}
      END;

      CREATE TRIGGER players_fide_id_marks AFTER UPDATE OF fide_id ON players
        WHEN NEW.fide_id IS NOT OLD.fide_id BEGIN
        ${move(listsOf, 'fideId', `(coalesce(OLD.fide_id, ${NO_FIDE_ID}), OLD.id)`, `(coalesce(NEW.fide_id, ${NO_FIDE_ID}), NEW.id)`)}
      END;

      -- an entry moved to another player: on its list, its key moves to the other player's in every order
      CREATE TRIGGER rating_list_entries_marks AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id BEGIN
        ${move('NEW.list_id', 'name', nameKey('OLD.player_id'), nameKey('NEW.player_id'))}
        ${move('NEW.list_id', 'fideId', fideKey('OLD.player_id'), fideKey('NEW.player_id'))}
        ${move('NEW.list_id', 'rating', `(coalesce(NEW.rating, ${UNRATED}), OLD.player_id)`, `(coalesce(NEW.rating, ${UNRATED}), NEW.player_id)`)}
      END;
    `)
    markHeldLists(db)
  }
}

/**
 * The frozen lists held get their marks by rating (every one) and by FIDE ID (those whose pages walk the players'
 * index: a quarter of the registry or more), as data/list-order-marks.ts writes them at this version: each mark found
 * by stepping `spacing` entries from the one before, through the index that gives the order (no sort).
 */
function markHeldLists(db: Parameters<Migration['up']>[0]): void {
  const registry = (db.prepare('SELECT max(id) FROM players').pluck().get() as number | null) ?? 0
  const onList = 'players p CROSS JOIN rating_list_entries e ON e.list_id = @list AND e.player_id = p.id'
  // each order as its segments, each: whether a key lies in it, and its walk from (@k, @id) or from its start
  const orders: Record<'rating' | 'fideId', { holds: (k: number) => boolean; sql: (from: boolean) => string }[]> = {
    rating: [
      {
        holds: (k) => k !== UNRATED,
        sql: (from) => `SELECT rating AS k, player_id AS id FROM rating_list_entries WHERE list_id = @list AND ${from ? '(rating, player_id) >= (@k, @id)' : 'rating IS NOT NULL'} ORDER BY rating, player_id`
      },
      { holds: (k) => k === UNRATED, sql: (from) => `SELECT ${UNRATED} AS k, player_id AS id FROM rating_list_entries WHERE list_id = @list AND rating IS NULL ${from ? 'AND player_id >= @id' : ''} ORDER BY player_id` }
    ],
    fideId: [
      { holds: (k) => k === NO_FIDE_ID, sql: (from) => `SELECT ${NO_FIDE_ID} AS k, p.id FROM ${onList} WHERE p.fide_id IS NULL ${from ? 'AND p.id >= @id' : ''} ORDER BY p.fide_id, p.id` },
      {
        holds: (k) => k !== NO_FIDE_ID,
        sql: (from) => `SELECT p.fide_id AS k, p.id FROM ${onList} WHERE ${from ? 'p.fide_id >= @k AND (p.fide_id > @k OR p.id >= @id)' : 'p.fide_id IS NOT NULL'} ORDER BY p.fide_id, p.id`
      }
    ]
  }
  type Key = { k: number; id: number }
  /** The entry `skip` entries after `at` (the order's first when null), across segments. */
  const next = (list: number, sort: 'rating' | 'fideId', at: Key | null, skip: number): Key | undefined => {
    const segments = orders[sort]
    for (let i = at ? segments.findIndex((s) => s.holds(at.k)) : 0, from = at; i < segments.length; i++, from = null) {
      const sql = segments[i]!.sql(from !== null)
      const params = { list, ...(from ? { k: from.k, id: from.id } : {}) }
      const row = db.prepare(`${sql} LIMIT 1 OFFSET @skip`).get({ ...params, skip }) as Key | undefined
      if (row) return row
      skip -= db.prepare(`SELECT count(*) FROM (${sql} LIMIT @skip)`).pluck().get({ ...params, skip }) as number
    }
    return undefined
  }
  const insert = db.prepare('INSERT INTO list_marks (list_id, sort, key, player_id, rank) VALUES (?, ?, ?, ?, ?)')
  for (const l of db.prepare('SELECT id, entry_count AS entries FROM rating_lists WHERE entry_count IS NOT NULL ORDER BY id').all() as { id: number; entries: number }[]) {
    const spacing = registry > 0 ? Math.max(50, Math.round((400 * l.entries) / registry)) : 50
    for (const sort of l.entries * 4 >= registry ? (['rating', 'fideId'] as const) : (['rating'] as const)) {
      for (let at = next(l.id, sort, null, 0), rank = 0; at; at = next(l.id, sort, at, spacing), rank += spacing) insert.run(l.id, sort, at.k, at.id, rank)
    }
  }
}
