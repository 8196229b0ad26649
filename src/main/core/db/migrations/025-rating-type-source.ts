// Migration 25: where a tournament's rating type comes from (the report's 222 or 122 time control, else the words of
// its 092 or 012, or the officer's decision), and the officer's mark that FIDE's Qualification Commission approved a
// 45′+30″ (or 60′+30″) event for the standard list (regulations.md § 1, the 2026 season), with the approval's reference.
import type { Migration } from '../migrate'

export const migration025: Migration = {
  version: 25,
  name: 'rating-type-source',
  up(db) {
    db.exec(`
      -- NULL: imported before the source was kept (or nothing told the type)
      ALTER TABLE tournaments ADD COLUMN rating_type_source TEXT
        CHECK (rating_type_source IS NULL OR rating_type_source IN ('222','122','092','012','officer'));
      -- the reference of the Qualification Commission's approval (its letter, decision number); NULL: no approval recorded
      ALTER TABLE tournaments ADD COLUMN qc_reference TEXT
        CHECK (qc_reference IS NULL OR length(trim(qc_reference)) BETWEEN 1 AND 200);
    `)
  }
}
