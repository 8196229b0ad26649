-- index arbiters_player
CREATE INDEX arbiters_player ON arbiters(player_id);

-- index archive_file_lists_file
CREATE INDEX archive_file_lists_file ON archive_file_lists(file_id);

-- index audit_log_entity
CREATE INDEX audit_log_entity ON audit_log(entity, entity_id);

-- index duplicate_candidates_status
CREATE INDEX duplicate_candidates_status ON duplicate_candidates(status, score);

-- index list_marks_rank
CREATE INDEX list_marks_rank ON list_marks(list_id, sort, rank);

-- index office_list_adjustments_pending
CREATE INDEX office_list_adjustments_pending ON office_list_adjustments(player_id) WHERE applied_list_id IS NULL;

-- index office_list_meta_base
CREATE INDEX office_list_meta_base ON office_list_meta(base_list_id);

-- index office_list_sheets_player
CREATE INDEX office_list_sheets_player ON office_list_sheets(player_id);

-- index office_list_tournaments_tournament
CREATE INDEX office_list_tournaments_tournament ON office_list_tournaments(tournament_id);

-- index player_merges_drop
CREATE INDEX player_merges_drop ON player_merges(drop_id);

-- index player_merges_keep
CREATE INDEX player_merges_keep ON player_merges(keep_id);

-- index players_birth_year_name
CREATE INDEX players_birth_year_name ON players(substr(birth_date, 1, 4), name_folded, status);

-- index players_federation_birth_year
CREATE INDEX players_federation_birth_year ON players(federation, substr(birth_date, 1, 4), name_folded, status);

-- index players_federation_fide_id
CREATE INDEX players_federation_fide_id ON players(federation, fide_id, status);

-- index players_federation_name
CREATE INDEX players_federation_name ON players(federation, name_folded, status);

-- index players_federation_title
CREATE INDEX players_federation_title ON players(federation, title, name_folded, status);

-- index players_fide_id_status
CREATE INDEX players_fide_id_status ON players(fide_id, status);

-- index players_merged_into
CREATE INDEX players_merged_into ON players(merged_into) WHERE merged_into IS NOT NULL;

-- index players_name_status
CREATE INDEX players_name_status ON players(name_folded, status);

-- index players_national_id
CREATE INDEX players_national_id ON players(national_id) WHERE national_id IS NOT NULL;

-- index players_rare_birth_year
CREATE INDEX players_rare_birth_year ON players(status, substr(birth_date, 1, 4), name_folded) WHERE (status = 'deceased' OR status = 'merged');

-- index players_rare_federation
CREATE INDEX players_rare_federation ON players(status, federation, name_folded) WHERE (status = 'deceased' OR status = 'merged');

-- index players_rare_fide_id
CREATE INDEX players_rare_fide_id ON players(status, fide_id) WHERE (status = 'deceased' OR status = 'merged');

-- index players_rare_name
CREATE INDEX players_rare_name ON players(status, name_folded) WHERE (status = 'deceased' OR status = 'merged');

-- index players_rare_title
CREATE INDEX players_rare_title ON players(status, title, name_folded) WHERE (status = 'deceased' OR status = 'merged');

-- index players_title_name
CREATE INDEX players_title_name ON players(title, name_folded, status);

-- index rating_list_entries_player
CREATE INDEX rating_list_entries_player ON rating_list_entries(player_id);

-- index rating_lists_date
CREATE INDEX rating_lists_date ON rating_lists(rating_type, list_date);

-- index rating_order_status
CREATE INDEX rating_order_status ON rating_order(list_id, status, rating, player_id);

-- index tournament_arbiters_fide
CREATE INDEX tournament_arbiters_fide ON tournament_arbiters(fide_id) WHERE fide_id IS NOT NULL;

-- index tournament_files_sha256
CREATE INDEX tournament_files_sha256 ON tournament_files(sha256);

-- index tournament_findings_code
CREATE INDEX tournament_findings_code ON tournament_findings(code, tournament_id) WHERE active = 1;

-- index tournament_findings_tournament
CREATE INDEX tournament_findings_tournament ON tournament_findings(tournament_id, active, level);

-- index tournament_players_fide
CREATE INDEX tournament_players_fide ON tournament_players(fide_id);

-- index tournament_players_player
CREATE INDEX tournament_players_player ON tournament_players(player_id);

-- index tournaments_end
CREATE INDEX tournaments_end ON tournaments(end_date, id);

-- index tournaments_identity
CREATE INDEX tournaments_identity ON tournaments(start_date, name);

-- index tournaments_status
CREATE INDEX tournaments_status ON tournaments(status);

-- table arbiters
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

-- table archive_file_lists
CREATE TABLE archive_file_lists (
        list_id INTEGER PRIMARY KEY REFERENCES rating_lists(id),
        file_id INTEGER NOT NULL REFERENCES archive_files(id)
      ) STRICT;

-- table archive_files
CREATE TABLE archive_files (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE CHECK (name GLOB '[0-9]*.db' AND name NOT GLOB '*[^0-9a-z.-]*'),
        sha256     TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
        bytes      INTEGER NOT NULL CHECK (bytes > 0),
        first_date TEXT NOT NULL,
        last_date  TEXT NOT NULL CHECK (last_date >= first_date),
        sealed_at  TEXT NOT NULL
      ) STRICT;

-- table audit_log
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

-- table duplicate_candidates
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

-- table frozen_list_checksums
CREATE TABLE frozen_list_checksums (
        list_id   INTEGER PRIMARY KEY REFERENCES rating_lists(id),
        checksum  TEXT CHECK (checksum IS NULL OR (length(checksum) = 64 AND checksum NOT GLOB '*[^0-9a-f]*')),
        forgotten INTEGER NOT NULL DEFAULT 0
      ) STRICT;

