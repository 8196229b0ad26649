// Read-side calls over rating lists: the lists held (reference and office) and their entries, paged and sorted.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'

export const listKind = z.enum(['reference', 'office'])
export const listStatus = z.enum(['draft', 'published', 'reference'])

/**
 * Who publishes a list and how it was obtained (one reading for every surface: `lists show`, the exports' headings and
 * file names, the screens). 'fide': imported from FIDE's download; 'national': a federation's list imported (its
 * source's code); 'office': computed by the office — its federation's name and code, recorded with the list at its
 * publication (migration 26), the settings' for a draft or a list published before they were recorded — with the
 * rules it was computed under (its edition or profile as stored). Worded by `src/shared/locales/list-publisher.ts`.
 */
export const listPublisherSchema = z.object({
  origin: z.enum(['fide', 'national', 'office']),
  /** The publisher's name (null: the office's federation is not named yet). */
  name: z.string().nullable(),
  /** Its code: 'FIDE', a federation's three letters (null: not given yet). */
  code: z.string().nullable(),
  /** The name and code were recorded with the list at its publication (false: a draft's, or the settings' for an older list). */
  recorded: z.boolean(),
  /** The rules an office list was computed under (its edition or profile as stored with it); null for an imported list. */
  rules: z.object({ id: z.string(), kind: z.string(), name: z.string() }).nullable()
})
export type ListPublisher = z.infer<typeof listPublisherSchema>

export const listSummarySchema = z.object({
  id: z.number(),
  kind: listKind,
  listDate: isoDate,
  ratingType: ratingType,
  /** The chain of lists it belongs to (data/lists.ts): 'FIDE' for FIDE's download and the office's lists under FIDE's
   *  rules, a profile's id or a federation's code for a national chain. Not who publishes it: that is `publisher`. */
  source: z.string(),
  edition: z.string().nullable(),
  status: listStatus,
  version: z.number(),
  supersedesId: z.number().nullable(),
  checksum: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  entries: z.number(),
  publisher: listPublisherSchema
})
export type ListSummary = z.infer<typeof listSummarySchema>

export const listEntryRowSchema = z.object({
  playerId: z.number(),
  fideId: z.number().nullable(),
  surname: z.string(),
  givenNames: z.string(),
  name: z.string(),
  federation: z.string().nullable(),
  title: z.string().nullable(),
  sex: z.string().nullable(),
  birthYear: z.number().nullable(),
  /** The published rating: null for an unrated entry and for one shown as delisted (data/published-rating.ts). */
  rating: z.number().nullable(),
  games: z.number().nullable(),
  k: z.number().nullable(),
  flags: z.string().nullable(),
  /** Shown once as delisted: his rating fell under the floor (FIDE 2005 § 9.34); he has no rating and no rank. */
  delisted: z.boolean(),
  /** His rank among the list's rated players (by rating, ties by player id) on a page by rating; null when unrated, delisted, or in another order. */
  rank: z.number().nullable(),
  /** The player's published rating on the previous official list of the same rating type (null: not on it, unrated or delisted there, or none). */
  previousRating: z.number().nullable()
})
export type ListEntryRow = z.infer<typeof listEntryRowSchema>

export const listSortKey = z.enum(['rating', 'name', 'fideId'])
export const sortOrder = z.enum(['asc', 'desc'])

export const listsContract = {
  'lists:list': call({
    summary: 'Rating lists held by the office (reference and office lists) with their entry counts, newest first',
    access: 'read',
    archive: true,
    input: z
      .object({
        kind: listKind.optional(),
        ratingType: ratingType.optional(),
        status: listStatus.optional()
      })
      .strict(),
    output: z.array(listSummarySchema)
  }),
  'lists:entries': call({
    summary: 'One page of a rating list’s entries, sorted and filtered by name or FIDE ID',
    access: 'read',
    archive: true,
    input: z
      .object({
        listId: idSchema,
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(50),
        sort: listSortKey.default('rating'),
        order: sortOrder.default('desc'),
        search: z.string().max(100).optional()
      })
      .strict(),
    output: z.object({
      list: listSummarySchema,
      /** The latest published or reference list of the same rating type before this one, the rows' previousRating. */
      previous: z.object({ id: z.number(), listDate: isoDate, kind: listKind }).nullable(),
      rows: z.array(listEntryRowSchema),
      total: z.number(),
      /** A broad search's count stopped at a cap: the list holds at least `total` matches (refine the search). */
      capped: z.boolean()
    })
  })
}
