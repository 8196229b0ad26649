// What the TRF reader gathers while it walks the file's lines, shared by the readers of each kind of record.
import type { CheckInput } from './checks'
import type { FindingCollector } from './findings'
import { DEFAULT_SCORING, type TrfHeader, type TrfKeptLine } from './types'

/** The header before any record is read (also the writer's and the tests' starting point). */
export function emptyHeader(): TrfHeader {
  return {
    name: null, city: null, federation: null, startDate: null, endDate: null,
    declaredPlayers: null, declaredRated: null, declaredTeams: null, type: null, arbiters: [],
    timeControl: null, roundDates: [], declaredRounds: null, ratingType: null, initialColour: null,
    codedType: null, tiebreaks: null, encodedTimeControl: null, startingRankMethod: null, pairingProgram: null
  }
}

/** The checks' input (header, players, teams, ratings, byes, scoring, where records sit), gathered line by line, and the reader's own state. */
export interface ReadContext extends Required<CheckInput> {
  c: FindingCollector
  kept: TrfKeptLine[]
  trf26: boolean
  roundDatesLine: { line: number; text: string } | null
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
