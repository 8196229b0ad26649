// Migration 4: a federation's own rating profiles (every parameter of a rule set, validated before saving).
import type { Migration } from '../migrate'

export const migration004: Migration = {
  version: 4,
  name: 'rating-profiles',
  up(db) {
    db.exec(`
      -- One saved rule set per row; params is the whole profile as JSON (validated by editionSchema on save and on load).
      CREATE TABLE rating_profiles (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        kind       TEXT NOT NULL CHECK (kind IN ('fide','national','custom')),
        based_on   TEXT,
        params     TEXT NOT NULL CHECK (json_valid(params)),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      ) STRICT;
    `)
  }
}
