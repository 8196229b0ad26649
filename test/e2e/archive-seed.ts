// The archive the browser tests share: FIDE's lists of January and February 2024 (reference) and the office's own
// list of March 2024, published, each counted as the office counts them, with Müller's calculation sheet (one tournament, +18). Carlsen, Müller, Martin.
import type { Db } from '../../src/main/core/db/open'
import { packSheet } from '../../src/main/core/lists/stored-sheet'
import { storeListCounts } from '../../src/main/core/data/list-pages'

/** The ids of the three lists written (jan, feb, mar). */
export type ArchiveIds = Record<'jan' | 'feb' | 'mar', number>

/** Writes the archive into a new office database and answers its lists' ids. */
export function seedArchive(db: Db): ArchiveIds {
  const ids = {} as ArchiveIds
  const player = (fideId: number, surname: string, given: string, fed: string, sex: string, birth: string, title: string | null = null): number =>
    Number(
      db
        .prepare('INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date, title) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(fideId, surname, given, `${surname} ${given}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''), fed, sex, birth, title).lastInsertRowid
    )
  const list = (date: string): number =>
    Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(date).lastInsertRowid)
  const entry = (l: number, p: number, rating: number, games: number, k: number): void => {
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, ?)').run(l, p, rating, games, k)
  }
  const carlsen = player(1503014, 'Carlsen', 'Magnus', 'NOR', 'M', '1990', 'GM')
  const muller = player(4600010, 'Müller', 'Anna', 'GER', 'F', '2001', 'WFM')
  const martin = player(651002, 'Martin', 'Léa', 'FRA', 'F', '2010')
  ids.jan = list('2024-01-01')
  entry(ids.jan, carlsen, 2830, 0, 10)
  entry(ids.jan, muller, 1850, 9, 40)
  ids.feb = list('2024-02-01')
  entry(ids.feb, carlsen, 2830, 0, 10)
  entry(ids.feb, muller, 1872, 7, 40)
  entry(ids.feb, martin, 1450, 12, 40)
  // each reference list counted as its import ends it
  storeListCounts(db, ids.jan)
  storeListCounts(db, ids.feb)
  // the office's own list of March, published, with Müller's calculation sheet: one tournament, +18
  ids.mar = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status, edition) VALUES ('office', '2024-03-01', 'standard', 'GER', 'draft', 'fide-2024')").run().lastInsertRowid)
  entry(ids.mar, carlsen, 2830, 0, 10)
  entry(ids.mar, muller, 1890, 12, 40)
  entry(ids.mar, martin, 1450, 12, 40)
  const sheet = {
    playerId: muller,
    listDate: '2024-03-01',
    edition: 'fide-2024',
    base: { listId: ids.feb, rating: 1872, k: 40, status: 'rated', flags: null },
    tournaments: [
      { tournamentId: 9001, name: 'Bundesliga Open', start: '2024-02-03', end: '2024-02-11', edition: 'fide-2024', system: 'swiss', late: false, slice: null, rating: 1872, ratingListId: ids.feb, n: 5, w: 3.5, we: 3.05, chg: 0.45, k: 40, kChg: 18, event: null, games: [], notes: [] }
    ],
    periodGames: 5,
    changeExact: 18,
    change: 18,
    compression: null,
    firstRating: null,
    rating: 1890,
    status: 'rated',
    flags: null,
    kNext: { k: 40, note: null },
    notes: []
  }
  db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, 'up', 1872, 18, '[9001]', ?)").run(ids.mar, muller, packSheet(sheet))
  // counted as its generation writes its last line, from February's list
  storeListCounts(db, ids.mar, ids.feb)
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-03-01T09:00:00Z' WHERE id = ?").run(ids.mar)
  return ids
}
