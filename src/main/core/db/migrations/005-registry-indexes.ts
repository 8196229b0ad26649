// Migration 5: leaner registry indexes, so that a first load of a full FIDE list rebuilds less.
import type { Migration } from '../migrate'

export const migration005: Migration = {
  version: 5,
  name: 'registry-indexes',
  up(db) {
    db.exec(`
      -- players_name_status (name_folded, status) answers every lookup and ordering by name that this index
      -- did, and also skips merged records without reading the row: the narrower index was pure cost.
      DROP INDEX players_name_folded;
      -- FIDE lists carry no national ID, so almost every row had NULL here; lookups by national ID are
      -- equality tests, which a partial index over the IDs that exist answers just as well.
      DROP INDEX players_national_id;
      CREATE INDEX players_national_id ON players(national_id) WHERE national_id IS NOT NULL;
    `)
  }
}
