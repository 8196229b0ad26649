// Migration 7: a tournament's path through the regulation checks (imported → checked → approved | rejected → rated),
// the facts the checks read (received date, historical import, flags, typed time control, edition), and findings
// that name the games, rounds and players they concern.
import type { Migration } from '../migrate'

export const migration007: Migration = {
  version: 7,
  name: 'regulation-checks',
  // the status CHECK changes ('accepted' becomes 'approved'): SQLite rebuilds the table, which seven tables reference
  rebuildsTables: true,
  up(db) {
    db.exec(`
      CREATE TABLE tournaments_new (
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
      ) STRICT;
      INSERT INTO tournaments_new (id, name, city, federation, start_date, end_date, system, type_text, rating_type, time_control, rounds,
                                   declared_rounds, header, status, current_file_id, created_at, updated_at, received_date)
        SELECT id, name, city, federation, start_date, end_date, system, type_text, rating_type, time_control, rounds,
               declared_rounds, header, CASE status WHEN 'accepted' THEN 'approved' ELSE status END, current_file_id, created_at, updated_at,
               substr(created_at, 1, 10)
          FROM tournaments;
      DROP TABLE tournaments;
      ALTER TABLE tournaments_new RENAME TO tournaments;
      CREATE INDEX tournaments_status ON tournaments(status);
      CREATE INDEX tournaments_identity ON tournaments(start_date, name);
      -- the dashboard sorts and pages the period's tournaments by end date
      CREATE INDEX tournaments_end ON tournaments(end_date, id);

      -- What a regulation check finding concerns, so that it opens the crosstable cell, the player or the round,
      -- and so that a new run finds the same finding again (code + subject) with its decision.
      ALTER TABLE tournament_findings ADD COLUMN subject TEXT;        -- JSON: { startRanks, rounds, games: [{round, startRank}] }
      ALTER TABLE tournament_findings ADD COLUMN subject_key TEXT;    -- canonical text of the subject
      ALTER TABLE tournament_findings ADD COLUMN paragraph TEXT;      -- the regulation paragraph cited
      -- 1: the games named in the subject are not rated while the finding is open or accepted
      ALTER TABLE tournament_findings ADD COLUMN excludes_games INTEGER NOT NULL DEFAULT 0 CHECK (excludes_games IN (0,1));
      CREATE INDEX tournament_findings_code ON tournament_findings(code, tournament_id) WHERE active = 1;

      -- an arbiter's tournaments (the arbiters screen; a licence added re-runs the checks of these)
      CREATE INDEX tournament_arbiters_fide ON tournament_arbiters(fide_id) WHERE fide_id IS NOT NULL;
    `)
  }
}
