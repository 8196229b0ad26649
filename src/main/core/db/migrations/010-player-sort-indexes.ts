// Migration 10: the players table sorted by FIDE ID, birth year or title reads its page from an index, as it
// already does by name, federation and rating (0.5–1.8 s a page over two million players, sorted).
import type { Migration } from '../migrate'

export const migration010: Migration = {
  version: 10,
  name: 'player-sort-indexes',
  up(db) {
    db.exec(`
      -- Each ends with status, so that the table's pages skip merged records inside the index, without reading
      -- the row of each player stepped over (PlayerReader.search orders by exactly these terms, then id).
      -- The birth year is the expression the search orders by: birth dates are 'YYYY-MM-DD' or 'YYYY'.
      CREATE INDEX players_birth_year_name ON players(substr(birth_date, 1, 4), name_folded, status);
      CREATE INDEX players_title_name ON players(title, name_folded, status);
      -- fide_id's UNIQUE index stays (it enforces uniqueness); this one carries status for the sorted pages.
      CREATE INDEX players_fide_id_status ON players(fide_id, status);
    `)
  }
}
