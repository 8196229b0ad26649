// Migration 24: a delisted entry is unrated on every surface. A player whose rating falls under the
// floor "is listed in the next list as delisted; thereafter he is treated as any unrated player" (FIDE 2005 § 9.34,
// 2010 § 7.21, 2014 § 7.21, and every later edition). His entry keeps the computed figure (rating, the checksum's
// canonical text and the stored list are unchanged: entry_status says 'delisted', migration 8), but what the list
// publishes for him is no rating: the published rating of an entry is `publishedRatingSql` (here, once).
//
// The list's order by rating (migration 23) keyed him by his under-floor figure, so pages, exports and ranks counted
// him among the rated; its key is now the published rating (UNRATED_KEY for a delisted entry), written by the triggers
// and, for the lists held, re-keyed here. With the keys move what is read from them: the marks by rating (migration
// 15: ranks), and the rated count a list stores (migration 11), whose trigger now counts the published ratings.
import type { Db } from '../open'
import type { Migration } from '../migrate'
import { BY_RATING_DELETE, BY_RATING_INSERT, UNRATED_KEY } from './023-list-by-rating'

/**
 * The rating an entry publishes, as SQL (`row`: the entry's alias, NEW or OLD in a trigger): its rating, or NULL for an
 * entry shown as delisted (its rating under the floor is the calculation's, not a published rating).
 */
export const publishedRatingSql = (row?: string): string => {
  const p = row ? `${row}.` : ''
  return `CASE WHEN ${p}entry_status IS 'delisted' THEN NULL ELSE ${p}rating END`
}

/** An entry's key in its list's order by rating: its published rating, or UNRATED_KEY. */
export const keySql = (row?: string): string => `coalesce(${publishedRatingSql(row)}, ${UNRATED_KEY})`

/** The rated entries of the list `id` (SQL) as the trigger on rating_lists checks a stored count. */
const ratedOf = (id: string): string => `(SELECT count(*) FROM rating_list_entries e WHERE e.list_id = ${id} AND ${publishedRatingSql('e')} IS NOT NULL)`

/** Every column of rating_lists but the counts (migration 11's list: no column was added since). */
const LIST_COLUMNS = ['id', 'kind', 'list_date', 'rating_type', 'source', 'edition', 'status', 'version', 'supersedes_id', 'checksum', 'file_name', 'created_at', 'published_at']

export const migration024: Migration = {
  version: 24,
  name: 'delisted-unrated',
  up(db) {
    db.exec(`
      DROP TRIGGER ${BY_RATING_INSERT};
      DROP TRIGGER ${BY_RATING_DELETE};
      DROP TRIGGER rating_list_entries_by_rating_update;
      CREATE TRIGGER ${BY_RATING_INSERT} AFTER INSERT ON rating_list_entries BEGIN
        INSERT INTO list_by_rating (list_id, key, player_id) VALUES (NEW.list_id, ${keySql('NEW')}, NEW.player_id);
      END;
      CREATE TRIGGER ${BY_RATING_DELETE} AFTER DELETE ON rating_list_entries BEGIN
        DELETE FROM list_by_rating WHERE list_id = OLD.list_id AND key = ${keySql('OLD')} AND player_id = OLD.player_id;
      END;
      -- a merge or its undo moves an entry to another player; a draft's entry could be given another rating or status
      CREATE TRIGGER rating_list_entries_by_rating_update AFTER UPDATE OF list_id, player_id, rating, entry_status ON rating_list_entries
        WHEN NEW.list_id IS NOT OLD.list_id OR NEW.player_id IS NOT OLD.player_id OR ${keySql('NEW')} IS NOT ${keySql('OLD')} BEGIN
        DELETE FROM list_by_rating WHERE list_id = OLD.list_id AND key = ${keySql('OLD')} AND player_id = OLD.player_id;
        INSERT INTO list_by_rating (list_id, key, player_id) VALUES (NEW.list_id, ${keySql('NEW')}, NEW.player_id);
      END;

      -- migration 15's trigger, its key by rating now the order's key
      DROP TRIGGER rating_list_entries_marks;
      CREATE TRIGGER rating_list_entries_marks AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id BEGIN
        ${move('NEW.list_id', 'name', nameKey('OLD.player_id'), nameKey('NEW.player_id'))}
        ${move('NEW.list_id', 'fideId', fideKey('OLD.player_id'), fideKey('NEW.player_id'))}
        ${move('NEW.list_id', 'rating', `(${keySql('NEW')}, OLD.player_id)`, `(${keySql('NEW')}, NEW.player_id)`)}
      END;
    `)
    rekeyDelisted(db)
    db.exec(`
      DROP TRIGGER IF EXISTS rating_lists_frozen;
      CREATE TRIGGER rating_lists_frozen BEFORE UPDATE ON rating_lists
        WHEN OLD.status IN ('published','reference')
          AND NOT (OLD.entry_count IS NULL AND OLD.rated_count IS NULL
                   AND ${LIST_COLUMNS.map((c) => `NEW.${c} IS OLD.${c}`).join(' AND ')}
                   AND NEW.entry_count IS (SELECT count(*) FROM rating_list_entries WHERE list_id = OLD.id) AND NEW.rated_count IS ${ratedOf('OLD.id')})
        BEGIN SELECT RAISE(ABORT, 'a published or reference list is immutable'); END;
    `)
  }
}