-- table list_by_rating
CREATE TABLE list_by_rating (
        list_id   INTEGER NOT NULL,  -- the entry's list (the entries' own key: the triggers keep the two equal)
        key       INTEGER NOT NULL,  -- the entry's rating, or 1000000000 when unrated
        player_id INTEGER NOT NULL,  -- the entry's player
        PRIMARY KEY (list_id, key, player_id)
      ) STRICT, WITHOUT ROWID;

-- table list_marks
CREATE TABLE list_marks (
        list_id   INTEGER NOT NULL REFERENCES rating_lists(id) ON DELETE CASCADE,
        sort      TEXT NOT NULL CHECK (sort IN ('name', 'fideId', 'rating')),
        key       ANY NOT NULL,      -- the folded name (TEXT), the FIDE ID or the rating (INTEGER): see above
        player_id INTEGER NOT NULL,  -- with key, a key of the order (not a reference: a merge must not move it)
        rank      INTEGER NOT NULL CHECK (rank >= 0),
        PRIMARY KEY (list_id, sort, key, player_id)
      ) STRICT, WITHOUT ROWID;

-- table office_list_adjustments
CREATE TABLE office_list_adjustments (
        id              INTEGER PRIMARY KEY,
        source_list_id  INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id       INTEGER NOT NULL REFERENCES players(id),
        delta           INTEGER NOT NULL,
        reason          TEXT NOT NULL,
        created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        applied_list_id INTEGER REFERENCES rating_lists(id)
      ) STRICT;

-- table office_list_changelog
CREATE TABLE office_list_changelog (
        list_id       INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id     INTEGER NOT NULL REFERENCES players(id),
        before_rating INTEGER,
        after_rating  INTEGER,
        before_games  INTEGER,
        after_games   INTEGER,
        before_k      INTEGER,
        after_k       INTEGER,
        before_flags  TEXT,
        after_flags   TEXT,
        reason        TEXT NOT NULL,
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;

-- table office_list_kind_counts
CREATE TABLE office_list_kind_counts (
        list_id INTEGER NOT NULL REFERENCES rating_lists(id),
        kind    TEXT NOT NULL CHECK (kind IN ('up','down','new','delisted','inactive','reactivated','unchanged','unlisted')),
        sheets  INTEGER NOT NULL CHECK (sheets > 0),
        PRIMARY KEY (list_id, kind)
      ) STRICT, WITHOUT ROWID;

-- table office_list_meta
CREATE TABLE office_list_meta (
        list_id        INTEGER PRIMARY KEY REFERENCES rating_lists(id),
        base_list_id   INTEGER NOT NULL REFERENCES rating_lists(id),
        closing_date   TEXT NOT NULL,
        profile_id     TEXT NOT NULL,
        params         TEXT NOT NULL CHECK (json_valid(params)),
        engine_version TEXT NOT NULL,
        counters       TEXT NOT NULL CHECK (json_valid(counters)),
        inputs_hash    TEXT NOT NULL,
        generated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        -- a correction published as a new version names why
        reason         TEXT
      , federation_name TEXT, federation_code TEXT) STRICT;

-- table office_list_orders
CREATE TABLE office_list_orders (
        list_id INTEGER NOT NULL REFERENCES rating_lists(id),
        kind    TEXT NOT NULL CHECK (kind IN ('all', 'up', 'down', 'new', 'delisted', 'inactive', 'reactivated', 'unchanged', 'unlisted')),
        chunk   INTEGER NOT NULL CHECK (chunk >= 0),
        players BLOB NOT NULL CHECK (length(players) BETWEEN 4 AND 4000 AND length(players) % 4 = 0),
        PRIMARY KEY (list_id, kind, chunk)
      ) STRICT;

-- table office_list_sheets
CREATE TABLE "office_list_sheets" (
        list_id       INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id     INTEGER NOT NULL REFERENCES players(id),
        kind          TEXT NOT NULL CHECK (kind IN ('up','down','new','delisted','inactive','reactivated','unchanged','unlisted')),
        before_rating INTEGER,
        change        INTEGER,
        tournaments   TEXT NOT NULL CHECK (json_valid(tournaments)),
        sheet         BLOB NOT NULL,
        PRIMARY KEY (list_id, player_id)
      ) STRICT;

-- table office_list_tournaments
CREATE TABLE office_list_tournaments (
        list_id       INTEGER NOT NULL REFERENCES rating_lists(id),
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        file_id       INTEGER REFERENCES tournament_files(id),
        file_sha256   TEXT,
        first_round   INTEGER NOT NULL,
        last_round    INTEGER NOT NULL,
        late          INTEGER NOT NULL DEFAULT 0 CHECK (late IN (0,1)),
        -- 1 when this list rates the tournament's last rounds: the tournament is then rated in this list
        final         INTEGER NOT NULL DEFAULT 1 CHECK (final IN (0,1)),
        games         INTEGER NOT NULL,
        players       INTEGER NOT NULL,
        PRIMARY KEY (list_id, tournament_id)
      ) STRICT, WITHOUT ROWID;

-- table office_list_window
CREATE TABLE office_list_window (
        list_id   INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        data      TEXT NOT NULL CHECK (json_valid(data)),
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;

-- table player_buckets
CREATE TABLE player_buckets (
        sort   TEXT NOT NULL CHECK (sort IN ('name', 'fideId', 'federation', 'birthYear', 'title')),
        status TEXT NOT NULL,
        b1     ANY NOT NULL,
        b2     TEXT NOT NULL,
        n      INTEGER NOT NULL CHECK (n >= 0),   -- the players of that status in the bucket
        PRIMARY KEY (sort, status, b1, b2)
      ) STRICT, WITHOUT ROWID;

-- table player_merges
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

-- table players
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
      , woman_title TEXT, other_titles TEXT, foa_title TEXT, source_list_id INTEGER REFERENCES rating_lists(id), region TEXT) STRICT;

-- table players_fts
CREATE VIRTUAL TABLE players_fts USING fts5(
        name_folded, content='players', content_rowid='id', tokenize='unicode61 remove_diacritics 2',
        detail=none, columnsize=0, prefix='2 3 4 5 6'
      );

-- table players_fts_config
CREATE TABLE 'players_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table players_fts_data
CREATE TABLE 'players_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table players_fts_idx
CREATE TABLE 'players_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table rating_list_entries
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
        sex         TEXT, entry_status TEXT CHECK (entry_status IN ('rated','delisted','titled-unrated')), rated_games INTEGER, highest_rating INTEGER, tracked_since TEXT, recent_games TEXT CHECK (recent_games IS NULL OR json_valid(recent_games)),
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;

-- table rating_lists
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
      , entry_count INTEGER, rated_count INTEGER) STRICT;

