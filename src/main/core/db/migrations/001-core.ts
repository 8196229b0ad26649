// The core schema: settings, audit log, players, reference and office rating lists (published lists immutable).
import type { Migration } from '../migrate'

export const migration001: Migration = {
  version: 1,
  name: 'core',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      -- Every decision and publication, append-only.
      CREATE TABLE audit_log (
        id        INTEGER PRIMARY KEY,
        at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        actor     TEXT NOT NULL DEFAULT 'officer',
        action    TEXT NOT NULL,
        entity    TEXT NOT NULL,
        entity_id TEXT,
        reason    TEXT,
        data      TEXT
      ) STRICT;
      CREATE INDEX audit_log_entity ON audit_log(entity, entity_id);
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

      CREATE TABLE players (
        id            INTEGER PRIMARY KEY,
        fide_id       INTEGER UNIQUE,
        national_id   TEXT,
        surname       TEXT NOT NULL,
        given_names   TEXT NOT NULL DEFAULT '',
        name_folded   TEXT NOT NULL,
        federation    TEXT,
        sex           TEXT CHECK (sex IN ('M','F')),
        birth_date    TEXT,            -- 'YYYY-MM-DD' or 'YYYY'
        title         TEXT,            -- GM IM FM CM WGM WIM WFM WCM
        arbiter_title TEXT,            -- IA FA NA
        status        TEXT NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active','inactive','deceased','merged')),
        merged_into   INTEGER REFERENCES players(id),
        created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      ) STRICT;
      CREATE INDEX players_national_id ON players(national_id);
      CREATE INDEX players_name_folded ON players(name_folded);
      CREATE INDEX players_federation ON players(federation);

      -- kind 'reference': a list imported from FIDE or a federation, read-only;
      -- kind 'office': a list this office computes (draft, then published and immutable).
      CREATE TABLE rating_lists (
        id            INTEGER PRIMARY KEY,
        kind          TEXT NOT NULL CHECK (kind IN ('reference','office')),
        list_date     TEXT NOT NULL,
        rating_type   TEXT NOT NULL CHECK (rating_type IN ('standard','rapid','blitz')),
        source        TEXT NOT NULL,    -- 'FIDE', a federation code, or a profile id
        edition       TEXT,
        status        TEXT NOT NULL CHECK (status IN ('draft','published','reference')),
        version       INTEGER NOT NULL DEFAULT 1,
        supersedes_id INTEGER REFERENCES rating_lists(id),
        checksum      TEXT,
        file_name     TEXT,
        created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        published_at  TEXT
      ) STRICT;
      CREATE INDEX rating_lists_date ON rating_lists(rating_type, list_date);

      CREATE TABLE rating_list_entries (
        list_id     INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id   INTEGER NOT NULL REFERENCES players(id),
        rating      INTEGER,
        games       INTEGER,
        k           INTEGER,
        flags       TEXT,             -- FIDE flags: i, w, wi
        title       TEXT,
        federation  TEXT,
        birth_year  INTEGER,
        sex         TEXT,
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX rating_list_entries_player ON rating_list_entries(player_id);

      -- Published and reference lists never change: a correction publishes a new version.
      CREATE TRIGGER rating_lists_frozen BEFORE UPDATE ON rating_lists
        WHEN OLD.status IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published or reference list is immutable'); END;
      CREATE TRIGGER rating_lists_no_delete BEFORE DELETE ON rating_lists
        WHEN OLD.status IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published or reference list is immutable'); END;
      -- A player merge may re-point an entry (player_id) and nothing else.
      CREATE TRIGGER rating_list_entries_frozen_update BEFORE UPDATE ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          AND (NEW.list_id IS NOT OLD.list_id OR NEW.rating IS NOT OLD.rating OR NEW.games IS NOT OLD.games
               OR NEW.k IS NOT OLD.k OR NEW.flags IS NOT OLD.flags OR NEW.title IS NOT OLD.title
               OR NEW.federation IS NOT OLD.federation OR NEW.birth_year IS NOT OLD.birth_year
               OR NEW.sex IS NOT OLD.sex)
        BEGIN SELECT RAISE(ABORT, 'entries of a published or reference list are immutable'); END;
      CREATE TRIGGER rating_list_entries_frozen_delete BEFORE DELETE ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'entries of a published or reference list are immutable'); END;
      CREATE TRIGGER rating_list_entries_frozen_insert BEFORE INSERT ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) = 'published'
        BEGIN SELECT RAISE(ABORT, 'a published list takes no new entries'); END;
    `)
  }
}
