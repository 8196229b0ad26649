// A month's reports as the benches make them: Swiss tournaments of 20 players over 7 rounds (10 boards a round), all
// approved, their players drawn from the registry's ids 1 to `players`. One maker for the generation and publication
// of a list (office-lists.bench.ts) and for the publication in year ten (year-ten.bench.ts).
import type { Db } from '../../src/main/core/db/open'

export interface MonthOfReports {
  /** Tournaments written. */
  tournaments: number
  /** Their players drawn from the ids 1 to this (each on the base list). */
  players: number
  /** The month, 'YYYY-MM': each tournament starts on one of its days 2 to 25 and ends two days later. */
  month: string
  /** A player's FIDE ID as the registry holds it (default 100000 + id). */
  fideIdOf?: (id: number) => number
  /** The first tournament's id (default 1): a report found late takes the id after the month's. */
  from?: number
}

export const PER_TOURNAMENT = 20
export const ROUNDS = 7

/**
 * Writes the month's tournaments (ids `from` to `from + tournaments - 1`, from 1 by default), in one transaction; returns the games written. The draws
 * are the same on every run: a 31-bit LCG in 32-bit integer arithmetic (Math.imul), seeded the same each call (the
 * product in doubles, as it was before session 10, lost its low bits past 2^53 and fell into a cycle of 10,466 draws,
 * so that FIDE scale's 15,000 tournaments drew their 300,000 places from about 15,800 players (11,600 of them on the
 * base list, each in some 26 tournaments a month) instead of about 277,000).
 */
export function writeMonthOfReports(db: Db, m: MonthOfReports): number {
  const fideIdOf = m.fideIdOf ?? ((id: number): number => 100000 + id)
  let seed = 987654321
  const rnd = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff
    return (seed >>> 8) % n
  }
  const insT = db.prepare(
    "INSERT INTO tournaments (id, name, start_date, end_date, system, rating_type, rounds, header, status) VALUES (?, ?, ?, ?, 'swiss', 'standard', ?, '{}', 'approved')"
  )
  const insP = db.prepare("INSERT INTO tournament_players (tournament_id, start_rank, player_id, match_status, fide_id, name) VALUES (?, ?, ?, 'fide-id', ?, ?)")
  const insG = db.prepare('INSERT INTO tournament_games (tournament_id, start_rank, round, opponent, color, code) VALUES (?, ?, ?, ?, ?, ?)')
  const CODES: [string, string][] = [
    ['1', '0'],
    ['=', '='],
    ['0', '1']
  ]
  let games = 0
  db.transaction(() => {
    const from = m.from ?? 1
    for (let t = from; t < from + m.tournaments; t++) {
      const day = 2 + (t % 24)
      insT.run(t, `Open ${t}`, `${m.month}-${String(day).padStart(2, '0')}`, `${m.month}-${String(day + 2).padStart(2, '0')}`, ROUNDS)
      const ids = new Set<number>()
      while (ids.size < PER_TOURNAMENT) ids.add(1 + rnd(m.players))
      let rank = 0
      for (const id of ids) {
        rank++
        insP.run(t, rank, id, fideIdOf(id), `Player${id}`)
      }
      for (let r = 1; r <= ROUNDS; r++) {
        // a rotation pairing: rank i meets rank i + shift (distinct pairs in every round)
        for (let b = 0; b < PER_TOURNAMENT / 2; b++) {
          const a = 1 + ((b + r) % PER_TOURNAMENT)
          const o = 1 + ((PER_TOURNAMENT - 1 - b + r) % PER_TOURNAMENT)
          const [ca, co] = CODES[rnd(3)]!
          insG.run(t, a, r, o, 'w', ca)
          insG.run(t, o, r, a, 'b', co)
          games++
        }
      }
    }
  })()
  return games
}
