// What every check family shares: building a finding with its edition and paragraph, and day arithmetic on ISO dates.
import { PLAYED_CODES } from '../model/tournament'
import type { CheckCode, CheckFinding, CheckInput, CheckLevel, CheckParam } from './types'

export interface FindingExtras {
  startRanks?: number[]
  rounds?: number[]
  games?: { round: number; startRank: number }[]
  excludesGames?: boolean
  /** The edition whose rule it is when not the one at the start (list mechanics follow the list date's edition). */
  edition?: string
}

/** A finding of the edition in force at the start, citing `paragraph` (also given to the message as {paragraph}). */
export function finding(
  input: CheckInput,
  code: CheckCode,
  level: CheckLevel,
  paragraph: string,
  params: Record<string, CheckParam>,
  extras: FindingExtras = {}
): CheckFinding {
  const group = code.split('.')[1]!
  const f: CheckFinding = { code, level, edition: extras.edition ?? input.edition.id, paragraph, group, params: { ...params, paragraph }, excludesGames: extras.excludesGames ?? false }
  if (extras.startRanks) f.startRanks = extras.startRanks
  if (extras.rounds) f.rounds = extras.rounds
  if (extras.games) f.games = extras.games
  return f
}

const DAY = 86_400_000

function utc(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))
}

/** Days from `a` to `b` (b − a), on calendar dates. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / DAY)
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A full ISO date, or null (a bare year or a blank says nothing about a day). */
export function isoOrNull(s: string | null | undefined): string | null {
  return s && ISO_DATE.test(s) ? s : null
}

export interface PlayedGame {
  round: number
  /** The lower start rank of the two. */
  a: number
  b: number
  /** Start ranks by colour as the file gives them (a/b when it gives none). */
  white: number
  black: number
}

/** Games played over the board (TRF 1, =, 0), each once, ordered by round then start rank. */
export function playedGames(input: CheckInput): PlayedGame[] {
  const seen = new Set<string>()
  const out: PlayedGame[] = []
  for (const p of input.players) {
    for (const r of p.rounds) {
      if (r.opponent === null || !PLAYED_CODES.has(r.code)) continue
      const a = Math.min(p.startRank, r.opponent)
      const b = Math.max(p.startRank, r.opponent)
      const key = `${r.round}:${a}:${b}`
      if (seen.has(key)) continue
      seen.add(key)
      const pIsBlack = r.color === 'b'
      const white = r.color === null ? a : pIsBlack ? r.opponent : p.startRank
      out.push({ round: r.round, a, b, white, black: white === a ? b : a })
    }
  }
  return out.sort((x, y) => x.round - y.round || x.a - y.a)
}

/** Both sides of each game, as the findings list them. */
export function sides(games: readonly PlayedGame[]): { round: number; startRank: number }[] {
  return games.flatMap((g) => [
    { round: g.round, startRank: g.a },
    { round: g.round, startRank: g.b }
  ])
}

/** How many times each pair of start ranks met over the board or was paired (any code with an opponent). */
export function pairings(input: CheckInput): Map<string, number> {
  const seen = new Set<string>()
  const count = new Map<string, number>()
  for (const p of input.players) {
    for (const r of p.rounds) {
      if (r.opponent === null) continue
      const a = Math.min(p.startRank, r.opponent)
      const b = Math.max(p.startRank, r.opponent)
      const key = `${r.round}:${a}:${b}`
      if (seen.has(key)) continue
      seen.add(key)
      count.set(`${a}:${b}`, (count.get(`${a}:${b}`) ?? 0) + 1)
    }
  }
  return count
}

/** A double round robin: most pairs were paired twice. */
export function isDoubleRoundRobin(input: CheckInput): boolean {
  const n = input.players.length
  const pairs = (n * (n - 1)) / 2
  if (pairs === 0) return false
  let twice = 0
  for (const c of pairings(input).values()) if (c >= 2) twice++
  return twice * 2 > pairs
}
