// The calculation sheet of a player the period touched who gets no line on the list ('unlisted'), FIDE 2024: why he is
// not on it, with the figures, and what happens to his games. Worked by hand from regulations.md:
// - § 4.3: Ra = (Σ rated opponents + 2 × 1800) / (n + 2), p = (W + 1) / (n + 2), Ru = Ra + dp(p) rounded; published only
//   with ≥ 5 games against rated opponents within 26 months and Ru ≥ 1400 (§ 1, table: floor 1400, "first rating needs");
// - § 2, table 8.1a: p .50 → dp 0; p .21 → dp −dp(.79) = −230;
// - § 5: below the floor shown once as delisted, then unrated.
import { describe, expect, it } from 'vitest'
import { generateList, windowLeavesOn } from '../../../../src/main/core/lists/generate'
import { monthsBetween } from '../../../../src/main/core/engine/unrated'
import type { CalculationSheet, GenerationInput } from '../../../../src/main/core/lists/types'
import { byId, ed, entry, facts, generator, sheetOf, tournament } from './helpers'

const E24 = ed('fide-2024')
const [A, B, C, D1, D2, D3, D4, D5] = [1, 2, 3, 4, 5, 6, 7, 8]
/** U: 3 games; V: 5 games, Ru under the floor; Z: only an unrated opponent; DL: delisted on the base; W, X: window only. */
const [U, V, Z, DL, W, X] = [11, 12, 13, 14, 15, 16]
const ids = [A, B, C, D1, D2, D3, D4, D5, U, V, Z, DL, W, X]
const gen = generator(E24, [E24], ids.map((id) => facts(id, '1990')))
const base: GenerationInput['base'] = {
  listId: 500,
  listDate: '2024-06-01',
  entries: [entry(A, 1600), entry(B, 1700), entry(C, 1800), ...[D1, D2, D3, D4, D5].map((d) => entry(d, 1400)), entry(DL, 1390, { status: 'delisted' })]
}
// June: U draws A, beats B, loses to C (and meets unrated Z: not counted); V draws D1 and loses to D2–D5
const june = tournament(
  { id: 61, start: '2024-06-10', end: '2024-06-14', edition: 'fide-2024' },
  [[1, A, 1600, 500], [2, B, 1700, 500], [3, C, 1800, 500], [4, U, null, null], [5, Z, null, null], [6, V, null, null], [7, D1, 1400, 500], [8, D2, 1400, 500], [9, D3, 1400, 500], [10, D4, 1400, 500], [11, D5, 1400, 500]],
  [[1, 4, 1, '='], [2, 4, 2, '1-0'], [3, 4, 3, '0-1'], [4, 4, 5, '1-0'], [1, 6, 7, '='], [2, 6, 8, '0-1'], [3, 6, 9, '0-1'], [4, 6, 10, '0-1'], [5, 6, 11, '0-1']]
)
const window: GenerationInput['window'] = [
  // W: two games in May, nothing this period; X: an event of April 2022, 26 months before the list: it leaves
  { playerId: W, firstEventDone: true, events: [{ tournamentId: 51, name: 'May Open', start: '2024-05-05', editionId: 'fide-2024', listDate: '2024-06-01', n: 2, w: 1, sumOpponents: 3400 }] },
  { playerId: X, firstEventDone: true, events: [{ tournamentId: 21, name: 'Spring 2022', start: '2022-04-10', editionId: 'fide-2024', listDate: '2022-05-01', n: 4, w: 2, sumOpponents: 6400 }] }
]