// migration 15's helpers, as it wrote them (a migration's SQL never changes)
const NO_FIDE_ID = -1
const shift = (delta: string, lists: string, sort: string, low: string, high: string): string =>
  `UPDATE list_marks SET rank = rank ${delta} 1
    WHERE list_id IN (${lists}) AND sort = '${sort}' AND (key, player_id) > ${low} AND (key, player_id) <= ${high};`
const move = (lists: string, sort: string, before: string, after: string): string =>
  `${shift('-', lists, sort, before, after)}\n${shift('+', lists, sort, after, before)}`
const fideKey = (id: string): string => `(coalesce((SELECT fide_id FROM players WHERE id = ${id}), ${NO_FIDE_ID}), ${id})`
const nameKey = (id: string): string => `((SELECT name_folded FROM players WHERE id = ${id}), ${id})`

/**
 * The lists held with a delisted entry keyed by its figure: each such key becomes UNRATED_KEY, the list's marks by
 * rating are written again from its order (at the spacing its marks had: the ranks of its first two marks), and its
 * stored rated count is counted again (a frozen list's counts are derived, not published: its entries and checksum
 * stay as they are). The frozen lists' trigger is lifted for that count (it is created again, counting the published
 * ratings, right after).
 */
function rekeyDelisted(db: Db): void {
  const lists = db.prepare(`SELECT DISTINCT list_id FROM rating_list_entries WHERE entry_status = 'delisted' AND rating IS NOT NULL ORDER BY list_id`).pluck().all() as number[]
  if (!lists.length) return
  db.exec('DROP TRIGGER IF EXISTS rating_lists_frozen')
  const rekey = db.prepare(
    `UPDATE list_by_rating SET key = ${UNRATED_KEY}
      WHERE list_id = @id AND (key, player_id) IN (SELECT rating, player_id FROM rating_list_entries WHERE list_id = @id AND entry_status = 'delisted' AND rating IS NOT NULL)`
  )
  const spacingOf = db.prepare(`SELECT rank FROM list_marks WHERE list_id = ? AND sort = 'rating' AND rank > 0 ORDER BY rank LIMIT 1`).pluck()
  const clearMarks = db.prepare(`DELETE FROM list_marks WHERE list_id = ? AND sort = 'rating'`)
  const hasMarks = db.prepare(`SELECT count(*) FROM list_marks WHERE list_id = ? AND sort = 'rating'`).pluck()
  const writeMarks = db.prepare(
    `INSERT INTO list_marks (list_id, sort, key, player_id, rank)
     SELECT @id, 'rating', key, player_id, rn FROM (
       SELECT key, player_id, row_number() OVER (ORDER BY key, player_id) - 1 AS rn FROM list_by_rating WHERE list_id = @id)
      WHERE rn % @spacing = 0`
  )
  const recount = db.prepare(`UPDATE rating_lists SET rated_count = (SELECT count(*) FROM list_by_rating WHERE list_id = @id AND key < ${UNRATED_KEY}) WHERE id = @id AND rated_count IS NOT NULL`)
  for (const id of lists) {
    rekey.run({ id })
    const marked = (hasMarks.get(id) as number) > 0
    if (marked) {
      // a list of one mark has no second: any spacing past its entries gives the same single mark
      const spacing = (spacingOf.get(id) as number | undefined) ?? Number.MAX_SAFE_INTEGER
      clearMarks.run(id)
      writeMarks.run({ id, spacing })
    }
    recount.run({ id })
  }
}
