// List generation cases: month slices of a long event, games excluded by a finding, titled unrated players, a round
// robin with an unrated player, an imported K column, the 2024 rapid 600-point rule, the window's 26 months.
import { describe, expect, it } from 'vitest'
import { generateList } from '../../../../src/main/core/lists/generate'
import type { GenerationInput } from '../../../../src/main/core/lists/types'
import { asBase, byId, ed, entry, facts, sheetOf, tournament } from './helpers'

const E14 = ed('fide-2014')
const A = 1, B = 2, D1 = 3, D2 = 4, T = 5, W = 6, I = 7, J = 8, V = 9
const R1 = 31, R2 = 32, R3 = 33, U = 34
const players = [A, B, D1, D2, I, J, V, R1, R2, R3, U].map((id) => facts(id, '1980')).concat([facts(T, '1980', 'M', 'FM'), facts(W, '1990', 'F', 'WFM')])
const base0: GenerationInput['base'] = {
  listId: 100,
  listDate: '2015-01-01',
  entries: [
    entry(A, 2000, { k: 20 }),
    entry(B, 1900, { k: 20 }),
    entry(D1, 2100, { k: 20 }),
    entry(D2, 2000, { k: 20 }),
    entry(T, 990, { k: 20, status: 'delisted', title: 'FM' }),
    // an imported list: K printed, games so far unknown
    entry(I, 1700, { k: 40, ratedGamesToDate: null, highestRating: null }),
    entry(J, 1700, { k: 20, ratedGamesToDate: null, highestRating: null }),
    entry(R1, 2000, { k: 20 }),
    entry(R2, 2000, { k: 20 }),
    entry(R3, 2000, { k: 20 })
  ]
}
const slice1 = { month: '2015-01', rounds: [1, 2], last: false }
const slice2 = { month: '2015-02', rounds: [3], last: true }
// a 47-day event: January's rounds with list 100, February's with list 101 (regulations.md § 5)
const t71a = tournament({ id: 71, start: '2015-01-05', end: '2015-02-20', edition: 'fide-2014', slice: slice1 }, [[1, A, 2000, 100], [2, B, 1900, 100]], [[1, 1, 2, '1-0'], [2, 2, 1, '=']])
const t72 = tournament(
  { id: 72, start: '2015-01-10', end: '2015-01-11', edition: 'fide-2014', excluded: [{ round: 1, startRank: 1, code: 'tc-minimum', reason: 'game below the time-control minimum' }, { round: 1, startRank: 2, code: 'tc-minimum', reason: 'game below the time-control minimum' }] },
  [[1, D1, 2100, 100], [2, D2, 2000, 100], [3, W, null, null]],
  [[1, 1, 2, '1-0'], [2, 2, 1, '1-0'], [3, 3, 2, '=']]
)
const t73 = tournament({ id: 73, start: '2015-01-17', end: '2015-01-18', edition: 'fide-2014', system: 'round-robin' }, [[1, R1, 2000, 100], [2, R2, 2000, 100], [3, R3, 2000, 100], [4, U, null, null]], [
  [1, 1, 2, '='], [1, 3, 4, '='], [2, 1, 3, '='], [2, 2, 4, '='], [3, 1, 4, '='], [3, 2, 3, '=']
])
const t74 = tournament({ id: 74, start: '2015-01-24', end: '2015-01-24', edition: 'fide-2014' }, [[1, I, 1700, 100], [2, J, 1700, 100]], [[1, 1, 2, '1-0']])
const oldEvent = { tournamentId: 1, name: 'Old open', start: '2012-12-01', editionId: 'fide-2014', listDate: '2013-01-01', n: 3, w: 1, sumOpponents: 5400 }

