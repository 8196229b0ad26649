// Migration 11: a frozen list keeps its entry count and its rated count: counting a FIDE-sized list on
// every call took 50–90 ms (a list's summary, its rating pages, the lists screen counting every list).
import type { Migration } from '../migrate'

/** The counts a list holds, as SQL over the list `id` (the trigger checks a stored count against exactly this). */
const counts = (id: string): { entries: string; rated: string } => ({
  entries: `(SELECT count(*) FROM rating_list_entries WHERE list_id = ${id})`,
  rated: `(SELECT count(*) FROM rating_list_entries WHERE list_id = ${id} AND rating IS NOT NULL)`
})

/** Every column of rating_lists but the counts: a count's filling may change none of them. */
const LIST_COLUMNS = ['id', 'kind', 'list_date', 'rating_type', 'source', 'edition', 'status', 'version', 'supersedes_id', 'checksum', 'file_name', 'created_at', 'published_at']

export const migration011: Migration = {
  version: 11,
  name: 'list-counts',
  up(db) {
    const old = counts('OLD.id')
    db.exec(`
      -- NULL: not counted yet (a draft, whose entries still change: it is counted when read).
      ALTER TABLE rating_lists ADD COLUMN entry_count INTEGER;
      ALTER TABLE rating_lists ADD COLUMN rated_count INTEGER;

      -- A published or reference list stays immutable, with one exception: its counts may be filled once, from
      -- nothing, with exactly what the list holds (the trigger counts again), and nothing else in the same update.
      -- A column added to rating_lists later joins the list of columns below.
      DROP TRIGGER rating_lists_frozen;
      CREATE TRIGGER rating_lists_frozen BEFORE UPDATE ON rating_lists
        WHEN OLD.status IN ('published','reference')
          AND NOT (OLD.entry_count IS NULL AND OLD.rated_count IS NULL
                   AND ${LIST_COLUMNS.map((c) => `NEW.${c} IS OLD.${c}`).join(' AND ')}
                   AND NEW.entry_count IS ${old.entries} AND NEW.rated_count IS ${old.rated})
        BEGIN SELECT RAISE(ABORT, 'a published or reference list is immutable'); END;

      -- A counted list takes no new entry either (a reference list's import writes its entries, then its counts),
      -- so a stored count never goes stale: deletes and rating changes were refused already.
      DROP TRIGGER rating_list_entries_frozen_insert;
      CREATE TRIGGER rating_list_entries_frozen_insert BEFORE INSERT ON rating_list_entries
        WHEN (SELECT status = 'published' OR entry_count IS NOT NULL FROM rating_lists WHERE id = NEW.list_id)
        BEGIN SELECT RAISE(ABORT, 'a published or counted list takes no new entries'); END;
    `)
    // The lists held already are counted now, through the exception above (drafts stay uncounted).
    db.exec(`UPDATE rating_lists SET entry_count = ${counts('rating_lists.id').entries}, rated_count = ${counts('rating_lists.id').rated}
              WHERE status IN ('published','reference')`)
  }
}
