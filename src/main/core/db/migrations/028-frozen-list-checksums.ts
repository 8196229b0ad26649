// Migration 28: the checksum of each frozen list (published or reference) recorded once, so that a backup proves its
// copy's frozen lists are the ones recorded instead of reading every frozen list of the database again (the source's
// half of the checksums was a third of a safety copy's time on a ten-year archive, and grew with every list).
//
// A record is made by the database itself when a list becomes frozen (inserted as a reference list, or a draft
// published), with no checksum yet: the list may still take its entries (a reference list's import writes them before
// its counts). Its checksum is filled once the list is counted (`fillFrozenChecksums`, db/backup.ts, before a
// publication's safety copy), and forgotten (set back to NULL, `forgotten` counted) when a player merge re-points one
// of its entries — the only change a frozen list's entries may take — so that it is filled again from what the list
// holds then. A filled checksum is never replaced by another, and a record is never deleted (nor is its list).
import type { Migration } from '../migrate'

const FROZEN = "('published','reference')"

export const migration028: Migration = {
  version: 28,
  name: 'frozen-list-checksums',
  up(db) {
    db.exec(`
      CREATE TABLE frozen_list_checksums (
        list_id   INTEGER PRIMARY KEY REFERENCES rating_lists(id),
        checksum  TEXT CHECK (checksum IS NULL OR (length(checksum) = 64 AND checksum NOT GLOB '*[^0-9a-f]*')),
        forgotten INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      INSERT INTO frozen_list_checksums(list_id) SELECT id FROM rating_lists WHERE status IN ${FROZEN};

      CREATE TRIGGER frozen_list_checksums_on_insert AFTER INSERT ON rating_lists WHEN NEW.status IN ${FROZEN}
        BEGIN INSERT OR IGNORE INTO frozen_list_checksums(list_id) VALUES (NEW.id); END;
      CREATE TRIGGER frozen_list_checksums_on_freeze AFTER UPDATE OF status ON rating_lists WHEN NEW.status IN ${FROZEN}
        BEGIN INSERT OR IGNORE INTO frozen_list_checksums(list_id) VALUES (NEW.id); END;
      CREATE TRIGGER frozen_list_checksums_on_merge AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id
        BEGIN UPDATE frozen_list_checksums SET checksum = NULL, forgotten = forgotten + 1 WHERE list_id = NEW.list_id; END;

      CREATE TRIGGER frozen_list_checksums_kept BEFORE UPDATE ON frozen_list_checksums
        WHEN NEW.list_id IS NOT OLD.list_id OR NEW.forgotten < OLD.forgotten
          OR (OLD.checksum IS NOT NULL AND NEW.checksum IS NOT NULL AND NEW.checksum IS NOT OLD.checksum)
        BEGIN SELECT RAISE(ABORT, 'a frozen list''s recorded checksum is filled once, or forgotten'); END;
      CREATE TRIGGER frozen_list_checksums_no_delete BEFORE DELETE ON frozen_list_checksums
        BEGIN SELECT RAISE(ABORT, 'a frozen list''s checksum record is never deleted'); END;
    `)
  }
}
