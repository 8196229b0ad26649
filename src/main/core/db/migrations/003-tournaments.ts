// Tournaments as imported: header, every file version (bytes + sha256 + diff), players matched to the registry, games with TRF codes, findings with the officer's decisions.
import type { Migration } from '../migrate'

export const migration003: Migration = {
  version: 3,
  name: 'tournaments',
  up(db) {
    db.exec(`
      CREATE TABLE tournaments (
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
                          CHECK (status IN ('imported','checked','accepted','rejected','rated')),
        current_file_id INTEGER,
        created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      ) STRICT;
      CREATE INDEX tournaments_status ON tournaments(status);
      CREATE INDEX tournaments_identity ON tournaments(start_date, name);

      -- Every file ever imported for a tournament, byte for byte; a corrected file is the next version.
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
      CREATE INDEX tournament_files_sha256 ON tournament_files(sha256);
      CREATE TRIGGER tournament_files_no_update BEFORE UPDATE ON tournament_files
        BEGIN SELECT RAISE(ABORT, 'an imported file is kept as it was'); END;

      CREATE TABLE tournament_arbiters (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        position      INTEGER NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('chief','deputy')),
        name          TEXT NOT NULL,
        title         TEXT,
        fide_id       INTEGER,
        PRIMARY KEY (tournament_id, position)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round         INTEGER NOT NULL,
        date          TEXT,
        PRIMARY KEY (tournament_id, round)
      ) STRICT, WITHOUT ROWID;

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
      CREATE INDEX tournament_players_player ON tournament_players(player_id);
      CREATE INDEX tournament_players_fide ON tournament_players(fide_id);

      -- One row per player and round, as the file tells it (a game appears once from each side).
      CREATE TABLE tournament_games (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        start_rank    INTEGER NOT NULL,
        round         INTEGER NOT NULL,
        opponent      INTEGER,             -- opponent's start rank; NULL for a bye or no pairing
        color         TEXT CHECK (color IN ('w','b')),
        code          TEXT NOT NULL,       -- TRF result code
        PRIMARY KEY (tournament_id, start_rank, round)
      ) STRICT, WITHOUT ROWID;

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

      -- What the reader, the import and the report checks found; the officer decides each with a reason.
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
        decided_at      TEXT,
        CHECK ((decision IS NULL) = (decided_at IS NULL))
      ) STRICT;
      CREATE INDEX tournament_findings_tournament ON tournament_findings(tournament_id, active, level);
    `)
  }
}
