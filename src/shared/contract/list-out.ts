// Lists going out: exports (a save dialog in the desktop app, a download URL in browser mode), comparisons of two
// lists, and the reconciliation of an office list with FIDE's list of the same date.
import { z } from 'zod'
import { call, idSchema } from './define'
import { listEntryRowSchema, listSummarySchema } from './lists'
import { changeKind } from './office-lists'

export const exportFormat = z.enum(['txt', 'xml', 'csv', 'xlsx', 'pdf', 'json'])

/** What a build of the public website did (site:build): the folder, full or incremental, and its counts. */
export const siteBuildResultSchema = z.object({
  dir: z.string(),
  mode: z.enum(['full', 'incremental']),
  lists: z.number(),
  players: z.number(),
  rendered: z.number(),
  withheld: z.number(),
  tournaments: z.number(),
  files: z.number(),
  written: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  bytes: z.number()
}).strict()
export const exportSort = z.enum(['rating', 'name', 'fideId'])
/** A region as national lists name it (players.region): free text, trimmed, at most 60 characters. */
export const regionSchema = z.string().trim().min(1, 'expected a region name').max(60, 'expected at most 60 characters')
export const exportCategory = z.enum(['open', 'women', 'juniors', 'u18', 'u16', 'u14', 'u12', 'u10', 'u8', 'seniors', 'seniors65'])

/** What to export: the list, the format, and optionally the order, a category, a federation, a region, a top-n. */
export const listExportRequestSchema = z
  .object({
    listId: idSchema,
    format: exportFormat,
    sort: exportSort.optional(),
    category: exportCategory.optional(),
    federation: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'expected a three-letter federation code')
      .transform((s) => s.toUpperCase())
      .optional(),
    region: regionSchema.optional(),
    top: z.number().int().min(1).max(100000).optional(),
    locale: z.enum(['en', 'fr']).optional()
  })
  .strict()
export type ListExportRequestInput = z.input<typeof listExportRequestSchema>

/** The browser-mode download of an export: GET this path with the request as query parameters. */
/** Browser mode's download of the public website as a zip (the server builds it with the site:build job). */
export function siteZipUrl(token?: string | null): string {
  return `/api/export/site.zip${token ? `?token=${encodeURIComponent(token)}` : ''}`
}

export function listExportUrl(req: ListExportRequestInput, token?: string | null): string {
  const q = new URLSearchParams()
  q.set('format', req.format)
  if (req.sort) q.set('sort', req.sort)
  if (req.category) q.set('category', req.category)
  if (req.federation) q.set('federation', req.federation)
  if (req.region) q.set('region', req.region)
  if (req.top !== undefined) q.set('top', String(req.top))
  if (req.locale) q.set('locale', req.locale)
  if (token) q.set('token', token)
  return `/api/export/list/${req.listId}?${q.toString()}`
}

/** The query of an export URL back into a request (numbers parsed; validation is the schema's). */
export function listExportRequestFromQuery(listId: string, q: URLSearchParams): unknown {
  const out: Record<string, unknown> = { listId: /^\d+$/.test(listId) ? Number(listId) : listId }
  for (const [k, v] of q) {
    if (k === 'token') continue
    out[k] = k === 'top' && /^\d+$/.test(v) ? Number(v) : v
  }
  return out
}

/** The kinds of change between two lists: the preview's (one definition, src/main/core/lists/change-kinds.ts). */
export const diffKind = changeKind
export type DiffKindName = z.infer<typeof diffKind>

const sideSchema = z.object({ rating: z.number().nullable(), games: z.number().nullable(), k: z.number().nullable(), flags: z.string().nullable() })

/** A line on one side of a comparison: with its title and its status ('delisted': shown once as delisted, its rating
 *  not published; null: an imported line). */
const diffSideSchema = sideSchema.extend({ title: z.string().nullable(), status: z.enum(['rated', 'delisted', 'titled-unrated']).nullable() })

export const diffRowSchema = z.object({
  playerId: z.number(),
  fideId: z.number().nullable(),
  name: z.string(),
  federation: z.string().nullable(),
  from: diffSideSchema.nullable(),
  to: diffSideSchema.nullable()
})
export type DiffRowOut = z.infer<typeof diffRowSchema>

export const diffCountsSchema = z.object({
  up: z.number(),
  down: z.number(),
  new: z.number(),
  delisted: z.number(),
  inactive: z.number(),
  reactivated: z.number(),
  title: z.number(),
  unchanged: z.number(),
  unlisted: z.number()
})

/** The lists:diff job: the two lists of one comparison. */
export const diffJobInputSchema = z.object({ fromId: idSchema, toId: idSchema }).strict()