describe('list generation cases (FIDE 2014)', () => {
  const l1 = generateList({ listDate: '2015-02-01', ratingType: 'standard', edition: E14, editions: [E14], base: base0, tournaments: [t71a, t72, t73, t74], window: [{ playerId: V, firstEventDone: true, events: [oldEvent] }], players })
  const e1 = byId(l1)

  it('a month slice: January’s rounds with list 100; the event is not complete yet', () => {
    // A vs B D=100 PD .64: win +.36, draw −.14: 20 × .22 = 4.4 → 4
    expect(e1.get(A)).toMatchObject({ rating: 2004, games: 2 })
    expect(e1.get(B)).toMatchObject({ rating: 1896 })
    expect(l1.tournaments.find((t) => t.tournamentId === 71)).toEqual({ tournamentId: 71, complete: false, players: 2, games: 2 })
    expect(sheetOf(l1, A)!.tournaments[0]!.slice).toEqual(slice1)
    expect(sheetOf(l1, A)!.tournaments[0]!.notes[0]!.text).toContain('the rounds of 2015-01 (1, 2)')
    // February's round with list 101 (A 2004, B 1896): D=108 PD .65: A loses −.65 × 20 = −13: 1991; B +13: 1909
    const t71b = tournament({ id: 71, start: '2015-01-05', end: '2015-02-20', edition: 'fide-2014', slice: slice2 }, [[1, A, 2004, 101], [2, B, 1896, 101]], [[3, 1, 2, '0-1']])
    const l2 = generateList({ listDate: '2015-03-01', ratingType: 'standard', edition: E14, editions: [E14], base: asBase(l1, 101), tournaments: [t71b], window: l1.window, players })
    expect(byId(l2).get(A)).toMatchObject({ rating: 1991, games: 1 })
    expect(byId(l2).get(B)).toMatchObject({ rating: 1909 })
    expect(l2.tournaments).toEqual([{ tournamentId: 71, complete: true, players: 2, games: 1 }])
    expect(sheetOf(l2, A)!.tournaments[0]).toMatchObject({ ratingListId: 101, slice: slice2 })
  })

  it('a game excluded by a finding is left out, and the sheet says why', () => {
    // only round 2 counts: D2 beats D1, D=100 PD .64: D1 −.64 × 20 = −12.8 → −13: 2087; D2 +13: 2013
    expect(e1.get(D1)).toMatchObject({ rating: 2087, games: 1 })
    expect(e1.get(D2)).toMatchObject({ rating: 2013, games: 1 })
    const g = sheetOf(l1, D1)!.tournaments[0]!.games
    expect(g[0]).toMatchObject({ round: 1, counted: false, notCounted: 'finding', note: 'tc-minimum: game below the time-control minimum' })
    expect(g[1]).toMatchObject({ round: 2, counted: true, opponentRating: 2000, pd: 0.64, chg: -0.64 })
    expect(l1.tournaments.find((t) => t.tournamentId === 72)!.games).toBe(2)
  })

  it('titled unrated players are listed apart: a delisted FM, a new WFM', () => {
    expect(e1.get(T)).toMatchObject({ rating: null, status: 'titled-unrated', title: 'FM', k: null })
    // W drew with D2 (0.5 against 2000): one game in her window, titled and unrated
    expect(e1.get(W)).toMatchObject({ rating: null, status: 'titled-unrated', title: 'WFM', flags: null })
    expect(l1.window.find((x) => x.playerId === W)!.events).toEqual([expect.objectContaining({ n: 1, w: 0.5, sumOpponents: 2000 })])
    expect(l1.counters.titledUnrated).toBe(2)
  })

  it('a round robin with an unrated player: his Ru from the iterative method, counted for the rated players (§ 8.58)', () => {
    // all draws among 2000s: Rar 2000, dpa 0, Ra = 2000 − 0 × 3/4 = 2000; 50 %: Ru 2000; rated players count 3 games
    expect(e1.get(R1)).toMatchObject({ rating: 2000, games: 3 })
    expect(sheetOf(l1, R1)!.tournaments[0]!.games.find((g) => g.opponentId === U)).toMatchObject({ counted: true, opponentRating: 2000 })
    expect(l1.window.find((x) => x.playerId === U)!.events).toEqual([expect.objectContaining({ n: 3, w: 1.5, ru: 2000, sumOpponents: 6000 })])
    expect(sheetOf(l1, U)!.tournaments[0]!.event).toEqual({ ra: 2000, ru: 2000, n: 3, w: 1.5 })
  })

  it('an imported K column is authoritative; a new-player K there counts games from the base list', () => {
    // I: K 40 as printed; D 0 PD .50 win +.5: 20: 1720; J: K 20: −10: 1690
    expect(e1.get(I)).toMatchObject({ rating: 1720, k: 40, ratedGamesToDate: 1 })
    expect(e1.get(J)).toMatchObject({ rating: 1690, k: 20, ratedGamesToDate: null })
    expect(sheetOf(l1, I)!.tournaments[0]!.notes.some((n) => n.text.startsWith('K 40 from the base list (list 100)'))).toBe(true)
  })

  it('an event more than 26 months old leaves the window (2014 § 7.14c)', () => {
    expect(l1.window.find((x) => x.playerId === V)).toEqual({ playerId: V, firstEventDone: true, events: [] })
    expect(sheetOf(l1, V)!.notes[0]!.text).toBe('1 event(s) older than 26 months left the window')
  })

  it('the base list in any order gives the same list; of two lines of one player the later counts', () => {
    // the lines are looked up in the base sorted by player (as read from the database); a base given otherwise is
    // sorted first: every line, sheet, window and the checksum the same
    const again = (entries: GenerationInput['base']['entries']) =>
      generateList({ listDate: '2015-02-01', ratingType: 'standard', edition: E14, editions: [E14], base: { ...base0, entries }, tournaments: [t71a, t72, t73, t74], window: [{ playerId: V, firstEventDone: true, events: [oldEvent] }], players })
    const reversed = again([...base0.entries].reverse())
    expect(reversed).toEqual(l1)
    expect(reversed.checksum).toBe(l1.checksum)
    // an earlier line of A (1500) before his own (2000): his own counts, A's 2004 as above
    const twice = again([entry(A, 1500, { k: 40 }), ...base0.entries])
    expect(byId(twice).get(A)).toMatchObject({ rating: 2004, games: 2, k: 20 })
    expect(twice).toEqual(l1)
  })

  it('a base given up (releaseBase) gives the same lines, sheets and base lines to the sink, and is emptied as they are written', () => {
    type Line = [unknown, unknown, unknown]
    const run = (releaseBase: boolean) => {
      const entries = base0.entries.map((e) => ({ ...e }))
      const lines: Line[] = []
      const r = generateList(
        { listDate: '2015-02-01', ratingType: 'standard', edition: E14, editions: [E14], base: { ...base0, entries }, tournaments: [t71a, t72, t73, t74], window: [{ playerId: V, firstEventDone: true, events: [oldEvent] }], players, ...(releaseBase ? { releaseBase: true as const } : {}) },
        { line: (e, s, b) => void lines.push(JSON.parse(JSON.stringify([e, s, b ?? null])) as Line) }
      )
      return { r, lines, entries }
    }
    const kept = run(false)
    const given = run(true)
    expect(given.lines).toEqual(kept.lines)
    expect(given.r.checksum).toBe(l1.checksum)
    expect(given.r).toEqual(kept.r)
    // every base line passed to the sink as it was, then dropped; the array kept its length
    expect(kept.lines.filter(([, , b]) => b !== null)).toHaveLength(base0.entries.length)
    expect(given.entries).toHaveLength(base0.entries.length)
    expect(given.entries.every((e) => e === undefined)).toBe(true)
    expect(kept.entries.every((e) => e !== undefined)).toBe(true)
  })

  it('a sheet’s tournaments keep the keys of the tournament the engine’s rating made, in their order (the encoder’s shape)', () => {
    // composeLine writes a line's notes, K and games into copies of the tournaments made while the period was rated
    // (generate.ts, ownWork); the sheets' encoder writes a tournament by its shape only when its keys are these, in order
    const keys = ['tournamentId', 'name', 'start', 'end', 'edition', 'system', 'late', 'slice', 'rating', 'ratingListId', 'n', 'w', 'we', 'chg', 'k', 'kChg', 'event', 'games', 'notes']
    const tournaments = l1.sheets.flatMap((s) => s.tournaments)
    expect(tournaments.length).toBeGreaterThanOrEqual(10)
    for (const t of tournaments) expect(Object.keys(t)).toEqual(keys)
    // the copies carry what the line wrote: A's K and his games in January's slice
    const a = sheetOf(l1, A)!.tournaments[0]!
    expect(a).toMatchObject({ tournamentId: 71, k: 20 })
    expect(a.games.map((g) => g.round)).toEqual([1, 2])
  })

  it('2024 rapid: from 1 December 2024 a game with a difference of 600 or more beside a player above 2600 is not rated', () => {
    const E24 = ed('fide-2024')
    const [P1, P2, P3] = [41, 42, 43]
    const base: GenerationInput['base'] = { listId: 700, listDate: '2024-12-01', entries: [entry(P1, 2650, { k: 20 }), entry(P2, 2000, { k: 20 }), entry(P3, 2500, { k: 20 })] }
    const t = tournament({ id: 75, start: '2024-12-05', end: '2024-12-05', edition: 'fide-2024', ratingType: 'rapid' }, [[1, P1, 2650, 700], [2, P2, 2000, 700], [3, P3, 2500, 700]], [[1, 1, 2, '1-0'], [2, 1, 3, '1-0']])
    const r = generateList({ listDate: '2025-01-01', ratingType: 'rapid', edition: E24, editions: [E24], base, tournaments: [t], window: [], players: [facts(P1, '1990'), facts(P2, '1990'), facts(P3, '1990')] })
    // P1 vs P3: D 150 PD .70, win +.30 × 20 = 6: 2656; the game against P2 (difference 650) is not rated
    expect(byId(r).get(P1)).toMatchObject({ rating: 2656, games: 1 })
    expect(byId(r).get(P2)).toMatchObject({ rating: 2000, games: 0 })
    expect(sheetOf(r, P1)!.tournaments[0]!.games[0]).toMatchObject({ opponentId: P2, counted: false, notCounted: 'fast-game' })
  })

  it('FIDE 2017: a junior keeps K 40 to the end of the year of his 18th birthday, then K 20 (regulations.md § 1)', () => {
    const E17 = ed('fide-2017')
    const [Y, O] = [51, 52]
    const people = [facts(Y, '2000-04-01'), facts(O, '1980')]
    const base: GenerationInput['base'] = { listId: 800, listDate: '2018-11-01', entries: [entry(Y, 1900, { birthYear: 2000 }), entry(O, 1900, { k: 20 })] }
    const t = tournament({ id: 76, start: '2018-11-10', end: '2018-11-11', edition: 'fide-2017' }, [[1, Y, 1900, 800], [2, O, 1900, 800]], [[1, 1, 2, '1-0']])
    // Y: 18 in 2018, below 2300: K 40; D 0 PD .50 win +.5: 20: 1920; still 2018 on 1 Dec: K 40 printed
    const r1 = generateList({ listDate: '2018-12-01', ratingType: 'standard', edition: E17, editions: [E17], base, tournaments: [t], window: [], players: people })
    expect(byId(r1).get(Y)).toMatchObject({ rating: 1920, k: 40 })
    expect(byId(r1).get(O)).toMatchObject({ rating: 1890, k: 20 })
    // on 1 Jan 2019 he is past the year of his 18th birthday: K 20 printed
    const r2 = generateList({ listDate: '2019-01-01', ratingType: 'standard', edition: E17, editions: [E17], base: asBase(r1, 801), tournaments: [], window: [], players: people })
    expect(byId(r2).get(Y)).toMatchObject({ rating: 1920, k: 20 })
    expect(sheetOf(r2, Y)!.kNext.note!.text).toBe('K 20: normal')
  })
})
