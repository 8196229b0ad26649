// Migration 17: the players screen filtered by a federation reads every order from an index.
// At 1.9 M players, FRA sorted by rating took 4.2 s cold / 0.6 s warm: the page walked the rating list's index and
// looked each entry's player up (a random row read, ~15 µs) until 50 were French, and the count read every entry of
// the list with its player (820,000 lookups); sorted by FIDE ID, birth year or title it walked the order's index over
// the whole registry and tested each player's federation (0.5–1.3 s a page).
//
// - By FIDE ID, birth year, title: an index each that starts with the federation, then exactly the order's terms
//   (PlayerReader.search orders by them then id): a federation's page is a range of it, its count a range count.
// - By rating: the players' federation is the registry's (players.federation), not the list's (an entry keeps the
//   federation the list printed), so no index of the entries has that order. `rating_order` holds, for the current
//   reference lists only (the players screen's rating column: the newest of each type of FIDE's chain, listed in
//   `rating_order_lists`), each entry keyed (list, its player's federation, its rating, player id) with its player's
//   status: a federation's page by rating is a range of its primary key. Triggers keep it exact as players change
//   federation or status, as entries move between players (a merge and its undo) and as entries come and go; the
//   lists in it change when a newer reference list is stored (data/rating-order.ts syncRatingOrders). The rating is
//   -1 for an unrated entry: first ascending, where SQLite's order of the entries puts NULL.
import type { Migration } from '../migrate'

export const migration017: Migration = {
  version: 17,
  name: 'federation-orders',
  up(db) {
    const ordered = 'SELECT list_id FROM rating_order_lists'
    db.exec(`
      CREATE INDEX players_federation_fide_id ON players(federation, fide_id, status);
      CREATE INDEX players_federation_birth_year ON players(federation, substr(birth_date, 1, 4), name_folded, status);
      CREATE INDEX players_federation_title ON players(federation, title, name_folded, status);

      CREATE TABLE rating_order_lists (
        list_id INTEGER PRIMARY KEY REFERENCES rating_lists(id) ON DELETE CASCADE
      ) STRICT;
      CREATE TABLE rating_order (
        list_id    INTEGER NOT NULL REFERENCES rating_order_lists(list_id) ON DELETE CASCADE,
        federation TEXT NOT NULL,     -- the player's (players.federation); a player without one has no row
        rating     INTEGER NOT NULL,  -- the entry's, -1 when unrated
        player_id  INTEGER NOT NULL,  -- the entry's player (not a reference: the triggers move it)
        status     TEXT NOT NULL,     -- the player's
        PRIMARY KEY (list_id, federation, rating, player_id)
      ) STRICT, WITHOUT ROWID;

      -- a player's federation or status changes: each of his entries on the ordered lists moves
      CREATE TRIGGER players_rating_order AFTER UPDATE OF federation, status ON players
        WHEN (NEW.federation IS NOT OLD.federation OR NEW.status IS NOT OLD.status) AND EXISTS (SELECT 1 FROM rating_order_lists) BEGIN
        DELETE FROM rating_order WHERE (list_id, federation, rating, player_id) IN
          (SELECT e.list_id, OLD.federation, coalesce(e.rating, -1), OLD.id FROM rating_list_entries e WHERE e.player_id = OLD.id AND e.list_id IN (${ordered}));
        INSERT INTO rating_order (list_id, federation, rating, player_id, status)
          SELECT e.list_id, NEW.federation, coalesce(e.rating, -1), NEW.id, NEW.status FROM rating_list_entries e
           WHERE e.player_id = NEW.id AND e.list_id IN (${ordered}) AND NEW.federation IS NOT NULL;
      END;

      -- an entry of an ordered list moves to another player (a merge, its undo). The ordered lists are reference lists,
      -- counted and frozen: the guards of migrations 1 and 11 refuse them a new entry, a deleted one or a new rating,
      -- so a moved entry is the only change of an entry that reaches them.
      CREATE TRIGGER rating_list_entries_rating_order AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id AND EXISTS (SELECT 1 FROM rating_order_lists WHERE list_id = OLD.list_id) BEGIN
        DELETE FROM rating_order WHERE list_id = OLD.list_id AND federation = (SELECT federation FROM players WHERE id = OLD.player_id)
          AND rating = coalesce(OLD.rating, -1) AND player_id = OLD.player_id;
        INSERT INTO rating_order (list_id, federation, rating, player_id, status)
          SELECT NEW.list_id, p.federation, coalesce(NEW.rating, -1), p.id, p.status FROM players p WHERE p.id = NEW.player_id AND p.federation IS NOT NULL;
      END;
    `)
    // the current reference lists at this version: the newest of each type of FIDE's chain (data/lists.ts chainCondition,
    // data/lists.ts currentReferenceLists)
    const current = db.prepare(
      `SELECT l.id FROM rating_lists l WHERE l.kind = 'reference' AND l.rating_type = @type
          AND ((l.source = 'FIDE') OR NOT EXISTS (SELECT 1 FROM rating_lists own WHERE own.kind = 'reference' AND own.rating_type = @type AND own.source = 'FIDE'))
        ORDER BY l.list_date DESC, l.id DESC LIMIT 1`
    )
    for (const type of ['standard', 'rapid', 'blitz']) {
      const id = current.pluck().get({ type }) as number | undefined
      if (id === undefined) continue
      db.prepare('INSERT INTO rating_order_lists (list_id) VALUES (?)').run(id)
      db.prepare(
        `INSERT INTO rating_order (list_id, federation, rating, player_id, status)
         SELECT e.list_id, p.federation, coalesce(e.rating, -1), e.player_id, p.status
           FROM rating_list_entries e INDEXED BY sqlite_autoindex_rating_list_entries_1 CROSS JOIN players p ON p.id = e.player_id
          WHERE e.list_id = ? AND p.federation IS NOT NULL ORDER BY 2, 3, 4`
      ).run(id)
    }
  }
}
