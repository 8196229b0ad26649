// Migration 12: the number of players not merged away, kept in a row of its own by triggers, so that the players
// table's first page (no filter) does not count two million index entries (200–400 ms cold at FIDE scale,
// a frozen window after every start or change).
import type { Migration } from '../migrate'

export const migration012: Migration = {
  version: 12,
  name: 'player-count',
  up(db) {
    db.exec(`
      CREATE TABLE registry_counts (
        key TEXT PRIMARY KEY,
        n INTEGER NOT NULL CHECK (n >= 0)
      ) STRICT;
      INSERT INTO registry_counts (key, n) VALUES ('players_not_merged', (SELECT count(*) FROM players WHERE status <> 'merged'));
      -- A first load into an empty registry drops the insert trigger like the name search's and counts once at the end
      -- (data/list-import.ts enterBulkMode).
      CREATE TRIGGER players_count_insert AFTER INSERT ON players WHEN NEW.status <> 'merged' BEGIN
        UPDATE registry_counts SET n = n + 1 WHERE key = 'players_not_merged';
      END;
      CREATE TRIGGER players_count_delete AFTER DELETE ON players WHEN OLD.status <> 'merged' BEGIN
        UPDATE registry_counts SET n = n - 1 WHERE key = 'players_not_merged';
      END;
      CREATE TRIGGER players_count_status AFTER UPDATE OF status ON players
        WHEN (OLD.status = 'merged') <> (NEW.status = 'merged') BEGIN
        UPDATE registry_counts SET n = n + CASE WHEN NEW.status = 'merged' THEN -1 ELSE 1 END WHERE key = 'players_not_merged';
      END;
    `)
  }
}
