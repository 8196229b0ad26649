// Whose calculation sheet stands behind a line after merges, read both ways: SHEET_HOLDERS from a player to the sheets
// he holds (the office's sheet, the archive, a player's page on the website) and sheetHolderOn from every sheet of a
// list to its holder (a list's pages of sheets on the website). The two must give every record the same sheets, or a
// player's page and his list's page of sheets would explain his line with different sheets.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { mergePlayers } from '../../../../src/main/core/data/player-merges'
import { HOLDER_SHEET, SHEET_HOLDERS, sheetHolderOn } from '../../../../src/main/core/data/sheet-holders'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const A = 1
const B = 2
const C = 3
const D = 4

/**
 * Three monthly lists, each line with its sheet: C on all three, B on the second, A on the third, D on the first.
 * C is B under a second record (merged into B: his lines of the first and third lists move, the second stays his as B
 * has one there), then B is A (merged into A: the first and second move, the third stays B's as A has one there).
 */
function office(): Db {
  const db = openDatabase(tmp.file('holders.db'))
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded, federation) VALUES (?, ?, 'Luc', ?, 'FRA')")
  for (const [id, name] of [[A, 'Aubert'], [B, 'Bernard'], [C, 'Bernard'], [D, 'Durand']] as const) player.run(id, name, `${name.toLowerCase()} luc`)
  const lines: [number, number[]][] = [
    [1, [C, D]],
    [2, [B, C]],
    [3, [A, C]]
  ]
  for (const [list, players] of lines) {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status, edition) VALUES (?, 'office', ?, 'standard', 'FRA', 'draft', 'fide-2024')").run(list, `2026-0${list}-01`)
    for (const p of players) {
      db.prepare("INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, federation, entry_status) VALUES (?, ?, ?, 5, 20, 'FRA', 'rated')").run(list, p, 1600 + 10 * p)
      db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, 'up', 1600, 0, '[1]', ?)").run(list, p, Buffer.from([list, p]))
    }
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = ? WHERE id = ?").run(`2026-0${list}-01T09:00:00.000Z`, list)
  }
  mergePlayers(db, B, C, 'one person, two records')
  mergePlayers(db, A, B, 'one person, two records')
  return db
}

describe('the holder of a sheet after merges', () => {
  it('follows the merges that moved its line, list by list, and agrees with what each record holds', () => {
    const db = office()
    const sheets = db.prepare('SELECT list_id, player_id FROM office_list_sheets ORDER BY list_id, player_id').raw().all() as [number, number][]
    const byList = sheets.map(([list, player]) => [list, player, sheetHolderOn(db, list)(player)])
    expect(byList).toEqual([
      // C's first line went to B, then to A; D's never moved
      [1, C, A],
      [1, D, D],
      // B's second line went to A; C's stayed his (B had one)
      [2, B, A],
      [2, C, C],
      // A's own; C's third went to B and stayed there (A had one)
      [3, A, A],
      [3, C, B]
    ])
    // SHEET_HOLDERS from every record, the merged ones too (the office's sheet and the CLI take any record): each sheet
    // held once, by its holder — a merged record holds no sheet of a line that moved on from him (B: none on the first
    // list, whose line, C's before, went on to A)
    const held = db
      .prepare(`WITH RECURSIVE ${SHEET_HOLDERS} SELECT h.root, s.list_id, s.player_id FROM holders h CROSS JOIN office_list_sheets s ON ${HOLDER_SHEET} ORDER BY 1, 2, 3`)
      .raw()
      .all({ players: JSON.stringify([A, B, C, D]) }) as [number, number, number][]
    expect(held).toEqual(byList.map(([list, player, holder]) => [holder, list, player]).sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!))
    db.close()
  })
})
