// Folding merged records on a base list (pure): which line stands, the person's carried state, windows, chains.
import { describe, expect, it } from 'vitest'
import { foldLines, foldMerges, foldsApplying } from '../../../../src/main/core/lists/fold'
import type { BaseEntry, UnratedWindow } from '../../../../src/main/core/lists/types'

const line = (playerId: number, o: Partial<BaseEntry> = {}): BaseEntry => ({
  playerId,
  rating: 1800,
  k: 20,
  games: 0,
  flags: null,
  status: 'rated',
  title: null,
  federation: 'SUI',
  birthYear: 1990,
  sex: 'M',
  ratedGamesToDate: 40,
  highestRating: 1850,
  trackedSince: '2025-01-01',
  recentGames: [],
  ...o
})
const ev = (tournamentId: number, start: string) => ({ tournamentId, name: `#${tournamentId}`, start, editionId: 'fide-2024', listDate: '2025-11-01', n: 3, w: 1.5, sumOpponents: 5400 })

describe('foldLines', () => {
  it("both rated: the kept record's line stands; career games added, the highest either published, the later tracking date, games per list added", () => {
    const keep = line(1, { rating: 2000, ratedGamesToDate: 40, highestRating: 2050, trackedSince: '2025-03-01', recentGames: [{ listDate: '2025-10-01', games: 3 }] })
    const drop = line(2, { rating: 2390, k: 40, ratedGamesToDate: 12, highestRating: 2410, trackedSince: '2025-01-01', federation: 'FRA', recentGames: [{ listDate: '2025-10-01', games: 2 }, { listDate: '2025-11-01', games: 4 }] })
    const f = foldLines(keep, drop)
    expect(f.from).toBe('keep')
    expect(f.line).toMatchObject({ playerId: 1, rating: 2000, k: 20, federation: 'SUI', ratedGamesToDate: 52, highestRating: 2410, trackedSince: '2025-03-01' })
    expect(f.line.recentGames).toEqual([
      { listDate: '2025-10-01', games: 5 },
      { listDate: '2025-11-01', games: 4 }
    ])
  })

  it("only the dropped record rated (the kept one delisted): its line stands under the kept id; unknown career games stay unknown", () => {
    const f = foldLines(line(1, { rating: 1350, status: 'delisted', ratedGamesToDate: null, highestRating: null }), line(2, { rating: 1720, highestRating: null }))
    expect(f.from).toBe('drop')
    expect(f.line).toMatchObject({ playerId: 1, rating: 1720, status: 'rated', ratedGamesToDate: null, highestRating: 1720 })
  })
})

describe('foldMerges', () => {
  it('folds only the merges whose dropped record is on the base or its window, keeps player order, joins the windows', () => {
    const entries = [line(1, { rating: 2000 }), line(3, { rating: 1600 }), line(5, { rating: 2200 }), line(9, { rating: 1500 })]
    const window: UnratedWindow[] = [
      { playerId: 7, firstEventDone: true, events: [ev(11, '2025-09-01')] },
      { playerId: 8, firstEventDone: false, events: [ev(12, '2025-08-01')] }
    ]
    const merges = [
      { mergeId: 1, keepId: 1, dropId: 3 }, // both on the base: one line (1's)
      { mergeId: 2, keepId: 4, dropId: 9 }, // only the dropped one: its line, under 4
      { mergeId: 3, keepId: 8, dropId: 7 }, // two windows: one, past the first event
      { mergeId: 4, keepId: 20, dropId: 21 } // neither: nothing
    ]
    const f = foldMerges(entries, window, merges)
    expect(f.entries.map((e) => [e.playerId, e.rating])).toEqual([
      [1, 2000],
      [4, 1500],
      [5, 2200]
    ])
    expect(f.window).toEqual([{ playerId: 8, firstEventDone: true, events: [ev(12, '2025-08-01'), ev(11, '2025-09-01')] }])
    expect(f.folded.map((m) => [m.mergeId, m.line])).toEqual([
      [1, 'keep'],
      [2, 'drop'],
      [3, 'none']
    ])
    expect(f.folded[0]!.text).toBe("player 3 merged into player 1 (merge 1): one person, one line — the line of record 1 (2000) stands; record 3's line (1600) ends, its games and state join")
    // the input is left as it was
    expect(entries.map((e) => e.playerId)).toEqual([1, 3, 5, 9])
  })

  it('follows a chain of merges in their order (3 into 1, then 1 into 2)', () => {
    const merges = [
      { mergeId: 1, keepId: 1, dropId: 3 },
      { mergeId: 2, keepId: 2, dropId: 1 }
    ]
    expect(foldsApplying(new Set([3]), merges).map((m) => m.mergeId)).toEqual([1, 2])
    const f = foldMerges([line(3, { rating: 1700 })], [], merges)
    expect(f.entries.map((e) => [e.playerId, e.rating])).toEqual([[2, 1700]])
  })

  it('gives back the same arrays when nothing folds', () => {
    const entries = [line(1)]
    const f = foldMerges(entries, [], [{ mergeId: 1, keepId: 1, dropId: 2 }])
    expect(f.entries).toBe(entries)
    expect(f.folded).toEqual([])
  })
})
