// A seeded month of tournament reports (bench and tests): Swiss opens and round robins of 5–300 players over
// 5–11 rounds, mostly small as a real month is, each a distinct TRF16 file whose players are FIDE IDs of the
// synthetic list (test/helpers/synthetic-list.ts numbers them 100000 + line).
import { writeTrf } from '../../src/main/core/trf/index'
import { emptyHeader } from '../../src/main/core/trf/reader'
import type { ResultCode, TournamentPlayer } from '../../src/main/core/model/tournament'
import { rng } from '../../src/main/core/util/rng'

export interface MonthFile {
  fileName: string
  text: string
  system: 'swiss' | 'round-robin'
  players: number
  rounds: number
}

export interface MonthOptions {
  /** Players of the registry the reports draw from (FIDE IDs 100000 … 100000 + pool − 1). */
  pool: number
  seed?: number
  /** The month's first day, 'YYYY-MM'. */
  month?: string
  /** The registry's facts of a FIDE ID, so that a report names its players as the list does (no mismatch findings). */
  registry?: (fideId: number) => RegistryFacts | undefined
  /** Arbiters of the registry, one of whom directs each tournament (else an arbiter the registry lacks). */
  arbiters?: readonly { fideId: number; name: string; title: string }[]
}

export interface RegistryFacts {
  name: string
  federation: string | null
  sex: 'M' | 'F' | null
  birthYear: number | null
  rating: number | null
}

const FEDS = ['FRA', 'GER', 'ESP', 'POL', 'CZE', 'ITA', 'NED', 'SUI', 'IND', 'USA']
const SCORE: Record<string, number> = { '1': 1, '0': 0, '=': 0.5, '+': 1, '-': 0, F: 1 }

/** The month's reports one by one (a generator: 15,000 files need not sit in memory together). */
export function* generateMonth(count: number, opts: MonthOptions): Generator<MonthFile> {
  const rand = rng(opts.seed ?? 2025)
  const month = opts.month ?? '2025-10'
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1))
  const chief = (): { role: 'chief'; name: string; title: string; fideId: string } => {
    const a = opts.arbiters?.length ? opts.arbiters[int(0, opts.arbiters.length - 1)]! : { fideId: 20600001, name: 'Chief Arbiter', title: 'IA' }
    return { role: 'chief', name: a.name, title: a.title, fideId: String(a.fideId) }
  }
  for (let t = 0; t < count; t++) {
    const rr = rand() < 0.2
    // sizes skewed to the small (a month of FIDE: about 20 players a tournament on average), up to 300
    const n = rr ? int(5, 12) : Math.min(300, 5 + Math.floor(295 * rand() ** 14))
    const rounds = rr ? (n % 2 ? n : n - 1) : Math.min(n - 1, int(5, 11))
    const ids = new Set<number>()
    while (ids.size < n) ids.add(100000 + int(0, opts.pool - 1))
    const players: TournamentPlayer[] = [...ids].map((id, i) => {
      const known = opts.registry?.(id)
      return {
        startRank: i + 1,
        fideId: String(id),
        name: known?.name ?? `Player${id}, Given`,
        sex: known ? known.sex : rand() < 0.8 ? 'M' : 'F',
        title: null,
        federation: known ? known.federation : FEDS[int(0, FEDS.length - 1)]!,
        birth: known ? (known.birthYear === null ? null : String(known.birthYear)) : String(1950 + int(0, 60)),
        rating: known ? known.rating : 1400 + int(0, 1300),
        points: 0,
        rank: null,
        rounds: []
      }
    })
    const play = (r: number, w: TournamentPlayer, b: TournamentPlayer): void => {
      const x = rand()
      const [cw, cb]: [ResultCode, ResultCode] = x < 0.4 ? ['1', '0'] : x < 0.75 ? ['=', '='] : ['0', '1']
      w.rounds.push({ round: r, opponent: b.startRank, color: 'w', code: cw })
      b.rounds.push({ round: r, opponent: w.startRank, color: 'b', code: cb })
      w.points! += SCORE[cw]!
      b.points! += SCORE[cb]!
    }
    const bye = (r: number, p: TournamentPlayer): void => {
      p.rounds.push({ round: r, opponent: null, color: null, code: 'F' })
      p.points! += 1
    }
    for (let r = 1; r <= rounds; r++) {
      if (rr) {
        // the circle method: everyone meets everyone once (a bye each round when the count is odd)
        const m = n % 2 ? n + 1 : n
        const circle = Array.from({ length: m }, (_, i) => (i === 0 ? 0 : 1 + ((i - 1 + r - 1) % (m - 1))))
        for (let k = 0; k < m / 2; k++) {
          const a = players[circle[k]!]
          const b = players[circle[m - 1 - k]!]
          if (a && b) play(r, r % 2 ? a : b, r % 2 ? b : a)
          else if (a || b) bye(r, (a ?? b)!)
        }
      } else {
        const order = [...players].sort((a, b) => b.points! - a.points! || a.startRank - b.startRank)
        for (let k = 0; k + 1 < order.length; k += 2) play(r, ...((rand() < 0.5 ? [order[k]!, order[k + 1]!] : [order[k + 1]!, order[k]!]) as [TournamentPlayer, TournamentPlayer]))
        if (order.length % 2) bye(r, order[order.length - 1]!)
      }
    }
    const ranked = [...players].sort((a, b) => b.points! - a.points! || a.startRank - b.startRank)
    ranked.forEach((p, i) => (p.rank = i + 1))
    const day = 1 + (t % 20)
    const date = (d: number): string => `${month}-${String(Math.min(28, d)).padStart(2, '0')}`
    const header = {
      ...emptyHeader(),
      name: `${rr ? 'Round robin' : 'Open'} ${t + 1}`,
      city: `City ${t % 500}`,
      federation: FEDS[t % FEDS.length]!,
      startDate: date(day),
      endDate: date(day + Math.ceil(rounds / 2)),
      type: rr ? 'Individual: Round-Robin' : 'Individual: Swiss-System',
      timeControl: '90+30',
      arbiters: [chief()],
      roundDates: Array.from({ length: rounds }, (_, i) => date(day + Math.floor(i / 2)))
    }
    yield { fileName: `t${String(t + 1).padStart(5, '0')}.trf`, text: writeTrf({ header, players }, { format: 'TRF16' }).text, system: rr ? 'round-robin' : 'swiss', players: n, rounds }
  }
}
