// Migration 16: the calculation sheet of a player the period touched who has no line on the list ("every
// decision traceable" — why a newcomer is not rated yet: too few games, a first rating under the floor, …). The sheets'
// kind gains 'unlisted'. SQLite cannot change a CHECK in place: the table is rebuilt (new table, rows copied as they
// are, old one dropped, renamed), with its indexes, and the triggers that freeze a published list's sheets are created
// again as migration 8 made them. No table references office_list_sheets, so foreign keys stay on; dropping the old
// table fires none of its triggers (SQLite drops them first), and no frozen row is changed: each is copied byte for byte.
import type { Migration } from '../migrate'
import { frozenListRowsTriggers } from './008-office-lists'

export const migration016: Migration = {
  version: 16,
  name: 'unlisted-sheets',
  up(db) {
    const before = db.prepare('SELECT count(*) FROM office_list_sheets').pluck().get() as number
    db.exec(`
      -- One row per player with something to show: a line that differs from the base list (kind, before, change), or
      -- no line at all although the period touched him ('unlisted': games in its tournaments, his window, a line on
      -- the base list; the sheet says why he is not on the list and what happens to his games). The tournaments
      -- behind it, and the calculation sheet as the engine wrote it. The preview pages these rows, never the list.
      CREATE TABLE office_list_sheets_new (
        list_id       INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id     INTEGER NOT NULL REFERENCES players(id),
        kind          TEXT NOT NULL CHECK (kind IN ('up','down','new','delisted','inactive','reactivated','unchanged','unlisted')),
        before_rating INTEGER,
        change        INTEGER,
        tournaments   TEXT NOT NULL CHECK (json_valid(tournaments)),
        sheet         BLOB NOT NULL,
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;
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