-- table rating_order
CREATE TABLE rating_order (
        list_id    INTEGER NOT NULL REFERENCES rating_order_lists(list_id) ON DELETE CASCADE,
        federation TEXT NOT NULL,     -- the player's (players.federation); a player without one has no row
        rating     INTEGER NOT NULL,  -- the entry's, -1 when unrated
        player_id  INTEGER NOT NULL,  -- the entry's player (not a reference: the triggers move it)
        status     TEXT NOT NULL,     -- the player's
        PRIMARY KEY (list_id, federation, rating, player_id)
      ) STRICT, WITHOUT ROWID;

-- table rating_order_counts
CREATE TABLE rating_order_counts (
        list_id    INTEGER NOT NULL REFERENCES rating_order_lists(list_id) ON DELETE CASCADE,
        federation TEXT NOT NULL,
        status     TEXT NOT NULL,
        n          INTEGER NOT NULL CHECK (n >= 0),
        PRIMARY KEY (list_id, federation, status)
      ) STRICT, WITHOUT ROWID;

-- table rating_order_lists
CREATE TABLE rating_order_lists (
        list_id INTEGER PRIMARY KEY REFERENCES rating_lists(id) ON DELETE CASCADE
      ) STRICT;

-- table rating_profiles
CREATE TABLE rating_profiles (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        kind       TEXT NOT NULL CHECK (kind IN ('fide','national','custom')),
        based_on   TEXT,
        params     TEXT NOT NULL CHECK (json_valid(params)),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      ) STRICT;

-- table registry_counts
CREATE TABLE registry_counts (
        key TEXT PRIMARY KEY,
        n INTEGER NOT NULL CHECK (n >= 0)
      ) STRICT;

-- table settings
CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

-- table tournament_arbiters
CREATE TABLE tournament_arbiters (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        position      INTEGER NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('chief','deputy')),
        name          TEXT NOT NULL,
        title         TEXT,
        fide_id       INTEGER,
        PRIMARY KEY (tournament_id, position)
      ) STRICT, WITHOUT ROWID;

-- table tournament_files
CREATE TABLE tournament_files (
        id            INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        version       INTEGER NOT NULL,
        file_name     TEXT NOT NULL,
        sha256        TEXT NOT NULL,
        size          INTEGER NOT NULL,
        bytes         BLOB NOT NULL,
        format        TEXT NOT NULL,
        encoding      TEXT NOT NULL,
        line_ending   TEXT NOT NULL,
        extras        TEXT NOT NULL,      -- JSON: teams, national ratings, byes, lines kept as written
        diff          TEXT,               -- JSON: what changed from the previous version
        imported_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        imported_by   TEXT NOT NULL DEFAULT 'officer',
        UNIQUE (tournament_id, version)
      ) STRICT;

-- table tournament_findings
CREATE TABLE tournament_findings (
        id              INTEGER PRIMARY KEY,
        tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
        file_id         INTEGER REFERENCES tournament_files(id),
        source          TEXT NOT NULL,      -- 'trf' (reader), 'match' (registry), 'check' (report checks)
        level           TEXT NOT NULL CHECK (level IN ('error','warning','info')),
        code            TEXT NOT NULL,      -- rule code, also the message key
        edition         TEXT,               -- rules edition, for regulation checks
        grp             TEXT NOT NULL,
        start_rank      INTEGER,
        file_name       TEXT,
        line            INTEGER,
        column_start    INTEGER,
        column_end      INTEGER,
        found           TEXT NOT NULL DEFAULT '',
        expected        TEXT NOT NULL DEFAULT '',
        params          TEXT NOT NULL,      -- JSON
        active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0,1)),  -- 0: from an earlier file version
        decision        TEXT CHECK (decision IN ('accepted','rejected','overridden')),
        decision_reason TEXT,
        decided_by      TEXT,
        decided_at      TEXT, subject TEXT, subject_key TEXT, paragraph TEXT, excludes_games INTEGER NOT NULL DEFAULT 0 CHECK (excludes_games IN (0,1)),
        CHECK ((decision IS NULL) = (decided_at IS NULL))
      ) STRICT;

