// Migration 19: the players screen's status filter (active, inactive, deceased, merged) from counts.
// No index starts with the status, so a status's count read a whole index (90–680 ms cold at 1.9 M), its deep pages
// stepped over and tested every player (0.6–2.6 s), and by rating its count read every entry with its player (2.7 s).
//
// - `player_buckets` (migration 18) is counted per status: the key is (sort, status, b1, b2) and every player is
//   counted, the merged records under 'merged'. A status's total, a federation's (the federation order's buckets of
//   its b1), both at once, and a deep page's bucket are sums of them; the table as it opens sums the three statuses
//   that are not 'merged'. The triggers keep the same names (a bulk first load drops the insert one and recounts).
// - The rare statuses (deceased, merged: a few in a thousand) would make a walk that tests the status step over the
//   whole order for one page; each order has a partial index of those players that starts with the status. The
//   common ones (active, inactive) are walked in the order's own index, the status tested on it.
// - `rating_order` (migration 17) also holds the players without a federation (federation ''), so it holds the whole
//   current lists, and gets an index by (list, status, rating): a status's page by rating is a range of it. Its
//   counts per (list, federation, status) are kept in `rating_order_counts` by triggers on `rating_order` (a
//   newer list written at an import drops them and counts once, data/rating-order.ts).
import type { Migration } from '../migrate'
import { BUCKETS, MISSING, RAW, type BucketSort } from './018-registry-buckets'

const SORTS = Object.keys(BUCKETS) as BucketSort[]

const add = (r: string): string =>
  SORTS.map((s) => `INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('${s}', ${r}.status, ${BUCKETS[s](r).join(', ')}, 1) ON CONFLICT DO UPDATE SET n = n + 1;`).join('\n')
const remove = (r: string): string =>
  SORTS.map((s) => `UPDATE player_buckets SET n = n - 1 WHERE sort = '${s}' AND status = ${r}.status AND b1 = ${BUCKETS[s](r)[0]} AND b2 = ${BUCKETS[s](r)[1]};`).join('\n')

/**
 * Counts every bucket of every order and status again (the migration, and a bulk first load at its end): each count
 * groups the raw key and the status, which the order's index holds; the birth year's reads the table in order (its
 * index is an expression's, not covering for SQLite; see migration 18).
 */
export const RECOUNT_STATUS_BUCKETS = `DELETE FROM player_buckets;
${SORTS.map(
  (s) => `INSERT INTO player_buckets (sort, status, b1, b2, n) SELECT '${s}', status, coalesce(k1, ${MISSING[s]}), k2, n
    FROM (SELECT ${RAW[s]('p')[0]} AS k1, ${RAW[s]('p')[1]} AS k2, p.status AS status, count(*) AS n FROM players p${s === 'birthYear' ? ' NOT INDEXED' : ''}
           GROUP BY 1, 2, 3);`
).join('\n')}`

/**
 * The statuses few players have: the partial indexes below hold them. A query uses them when it says `p.status =
 * 'deceased'` (or 'merged') as a literal: SQLite proves the index's WHERE from it.
 */
export const RARE_STATUSES = ['deceased', 'merged'] as const
const RARE = "(status = 'deceased' OR status = 'merged')"

/** Counts `rating_order` per (list, federation, status) again, for one list (`?`) or every held list. */
export const RECOUNT_RATING_ORDER = (oneList: boolean): string =>
  `INSERT INTO rating_order_counts (list_id, federation, status, n)
   SELECT list_id, federation, status, count(*) FROM rating_order ${oneList ? 'WHERE list_id = ?' : ''} GROUP BY 1, 2, 3`

