// Migration 18: deep pages of the players table (no filter) from counts per key bucket. A middle
// page of 1.9 M players stepped over 950,000 index entries (65–94 ms). The registry is not frozen (players are added,
// renamed, merged every day), so the lists' marks (a rank every few hundred entries) do not fit: one insert would shift
// every later mark. Instead, per order, the players not merged away are counted per bucket of the order's key, each
// count kept exact by triggers at O(1) a change; a page sums the counts up to its offset and walks from its bucket's
// first key (data/registry-buckets.ts).
//
// A bucket is (b1, b2), ordered as the order's key is: the first two letters of the folded name; the FIDE ID by
// hundred thousands (-1 without one: first, where SQLite puts NULL); the federation then the name's first letter; the
// birth year then the name's first letter; the title then the name's first two letters (most players have no title).
// A missing federation, birth year or title is 0: an integer sorts before any text, as NULL does in the order.
import type { Migration } from '../migrate'

export type BucketSort = 'name' | 'fideId' | 'federation' | 'birthYear' | 'title'

/** Each order's bucket as two SQL expressions over a players row named `r`, the first one NULL when the key is missing. */
export const RAW: Record<BucketSort, (r: string) => [string, string]> = {
  name: (r) => [`substr(${r}.name_folded, 1, 2)`, "''"],
  fideId: (r) => [`${r}.fide_id / 100000`, "''"],
  federation: (r) => [`${r}.federation`, `substr(${r}.name_folded, 1, 1)`],
  birthYear: (r) => [`substr(${r}.birth_date, 1, 4)`, `substr(${r}.name_folded, 1, 1)`],
  title: (r) => [`${r}.title`, `substr(${r}.name_folded, 1, 2)`]
}
/** What a missing key's bucket is: first in the order, as NULL is. */
export const MISSING: Record<BucketSort, string> = { name: "''", fideId: '-1', federation: '0', birthYear: '0', title: '0' }

/** Each order's bucket as two SQL expressions over a players row named `r` (NEW, OLD or a table alias), never NULL. */
export const BUCKETS: Record<BucketSort, (r: string) => [string, string]> = Object.fromEntries(
  (Object.keys(RAW) as BucketSort[]).map((s) => [s, (r: string) => [`coalesce(${RAW[s](r)[0]}, ${MISSING[s]})`, RAW[s](r)[1]]])
) as Record<BucketSort, (r: string) => [string, string]>

const SORTS = Object.keys(BUCKETS) as BucketSort[]

const add = (r: string): string =>
  SORTS.map((s) => `INSERT INTO player_buckets (sort, b1, b2, n) VALUES ('${s}', ${BUCKETS[s](r).join(', ')}, 1) ON CONFLICT DO UPDATE SET n = n + 1;`).join('\n')
const remove = (r: string): string =>
  SORTS.map((s) => `UPDATE player_buckets SET n = n - 1 WHERE sort = '${s}' AND b1 = ${BUCKETS[s](r)[0]} AND b2 = ${BUCKETS[s](r)[1]};`).join('\n')

/**
 * Counts every bucket of every order again (the migration, and a bulk first load at its end). Each count groups the
 * raw key, which the order's index holds (a scan of that index, 1–1.5 s at 1.9 M), and names the missing key after;
 * the birth year's index is not covering for SQLite (an expression), so that one reads the table in order (4.4 s,
 * against 8.6–11 s through the index and a row read per entry).
 */
export const RECOUNT_BUCKETS = `DELETE FROM player_buckets;
${SORTS.map(
  (s) => `INSERT INTO player_buckets (sort, b1, b2, n) SELECT '${s}', coalesce(k1, ${MISSING[s]}), k2, n
    FROM (SELECT ${RAW[s]('p')[0]} AS k1, ${RAW[s]('p')[1]} AS k2, count(*) AS n FROM players p${s === 'birthYear' ? ' NOT INDEXED' : ''}
           WHERE p.status <> 'merged' GROUP BY 1, 2);`
).join('\n')}`

export const migration018: Migration = {
  version: 18,
  name: 'registry-buckets',
  up(db) {
    db.exec(`
      CREATE TABLE player_buckets (
        sort TEXT NOT NULL CHECK (sort IN (${SORTS.map((s) => `'${s}'`).join(', ')})),
        b1   ANY NOT NULL,
        b2   TEXT NOT NULL,
        n    INTEGER NOT NULL CHECK (n >= 0),   -- the players not merged away in the bucket
        PRIMARY KEY (sort, b1, b2)
      ) STRICT, WITHOUT ROWID;
      -- A first load into an empty registry drops the insert trigger and counts once at the end (data/list-import.ts).
      CREATE TRIGGER players_buckets_insert AFTER INSERT ON players WHEN NEW.status <> 'merged' BEGIN
        ${add('NEW')}
      END;
      CREATE TRIGGER players_buckets_delete AFTER DELETE ON players WHEN OLD.status <> 'merged' BEGIN
        ${remove('OLD')}
      END;
      CREATE TRIGGER players_buckets_update AFTER UPDATE OF name_folded, fide_id, federation, birth_date, title, status ON players
        WHEN (NEW.status <> 'merged' OR OLD.status <> 'merged') AND (NEW.name_folded IS NOT OLD.name_folded OR NEW.fide_id IS NOT OLD.fide_id
          OR NEW.federation IS NOT OLD.federation OR NEW.birth_date IS NOT OLD.birth_date OR NEW.title IS NOT OLD.title
          OR (NEW.status = 'merged') <> (OLD.status = 'merged')) BEGIN
        ${remove('OLD').replace(/;/g, " AND OLD.status <> 'merged';")}
        ${SORTS.map((s) => `INSERT INTO player_buckets (sort, b1, b2, n) SELECT '${s}', ${BUCKETS[s]('NEW').join(', ')}, 1 WHERE NEW.status <> 'merged' ON CONFLICT DO UPDATE SET n = n + 1;`).join('\n')}
      END;
      ${RECOUNT_BUCKETS}
    `)
  }
}
