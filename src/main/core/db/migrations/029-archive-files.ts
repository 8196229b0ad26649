// Migration 29: the period archive files (docs/archive-periods.md). A sealed period's published lists keep their rows
// of `rating_list_entries`, `office_list_sheets` and `list_by_rating` in a file of their own beside the database
// (`<database>.archive/<name>`), written and checked once; the database records each file (its name, its SHA-256,
// its size, the dates of its first and last list) and which file holds each list. Every connection attaches the
// recorded files and reads the three tables through views that join them (db/archive-files.ts).
//
// A list once sealed stays sealed: its record is never deleted, and it never moves to another file but by the rewrite
// of the whole file (a new name and SHA-256 for the same lists).
import type { Migration } from '../migrate'

export const migration029: Migration = {
  version: 29,
  name: 'archive-files',
  up(db) {
    db.exec(`
      CREATE TABLE archive_files (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE CHECK (name GLOB '[0-9]*.db' AND name NOT GLOB '*[^0-9a-z.-]*'),
        sha256     TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
        bytes      INTEGER NOT NULL CHECK (bytes > 0),
        first_date TEXT NOT NULL,
        last_date  TEXT NOT NULL CHECK (last_date >= first_date),
        sealed_at  TEXT NOT NULL
      ) STRICT;
      CREATE TABLE archive_file_lists (
        list_id INTEGER PRIMARY KEY REFERENCES rating_lists(id),
        file_id INTEGER NOT NULL REFERENCES archive_files(id)
      ) STRICT;
      CREATE INDEX archive_file_lists_file ON archive_file_lists(file_id);
      CREATE TRIGGER archive_file_lists_kept BEFORE UPDATE ON archive_file_lists
        BEGIN SELECT RAISE(ABORT, 'a sealed list stays in its archive file'); END;
      CREATE TRIGGER archive_file_lists_no_delete BEFORE DELETE ON archive_file_lists
        BEGIN SELECT RAISE(ABORT, 'a sealed list stays sealed'); END;
      CREATE TRIGGER archive_files_no_delete BEFORE DELETE ON archive_files
        WHEN EXISTS (SELECT 1 FROM archive_file_lists WHERE file_id = OLD.id)
        BEGIN SELECT RAISE(ABORT, 'an archive file holding lists stays recorded'); END;
    `)
  }
}