-- table tournament_games
CREATE TABLE tournament_games (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        start_rank    INTEGER NOT NULL,
        round         INTEGER NOT NULL,
        opponent      INTEGER,             -- opponent's start rank; NULL for a bye or no pairing
        color         TEXT CHECK (color IN ('w','b')),
        code          TEXT NOT NULL,       -- TRF result code
        PRIMARY KEY (tournament_id, start_rank, round)
      ) STRICT, WITHOUT ROWID;

-- table tournament_players
CREATE TABLE tournament_players (
        id                  INTEGER PRIMARY KEY,
        tournament_id       INTEGER NOT NULL REFERENCES tournaments(id),
        start_rank          INTEGER NOT NULL,
        player_id           INTEGER REFERENCES players(id),
        match_status        TEXT NOT NULL CHECK (match_status IN
                              ('fide-id','unknown-id','candidate','confirmed','created','linked','unmatched','rejected')),
        match_confidence    REAL,
        candidate_player_id INTEGER REFERENCES players(id),
        fide_id             INTEGER,
        name                TEXT NOT NULL,
        sex                 TEXT CHECK (sex IN ('M','F')),
        title               TEXT,
        federation          TEXT,
        birth               TEXT,
        rating              INTEGER,       -- as typed in the file (a cross-check only)
        points              REAL,
        rank                INTEGER,
        line                INTEGER,
        UNIQUE (tournament_id, start_rank)
      ) STRICT;

-- table tournament_rounds
CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round         INTEGER NOT NULL,
        date          TEXT,
        PRIMARY KEY (tournament_id, round)
      ) STRICT, WITHOUT ROWID;

-- table tournament_teams
CREATE TABLE tournament_teams (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        position      INTEGER NOT NULL,
        record        TEXT NOT NULL CHECK (record IN ('013','310')),
        number        INTEGER,
        name          TEXT NOT NULL,
        federation    TEXT,
        members       TEXT NOT NULL,       -- JSON array of start ranks
        PRIMARY KEY (tournament_id, position)
      ) STRICT, WITHOUT ROWID;

-- table tournaments
CREATE TABLE "tournaments" (
        id              INTEGER PRIMARY KEY,
        name            TEXT,
        city            TEXT,
        federation      TEXT,
        start_date      TEXT,             -- 'YYYY-MM-DD'
        end_date        TEXT,
        system          TEXT NOT NULL CHECK (system IN ('swiss','round-robin')),
        type_text       TEXT,             -- 092 as written
        rating_type     TEXT CHECK (rating_type IN ('standard','rapid','blitz')),
        time_control    TEXT,             -- 122 as written
        rounds          INTEGER NOT NULL, -- rounds with data
        declared_rounds INTEGER,          -- 142 / XXR
        header          TEXT NOT NULL,    -- JSON: the whole parsed header (TRF26 codes, tie-breaks, ...)
        status          TEXT NOT NULL DEFAULT 'imported'
                          CHECK (status IN ('imported','checked','approved','rejected','rated')),
        current_file_id INTEGER,
        created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        -- the day the report reached the office (deadlines count from it): the import date unless the officer gives another
        received_date   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d','now')),
        -- 1: loaded into the archive from a past season, no deadline finding
        historical      INTEGER NOT NULL DEFAULT 0 CHECK (historical IN (0,1)),
        -- JSON object of officer-set flags read by the checks (nationalChampionship, womenEvent, ...)
        flags           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(flags) AND json_type(flags) = 'object'),
        -- the time control as the officer typed it, when the report's 122/222 could not be read
        time_control_override TEXT,
        -- the edition or profile the officer chose; NULL: the edition in force at the start
        edition         TEXT
      , registered_date TEXT
        CHECK (registered_date IS NULL OR registered_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'), rating_type_source TEXT
        CHECK (rating_type_source IS NULL OR rating_type_source IN ('222','122','092','012','officer')), qc_reference TEXT
        CHECK (qc_reference IS NULL OR length(trim(qc_reference)) BETWEEN 1 AND 200)) STRICT;

-- trigger archive_file_lists_kept
CREATE TRIGGER archive_file_lists_kept BEFORE UPDATE ON archive_file_lists
        BEGIN SELECT RAISE(ABORT, 'a sealed list stays in its archive file'); END;

-- trigger archive_file_lists_no_delete
CREATE TRIGGER archive_file_lists_no_delete BEFORE DELETE ON archive_file_lists
        BEGIN SELECT RAISE(ABORT, 'a sealed list stays sealed'); END;

-- trigger archive_files_no_delete
CREATE TRIGGER archive_files_no_delete BEFORE DELETE ON archive_files
        WHEN EXISTS (SELECT 1 FROM archive_file_lists WHERE file_id = OLD.id)
        BEGIN SELECT RAISE(ABORT, 'an archive file holding lists stays recorded'); END;

-- trigger audit_log_no_delete
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

-- trigger audit_log_no_update
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

-- trigger frozen_list_checksums_kept
CREATE TRIGGER frozen_list_checksums_kept BEFORE UPDATE ON frozen_list_checksums
        WHEN NEW.list_id IS NOT OLD.list_id OR NEW.forgotten < OLD.forgotten
          OR (OLD.checksum IS NOT NULL AND NEW.checksum IS NOT NULL AND NEW.checksum IS NOT OLD.checksum)
        BEGIN SELECT RAISE(ABORT, 'a frozen list''s recorded checksum is filled once, or forgotten'); END;

-- trigger frozen_list_checksums_no_delete
CREATE TRIGGER frozen_list_checksums_no_delete BEFORE DELETE ON frozen_list_checksums
        BEGIN SELECT RAISE(ABORT, 'a frozen list''s checksum record is never deleted'); END;

