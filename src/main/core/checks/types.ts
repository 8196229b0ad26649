// The input and output of the regulation checks: plain values built from the database by the app layer (no Db here).
import type { Edition } from '../../../shared/contract/rating'
import type { PairingSystem, RatingType, RoundEntry } from '../model/tournament'

export type CheckLevel = 'error' | 'warning' | 'info'

/** Finding codes of the regulation checks (scripts and reports rely on them). */
export const CHECK_CODES = [
  'check.arbiters.unknown',
  'check.arbiters.unlicensed',
  'check.arbiters.noChief',
  'check.duration.tooLong',
  'check.schedule.roundsPerDay',
  'check.schedule.hoursPerDay',
  'check.schedule.noRoundDates',
  'check.timeControl.unknown',
  'check.timeControl.tournamentBelowMinimum',
  'check.timeControl.gameBelowMinimum',
  'check.timeControl.qcApproved',
  'check.timeControl.qcOutsideRule',
  'check.composition.roundRobin',
  'check.games.unplayedRoundRobin',
  'check.games.matchWithUnrated',
  'check.games.firstEventZero',
  'check.games.ratedWithStandard',
  'check.games.tooFewRatedOpponents',
  'check.games.ratingGap600',
  'check.games.noneRated',
  'check.games.fewRated',
  'check.deadline.registration',
  'check.deadline.report',
  'check.deadline.upload',
  'check.list.late'
] as const
export type CheckCode = (typeof CHECK_CODES)[number]

/** Tournament flags the officer sets (stored as JSON on the tournament). */
export interface TournamentFlags {
  /** A national championship: the round-robin composition exception (2005 § 6.33, 2010 § 6.33). */
  nationalChampionship?: boolean
  /** An event reserved to women (the exception counts 2 rated women instead of 3 rated players). */
  womenEvent?: boolean
}

export interface CheckTournament {
  name: string | null
  /** ISO 'YYYY-MM-DD'; null when the file has none (the date checks then say nothing). */
  startDate: string | null
  endDate: string | null
  system: PairingSystem
  /** null: not known (the rapid/blitz-only checks then do not run). */
  ratingType: RatingType | null
  /** Rounds with data (or declared, whichever is larger). */
  rounds: number
  /** 122 as written. */
  timeControl: string | null
  /** TRF26 222 coded time control. */
  encodedTimeControl: string | null
  /** What the officer typed on the tournament page; read before 222 and 122 when set. */
  timeControlOverride: string | null
  /** Date of each round, index 0 = round 1 (132 / tournament_rounds); null where unknown. */
  roundDates: (string | null)[]
  /** When the tournament was registered with the rating office (pre-registration, 2014 § 0.2); null: unknown. */
  registeredDate: string | null
  /** Date the report was received (import date unless the officer gives another). */
  receivedDate: string | null
  /** Archive import: no deadline finding. */
  historical: boolean
  flags: TournamentFlags
  /** The reference of the Qualification Commission's approval for the standard list (2026 season); null or absent: none. */
  qcReference?: string | null
}

export interface CheckPlayer {
  startRank: number
  name: string
  fideId: string | null
  sex: 'M' | 'F' | null
  /** 'YYYY-MM-DD', 'YYYY' or null, as found. */
  birth: string | null
  /** Rating on the list in force at the tournament's start (never the one typed in the file); null: unrated. */
  ratingAtStart: number | null
  /**
   * True when `ratingAtStart` is his standard rating: unrated in a rapid or blitz event under 2024's rule, he is rated
   * with it (rules/amendments.ts, ratedWithStandard), as the list rates him.
   */
  ratedWithStandard?: boolean
  /**
   * For a player unrated at the start: true when this is his first event (no earlier event in his unrated
   * window or on record), false when he has earlier events, null when it cannot be told.
   */
  firstEvent: boolean | null
  /** The player's rounds as the file gives them (one entry per round; a game appears from both sides). */
  rounds: RoundEntry[]
  /** False when the place is linked to no player of the registry (his games are rated for no one); absent: linked. */
  inRegistry?: boolean
  /** 2024 rapid and blitz: his standard rating at the start (an unrated player is rated with it); absent: none. */
  standardAtStart?: number | null
}

export interface ArbiterLicence {
  validFrom: string | null
  validTo: string | null
  status: 'active' | 'inactive' | 'suspended' | 'revoked'
}

export interface CheckArbiter {
  role: 'chief' | 'deputy'
  name: string
  fideId: string | null
  title: string | null
  /** The registry's arbiter with this FIDE ID; null when not found (then `suggestions` may offer close names). */
  registry: { fideId: string; name: string | null; title: string | null; licences: ArbiterLicence[] } | null
  /** Registry arbiters with a close name, best first (for `check.arbiters.unknown`). */
  suggestions: { fideId: string; name: string }[]
}

/** A published list of the same rating type: its date and the closing date of the tournaments it holds. */
export interface PublishedListRef {
  listDate: string
  closingDate: string
}

export interface CheckInput {
  tournament: CheckTournament
  players: CheckPlayer[]
  arbiters: CheckArbiter[]
  /** The edition/profile in force at the tournament's start (or the one the officer named). */
  edition: Edition
  /** The edition in force on the date of the list the tournament goes into (list mechanics, § 1). */
  listEdition: Edition
  /** Published lists of the tournament's rating type, any order. */
  publishedLists: PublishedListRef[]
}

export type CheckParam = string | number | boolean | null

export interface CheckFinding {
  code: CheckCode
  level: CheckLevel
  /** Edition id whose rule raised it. */
  edition: string
  /** Paragraph cited, e.g. '2014 § 0.3'. */
  paragraph: string
  /** Group for the dashboard: the rule family ('arbiters', 'schedule', ...). */
  group: string
  /** Values of the en/fr message ({paragraph} is always among them). */
  params: Record<string, CheckParam>
  startRanks?: number[]
  rounds?: number[]
  /** Games concerned: both sides of each game, as {round, startRank} (what `excludedGames` returns). */
  games?: { round: number; startRank: number }[]
  /** True when the finding takes its `games` out of the rating (unless overridden). */
  excludesGames: boolean
}
