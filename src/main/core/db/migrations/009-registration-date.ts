// Migration 9: the date a tournament was registered with the rating office (FIDE's registration deadline, 2024
// amendments: 30 days before the start with a player above 2700 or a woman above 2500, else 3); the officer's fact.
import type { Migration } from '../migrate'

export const migration009: Migration = {
  version: 9,
  name: 'registration-date',
  up(db) {
    db.exec(`
      ALTER TABLE tournaments ADD COLUMN registered_date TEXT
        CHECK (registered_date IS NULL OR registered_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
    `)
  }
}
