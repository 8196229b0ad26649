// Migration 21: a draft's preview answers in milliseconds at FIDE scale. Measured on a month of 15,000
// tournaments (657,773 sheets on a 1.9 M-line list), `lists:preview` took 1.2 s a page: its order (biggest changes
// first) was sorted from every sheet of the list at each call, its counts by kind counted them all, and the list's
// summary counted a draft's 1.9 M entries (a frozen list's counts are stored since migration 11, a draft's were not).
// - The preview's two orders as indexes: every change, and one kind's, by the size of the change then the player.
//   The kind index replaces (list_id, kind, player_id), whose only readers were the counts and a kind's page.
// - The sheets of a list counted by kind once, as the list is written (office_list_kind_counts), frozen with the
//   list as its other rows are.
// - A draft's entry and rated counts stored as its generation writes the last line (they were counted at each read);
//   a new generation of the draft clears them before it writes (a counted list takes no new entries, migration 11).
import type { Migration } from '../migrate'
import { frozenListRowsTriggers } from './008-office-lists'

export const migration021: Migration = {
  version: 21,
  name: 'preview-orders',
  up(db) {
    db.exec(`
      DROP INDEX office_list_sheets_kind;
      CREATE INDEX office_list_sheets_kind ON office_list_sheets(list_id, kind, abs(coalesce(change, 0)) DESC, player_id);
      CREATE INDEX office_list_sheets_change ON office_list_sheets(list_id, abs(coalesce(change, 0)) DESC, player_id);

      CREATE TABLE office_list_kind_counts (
        list_id INTEGER NOT NULL REFERENCES rating_lists(id),
        kind    TEXT NOT NULL CHECK (kind IN ('up','down','new','delisted','inactive','reactivated','unchanged','unlisted')),
        sheets  INTEGER NOT NULL CHECK (sheets > 0),
        PRIMARY KEY (list_id, kind)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO office_list_kind_counts (list_id, kind, sheets)
        SELECT list_id, kind, count(*) FROM office_list_sheets GROUP BY list_id, kind ORDER BY list_id, kind;

      UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id),
             rated_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id AND rating IS NOT NULL)
       WHERE status = 'draft' AND entry_count IS NULL AND EXISTS (SELECT 1 FROM office_list_meta m WHERE m.list_id = rating_lists.id);
    `)
    db.exec(frozenListRowsTriggers('office_list_kind_counts'))
  }
}
