// What the specs of the migrations that rebuild office_list_sheets (16, 20) write and read: real calculation sheets
// of three players of a FIDE 2024 list (one a newcomer with 3 games, who gets no line: an unlisted sheet), and the
// table's rows in key order.
import type Database from 'better-sqlite3'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import { generateList } from '../../../../src/main/core/lists/generate'
import { ed, entry, facts, tournament } from '../lists/helpers'

const E24 = ed('fide-2024')
const result = generateList({
  listDate: '2024-07-01',
  ratingType: 'standard',
  edition: E24,
  editions: [E24],
  base: { listId: 1, listDate: '2024-06-01', entries: [entry(1, 1600), entry(2, 1700)] },
  tournaments: [tournament({ id: 1, start: '2024-06-10', end: '2024-06-12', edition: 'fide-2024' }, [[1, 1, 1600, 1], [2, 2, 1700, 1], [3, 3, null, null]], [[1, 1, 2, '1-0'], [2, 3, 1, '='], [3, 3, 2, '1-0']])],
  window: [],
  players: [facts(1, '1990'), facts(2, '1990'), facts(3, '1990')]
})

/** The sheet the list gives player 1, 2 or 3. */
export const sheetOf = (playerId: 1 | 2 | 3): CalculationSheet => result.sheets.find((x) => x.playerId === playerId)!

export type SheetRow = { list_id: number; player_id: number; kind: string; before_rating: number | null; change: number | null; tournaments: string; sheet: Buffer }

/** Every row of office_list_sheets in key order. */
export const sheetRows = (db: Database.Database): SheetRow[] =>
  db.prepare('SELECT list_id, player_id, kind, before_rating, change, tournaments, sheet FROM office_list_sheets ORDER BY list_id, player_id').all() as SheetRow[]
