// The neutral tournament model shared by the TRF reader/writer, the database and the rating engine.

import { RATING_TYPES, type RatingType } from '../../../shared/contract/plain'
import { RATING_TYPE_IN_TEXT } from '../../../shared/words'

/** The rating types, one definition with the contract's (standard, rapid, blitz: the order lists and screens show). */
export { RATING_TYPES, type RatingType }

/** The rating types as the French messages name them (the `…Fr` parameters of the findings and errors). */
export const RATING_TYPE_FR: Readonly<Record<RatingType, string>> = RATING_TYPE_IN_TEXT.fr
export type PairingSystem = 'swiss' | 'round-robin'

/**
 * A result code as TRF writes it in a round block:
 * '1' '0' '=' played; '+' '-' forfeit; 'W' 'D' 'L' under one move;
 * 'H' half-point bye, 'F' full-point bye, 'U' pairing-allocated bye, 'Z' zero-point bye, ' ' not paired.
 */
export type ResultCode = '1' | '0' | '=' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z' | ' '

/** Codes of games actually played over the board: the only ones that are rated. */
export const PLAYED_CODES: ReadonlySet<ResultCode> = new Set(['1', '0', '='])

export function scoreOf(code: ResultCode): number {
  switch (code) {
    case '1':
    case '+':
    case 'W':
    case 'F':
    case 'U':
      return 1
    case '=':
    case 'D':
    case 'H':
      return 0.5
    default:
      return 0
  }
}

export interface RoundEntry {
  round: number
  /** Opponent's start rank, or null for a bye / not paired. */
  opponent: number | null
  color: 'w' | 'b' | null
  code: ResultCode
}

export interface TournamentPlayer {
  startRank: number
  fideId: string | null
  name: string
  sex: 'M' | 'F' | null
  title: string | null
  federation: string | null
  /** As found: 'YYYY-MM-DD', 'YYYY' or null. */
  birth: string | null
  /** Rating typed in the file (0 or missing → null). */
  rating: number | null
  points: number | null
  rank: number | null
  rounds: RoundEntry[]
}
