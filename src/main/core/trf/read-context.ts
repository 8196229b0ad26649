// What the TRF reader gathers while it walks the file's lines, shared by the readers of each kind of record.
import type { TournamentPlayer } from '../model/tournament'
import type { FindingCollector } from './findings'
import { DEFAULT_SCORING, type TrfBye, type TrfHeader, type TrfKeptLine, type TrfNationalRating, type TrfPlayerSource, type TrfScoring, type TrfTeam } from './types'

/** The header before any record is read (also the writer's and the tests' starting point). */
export function emptyHeader(): TrfHeader {
  return {
    name: null, city: null, federation: null, startDate: null, endDate: null,
    declaredPlayers: null, declaredRated: null, declaredTeams: null, type: null, arbiters: [],
    timeControl: null, roundDates: [], declaredRounds: null, ratingType: null, initialColour: null,
    codedType: null, tiebreaks: null, encodedTimeControl: null, startingRankMethod: null, pairingProgram: null
  }
}

export interface ReadContext {
  c: FindingCollector
  header: TrfHeader
  players: TournamentPlayer[]
  sources: TrfPlayerSource[]
  teams: TrfTeam[]
  nationals: TrfNationalRating[]
  byes: TrfBye[]
  kept: TrfKeptLine[]
  scoring: TrfScoring
  trf26: boolean
  roundDatesLine: { line: number; text: string } | null
  recordLines: Map<string, number>
  roundDateColumns: [number, number][]
  /** "startRank:round" of blocks written "0000 -" with a blank result (scored by the file's dialect). */
  explicitBlank: Set<string>
  dateLines: { start?: { line: number; text: string }; end?: { line: number; text: string } }
  /** The XXS line's scoring (JaVaFo), applied once every line is read. */
  xxs: string | null
}

/** A fresh context: nothing read yet, the default scoring until a 162 or XXS line says otherwise. */
export function newReadContext(c: FindingCollector): ReadContext {
  return {
    c, header: emptyHeader(), players: [], sources: [], teams: [], nationals: [], byes: [], kept: [],
    scoring: { ...DEFAULT_SCORING }, trf26: false, roundDatesLine: null, dateLines: {}, explicitBlank: new Set(), recordLines: new Map(), roundDateColumns: [],
    xxs: null
  }
}

export function nonEmpty(s: string): string | null {
  const t = s.trim()
  return t ? t : null
}

export function parseIntField(s: string): number | null {
  const t = s.trim()
  return /^\d+$/.test(t) ? Number(t) : null
}
