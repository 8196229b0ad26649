// A four-player Swiss of May 2011 (2010 rules) and the FIDE list in force at its start, for the rating preview's tests:
// a forfeit, an unrated player in his first event with no point, and a 410-point difference the cap brings to 400.
import type { Db } from '../../src/main/core/db/open'

/** TRF16 001 record (the writer's columns): rank, name, rating, FIDE ID, points, then per round opponent, colour, result. */
function line(rank: number, name: string, rating: number | null, fideId: number, points: number, rounds: [number, string, string][]): string {
  let s = '001 ' + String(rank).padStart(4) + ' m    ' + name.padEnd(33) + ' ' + (rating ? String(rating).padStart(4) : '    ') + ' SUI ' + String(fideId).padStart(11) + ' 1980/01/01 ' + points.toFixed(1).padStart(4) + ' ' + String(rank).padStart(4)
  for (const [opp, colour, result] of rounds) s += '  ' + String(opp).padStart(4) + ' ' + colour + ' ' + result
  return s
}

/** Round 1: A–C 1-0, B–D 1-0. Round 2: A–B ½-½, C–D 1-0. Round 3: A wins by forfeit against D, B–C 1-0. */
export const SWISS_OF_FOUR_TRF =
  [
    '012 Swiss of Four',
    '042 2011/05/01',
    '052 2011/05/03',
    '062 4',
    '092 Individual: Swiss-System',
    line(1, 'Alder, Anna', 2200, 700001, 2.5, [[3, 'w', '1'], [2, 'w', '='], [4, 'w', '+']]),
    line(2, 'Birch, Bruno', 2000, 700002, 2.5, [[4, 'w', '1'], [1, 'b', '='], [3, 'w', '1']]),
    line(3, 'Cedar, Carla', 1800, 700003, 1, [[1, 'b', '0'], [4, 'w', '1'], [2, 'b', '0']]),
    line(4, 'Dogwood, Dan', null, 700004, 0, [[2, 'b', '0'], [3, 'b', '0'], [1, 'b', '-']])
  ].join('\n') + '\n'

/**
 * The players in the registry and two reference lists: 2011-03-01, in force at the start (A 2210 K 15 — not the
 * file's 2200 —, B 2000 K 15, C 1800 K 30, D on no list), and 2011-07-01, after the start, never used (A 2300).
 */
export function seedSwissOfFourLists(db: Db): void {
  const ins = db.prepare('INSERT INTO players (fide_id, surname, given_names, name_folded) VALUES (?, ?, ?, ?)')
  for (const [id, s, g] of [[700001, 'Alder', 'Anna'], [700002, 'Birch', 'Bruno'], [700003, 'Cedar', 'Carla'], [700004, 'Dogwood', 'Dan']] as const) ins.run(id, s, g, `${s} ${g}`.toLowerCase())
  const list = (date: string) => Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(date).lastInsertRowid)
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, k) VALUES (?, (SELECT id FROM players WHERE fide_id = ?), ?, ?)')
  const inForce = list('2011-03-01')
  entry.run(inForce, 700001, 2210, 15)
  entry.run(inForce, 700002, 2000, 15)
  entry.run(inForce, 700003, 1800, 30)
  entry.run(list('2011-07-01'), 700001, 2300, 10)
}
