// A generated federation for the property tests of published lists: a base list under one edition, newcomers,
// ratings near the floors, and round robins over two periods, written as TRF reports.
import fc from 'fast-check'
import { roundRobinTrf } from '../../cli/trf-writer'

/** A base list and the two lists after it, under one edition (the one in force on those dates). */
export const MONTHS = [
  { edition: 'fide-2005', base: '2006-04-01', lists: ['2006-07-01', '2006-10-01'], play: ['2006-04-10', '2006-07-10'] },
  { edition: 'fide-2014', base: '2016-03-01', lists: ['2016-04-01', '2016-05-01'], play: ['2016-03-08', '2016-04-08'] },
  { edition: 'fide-2017', base: '2019-05-01', lists: ['2019-06-01', '2019-07-01'], play: ['2019-05-08', '2019-06-08'] },
  { edition: 'fide-2024', base: '2025-10-01', lists: ['2025-11-01', '2025-12-01'], play: ['2025-10-08', '2025-11-08'] }
] as const

export interface Player {
  fideId: number
  sex: 'M' | 'F'
  /** null: not on the base list (a newcomer). */
  rating: number | null
  k: number
  inactive: boolean
  title: string | null
}

export interface Federation {
  months: (typeof MONTHS)[number]
  players: Player[]
  /** Per period, the round robins: indexes into players (an even number) and the results of each pair, row by row. */
  events: { seats: number[]; results: ('1' | '0' | '=')[] }[][]
  /** Players given a title in the registry between the two lists (index into players). */
  titled?: number[]
}

// ratings near each edition's floor (1000, 1400/1401) so that some fall under it, and ordinary ones
const rating = fc.oneof(fc.integer({ min: 995, max: 1015 }), fc.integer({ min: 1395, max: 1420 }), fc.integer({ min: 1500, max: 2450 }))
const player = (idBase: number, i: number): fc.Arbitrary<Player> =>
  fc.record({
    fideId: fc.constant(idBase + i),
    sex: fc.constantFrom('M' as const, 'F' as const),
    rating: fc.oneof({ weight: 5, arbitrary: rating }, { weight: 1, arbitrary: fc.constant(null) }),
    k: fc.constantFrom(10, 20, 40),
    inactive: fc.boolean(),
    title: fc.constantFrom(null, null, null, 'FM', 'IM')
  })

const event = (n: number): fc.Arbitrary<Federation['events'][number][number]> =>
  fc.integer({ min: 2, max: 3 }).chain((half) =>
    fc.record({
      seats: fc.shuffledSubarray([...Array(n).keys()], { minLength: 2 * half, maxLength: 2 * half }),
      results: fc.array(fc.constantFrom('1' as const, '0' as const, '=' as const), { minLength: 15, maxLength: 15 })
    })
  )

/** Federations of 6 to 10 players, FIDE IDs from `idBase`; `titled`: some players given a title before the second list. */
export function federations(idBase: number, titled = false): fc.Arbitrary<Federation> {
  return fc.integer({ min: 6, max: 10 }).chain((n) =>
    fc.record({
      months: fc.constantFrom(...MONTHS),
      players: fc.tuple(...Array.from({ length: n }, (_, i) => player(idBase, i))),
      events: fc.tuple(fc.array(event(n), { minLength: 1, maxLength: 2 }), fc.array(event(n), { minLength: 1, maxLength: 2 })),
      ...(titled ? { titled: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 2 }) } : {})
    })
  )
}

/** The round robin's report: each pair's result once (row i, column j, and its mirror). */
export function report(f: Federation, e: Federation['events'][number][number], name: string, start: string): string {
  const n = e.seats.length
  const grid = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): string => (i === j ? 'x' : '')))
  let at = 0
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const r = e.results[at++ % e.results.length]!
      grid[i]![j] = r
      grid[j]![i] = r === '1' ? '0' : r === '0' ? '1' : '='
    }
  }
  const players = e.seats.map((p, i) => ({ name: `Player${p}, P`, rating: f.players[p]!.rating, fideId: f.players[p]!.fideId, results: grid[i]! }))
  const end = new Date(Date.parse(start) + 2 * 86400000).toISOString().slice(0, 10)
  return roundRobinTrf(name, start, 'Round robin standard', players).replace(/^052 .*$/m, `052 ${end.replace(/-/g, '/')}`)
}
