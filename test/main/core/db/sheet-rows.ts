// What the specs of the migrations that rebuild office_list_sheets (16, 20) write and read: real calculation sheets
// of three players of a FIDE 2024 list (one a newcomer with 3 games, who gets no line: an unlisted sheet), the lists
// holding them, and the table's rows in key order.
import type Database from 'better-sqlite3'
import { deflateSync } from 'node:zlib'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'
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

/**
 * Three players and four lists: 1 a reference list; 2 a published office list, one sheet compact, one deflated as
 * older databases stored it (and, with `unlisted`, the newcomer's unlisted sheet); 3 its published new version; 4 a
 * draft.
 */
export function seedSheetLists(db: Database.Database, o: { unlisted: boolean }): void {
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', '', 'p')")
  for (let i = 1; i <= 3; i++) player.run(i)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status, version, supersedes_id) VALUES (?, ?, ?, 'standard', 'FIDE', 'draft', ?, ?)")
  const sheet = db.prepare('INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const [s1, s2] = [sheetOf(1), sheetOf(2)]
  db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2024-06-01', 'standard', 'FIDE', 'reference')").run()
  list.run(2, 'office', '2024-07-01', 1, null)
  sheet.run(2, 1, 'up', 1600, 8, '[1]', packSheet(s1))
  sheet.run(2, 2, 'down', 1700, -8, '[1]', deflateSync(Buffer.from(JSON.stringify(s2)), { level: 1 }))
  if (o.unlisted) sheet.run(2, 3, 'unlisted', null, null, '[1]', packSheet(sheetOf(3)))
  list.run(3, 'office', '2024-07-01', 2, 2)
  sheet.run(3, 1, 'unchanged', 1600, 0, '[1]', packSheet(s1))
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-07-02T00:00:00Z' WHERE id IN (2, 3)").run()
  list.run(4, 'office', '2024-08-01', 1, null)
  sheet.run(4, 2, 'inactive', 1692, 0, '[]', packSheet(s2))
}

/** The SQL of a schema object, undefined when there is none. */
export const schemaOf = (db: Database.Database, name: string): string | undefined => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string | undefined
