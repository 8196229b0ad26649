// touchedPlayers: the players whose lines a big list's helper computes, on a real temporary database. Every place
// of the period's tournaments (a player in several counted once, an unmatched place none), the base's window, the
// merges and the corrections: sorted, each once.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { touchedPlayers, type BaseListRef } from '../../../../src/main/core/data/base-list'
import type { PendingAdjustment } from '../../../../src/main/core/lists/corrections'
import type { PeriodTournamentRow } from '../../../../src/main/core/data/period-tournaments'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('touchedPlayers', () => {
  const db = openDatabase(tmp.file('touched.db'))
  const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, 'P', 'G', 'p g')")
  const tournament = db.prepare(
    "INSERT INTO tournaments (id, name, start_date, end_date, system, rating_type, rounds, header, status) VALUES (?, ?, '2025-10-02', '2025-10-04', 'swiss', 'standard', 5, '{}', 'approved')"
  )
  const place = db.prepare("INSERT INTO tournament_players (tournament_id, start_rank, player_id, match_status, fide_id, name) VALUES (?, ?, ?, 'fide-id', NULL, 'P')")
  db.transaction(() => {
    for (let id = 1; id <= 60; id++) player.run(id)
    // tournament 1: players 40, 3, 17; 2: 17 again, 3, and a place matched to nobody; 3 (not in the period): 55
    for (const [t, ids] of [
      [1, [40, 3, 17]],
      [2, [17, null, 3, 21]],
      [3, [55]]
    ] as [number, (number | null)[]][]) {
      tournament.run(t, `T${t}`)
      ids.forEach((id, i) => place.run(t, i + 1, id))
    }
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2025-10-01', 'standard', 'FIDE', 'reference'), (2, 'office', '2025-10-01', 'standard', 'FIDE', 'draft')").run()
    // the unrated window an office list leaves
    for (const id of [21, 9]) db.prepare("INSERT INTO office_list_window (list_id, player_id, data) VALUES (2, ?, '{}')").run(id)
  })()
  const rows = [{ id: 1 }, { id: 2 }] as PeriodTournamentRow[]
  const adjustments = [{ id: 1, playerId: 50, delta: 5, reason: 'r', sourceListId: 1 }, { id: 2, playerId: 3, delta: -5, reason: 'r', sourceListId: 1 }] as PendingAdjustment[]
  const ref = (id: number, kind: BaseListRef['kind']): BaseListRef => ({ id, kind, listDate: '2025-10-01', closingDate: '2025-09-30', source: 'FIDE' })

  it('gives the period’s players, the merges and the corrections, sorted and each once', () => {
    expect(Array.from(touchedPlayers(db, ref(1, 'reference'), rows, adjustments, [60, 17, 60]))).toEqual([3, 17, 21, 40, 50, 60])
  })

  it('adds the window of an office base list, and nothing for no tournament', () => {
    expect(Array.from(touchedPlayers(db, ref(2, 'office'), rows, [], []))).toEqual([3, 9, 17, 21, 40])
    expect(Array.from(touchedPlayers(db, ref(2, 'office'), [], [], []))).toEqual([9, 21])
    expect(touchedPlayers(db, ref(1, 'reference'), [], [], [])).toHaveLength(0)
  })
})
