// Migration 8: what an office list keeps beside its entries (base, parameters, tournaments rated, calculation sheets, unrated window, changelog), frozen once published.
import type { Migration } from '../migrate'

/** The tables whose rows belong to one list (list_id) and freeze with it. */
const LIST_CHILD_TABLES = ['office_list_tournaments', 'office_list_sheets', 'office_list_window', 'office_list_changelog'] as const

/** The triggers that freeze a list's rows of `table` once the list is published (or a reference list): no insert,
 *  update or delete. A migration that rebuilds one of these tables creates them again with this. */
export function frozenListRowsTriggers(table: string): string {
  return `
        CREATE TRIGGER ${table}_frozen_update BEFORE UPDATE ON ${table}
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
        CREATE TRIGGER ${table}_frozen_delete BEFORE DELETE ON ${table}
          WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
        CREATE TRIGGER ${table}_frozen_insert BEFORE INSERT ON ${table}
          WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
          BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
      `
}

export const migration008: Migration = {
  version: 8,
  name: 'office-lists',
  up(db) {
    db.exec(`
      -- The state an office list carries to the next generation, beside the printed columns: how the player
      -- stands (rated, delisted once, titled unrated), career rated games, highest published rating, since when
      -- the office knows all his games, and his rated games per list over the last year (JSON, NULL: none).
      -- NULL on imported lists (FIDE's download does not give them).
      ALTER TABLE rating_list_entries ADD COLUMN entry_status TEXT CHECK (entry_status IN ('rated','delisted','titled-unrated'));
      ALTER TABLE rating_list_entries ADD COLUMN rated_games INTEGER;
      ALTER TABLE rating_list_entries ADD COLUMN highest_rating INTEGER;
      ALTER TABLE rating_list_entries ADD COLUMN tracked_since TEXT;
      ALTER TABLE rating_list_entries ADD COLUMN recent_games TEXT CHECK (recent_games IS NULL OR json_valid(recent_games));
      CREATE TRIGGER rating_list_entries_state_frozen BEFORE UPDATE ON rating_list_entries
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
          AND (NEW.entry_status IS NOT OLD.entry_status OR NEW.rated_games IS NOT OLD.rated_games
               OR NEW.highest_rating IS NOT OLD.highest_rating OR NEW.tracked_since IS NOT OLD.tracked_since
               OR NEW.recent_games IS NOT OLD.recent_games)
        BEGIN SELECT RAISE(ABORT, 'entries of a published or reference list are immutable'); END;

      -- How an office list was obtained: its base list, the closing date, the edition or profile with every
      -- parameter as used, the engine's version, the counters, and a fingerprint of its inputs (tournaments,
      -- file versions, excluded games) so that a draft older than its inputs is refused at publication.
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
      ) STRICT;
      CREATE INDEX office_list_meta_base ON office_list_meta(base_list_id);

      -- The tournaments (or monthly slices of a long one) a list rates, with the file version and its hash.
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
      CREATE INDEX office_list_tournaments_tournament ON office_list_tournaments(tournament_id);

      -- One row per player with something to show (games, a first rating, a flag or rating change): how the
      -- entry differs from the base list (kind, before, change), the tournaments behind it, and the
      -- calculation sheet as the engine wrote it (deflated JSON). The preview pages these rows, never the
      -- whole list.
      CREATE TABLE office_list_sheets (
        list_id       INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id     INTEGER NOT NULL REFERENCES players(id),
        kind          TEXT NOT NULL CHECK (kind IN ('up','down','new','delisted','inactive','reactivated','unchanged')),
        before_rating INTEGER,
        change        INTEGER,
        tournaments   TEXT NOT NULL CHECK (json_valid(tournaments)),
        sheet         BLOB NOT NULL,
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX office_list_sheets_kind ON office_list_sheets(list_id, kind, player_id);
      CREATE INDEX office_list_sheets_player ON office_list_sheets(player_id);

      -- Unrated players' games not yet giving a published rating, carried to the next list (JSON per player).
      CREATE TABLE office_list_window (
        list_id   INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        data      TEXT NOT NULL CHECK (json_valid(data)),
        PRIMARY KEY (list_id, player_id)
      ) STRICT, WITHOUT ROWID;

      -- A new version of a published list names every changed entry and why.
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

      -- A correction taken the FIDE way: the difference goes into the next list. Kept for ever; a row is
      -- only ever marked with the list that carried it, once that list is generated (draft) or published.
      CREATE TABLE office_list_adjustments (
        id              INTEGER PRIMARY KEY,
        source_list_id  INTEGER NOT NULL REFERENCES rating_lists(id),
        player_id       INTEGER NOT NULL REFERENCES players(id),
        delta           INTEGER NOT NULL,
        reason          TEXT NOT NULL,
        created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        applied_list_id INTEGER REFERENCES rating_lists(id)
      ) STRICT;
      CREATE INDEX office_list_adjustments_pending ON office_list_adjustments(player_id) WHERE applied_list_id IS NULL;
      CREATE TRIGGER office_list_adjustments_no_delete BEFORE DELETE ON office_list_adjustments
        BEGIN SELECT RAISE(ABORT, 'a correction is kept for ever'); END;
      CREATE TRIGGER office_list_adjustments_frozen BEFORE UPDATE ON office_list_adjustments
        WHEN NEW.id IS NOT OLD.id OR NEW.source_list_id IS NOT OLD.source_list_id
          OR NEW.delta IS NOT OLD.delta OR NEW.reason IS NOT OLD.reason OR NEW.created_at IS NOT OLD.created_at
          OR (OLD.applied_list_id IS NOT NULL AND (SELECT status FROM rating_lists WHERE id = OLD.applied_list_id) = 'published')
        BEGIN SELECT RAISE(ABORT, 'a correction is kept as it was; only the list carrying it (or a player merge) is recorded'); END;

      CREATE TRIGGER office_list_meta_frozen_update BEFORE UPDATE ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
      CREATE TRIGGER office_list_meta_frozen_delete BEFORE DELETE ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
      CREATE TRIGGER office_list_meta_frozen_insert BEFORE INSERT ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
    `)
    for (const t of LIST_CHILD_TABLES) db.exec(frozenListRowsTriggers(t))
  }
}