describe('sheets of the players without a line (unlisted), FIDE 2024', () => {
  const jul = gen('2024-07-01', base, [june], window)
  const sheet = (id: number): CalculationSheet => sheetOf(jul, id)!

  it('gives no line to U, V, Z, DL, X, W: the entries are the rated players only', () => {
    expect([...byId(jul).keys()]).toEqual([A, B, C, D1, D2, D3, D4, D5])
    expect(jul.counters).toMatchObject({ players: 8, newlyRated: 0, delisted: 0 })
  })

  it('U, 3 games: Ra (5100 + 3600) / 5 = 1740, p 2.5 / 5 = .50, dp 0: Ru 1740, but fewer than the 5 games required', () => {
    const s = sheet(U)
    expect(s).toMatchObject({ status: null, rating: null })
    expect(s.firstRating).toMatchObject({ ra: 1740, p: 0.5, dp: 0, ru: 1740, games: 3, published: false })
    // his games stay in the window: the June event counts for the lists dated before 10 August 2026 (26 months)
    expect(s.unlisted).toEqual({
      reason: 'too-few-games',
      games: 3,
      minGames: 5,
      ru: 1740,
      floor: 1400,
      carried: 1,
      windowUntil: '2026-08-10',
      text: 'not on the list: 3 game(s) towards a first rating, fewer than the 5 required; his games stay in the window (1 event(s)); the earliest counts for the lists dated before 2026-08-10'
    })
    // the game against unrated Z is on his sheet, not counted, and why
    expect(s.tournaments[0]!.games.find((g) => g.round === 4)).toMatchObject({ counted: false, notCounted: 'unrated-opponent' })
  })

  it('V, 5 games ½ point against five 1400s: Ra 10600 / 7 = 1514.29, p 1.5 / 7 = .21, dp −230: Ru 1284, below the floor 1400', () => {
    const s = sheet(V)
    expect(s.firstRating).toMatchObject({ ra: 1514.29, p: 0.21, dp: -230, ru: 1284, games: 5, published: false })
    expect(s.unlisted).toMatchObject({ reason: 'below-floor', games: 5, minGames: 5, ru: 1284, floor: 1400, carried: 1, windowUntil: '2026-08-10' })
    expect(s.unlisted!.text).toContain('first rating 1284 below the floor 1400')
  })

  it('Z met only an unrated player: no event counts, nothing carried', () => {
    expect(sheet(Z).unlisted).toMatchObject({ reason: 'no-counted-event', games: null, ru: null, carried: 0, windowUntil: null })
    expect(sheet(Z).tournaments).toHaveLength(1)
  })

  it('DL, delisted on the base list, now unrated; X, whose April 2022 event left the 26-month window', () => {
    expect(sheet(DL)).toMatchObject({ base: { rating: 1390, status: 'delisted' }, status: null, unlisted: { reason: 'was-delisted', carried: 0 } })
    expect(sheet(X).unlisted).toMatchObject({ reason: 'window-expired', carried: 0, windowUntil: null })
    expect(sheet(X).notes.map((n) => n.text)).toContain('1 event(s) older than 26 months left the window')
  })

  it('W, whose window is carried with nothing new, has no sheet (his games stay in the window)', () => {
    expect(sheetOf(jul, W)).toBeUndefined()
    expect(jul.window.find((w) => w.playerId === W)!.events).toHaveLength(1)
    // U and V carry their June event; the next list without games for them gives them no sheet, the window stays
    const aug = gen('2024-08-01', { listId: 501, listDate: '2024-07-01', entries: jul.entries }, [], jul.window)
    expect(sheetOf(aug, U)).toBeUndefined()
    expect(aug.window.find((w) => w.playerId === U)!.events.map((e) => e.tournamentId)).toEqual([61])
  })

  it('the sink gets the same sheets, each unlisted one with no entry, and the same checksum', () => {
    const lines: Array<[number, boolean, CalculationSheet | null]> = []
    const r = generateList({ listDate: '2024-07-01', ratingType: 'standard', edition: E24, editions: [E24], base, tournaments: [june], window, players: ids.map((id) => facts(id, '1990')) }, {
      line: (e, s) => void lines.push([s?.playerId ?? e!.playerId, e !== null, s])
    })
    expect(r.checksum).toBe(jul.checksum)
    expect(lines.filter(([, hasEntry]) => !hasEntry).map(([id, , s]) => [id, s!.unlisted!.reason])).toEqual([
      [U, 'too-few-games'],
      [V, 'below-floor'],
      [Z, 'no-counted-event'],
      [DL, 'was-delisted'],
      [X, 'window-expired']
    ])
    expect(lines.map(([, , s]) => s).filter((s) => s !== null)).toEqual(jul.sheets)
  })

  it('Y, a first rating of 1564 withheld on FIDE’s list for want of a FIDE ID: unlisted, the reason the rule names', () => {
    // Y scores 3 of 5 against the five 1400s: Ra (7000 + 3600) / 7 = 1514.29, p (3 + 1) / 7 = .57, dp 50: 1564 ≥ 1400
    const Y = 17
    const t = tournament({ id: 62, start: '2024-06-20', end: '2024-06-24', edition: 'fide-2024' }, [[1, Y, null, null], [2, D1, 1400, 500], [3, D2, 1400, 500], [4, D3, 1400, 500], [5, D4, 1400, 500], [6, D5, 1400, 500]], [
      [1, 1, 2, '1-0'], [2, 1, 3, '1-0'], [3, 1, 4, '1-0'], [4, 1, 5, '0-1'], [5, 1, 6, '0-1']
    ])
    const input = { listDate: '2024-07-01', ratingType: 'standard' as const, edition: E24, editions: [E24], base, tournaments: [t], window: [], players: [...ids, Y].map((id) => facts(id, '1990')) }
    expect(byId(generateList(input)).get(Y)).toMatchObject({ rating: 1564, status: 'rated' })
    const barred = generateList({ ...input, unpublishable: [Y] })
    expect(byId(barred).get(Y)).toBeUndefined()
    expect(sheetOf(barred, Y)!.firstRating).toMatchObject({ ra: 1514.29, p: 0.57, dp: 50, ru: 1564, games: 5, published: false })
    expect(sheetOf(barred, Y)!.unlisted).toMatchObject({ reason: 'no-fide-id', games: 5, minGames: 5, ru: 1564, carried: 1, windowUntil: '2026-08-20' })
  })

  it('the window leaves an event out from start + its months (the first of the next month when that day does not exist)', () => {
    expect(windowLeavesOn('2024-06-10', 26)).toBe('2026-08-10')
    expect(monthsBetween('2024-06-10', '2026-08-09')).toBe(25)
    expect(monthsBetween('2024-06-10', '2026-08-10')).toBe(26)
    // 31 December + 26 months: 28 February 2026 is still a month short, 1 March is not
    expect(windowLeavesOn('2023-12-31', 26)).toBe('2026-03-01')
    expect(monthsBetween('2023-12-31', '2026-02-28')).toBe(25)
    expect(monthsBetween('2023-12-31', '2026-03-01')).toBe(26)
  })
})
