// An event longer than 30 days (regulations.md § 5) in an office list: each month's rounds rated with the list valid
// for that month; a month not yet played stays for a later list, and the tournament is rated with its last month.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { importFideList } from '../../../../src/main/core/registry/import'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { publishList } from '../../../../src/main/core/services/list-publication'
import { readSheet } from '../../../../src/main/core/data/list-reads'
import { tempDir } from '../../../helpers/temp-db'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { PLAYERS, importApproved, trf } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let s: Services
let tid = 0
const lists: Record<string, number> = {}

function fideList(date: string, bump: number): number {
  const file = writeCombinedList(
    tmp.file(`list-${date}.txt`),
    (['A', 'B', 'C', 'D'] as const).map((k) => PLAYERS[k]).map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: p.sex, standard: { rating: p.rating + bump, games: 0, k: p.k }, birthYear: p.birth }))
  )
  importFideList(s.ctx.db, { file, listDate: date })
  return s.ctx.db.prepare("SELECT id FROM rating_lists WHERE list_date = ? AND rating_type = 'standard'").pluck().get(date) as number
}

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
  lists.sep = fideList('2025-09-01', 0)
  lists.oct = fideList('2025-10-01', 10)
  // three rounds: 25 September, 10 October, 20 November (a league over two months)
  tid = await importApproved(s, trf('Club League', '2025-09-25', '2025-11-20', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 'league.trf')
  const dates: Record<number, string> = { 1: '2025-09-25', 2: '2025-10-10', 3: '2025-11-20' }
  const put = s.ctx.db.prepare('INSERT OR REPLACE INTO tournament_rounds (tournament_id, round, date) VALUES (?, ?, ?)')
  for (const [round, date] of Object.entries(dates)) put.run(tid, Number(round), date)
}, 120_000)
afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('a tournament rated month by month', () => {
  it('rates the September and October rounds in the November list, each with its month’s list, and keeps it open', () => {
    const nov = generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' })
    expect(nov.tournaments).toMatchObject([{ tournamentId: tid, firstRound: 1, lastRound: 2, final: false, late: false }])
    const a = s.ctx.db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(PLAYERS.A.id) as number
    const sh = readSheet(s.ctx.db, nov.listId, a) as { tournaments: { rating: number; ratingListId: number; slice: { month: string; rounds: number[] }; games: { round: number; opponentListId: number | null }[] }[] }
    // round 1 (September) with the September list, round 2 (October) with the October list: A is 2000, then 2010
    expect(sh.tournaments.map((t) => [t.slice.month, t.slice.rounds, t.rating, t.ratingListId])).toEqual([
      ['2025-09', [1], 2000, lists.sep],
      ['2025-10', [2], 2010, lists.oct]
    ])
    publishList(s.ctx.db, nov.listId, null)
    expect(s.ctx.db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(tid)).toBe('approved')
  })

  it('rates the last month in the December list and the tournament becomes rated there; a correction carried the FIDE way is added once', () => {
    const db = s.ctx.db
    const b = db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(PLAYERS.B.id) as number
    const novId = db.prepare("SELECT id FROM rating_lists WHERE kind = 'office' AND list_date = '2025-11-01'").pluck().get() as number
    const novRating = db.prepare('SELECT rating FROM rating_list_entries WHERE list_id = ? AND player_id = ?').pluck().get(novId, b) as number
    // a correction recorded for the next list (lists:correct mode next-list writes such a row)
    db.prepare("INSERT INTO office_list_adjustments (source_list_id, player_id, delta, reason) VALUES (?, ?, 5, 'round 2 result corrected')").run(novId, b)
    const dec = generateDraft(s.ctx.db, { listDate: '2025-12-01', ratingType: 'standard' })
    const sheet = readSheet(db, dec.listId, b) as { change: number; notes: { ref: string; text: string }[] }
    const decRating = db.prepare('SELECT rating FROM rating_list_entries WHERE list_id = ? AND player_id = ?').pluck().get(dec.listId, b) as number
    expect(decRating).toBe(novRating + 5 + sheet.change)
    expect(sheet.notes.map((n) => n.text)).toContain('+5 carried into this list (FIDE practice): round 2 result corrected')
    const row = db.prepare('SELECT kind, before_rating AS before, change FROM office_list_sheets WHERE list_id = ? AND player_id = ?').get(dec.listId, b) as { before: number; change: number }
    expect(row).toMatchObject({ before: novRating, change: 5 + sheet.change })
    expect(dec.tournaments).toMatchObject([{ tournamentId: tid, firstRound: 3, lastRound: 3, final: true }])
    publishList(s.ctx.db, dec.listId, null)
    expect(s.ctx.db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(tid)).toBe('rated')
    // carried once: marked with the list that published it, and kept as it was
    expect(db.prepare('SELECT applied_list_id FROM office_list_adjustments').pluck().all()).toEqual([dec.listId])
    expect(() => db.prepare('UPDATE office_list_adjustments SET delta = 6').run()).toThrow(/kept as it was/)
    expect(() => db.prepare('DELETE FROM office_list_adjustments').run()).toThrow(/kept for ever/)
  })
})
