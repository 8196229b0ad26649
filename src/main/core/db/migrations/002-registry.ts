// The player registry: extra player title columns, FTS5 name index, arbiters and licences, merges (undo log), duplicate review queue.
import type { Migration } from '../migrate'

export const migration002: Migration = {
  version: 2,
  name: 'registry',
  up(db) {
    db.exec(`
      -- FIDE lists carry a woman title, other titles (arbiter, trainer, organiser) and an online-arena title
      -- next to the main title; kept as read, so that nothing in a list file is lost.
      ALTER TABLE players ADD COLUMN woman_title TEXT;
      ALTER TABLE players ADD COLUMN other_titles TEXT;
      ALTER TABLE players ADD COLUMN foa_title TEXT;
      -- The reference list that last wrote this player's identity (for traceability).
      ALTER TABLE players ADD COLUMN source_list_id INTEGER REFERENCES rating_lists(id);
      CREATE INDEX players_merged_into ON players(merged_into) WHERE merged_into IS NOT NULL;
      -- Paging the players table by name skips merged records without reading each row.
      CREATE INDEX players_name_status ON players(name_folded, status);

      -- Name search: the folded name (no diacritics) indexed by FTS5, kept in step by triggers. Searches are
      -- word-prefix AND queries, never phrases (detail=none); prefix indexes of 2 to 6 letters answer a typed
      -- prefix without merging thousands of term lists (about 40 times faster on two million names).
      CREATE VIRTUAL TABLE players_fts USING fts5(
        name_folded, content='players', content_rowid='id', tokenize='unicode61 remove_diacritics 2',
        detail=none, columnsize=0, prefix='2 3 4 5 6'
      );
      INSERT INTO players_fts(players_fts) VALUES ('rebuild');
      CREATE TRIGGER players_fts_insert AFTER INSERT ON players BEGIN
        INSERT INTO players_fts(rowid, name_folded) VALUES (NEW.id, NEW.name_folded);
      END;
      CREATE TRIGGER players_fts_delete AFTER DELETE ON players BEGIN
        INSERT INTO players_fts(players_fts, rowid, name_folded) VALUES ('delete', OLD.id, OLD.name_folded);
      END;
      CREATE TRIGGER players_fts_update AFTER UPDATE OF name_folded ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded BEGIN
        INSERT INTO players_fts(players_fts, rowid, name_folded) VALUES ('delete', OLD.id, OLD.name_folded);
        INSERT INTO players_fts(rowid, name_folded) VALUES (NEW.id, NEW.name_folded);
      END;

      -- Sorting the players table by current rating pages through this index.
      CREATE INDEX rating_list_entries_list_rating ON rating_list_entries(list_id, rating);

      CREATE TABLE arbiters (
        id               INTEGER PRIMARY KEY,
        player_id        INTEGER REFERENCES players(id),
        fide_id          INTEGER NOT NULL UNIQUE,
        title            TEXT NOT NULL CHECK (title IN ('IA','FA','NA')),
        licence_category TEXT CHECK (licence_category IN ('A','B','C','D')),
        valid_from       TEXT,            -- 'YYYY-MM-DD'
        valid_to         TEXT,            -- 'YYYY-MM-DD', inclusive; NULL = open-ended
        status           TEXT NOT NULL DEFAULT 'active'
                           CHECK (status IN ('active','inactive','suspended','revoked')),
        source           TEXT NOT NULL CHECK (source IN ('list','manual')),
        notes            TEXT,
        created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to)
      ) STRICT;
      CREATE INDEX arbiters_player ON arbiters(player_id);

      -- One row per merge: what moved, so that it can be undone exactly.
      CREATE TABLE player_merges (
        id         INTEGER PRIMARY KEY,
        keep_id    INTEGER NOT NULL REFERENCES players(id),
        drop_id    INTEGER NOT NULL REFERENCES players(id),
        reason     TEXT NOT NULL,
        at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        actor      TEXT NOT NULL DEFAULT 'officer',
        moved      TEXT NOT NULL,        -- JSON: list ids, tournament_players ids, the dropped player's prior state
        undone_at  TEXT,
        undo_reason TEXT,
        CHECK (keep_id <> drop_id)
      ) STRICT;
      CREATE INDEX player_merges_drop ON player_merges(drop_id);
      CREATE INDEX player_merges_keep ON player_merges(keep_id);

      -- Duplicate review queue: a pair appears once (player_a < player_b), scored, then decided.
      CREATE TABLE duplicate_candidates (
        id          INTEGER PRIMARY KEY,
        player_a    INTEGER NOT NULL REFERENCES players(id),
        player_b    INTEGER NOT NULL REFERENCES players(id),
        score       REAL NOT NULL,
        reasons     TEXT NOT NULL,       -- JSON: the parts of the score
        status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','merged','dismissed')),
        found_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        decided_at  TEXT,
        decision_reason TEXT,
        merge_id    INTEGER REFERENCES player_merges(id),
        CHECK (player_a < player_b),
        UNIQUE (player_a, player_b)
      ) STRICT;
      CREATE INDEX duplicate_candidates_status ON duplicate_candidates(status, score);
    `)
  }
}
