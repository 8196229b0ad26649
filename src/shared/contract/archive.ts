// Read-side calls over the archive of lists: a player's rating on a given list and his whole list history.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'
import { listKind, listPublisherSchema, listStatus, listSummarySchema } from './lists'

export const archivePlayerSchema = z.object({
  id: z.number(),
  fideId: z.number().nullable(),
  surname: z.string(),
  givenNames: z.string(),
  name: z.string(),
  federation: z.string().nullable(),
  sex: z.string().nullable(),
  birthYear: z.number().nullable(),
  title: z.string().nullable(),
  status: z.string()
})
export type ArchivePlayer = z.infer<typeof archivePlayerSchema>

export const archiveEntrySchema = z.object({
  /** The published rating: null for an unrated entry and for one shown as delisted (rating under the floor). */
  rating: z.number().nullable(),
  games: z.number().nullable(),
  k: z.number().nullable(),
  flags: z.string().nullable(),
  /** Shown once as delisted on this list: his rating fell under the floor (FIDE 2005 § 9.34), he is unrated. */
  delisted: z.boolean(),
  title: z.string().nullable(),
  federation: z.string().nullable()
})

export const historyRowSchema = archiveEntrySchema.extend({
  listId: z.number(),
  listDate: isoDate,
  kind: listKind,
  status: listStatus,
  source: z.string(),
  ratingType: ratingType,
  version: z.number(),
  /** Who publishes the list (its federation for the office's own lists, FIDE for FIDE's download). */
  publisher: listPublisherSchema
})
export type HistoryRow = z.infer<typeof historyRowSchema>

/** One tournament on one of the office's published lists, as that list's calculation sheet rated it for the player. */
export const ratedTournamentSchema = z.object({
  listId: z.number(),
  listDate: isoDate,
  ratingType: ratingType,
  version: z.number(),
  /** The rounded change the list printed for the whole period (every tournament of it together). */
  listChange: z.number().nullable(),
  tournamentId: z.number(),
  name: z.string(),
  start: isoDate,
  end: isoDate,
  /** Rated in a later list than its own period (found or approved late). */
  late: z.boolean(),
  /** A league rated month by month: the month of this slice. */
  month: z.string().nullable(),
  /** His rating used (null: he played unrated, the tournament counts toward a first rating). */
  ratingUsed: z.number().nullable(),
  games: z.number(),
  points: z.number(),
  expected: z.number().nullable(),
  k: z.number().nullable(),
  /** K × ΣΔR of this tournament, before the period's rounding (null: unrated). */
  change: z.number().nullable(),
  /** Unrated: his performance in the tournament (Ru), when the engine gives one. */
  performance: z.number().nullable()
})
export type RatedTournament = z.infer<typeof ratedTournamentSchema>

/** A player is named by the office's id or by FIDE ID, never both. */
const playerRef = {
  playerId: idSchema.optional(),
  fideId: z.number().int().positive().optional()
}
const exactlyOneRef = (v: { playerId?: number; fideId?: number }): boolean => (v.playerId === undefined) !== (v.fideId === undefined)
const exactlyOneRefMessage = { message: 'give either playerId or fideId (exactly one)', path: ['playerId'] }

export const archiveContract = {
  'archive:findPlayers': call({
    summary: 'Find players in the archive by FIDE ID or by name (every word must match)',
    access: 'read',
    archive: true,
    input: z.object({ query: z.string().trim().min(1).max(100), limit: z.number().int().min(1).max(100).default(20) }).strict(),
    output: z.array(archivePlayerSchema)
  }),
  'archive:ratingOn': call({
    summary: 'A player’s entry on one list, or that he is not on it',
    access: 'read',
    archive: true,
    input: z
      .object({ ...playerRef, listId: idSchema })
      .strict()
      .refine(exactlyOneRef, exactlyOneRefMessage),
    output: z.object({
      player: archivePlayerSchema,
      list: listSummarySchema,
      onList: z.boolean(),
      entry: archiveEntrySchema.nullable()
    })
  }),
  'archive:history': call({
    summary: 'Every list entry of a player, oldest list first (published and reference lists; drafts on request)',
    access: 'read',
    archive: true,
    input: z
      .object({ ...playerRef, ratingType: ratingType.optional(), includeDrafts: z.boolean().default(false) })
      .strict()
      .refine(exactlyOneRef, exactlyOneRefMessage),
    output: z.object({ player: archivePlayerSchema, entries: z.array(historyRowSchema) })
  }),
  'archive:tournaments': call({
    summary: 'Every tournament the office’s published lists rated for a player, with its change, oldest list first (a replaced version left out)',
    access: 'read',
    archive: true,
    input: z
      .object({ ...playerRef, ratingType: ratingType.optional() })
      .strict()
      .refine(exactlyOneRef, exactlyOneRefMessage),
    output: z.object({ player: archivePlayerSchema, tournaments: z.array(ratedTournamentSchema) })
  })
}
