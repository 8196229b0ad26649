// Migration 20: the calculation sheets in a rowid table. A sheet is a few hundred bytes to several kilobytes (every
// game of every tournament of the period, with its notes); in a WITHOUT ROWID table each row lives in the primary
// key's B-tree, whose cells hold about a kilobyte at most on a 4 KB page before spilling to overflow pages, and whose
// interior pages carry copies of whole rows. At FIDE scale (454,570 sheets of a month, 300 bytes to 4 KB) writing them
// took 7 s of a list's generation, and a list's sheets twice the pages they fill in a rowid table (a bench of the two
// forms, docs/performance.md). The primary key stays (list_id, player_id), now an index beside the rows. The table is
// rebuilt as migration 16 rebuilt it: new table, rows copied as they are (byte for byte), old one dropped, renamed,
// its indexes and the triggers that freeze a published list's sheets created again as migration 8 made them.
import type { Migration } from '../migrate'
import { frozenListRowsTriggers } from './008-office-lists'

export const migration020: Migration = {
  version: 20,
  name: 'sheets-rowid',
  up(db) {
    const before = db.prepare('SELECT count(*) FROM office_list_sheets').pluck().get() as number
    db.exec(`
      CREATE TABLE office_list_sheets_new (
        list_id       INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id     INTEGER NOT NULL REFERENCES players(id),
        kind          TEXT NOT NULL CHECK (kind IN ('up','down','new','delisted','inactive','reactivated','unchanged','unlisted')),
        before_rating INTEGER,
        change        INTEGER,
        tournaments   TEXT NOT NULL CHECK (json_valid(tournaments)),
        sheet         BLOB NOT NULL,
        PRIMARY KEY (list_id, player_id)
      ) STRICT;
      INSERT INTO office_list_sheets_new (list_id, player_id, kind, before_rating, change, tournaments, sheet)
        SELECT list_id, player_id, kind, before_rating, change, tournaments, sheet FROM office_list_sheets ORDER BY list_id, player_id;
      DROP TABLE office_list_sheets;
      ALTER TABLE office_list_sheets_new RENAME TO office_list_sheets;
      CREATE INDEX office_list_sheets_kind ON office_list_sheets(list_id, kind, player_id);
      CREATE INDEX office_list_sheets_player ON office_list_sheets(player_id);
    `)
    db.exec(frozenListRowsTriggers('office_list_sheets'))
    const after = db.prepare('SELECT count(*) FROM office_list_sheets').pluck().get() as number
    if (after !== before) throw new Error(`office_list_sheets rebuilt with ${after} rows instead of ${before}`)
  }
}