-- trigger frozen_list_checksums_on_freeze
CREATE TRIGGER frozen_list_checksums_on_freeze AFTER UPDATE OF status ON rating_lists WHEN NEW.status IN ('published','reference')
        BEGIN INSERT OR IGNORE INTO frozen_list_checksums(list_id) VALUES (NEW.id); END;

-- trigger frozen_list_checksums_on_insert
CREATE TRIGGER frozen_list_checksums_on_insert AFTER INSERT ON rating_lists WHEN NEW.status IN ('published','reference')
        BEGIN INSERT OR IGNORE INTO frozen_list_checksums(list_id) VALUES (NEW.id); END;

-- trigger frozen_list_checksums_on_merge
CREATE TRIGGER frozen_list_checksums_on_merge AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id
        BEGIN UPDATE frozen_list_checksums SET checksum = NULL, forgotten = forgotten + 1 WHERE list_id = NEW.list_id; END;

-- trigger office_list_adjustments_frozen
CREATE TRIGGER office_list_adjustments_frozen BEFORE UPDATE ON office_list_adjustments
        WHEN NEW.id IS NOT OLD.id OR NEW.source_list_id IS NOT OLD.source_list_id
          OR NEW.delta IS NOT OLD.delta OR NEW.reason IS NOT OLD.reason OR NEW.created_at IS NOT OLD.created_at
          OR (OLD.applied_list_id IS NOT NULL AND (SELECT status FROM rating_lists WHERE id = OLD.applied_list_id) = 'published')
        BEGIN SELECT RAISE(ABORT, 'a correction is kept as it was; only the list carrying it (or a player merge) is recorded'); END;

-- trigger office_list_adjustments_no_delete
CREATE TRIGGER office_list_adjustments_no_delete BEFORE DELETE ON office_list_adjustments
        BEGIN SELECT RAISE(ABORT, 'a correction is kept for ever'); END;

-- trigger office_list_changelog_frozen_delete
CREATE TRIGGER office_list_changelog_frozen_delete BEFORE DELETE ON office_list_changelog
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_changelog_frozen_insert
CREATE TRIGGER office_list_changelog_frozen_insert BEFORE INSERT ON office_list_changelog
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_changelog_frozen_update
CREATE TRIGGER office_list_changelog_frozen_update BEFORE UPDATE ON office_list_changelog
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_kind_counts_frozen_delete
CREATE TRIGGER office_list_kind_counts_frozen_delete BEFORE DELETE ON office_list_kind_counts
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_kind_counts_frozen_insert
CREATE TRIGGER office_list_kind_counts_frozen_insert BEFORE INSERT ON office_list_kind_counts
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_kind_counts_frozen_update
CREATE TRIGGER office_list_kind_counts_frozen_update BEFORE UPDATE ON office_list_kind_counts
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_meta_frozen_delete
CREATE TRIGGER office_list_meta_frozen_delete BEFORE DELETE ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_meta_frozen_insert
CREATE TRIGGER office_list_meta_frozen_insert BEFORE INSERT ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_meta_frozen_update
CREATE TRIGGER office_list_meta_frozen_update BEFORE UPDATE ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_orders_frozen_delete
CREATE TRIGGER office_list_orders_frozen_delete BEFORE DELETE ON office_list_orders
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_orders_frozen_insert
CREATE TRIGGER office_list_orders_frozen_insert BEFORE INSERT ON office_list_orders
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_orders_frozen_update
CREATE TRIGGER office_list_orders_frozen_update BEFORE UPDATE ON office_list_orders
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_sheets_frozen_delete
CREATE TRIGGER office_list_sheets_frozen_delete BEFORE DELETE ON office_list_sheets
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_sheets_frozen_insert
CREATE TRIGGER office_list_sheets_frozen_insert BEFORE INSERT ON office_list_sheets
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_sheets_frozen_update
CREATE TRIGGER office_list_sheets_frozen_update BEFORE UPDATE ON office_list_sheets
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_tournaments_frozen_delete
CREATE TRIGGER office_list_tournaments_frozen_delete BEFORE DELETE ON office_list_tournaments
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_tournaments_frozen_insert
CREATE TRIGGER office_list_tournaments_frozen_insert BEFORE INSERT ON office_list_tournaments
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_tournaments_frozen_update
CREATE TRIGGER office_list_tournaments_frozen_update BEFORE UPDATE ON office_list_tournaments
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_window_frozen_delete
CREATE TRIGGER office_list_window_frozen_delete BEFORE DELETE ON office_list_window
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_window_frozen_insert
CREATE TRIGGER office_list_window_frozen_insert BEFORE INSERT ON office_list_window
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger office_list_window_frozen_update
CREATE TRIGGER office_list_window_frozen_update BEFORE UPDATE ON office_list_window
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;

-- trigger players_buckets_delete
CREATE TRIGGER players_buckets_delete AFTER DELETE ON players BEGIN
        UPDATE player_buckets SET n = n - 1 WHERE sort = 'name' AND status = OLD.status AND b1 = coalesce(substr(OLD.name_folded, 1, 2), '') AND b2 = '';