export const reconcileReasonCode = z.enum(['onlyOffice', 'onlyReference', 'base', 'gamesReference', 'gamesOffice', 'k', 'flag', 'rounding', 'cap400', 'unexplained'])
export type ReconcileReasonName = z.infer<typeof reconcileReasonCode>

export const reconcileRowSchema = z.object({
  playerId: z.number(),
  fideId: z.number().nullable(),
  name: z.string(),
  federation: z.string().nullable(),
  office: sideSchema.nullable(),
  reference: sideSchema.nullable(),
  differences: z.array(z.enum(['rating', 'k', 'flag', 'presence'])),
  reasons: z.array(z.object({ code: reconcileReasonCode, office: z.union([z.number(), z.string()]).nullable(), reference: z.union([z.number(), z.string()]).nullable() }))
})
export type ReconcileRowOut = z.infer<typeof reconcileRowSchema>

/** A top list's row: the list entry's fields a printed top list shows, with the rank. */
export const topRowSchema = listEntryRowSchema
  .pick({ playerId: true, fideId: true, name: true, federation: true, title: true, sex: true, birthYear: true, rating: true, games: true, k: true })
  .extend({ rank: z.number(), region: z.string().nullable() })
export type TopRowOut = z.infer<typeof topRowSchema>

export const listOutContract = {
  'lists:top': call({
    summary: 'A top list on screen: the best rated active players of a list in a category (open, women, juniors, seniors) and optionally a federation or a region',
    access: 'read',
    archive: true,
    input: z
      .object({
        listId: idSchema,
        category: exportCategory.default('open'),
        federation: z
          .string()
          .regex(/^[A-Za-z]{3}$/, 'expected a three-letter federation code')
          .transform((s) => s.toUpperCase())
          .optional(),
        region: regionSchema.optional(),
        limit: z.number().int().min(1).max(1000).default(100)
      })
      .strict(),
    output: z.object({ list: listSummarySchema, rows: z.array(topRowSchema) })
  }),
  'lists:diff': call({
    summary: 'Two lists of one rating type compared: counts of rises, falls, new, delisted, inactive, reactivated players and title changes, and one kind’s players paged; two big lists are compared once by the lists:diff job (then jobId names it and the page is empty until it is done)',
    access: 'read',
    archive: true,
    input: z
      .object({
        fromId: idSchema,
        toId: idSchema,
        kind: diffKind.default('up'),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(50),
        /** false: only the page (the counts read both lists whole: a second or two at FIDE's size). */
        withCounts: z.boolean().default(true)
      })
      .strict(),
    output: z.object({
      from: listSummarySchema,
      to: listSummarySchema,
      counts: diffCountsSchema.nullable(),
      kind: diffKind,
      rows: z.array(diffRowSchema),
      total: z.number(),
      /** The lists:diff job comparing the two lists (started by this call, or already running): ask again when it is done. */
      jobId: z.string().nullable()
    })
  }),
  'lists:reconcile': call({
    summary: 'An office list against a reference list (FIDE’s) of the same date: every player whose rating, K or flag differs, with the reasons found',
    access: 'read',
    archive: true,
    input: z
      .object({
        listId: idSchema,
        referenceId: idSchema,
        reason: reconcileReasonCode.optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(50)
      })
      .strict(),
    output: z.object({
      list: listSummarySchema,
      reference: listSummarySchema,
      officeBase: z.object({ id: z.number(), listDate: z.string() }).nullable(),
      referenceBase: z.object({ id: z.number(), listDate: z.string() }).nullable(),
      sheets: z.boolean(),
      /** Players differing, and players by reason (a player may have several). */
      differing: z.number(),
      counts: z.record(reconcileReasonCode, z.number()),
      rows: z.array(reconcileRowSchema),
      total: z.number()
    })
  }),
  'lists:saveExport': call({
    summary: 'Desktop app: ask where to save an export (the host’s save dialog) and write it there',
    access: 'read',
    input: listExportRequestSchema,
    output: z.object({
      saved: z.boolean(),
      file: z.string().nullable(),
      rows: z.number(),
      skipped: z.number()
    })
  }),
  'lists:publishSite': call({
    summary: 'Desktop app: publish the public rating website into a folder the officer chooses (the host’s folder dialog), as the site:build job; a browser downloads it as a zip instead',
    access: 'write',
    input: z.object({}).strict(),
    output: z.object({ saved: z.boolean(), result: siteBuildResultSchema.nullable() })
  })
}

/** The lists:* calls defined here (their handlers live in services/list-out.ts, the others in services/lists.ts). */
export type ListOutCall = keyof typeof listOutContract