export const migration019: Migration = {
  version: 19,
  name: 'status-buckets',
  up(db) {
    const ordered = 'SELECT list_id FROM rating_order_lists'
    db.exec(`
      DROP TRIGGER players_buckets_insert;
      DROP TRIGGER players_buckets_delete;
      DROP TRIGGER players_buckets_update;
      DROP TABLE player_buckets;
      CREATE TABLE player_buckets (
        sort   TEXT NOT NULL CHECK (sort IN (${SORTS.map((s) => `'${s}'`).join(', ')})),
        status TEXT NOT NULL,
        b1     ANY NOT NULL,
        b2     TEXT NOT NULL,
        n      INTEGER NOT NULL CHECK (n >= 0),   -- the players of that status in the bucket
        PRIMARY KEY (sort, status, b1, b2)
      ) STRICT, WITHOUT ROWID;
      -- A first load into an empty registry drops the insert trigger and counts once at the end (data/list-import.ts).
      CREATE TRIGGER players_buckets_insert AFTER INSERT ON players BEGIN
        ${add('NEW')}
      END;
      CREATE TRIGGER players_buckets_delete AFTER DELETE ON players BEGIN
        ${remove('OLD')}
      END;
      CREATE TRIGGER players_buckets_update AFTER UPDATE OF name_folded, fide_id, federation, birth_date, title, status ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded OR NEW.fide_id IS NOT OLD.fide_id OR NEW.federation IS NOT OLD.federation
          OR NEW.birth_date IS NOT OLD.birth_date OR NEW.title IS NOT OLD.title OR NEW.status IS NOT OLD.status BEGIN
        ${remove('OLD')}
        ${add('NEW')}
      END;
      ${RECOUNT_STATUS_BUCKETS}

      -- each order's own index, for the rare statuses only, starting with the status
      CREATE INDEX players_rare_name ON players(status, name_folded) WHERE ${RARE};
      CREATE INDEX players_rare_fide_id ON players(status, fide_id) WHERE ${RARE};
      CREATE INDEX players_rare_federation ON players(status, federation, name_folded) WHERE ${RARE};
      CREATE INDEX players_rare_birth_year ON players(status, substr(birth_date, 1, 4), name_folded) WHERE ${RARE};
      CREATE INDEX players_rare_title ON players(status, title, name_folded) WHERE ${RARE};

      -- rating_order holds the players without a federation too (''): the whole current lists
      DROP TRIGGER players_rating_order;
      DROP TRIGGER rating_list_entries_rating_order;
      INSERT INTO rating_order (list_id, federation, rating, player_id, status)
        SELECT e.list_id, '', coalesce(e.rating, -1), e.player_id, p.status
          FROM rating_list_entries e CROSS JOIN players p ON p.id = e.player_id
         WHERE e.list_id IN (${ordered}) AND p.federation IS NULL;
      CREATE INDEX rating_order_status ON rating_order(list_id, status, rating, player_id);
      CREATE TABLE rating_order_counts (
        list_id    INTEGER NOT NULL REFERENCES rating_order_lists(list_id) ON DELETE CASCADE,
        federation TEXT NOT NULL,
        status     TEXT NOT NULL,
        n          INTEGER NOT NULL CHECK (n >= 0),
        PRIMARY KEY (list_id, federation, status)
      ) STRICT, WITHOUT ROWID;
      ${RECOUNT_RATING_ORDER(false)};
      -- data/rating-order.ts drops these two while it writes or deletes a whole list, and counts that list once
      CREATE TRIGGER rating_order_count_insert AFTER INSERT ON rating_order BEGIN
        INSERT INTO rating_order_counts (list_id, federation, status, n) VALUES (NEW.list_id, NEW.federation, NEW.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER rating_order_count_delete AFTER DELETE ON rating_order BEGIN
        UPDATE rating_order_counts SET n = n - 1 WHERE list_id = OLD.list_id AND federation = OLD.federation AND status = OLD.status;
      END;

      -- migration 17's two triggers, the federation '' for a player without one
      CREATE TRIGGER players_rating_order AFTER UPDATE OF federation, status ON players
        WHEN (NEW.federation IS NOT OLD.federation OR NEW.status IS NOT OLD.status) AND EXISTS (SELECT 1 FROM rating_order_lists) BEGIN
        DELETE FROM rating_order WHERE (list_id, federation, rating, player_id) IN
          (SELECT e.list_id, coalesce(OLD.federation, ''), coalesce(e.rating, -1), OLD.id FROM rating_list_entries e WHERE e.player_id = OLD.id AND e.list_id IN (${ordered}));
        INSERT INTO rating_order (list_id, federation, rating, player_id, status)
          SELECT e.list_id, coalesce(NEW.federation, ''), coalesce(e.rating, -1), NEW.id, NEW.status FROM rating_list_entries e
           WHERE e.player_id = NEW.id AND e.list_id IN (${ordered});
      END;
      CREATE TRIGGER rating_list_entries_rating_order AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id AND EXISTS (SELECT 1 FROM rating_order_lists WHERE list_id = OLD.list_id) BEGIN
        DELETE FROM rating_order WHERE list_id = OLD.list_id AND federation = (SELECT coalesce(federation, '') FROM players WHERE id = OLD.player_id)
          AND rating = coalesce(OLD.rating, -1) AND player_id = OLD.player_id;
        INSERT INTO rating_order (list_id, federation, rating, player_id, status)
          SELECT NEW.list_id, coalesce(p.federation, ''), coalesce(NEW.rating, -1), p.id, p.status FROM players p WHERE p.id = NEW.player_id;
      END;
    `)
  }
}