UPDATE player_buckets SET n = n - 1 WHERE sort = 'fideId' AND status = OLD.status AND b1 = coalesce(OLD.fide_id / 100000, -1) AND b2 = '';
UPDATE player_buckets SET n = n - 1 WHERE sort = 'federation' AND status = OLD.status AND b1 = coalesce(OLD.federation, 0) AND b2 = substr(OLD.name_folded, 1, 1);
UPDATE player_buckets SET n = n - 1 WHERE sort = 'birthYear' AND status = OLD.status AND b1 = coalesce(substr(OLD.birth_date, 1, 4), 0) AND b2 = substr(OLD.name_folded, 1, 1);
UPDATE player_buckets SET n = n - 1 WHERE sort = 'title' AND status = OLD.status AND b1 = coalesce(OLD.title, 0) AND b2 = substr(OLD.name_folded, 1, 2);
      END;

-- trigger players_buckets_insert
CREATE TRIGGER players_buckets_insert AFTER INSERT ON players BEGIN
        INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('name', NEW.status, coalesce(substr(NEW.name_folded, 1, 2), ''), '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('fideId', NEW.status, coalesce(NEW.fide_id / 100000, -1), '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('federation', NEW.status, coalesce(NEW.federation, 0), substr(NEW.name_folded, 1, 1), 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('birthYear', NEW.status, coalesce(substr(NEW.birth_date, 1, 4), 0), substr(NEW.name_folded, 1, 1), 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('title', NEW.status, coalesce(NEW.title, 0), substr(NEW.name_folded, 1, 2), 1) ON CONFLICT DO UPDATE SET n = n + 1;
      END;

-- trigger players_buckets_update
CREATE TRIGGER players_buckets_update AFTER UPDATE OF name_folded, fide_id, federation, birth_date, title, status ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded OR NEW.fide_id IS NOT OLD.fide_id OR NEW.federation IS NOT OLD.federation
          OR NEW.birth_date IS NOT OLD.birth_date OR NEW.title IS NOT OLD.title OR NEW.status IS NOT OLD.status BEGIN
        UPDATE player_buckets SET n = n - 1 WHERE sort = 'name' AND status = OLD.status AND b1 = coalesce(substr(OLD.name_folded, 1, 2), '') AND b2 = '';
UPDATE player_buckets SET n = n - 1 WHERE sort = 'fideId' AND status = OLD.status AND b1 = coalesce(OLD.fide_id / 100000, -1) AND b2 = '';
UPDATE player_buckets SET n = n - 1 WHERE sort = 'federation' AND status = OLD.status AND b1 = coalesce(OLD.federation, 0) AND b2 = substr(OLD.name_folded, 1, 1);
UPDATE player_buckets SET n = n - 1 WHERE sort = 'birthYear' AND status = OLD.status AND b1 = coalesce(substr(OLD.birth_date, 1, 4), 0) AND b2 = substr(OLD.name_folded, 1, 1);
UPDATE player_buckets SET n = n - 1 WHERE sort = 'title' AND status = OLD.status AND b1 = coalesce(OLD.title, 0) AND b2 = substr(OLD.name_folded, 1, 2);
        INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('name', NEW.status, coalesce(substr(NEW.name_folded, 1, 2), ''), '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('fideId', NEW.status, coalesce(NEW.fide_id / 100000, -1), '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('federation', NEW.status, coalesce(NEW.federation, 0), substr(NEW.name_folded, 1, 1), 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('birthYear', NEW.status, coalesce(substr(NEW.birth_date, 1, 4), 0), substr(NEW.name_folded, 1, 1), 1) ON CONFLICT DO UPDATE SET n = n + 1;
INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES ('title', NEW.status, coalesce(NEW.title, 0), substr(NEW.name_folded, 1, 2), 1) ON CONFLICT DO UPDATE SET n = n + 1;
      END;

-- trigger players_count_delete
CREATE TRIGGER players_count_delete AFTER DELETE ON players WHEN OLD.status <> 'merged' BEGIN
        UPDATE registry_counts SET n = n - 1 WHERE key = 'players_not_merged';
      END;

-- trigger players_count_insert
CREATE TRIGGER players_count_insert AFTER INSERT ON players WHEN NEW.status <> 'merged' BEGIN
        UPDATE registry_counts SET n = n + 1 WHERE key = 'players_not_merged';
      END;

-- trigger players_count_status
CREATE TRIGGER players_count_status AFTER UPDATE OF status ON players
        WHEN (OLD.status = 'merged') <> (NEW.status = 'merged') BEGIN
        UPDATE registry_counts SET n = n + CASE WHEN NEW.status = 'merged' THEN -1 ELSE 1 END WHERE key = 'players_not_merged';
      END;

-- trigger players_fide_id_marks
CREATE TRIGGER players_fide_id_marks AFTER UPDATE OF fide_id ON players
        WHEN NEW.fide_id IS NOT OLD.fide_id BEGIN
        UPDATE list_marks SET rank = rank - 1
    WHERE list_id IN (SELECT list_id FROM rating_list_entries WHERE player_id = NEW.id) AND sort = 'fideId' AND (key, player_id) > (coalesce(OLD.fide_id, -1), OLD.id) AND (key, player_id) <= (coalesce(NEW.fide_id, -1), NEW.id);
UPDATE list_marks SET rank = rank + 1
    WHERE list_id IN (SELECT list_id FROM rating_list_entries WHERE player_id = NEW.id) AND sort = 'fideId' AND (key, player_id) > (coalesce(NEW.fide_id, -1), NEW.id) AND (key, player_id) <= (coalesce(OLD.fide_id, -1), OLD.id);
      END;

-- trigger players_fts_delete
CREATE TRIGGER players_fts_delete AFTER DELETE ON players BEGIN
        INSERT INTO players_fts(players_fts, rowid, name_folded) VALUES ('delete', OLD.id, OLD.name_folded);
      END;

-- trigger players_fts_insert
CREATE TRIGGER players_fts_insert AFTER INSERT ON players BEGIN
        INSERT INTO players_fts(rowid, name_folded) VALUES (NEW.id, NEW.name_folded);
      END;

-- trigger players_fts_update
CREATE TRIGGER players_fts_update AFTER UPDATE OF name_folded ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded BEGIN
        INSERT INTO players_fts(players_fts, rowid, name_folded) VALUES ('delete', OLD.id, OLD.name_folded);
        INSERT INTO players_fts(rowid, name_folded) VALUES (NEW.id, NEW.name_folded);
      END;

-- trigger players_name_marks
CREATE TRIGGER players_name_marks AFTER UPDATE OF name_folded ON players
        WHEN NEW.name_folded IS NOT OLD.name_folded BEGIN
        UPDATE list_marks SET rank = rank - 1
    WHERE list_id IN (SELECT list_id FROM rating_list_entries WHERE player_id = NEW.id) AND sort = 'name' AND (key, player_id) > (OLD.name_folded, OLD.id) AND (key, player_id) <= (NEW.name_folded, NEW.id);
UPDATE list_marks SET rank = rank + 1
    WHERE list_id IN (SELECT list_id FROM rating_list_entries WHERE player_id = NEW.id) AND sort = 'name' AND (key, player_id) > (NEW.name_folded, NEW.id) AND (key, player_id) <= (OLD.name_folded, OLD.id);
      END;

-- trigger players_rating_order
CREATE TRIGGER players_rating_order AFTER UPDATE OF federation, status ON players
        WHEN (NEW.federation IS NOT OLD.federation OR NEW.status IS NOT OLD.status) AND EXISTS (SELECT 1 FROM rating_order_lists) BEGIN
        DELETE FROM rating_order WHERE (list_id, federation, rating, player_id) IN
          (SELECT e.list_id, coalesce(OLD.federation, ''), coalesce(e.rating, -1), OLD.id FROM rating_list_entries e WHERE e.player_id = OLD.id AND e.list_id IN (SELECT list_id FROM rating_order_lists));
        INSERT INTO rating_order (list_id, federation, rating, player_id, status)
          SELECT e.list_id, coalesce(NEW.federation, ''), coalesce(e.rating, -1), NEW.id, NEW.status FROM rating_list_entries e
           WHERE e.player_id = NEW.id AND e.list_id IN (SELECT list_id FROM rating_order_lists);
      END;

-- trigger rating_list_entries_by_rating_delete
CREATE TRIGGER rating_list_entries_by_rating_delete AFTER DELETE ON rating_list_entries BEGIN
        DELETE FROM list_by_rating WHERE list_id = OLD.list_id AND key = coalesce(CASE WHEN OLD.entry_status IS 'delisted' THEN NULL ELSE OLD.rating END, 1000000000) AND player_id = OLD.player_id;
      END;

-- trigger rating_list_entries_by_rating_insert
CREATE TRIGGER rating_list_entries_by_rating_insert AFTER INSERT ON rating_list_entries BEGIN
        INSERT INTO list_by_rating (list_id, key, player_id) VALUES (NEW.list_id, coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000), NEW.player_id);
      END;

-- trigger rating_list_entries_by_rating_update
CREATE TRIGGER rating_list_entries_by_rating_update AFTER UPDATE OF list_id, player_id, rating, entry_status ON rating_list_entries
        WHEN NEW.list_id IS NOT OLD.list_id OR NEW.player_id IS NOT OLD.player_id OR coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000) IS NOT coalesce(CASE WHEN OLD.entry_status IS 'delisted' THEN NULL ELSE OLD.rating END, 1000000000) BEGIN
        DELETE FROM list_by_rating WHERE list_id = OLD.list_id AND key = coalesce(CASE WHEN OLD.entry_status IS 'delisted' THEN NULL ELSE OLD.rating END, 1000000000) AND player_id = OLD.player_id;
        INSERT INTO list_by_rating (list_id, key, player_id) VALUES (NEW.list_id, coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000), NEW.player_id);
      END;

-- trigger rating_list_entries_frozen_delete
CREATE TRIGGER rating_list_entries_frozen_delete BEFORE DELETE ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'entries of a published or reference list are immutable'); END;

-- trigger rating_list_entries_frozen_insert
CREATE TRIGGER rating_list_entries_frozen_insert BEFORE INSERT ON rating_list_entries
        WHEN (SELECT status = 'published' OR entry_count IS NOT NULL FROM rating_lists WHERE id = NEW.list_id)
        BEGIN SELECT RAISE(ABORT, 'a published or counted list takes no new entries'); END;

-- trigger rating_list_entries_frozen_update
CREATE TRIGGER rating_list_entries_frozen_update BEFORE UPDATE ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          AND (NEW.list_id IS NOT OLD.list_id OR NEW.rating IS NOT OLD.rating OR NEW.games IS NOT OLD.games
               OR NEW.k IS NOT OLD.k OR NEW.flags IS NOT OLD.flags OR NEW.title IS NOT OLD.title
               OR NEW.federation IS NOT OLD.federation OR NEW.birth_year IS NOT OLD.birth_year
               OR NEW.sex IS NOT OLD.sex)
        BEGIN SELECT RAISE(ABORT, 'entries of a published or reference list are immutable'); END;

-- trigger rating_list_entries_marks
CREATE TRIGGER rating_list_entries_marks AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id BEGIN
        UPDATE list_marks SET rank = rank - 1
    WHERE list_id IN (NEW.list_id) AND sort = 'name' AND (key, player_id) > ((SELECT name_folded FROM players WHERE id = OLD.player_id), OLD.player_id) AND (key, player_id) <= ((SELECT name_folded FROM players WHERE id = NEW.player_id), NEW.player_id);
UPDATE list_marks SET rank = rank + 1
    WHERE list_id IN (NEW.list_id) AND sort = 'name' AND (key, player_id) > ((SELECT name_folded FROM players WHERE id = NEW.player_id), NEW.player_id) AND (key, player_id) <= ((SELECT name_folded FROM players WHERE id = OLD.player_id), OLD.player_id);
        UPDATE list_marks SET rank = rank - 1
    WHERE list_id IN (NEW.list_id) AND sort = 'fideId' AND (key, player_id) > (coalesce((SELECT fide_id FROM players WHERE id = OLD.player_id), -1), OLD.player_id) AND (key, player_id) <= (coalesce((SELECT fide_id FROM players WHERE id = NEW.player_id), -1), NEW.player_id);
UPDATE list_marks SET rank = rank + 1
    WHERE list_id IN (NEW.list_id) AND sort = 'fideId' AND (key, player_id) > (coalesce((SELECT fide_id FROM players WHERE id = NEW.player_id), -1), NEW.player_id) AND (key, player_id) <= (coalesce((SELECT fide_id FROM players WHERE id = OLD.player_id), -1), OLD.player_id);
        UPDATE list_marks SET rank = rank - 1
    WHERE list_id IN (NEW.list_id) AND sort = 'rating' AND (key, player_id) > (coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000), OLD.player_id) AND (key, player_id) <= (coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000), NEW.player_id);
