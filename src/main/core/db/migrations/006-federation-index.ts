// Migration 6: the players of one federation, in name order, straight from an index.
import type { Migration } from '../migrate'

export const migration006: Migration = {
  version: 6,
  name: 'federation-index',
  up(db) {
    db.exec(`
      -- "All players of FRA, by name" (a national office's everyday list) and the table sorted by federation
      -- read this index in order and skip merged records in it: no sort of the federation's rows, no row read
      -- before the page. It also answers every lookup by federation that the one-column index did.
      DROP INDEX players_federation;
      CREATE INDEX players_federation_name ON players(federation, name_folded, status);
    `)
  }
}
