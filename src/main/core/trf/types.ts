// Types of a parsed Tournament Report File: header, players (shared model), teams, extensions and located findings.
import type { PairingSystem, RatingType, ResultCode, TournamentPlayer } from '../model/tournament'

export type TrfFormat = 'TRF06' | 'TRF16' | 'TRF26'
export type TrfEncoding = 'ascii' | 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'iso-8859-1' | 'iso-8859-2' | 'cp850'
export type LineEnding = 'LF' | 'CRLF' | 'CR' | 'mixed' | 'none'
export type FindingLevel = 'error' | 'warning' | 'info'

/** Where a finding sits: 1-based line and column range (inclusive) in the decoded text. */
export interface TrfLocation {
  file: string
  line: number | null
  column: number | null
  endColumn: number | null
}

/**
 * One problem or repair. `code` is the rule (also the message key in src/shared/errors/trf.ts);
 * `group` gathers related findings ("round 5", "player 12", "header"); `fatal` means the file cannot
 * stand for a tournament (the import refuses it), otherwise the finding is stored for the officer.
 */
export interface TrfFinding {
  level: FindingLevel
  code: string
  group: string
  fatal: boolean
  location: TrfLocation
  found: string
  expected: string
  /** A word said in both languages (`{ en, fr }`) is a parameter the message's language picks (a colour, what the other player says). */
  params: Record<string, string | number | boolean | null | { en: string; fr: string }>
}

export interface TrfArbiter {
  role: 'chief' | 'deputy'
  name: string
  title: string | null
  fideId: string | null
}

/** Points given for each result kind (JaVaFo XXS, TRF26 162 or the FIDE defaults). */
export interface TrfScoring {
  win: number
  draw: number
  loss: number
  forfeitWin: number
  forfeitLoss: number
  fullBye: number
  halfBye: number
  zeroBye: number
  pairingBye: number
}

export const DEFAULT_SCORING: TrfScoring = {
  win: 1,
  draw: 0.5,
  loss: 0,
  forfeitWin: 1,
  forfeitLoss: 0,
  fullBye: 1,
  halfBye: 0.5,
  zeroBye: 0,
  pairingBye: 1
}

export interface TrfHeader {
  name: string | null
  city: string | null
  federation: string | null
  /** ISO 'YYYY-MM-DD'. */
  startDate: string | null
  endDate: string | null
  declaredPlayers: number | null
  declaredRated: number | null
  declaredTeams: number | null
  /** 092 text as written. */
  type: string | null
  arbiters: TrfArbiter[]
  /** 122 text as written. */
  timeControl: string | null
  /** ISO date per round (index 0 = round 1); null where the file leaves it blank. */
  roundDates: (string | null)[]
  /** 142 (TRF26) or XXR. */
  declaredRounds: number | null
  ratingType: RatingType | null
  /** Where the rating type came from (time-control.ts, decideRatingType); absent in headers stored before it was kept. */
  ratingTypeSource?: FileRatingTypeSource | null
  initialColour: 'w' | 'b' | null
  /** TRF26 192 coded tournament type. */
  codedType: string | null
  /** TRF26 202 tie-break definition. */
  tiebreaks: string | null
  /** TRF26 222 encoded time control. */
  encodedTimeControl: string | null
  /** TRF26 172 starting-rank method. */
  startingRankMethod: string | null
  /** Pairing program (TRF26 182). */
  pairingProgram: string | null
}

/** The record a report's rating type was read from: the coded (222) or written (122) time control, else the words of 092 or 012. */
export type FileRatingTypeSource = '222' | '122' | '092' | '012'

export interface TrfTeam {
  number: number | null
  name: string
  federation: string | null
  averageRating: number | null
  matchPoints: number | null
  gamePoints: number | null
  rank: number | null
  members: number[]
  /** '013' (TRF16) or '310' (TRF26). */
  record: '013' | '310'
  line: number
}

/** A national rating record (TRF26 `FED SSSS ...`): the player's rating on a federation list. */
export interface TrfNationalRating {
  federation: string
  startRank: number
  rating: number | null
  nationalId: string | null
  origin: string | null
  line: number
}

export interface TrfBye {
  kind: string
  round: number
  players: number[]
  line: number
}

/** Lines kept as written: extensions (XX?, BB?, 250, 260, 320, 330...), comments, column rulers, and unknown records. */
export interface TrfKeptLine {
  line: number
  record: string
  text: string
  kind: 'comment' | 'extension' | 'team-record' | 'ruler' | 'unknown'
}

export interface TrfPlayerSource {
  startRank: number
  line: number
  text: string
}

export interface ParsedTrf {
  fileName: string
  format: TrfFormat
  encoding: TrfEncoding
  lineEnding: LineEnding
  lineCount: number
  header: TrfHeader
  players: TournamentPlayer[]
  /** Line of each player, in the same order as `players`. */
  playerSources: TrfPlayerSource[]
  teams: TrfTeam[]
  nationalRatings: TrfNationalRating[]
  byes: TrfBye[]
  scoring: TrfScoring
  /** Rounds that carry at least one entry. */
  roundsInData: number
  system: PairingSystem
  kept: TrfKeptLine[]
  findings: TrfFinding[]
}

export type { ResultCode }