UPDATE list_marks SET rank = rank + 1
    WHERE list_id IN (NEW.list_id) AND sort = 'rating' AND (key, player_id) > (coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000), NEW.player_id) AND (key, player_id) <= (coalesce(CASE WHEN NEW.entry_status IS 'delisted' THEN NULL ELSE NEW.rating END, 1000000000), OLD.player_id);
      END;

-- trigger rating_list_entries_rating_order
CREATE TRIGGER rating_list_entries_rating_order AFTER UPDATE OF player_id ON rating_list_entries
        WHEN NEW.player_id IS NOT OLD.player_id AND EXISTS (SELECT 1 FROM rating_order_lists WHERE list_id = OLD.list_id) BEGIN
        DELETE FROM rating_order WHERE list_id = OLD.list_id AND federation = (SELECT coalesce(federation, '') FROM players WHERE id = OLD.player_id)
          AND rating = coalesce(OLD.rating, -1) AND player_id = OLD.player_id;
        INSERT INTO rating_order (list_id, federation, rating, player_id, status)
          SELECT NEW.list_id, coalesce(p.federation, ''), coalesce(NEW.rating, -1), p.id, p.status FROM players p WHERE p.id = NEW.player_id;
      END;

-- trigger rating_list_entries_state_frozen
CREATE TRIGGER rating_list_entries_state_frozen BEFORE UPDATE ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          AND (NEW.entry_status IS NOT OLD.entry_status OR NEW.rated_games IS NOT OLD.rated_games
               OR NEW.highest_rating IS NOT OLD.highest_rating OR NEW.tracked_since IS NOT OLD.tracked_since
               OR NEW.recent_games IS NOT OLD.recent_games)
        BEGIN SELECT RAISE(ABORT, 'entries of a published or reference list are immutable'); END;

