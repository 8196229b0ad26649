// What every check family shares: building a finding with its edition and paragraph, and day arithmetic on ISO dates.
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

export function addDays(iso: string, days: number): string {
  return new Date(utc(iso) + days * DAY).toISOString().slice(0, 10)
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A full ISO date, or null (a bare year or a blank says nothing about a day). */
export function isoOrNull(s: string | null | undefined): string | null {
  return s && ISO_DATE.test(s) ? s : null
}
