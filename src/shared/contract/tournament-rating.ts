// The rating of one tournament as the office would compute it: every player's calculation, game by game, with the
// ratings of the list in force at the start, and why each game that does not count does not.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'
import { noteSchema } from './rating'

/** Why a game is not counted (or is, with a remark): a code the UI translates, the paragraph, the engine's English text. */
export const gameReasonSchema = z.object({
  code: z.enum([
    /** forfeit, game of less than one move, bye or not paired: never rated */
    'notPlayed',
    /** taken out by a regulation finding still open or accepted (params: finding code, finding id) */
    'excludedByFinding',
    /** the opponent's first event below the threshold: his games are taken out */
    'opponentFirstEvent',
    /** this player's first event below the threshold: not counted */
    'firstEvent',
    /** the opponent has no rating at the start: not counted for a rated player (Swiss), nor for an unrated one */
    'unratedOpponent',
    /** another rule of the engine (e.g. the rapid/blitz rating gap): its note says which */
    'rule'
  ]),
  ref: z.string().nullable(),
  text: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()]))
})
export type GameReason = z.infer<typeof gameReasonSchema>

export const ratedGameRowSchema = z.object({
  round: z.number(),
  /** Opponent's start rank; null for a bye or an unpaired round. */
  opponent: z.number().nullable(),
  opponentName: z.string().nullable(),
  /** TRF result code as stored. */
  code: z.string(),
  score: z.number(),
  counted: z.boolean(),
  /** The opponent's rating for this calculation (list in force; an unrated round-robin opponent's Ru). */
  opponentRating: z.number().nullable(),
  /** After the cap: what D was computed from. */
  ratingUsed: z.number().nullable(),
  d: z.number().nullable(),
  pd: z.number().nullable(),
  /** ΔR = score − PD. */
  chg: z.number().nullable(),
  /** Why the game is not counted. */
  reason: gameReasonSchema.nullable(),
  /** A remark on a counted game (difference capped, unrated opponent counted at his Ru). */
  note: z.string().nullable()
})
export type RatedGameRow = z.infer<typeof ratedGameRowSchema>

export const playerCalculationSchema = z.object({
  startRank: z.number(),
  fideId: z.string().nullable(),
  name: z.string(),
  /** The player's own rating in the calculation, and where it comes from. */
  rating: z.number().nullable(),
  ratingFrom: z.enum(['list', 'publishedSince', 'file', 'none']),
  /** Unrated: event rating, Rc and the sum of the counted opponents' ratings. */
  ru: z.number().nullable(),
  ra: z.number().nullable(),
  sumOpponents: z.number().nullable(),
  n: z.number(),
  w: z.number(),
  we: z.number().nullable(),
  k: z.number().nullable(),
  /** K × ΣΔR for this tournament, not rounded (the list rounds the period's total). */
  kChg: z.number().nullable(),
  firstEventIgnored: z.boolean(),
  games: z.array(ratedGameRowSchema),
  notes: z.array(noteSchema)
})
export type PlayerCalculation = z.infer<typeof playerCalculationSchema>

export const tournamentRatingSchema = z.object({
  tournamentId: z.number().nullable(),
  name: z.string().nullable(),
  start: isoDate,
  ratingType,
  /** The rule set used and why: asked for, chosen for the tournament, or in force at the start. */
  edition: z.string(),
  editionFrom: z.enum(['asked', 'tournament', 'startDate']),
  system: z.enum(['swiss', 'round-robin']),
  treatedAsSwiss: z.boolean(),
  /** The list in force at the start whose ratings (and K) are used; null when there is none. */
  list: z.object({ id: z.number(), listDate: isoDate, kind: z.string() }).nullable(),
  /** Games taken out by regulation findings (both sides counted). */
  excludedGames: z.number(),
  notes: z.array(noteSchema),
  players: z.array(playerCalculationSchema)
})
export type TournamentRating = z.infer<typeof tournamentRatingSchema>

const edition = z.string().min(1).max(100)

/** A report file rated as it is, not stored (the calculator's upload); read in a worker where hosts serve calls. */
export const rateReportInputSchema = z
  .object({
    report: z.object({ fileName: z.string().min(1).max(260), base64: z.string().min(1).max(70_000_000) }).strict(),
    /** When the file has no start date (042) nor round dates. */
    start: isoDate.optional(),
    /** Instead of the system the file declares. */
    system: z.enum(['swiss', 'round-robin']).optional(),
    edition: edition.optional()
  })
  .strict()

export const tournamentRatingContract = {
  'tournaments:rate': call({
    summary:
      "Rate a stored tournament (or a report file, not stored) with the ratings of the list in force at its start: each player's calculation, game by game; nothing is written",
    // a report file may travel base64-encoded in the body
    maxBodyBytes: 96 * 1024 * 1024,
    access: 'read',
    input: z.union([z.object({ id: idSchema, edition: edition.optional() }).strict(), rateReportInputSchema]),
    output: tournamentRatingSchema
  })
}