-- trigger rating_lists_frozen
CREATE TRIGGER rating_lists_frozen BEFORE UPDATE ON rating_lists
        WHEN OLD.status IN ('published','reference')
          AND NOT (OLD.entry_count IS NULL AND OLD.rated_count IS NULL
                   AND NEW.id IS OLD.id AND NEW.kind IS OLD.kind AND NEW.list_date IS OLD.list_date AND NEW.rating_type IS OLD.rating_type AND NEW.source IS OLD.source AND NEW.edition IS OLD.edition AND NEW.status IS OLD.status AND NEW.version IS OLD.version AND NEW.supersedes_id IS OLD.supersedes_id AND NEW.checksum IS OLD.checksum AND NEW.file_name IS OLD.file_name AND NEW.created_at IS OLD.created_at AND NEW.published_at IS OLD.published_at
                   AND NEW.entry_count IS (SELECT count(*) FROM rating_list_entries WHERE list_id = OLD.id) AND NEW.rated_count IS (SELECT count(*) FROM rating_list_entries e WHERE e.list_id = OLD.id AND CASE WHEN e.entry_status IS 'delisted' THEN NULL ELSE e.rating END IS NOT NULL))
        BEGIN SELECT RAISE(ABORT, 'a published or reference list is immutable'); END;

-- trigger rating_lists_no_delete
CREATE TRIGGER rating_lists_no_delete BEFORE DELETE ON rating_lists
        WHEN OLD.status IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published or reference list is immutable'); END;

-- trigger rating_order_count_delete
CREATE TRIGGER rating_order_count_delete AFTER DELETE ON rating_order BEGIN
        UPDATE rating_order_counts SET n = n - 1 WHERE list_id = OLD.list_id AND federation = OLD.federation AND status = OLD.status;
      END;

-- trigger rating_order_count_insert
CREATE TRIGGER rating_order_count_insert AFTER INSERT ON rating_order BEGIN
        INSERT INTO rating_order_counts (list_id, federation, status, n) VALUES (NEW.list_id, NEW.federation, NEW.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
      END;

-- trigger tournament_files_no_update
CREATE TRIGGER tournament_files_no_update BEFORE UPDATE ON tournament_files
        BEGIN SELECT RAISE(ABORT, 'an imported file is kept as it was'); END;
