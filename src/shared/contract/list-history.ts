// The history of the office's lists: the replay of every published list from the stored tournaments (a worker job),
// and what it reports when a list is not reproduced: the first list that differs, the entries, and why.
import { z } from 'zod'
import { isoDate, ratingType } from './define'
import { listPublisherSchema } from './lists'

export const replayInputSchema = z
  .object({
    /** One rating type; every type when left out. */
    ratingType: ratingType.optional()
  })
  .strict()
export type ReplayInput = z.output<typeof replayInputSchema>

/**
 * How one published list came out of the replay: 'reproduced' (the regenerated entries give its checksum),
 * 'differs', 'superseded' (an earlier version: its stored entries checked against its checksum, the version in
 * force regenerated), 'not-replayed' (after the first difference of its chain).
 */
export const replayOutcome = z.enum(['reproduced', 'differs', 'superseded', 'not-replayed'])

export const replayListSchema = z.object({
  listId: z.number(),
  listDate: isoDate,
  ratingType,
  source: z.string(),
  /** Who published it (its federation, recorded at publication). */
  publisher: listPublisherSchema,
  version: z.number(),
  outcome: replayOutcome,
  /** The checksum frozen at publication. */
  checksum: z.string().nullable(),
  /** The checksum of the regenerated entries (null when not regenerated). */
  replayed: z.string().nullable(),
  /** The stored entries still hash to the frozen checksum (a published list untouched since). */
  storedIntact: z.boolean(),
  entries: z.number()
})
export type ReplayList = z.infer<typeof replayListSchema>

/** Why a list is not reproduced: a code the UI translates, its parameters, and the same in English for the CLI. */
export const replayCauseSchema = z.object({
  code: z.enum(['entries-tampered', 'file-changed', 'file-hash', 'game-changed', 'player-merged', 'inputs-changed', 'engine-version', 'unexplained']),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  text: z.string()
})
export type ReplayCause = z.infer<typeof replayCauseSchema>

const lineSchema = z.object({
  rating: z.number().nullable(),
  games: z.number(),
  k: z.number().nullable(),
  flags: z.string().nullable(),
  status: z.string(),
  title: z.string().nullable(),
  federation: z.string().nullable(),
  birthYear: z.number().nullable(),
  sex: z.string().nullable()
})

export const replayEntryDiffSchema = z.object({
  playerId: z.number(),
  fideId: z.number().nullable(),
  name: z.string(),
  /** The printed fields that differ. */
  fields: z.array(z.string()),
  published: lineSchema.nullable(),
  replayed: lineSchema.nullable()
})
export type ReplayEntryDiff = z.infer<typeof replayEntryDiffSchema>

export const replayResultSchema = z.object({
  ok: z.boolean(),
  lists: z.array(replayListSchema),
  firstDifference: z
    .object({
      listId: z.number(),
      listDate: isoDate,
      ratingType,
      version: z.number(),
      /** How many entries differ; `entries` shows the first ones. */
      differing: z.number(),
      entries: z.array(replayEntryDiffSchema),
      causes: z.array(replayCauseSchema)
    })
    .nullable()
})
export type ReplayResult = z.infer<typeof replayResultSchema>
