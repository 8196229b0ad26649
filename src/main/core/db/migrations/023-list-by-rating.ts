// Migration 23: a list's order by rating kept in a table of its own, written whole and in order by the big writers,
// instead of the entries' `(list_id, rating)` index.
//
// The index took its entries in the order the entries came: by player. A FIDE-sized list's 1.9 M entries went into
// some 1,800 places of it (one per rating), each a descent of the tree, a page split now and then and a copy of the
// page into the statement's journal: 3.3–3.6 s of the generation's writing thread in an insert experiment, the largest
// item left on the thread the generation waits for. The same keys appended in order, once the list's last entry is in,
// cost 0.9 s: SQLite appends at the end of a tree without a descent. A list's order is therefore kept in
// `list_by_rating` (list, key, player): the key is the rating, or UNRATED (10^9) for an unrated entry, as the marks of
// migration 15 key it, so the table's own order is the list's order by rating (the rated by rating then player, the
// unrated last by player). A page by rating is a range of its primary key, a count of the rated a count of that range.
//
// Triggers keep it equal to the entries row by row (any writer: an entry inserted, deleted, given another rating or
// moved to another player by a merge). The writers of whole lists (a draft's generation, a list import) lift the insert
// trigger and write the list's order sorted once its entries are in (data/list-by-rating.ts), in their transaction.
import type { Db } from '../open'
import type { Migration } from '../migrate'

/** The key of an unrated entry: after every rating (the list's order by rating puts the unrated last). */
export const UNRATED_KEY = 1_000_000_000

/** The entries' trigger that writes each new entry's key; lifted by the writers of whole lists. */
export const BY_RATING_INSERT = 'rating_list_entries_by_rating_insert'
/** The entries' trigger that deletes a deleted entry's key; lifted by a draft cleared whole. */
export const BY_RATING_DELETE = 'rating_list_entries_by_rating_delete'

/** An entry's key as SQL: its rating, or UNRATED_KEY (`row`: the entry's alias, NEW or OLD in a trigger). */
export const keySql = (row?: string): string => `coalesce(${row ? `${row}.` : ''}rating, ${UNRATED_KEY})`

export const migration023: Migration = {
  version: 23,
  name: 'list-by-rating',
  up(db) {
    db.exec(`
      CREATE TABLE list_by_rating (
        list_id   INTEGER NOT NULL,  -- the entry's list (the entries' own key: the triggers keep the two equal)
        key       INTEGER NOT NULL,  -- the entry's rating, or ${UNRATED_KEY} when unrated
        player_id INTEGER NOT NULL,  -- the entry's player
        PRIMARY KEY (list_id, key, player_id)
      ) STRICT, WITHOUT ROWID;
    `)
    fillFromIndex(db)
    db.exec(`
      DROP INDEX rating_list_entries_list_rating;

      CREATE TRIGGER ${BY_RATING_INSERT} AFTER INSERT ON rating_list_entries BEGIN
        INSERT INTO list_by_rating (list_id, key, player_id) VALUES (NEW.list_id, ${keySql('NEW')}, NEW.player_id);
      END;
      CREATE TRIGGER ${BY_RATING_DELETE} AFTER DELETE ON rating_list_entries BEGIN
        DELETE FROM list_by_rating WHERE list_id = OLD.list_id AND key = ${keySql('OLD')} AND player_id = OLD.player_id;
      END;
      -- a merge or its undo moves an entry to another player; a draft's entry could be given another rating
      CREATE TRIGGER rating_list_entries_by_rating_update AFTER UPDATE OF list_id, player_id, rating ON rating_list_entries
        WHEN NEW.list_id IS NOT OLD.list_id OR NEW.player_id IS NOT OLD.player_id OR NEW.rating IS NOT OLD.rating BEGIN
        DELETE FROM list_by_rating WHERE list_id = OLD.list_id AND key = ${keySql('OLD')} AND player_id = OLD.player_id;
        INSERT INTO list_by_rating (list_id, key, player_id) VALUES (NEW.list_id, ${keySql('NEW')}, NEW.player_id);
      END;
    `)
  }
}

/** Every list's order, read from the index it replaces (in order: each list's keys are appended, none sorted). */
function fillFromIndex(db: Db): void {
  const lists = db.prepare('SELECT id FROM rating_lists ORDER BY id').pluck().all() as number[]
  const rated = db.prepare(
    `INSERT INTO list_by_rating (list_id, key, player_id) SELECT list_id, rating, player_id FROM rating_list_entries INDEXED BY rating_list_entries_list_rating
      WHERE list_id = ? AND rating IS NOT NULL ORDER BY rating, player_id`
  )
  const unrated = db.prepare(
    `INSERT INTO list_by_rating (list_id, key, player_id) SELECT list_id, ${UNRATED_KEY}, player_id FROM rating_list_entries INDEXED BY rating_list_entries_list_rating
      WHERE list_id = ? AND rating IS NULL ORDER BY player_id`
  )
  for (const id of lists) {
    rated.run(id)
    unrated.run(id)
  }
}
