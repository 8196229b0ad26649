// Calls of the player registry: search, player page, list import (a job), duplicates queue, merges, arbiters and licences.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'
import { uploadHandle } from './files'

const currentRatingSchema = z
  .object({ rating: z.number().nullable(), games: z.number().nullable(), k: z.number().nullable(), flags: z.string().nullable(), listId: z.number(), listDate: z.string() })
  .nullable()

export const registryPlayerSchema = z.object({
  id: z.number(),
  fideId: z.number().nullable(),
  nationalId: z.string().nullable(),
  surname: z.string(),
  givenNames: z.string(),
  federation: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  /** Published per the birthPrivacy setting: the year, or else the age category; never the full date. */
  birthYear: z.number().nullable(),
  ageCategory: z.string().nullable(),
  title: z.string().nullable(),
  womanTitle: z.string().nullable(),
  arbiterTitle: z.string().nullable(),
  status: z.string(),
  mergedInto: z.number().nullable(),
  ratings: z.object({ standard: currentRatingSchema, rapid: currentRatingSchema, blitz: currentRatingSchema })
})
export type RegistryPlayer = z.infer<typeof registryPlayerSchema>

export const mergeRecordSchema = z.object({
  id: z.number(),
  keepId: z.number(),
  dropId: z.number(),
  reason: z.string(),
  at: z.string(),
  undoneAt: z.string().nullable(),
  undoReason: z.string().nullable(),
  moved: z.array(z.object({ table: z.string(), rows: z.number() })),
  entryConflicts: z.array(z.number())
})
export type MergeRecordDto = z.infer<typeof mergeRecordSchema>

/** The officer's word that a merge or its undo may write a sealed period's archive file anew (it refuses without). */
const rewriteSealed = z.boolean().optional()

/** The job that merges, or undoes a merge, across a sealed period (its file written anew, in the write turn). */
export const mergeAcrossSealedInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('merge'), keepId: z.number().int().positive(), dropId: z.number().int().positive(), reason: z.string().min(1) }).strict(),
  z.object({ action: z.literal('undo'), mergeId: z.number().int().positive(), reason: z.string().min(1) }).strict()
])

export const arbiterTitleSchema = z.enum(['IA', 'FA', 'NA'])
export const arbiterStatusSchema = z.enum(['active', 'inactive', 'suspended', 'revoked'])
export const licenceCategorySchema = z.enum(['A', 'B', 'C', 'D'])

export const arbiterSchema = z.object({
  id: z.number(),
  playerId: z.number().nullable(),
  fideId: z.number(),
  name: z.string().nullable(),
  federation: z.string().nullable(),
  title: arbiterTitleSchema,
  licenceCategory: licenceCategorySchema.nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  status: arbiterStatusSchema,
  source: z.enum(['list', 'manual']),
  notes: z.string().nullable(),
  updatedAt: z.string()
})
export type ArbiterDto = z.infer<typeof arbiterSchema>

export const duplicateCandidateSchema = z.object({
  id: z.number(),
  score: z.number(),
  status: z.enum(['open', 'merged', 'dismissed']),
  reasons: z.object({
    name: z.number(),
    birth: z.string(),
    federation: z.string(),
    sex: z.string(),
    sharedTournaments: z.number()
  }),
  foundAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  mergeId: z.number().nullable(),
  a: registryPlayerSchema,
  b: registryPlayerSchema
})
export type DuplicateCandidateDto = z.infer<typeof duplicateCandidateSchema>

export const nationalFields = ['nationalId', 'fideId', 'name', 'surname', 'givenNames', 'federation', 'region', 'sex', 'birth', 'title', 'rating', 'games', 'k', 'flags'] as const
export const nationalMappingSchema = z.partialRecord(z.enum(nationalFields), z.string())

const page = { offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(500).default(50) }
const reason = z.string().trim().min(3, 'give a reason (it goes to the audit log)').max(500)
const jobStarted = z.object({ jobId: z.string() })

// Inputs and results of the registry's jobs (declared in jobs.ts); the calls that start them take the same inputs.
export const importListInputSchema = z.object({ file: z.string().min(1), listDate: isoDate, ratingType: ratingType.optional() }).strict()
export const importNationalInputSchema = z
  .object({ file: z.string().min(1), listDate: isoDate, ratingType, source: z.string().regex(/^[A-Z]{3}$/), mapping: nationalMappingSchema })
  .strict()
// The calls that start them name the file by its handle (open dialog or upload), never by a path; only the main
// process turns a handle into the job's path (the CLI, local, starts the jobs with its own paths).
export const importListCallSchema = importListInputSchema.omit({ file: true }).extend({ upload: uploadHandle }).strict()
/** A national list's columns, a sample and a suggested mapping (the call's answer, and its worker job's result). */
export const nationalPreviewSchema = z.object({ columns: z.array(z.string()), sample: z.array(z.array(z.string())), rows: z.number(), suggested: nationalMappingSchema })
export const importNationalCallSchema = importNationalInputSchema.omit({ file: true }).extend({ upload: uploadHandle }).strict()
export const scanDuplicatesInputSchema = z.object({ minScore: z.number().min(0.5).max(1).optional() }).strict()

/** A located problem of a list file: line, column, the field, what was found and what was expected. */
export const listProblemSchema = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  field: z.string(),
  found: z.string(),
  expected: z.string()
})
export const listImportResultSchema = z.object({
  format: z.enum(['txt-combined', 'txt-single', 'txt-legacy', 'xml', 'xml-combined', 'national']),
  encoding: z.string(),
  checksum: z.string(),
  lists: z.array(z.object({ id: z.number(), ratingType, entries: z.number() })),
  records: z.number(),
  players: z.object({ inserted: z.number(), updated: z.number(), unchanged: z.number() }),
  arbitersAdded: z.number(),
  /** The first warnings (the log keeps a bounded number); warningCount counts them all. */
  warnings: z.array(listProblemSchema),
  warningCount: z.number(),
  /**
   * IDs given on two lines of the file: the first line of each is kept and the later one skipped (as FIDE's TXT and
   * XML lists and national lists alike); `count` of them all, `lines` the first 200 with the line each was first on.
   */
  duplicates: z.object({ count: z.number(), lines: z.array(z.object({ id: z.string(), line: z.number(), firstLine: z.number() })) })
})
export type ListImportResult = z.infer<typeof listImportResultSchema>
export const scanResultSchema = z.object({ players: z.number(), blocks: z.number(), pairsScored: z.number(), candidatesAdded: z.number() })

export const playersContract = {
  'players:search': call({
    summary: 'One page of players: by name (accents optional), FIDE or national ID, federation; sorted server-side',
    access: 'read',
    archive: true,
    input: z
      .object({
        text: z.string().max(100).optional(),
        federation: z.string().regex(/^[A-Za-z]{3}$/).optional(),
        status: z.enum(['active', 'inactive', 'deceased', 'merged', 'any']).default('any'),
        sort: z.enum(['name', 'fideId', 'federation', 'rating', 'birthYear', 'title']).default('name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        ratingType: ratingType.default('standard'),
        ...page
      })
      .strict(),
    output: z.object({ total: z.number(), capped: z.boolean(), rows: z.array(registryPlayerSchema) })
  }),
  'players:get': call({
    summary: 'A player’s page: identity, titles, current ratings, tournaments, merges, arbiter licence',
    access: 'read',
    archive: true,
    input: z.object({ id: idSchema }).strict(),
    output: z.object({
      player: registryPlayerSchema,
      otherTitles: z.array(z.string()),
      foaTitle: z.string().nullable(),
      /** The region a national list gives (migration 14). */
      region: z.string().nullable(),
      tournaments: z.array(z.object({ id: z.number(), name: z.string(), date: z.string().nullable() })),
      merges: z.array(mergeRecordSchema),
      arbiter: arbiterSchema.nullable()
    })
  }),
  'players:update': call({
    summary: 'Correct a player’s identity (birth date, federation, sex, national ID, names) or status; audited with the reason',
    access: 'write',
    input: z
      .object({
        id: idSchema,
        surname: z.string().trim().min(1).max(100).optional(),
        givenNames: z.string().trim().max(100).optional(),
        nationalId: z.string().trim().max(40).nullable().optional(),
        federation: z.string().regex(/^[A-Z]{3}$/).nullable().optional(),
        sex: z.enum(['M', 'F']).nullable().optional(),
        birthDate: z.string().regex(/^\d{4}(-\d{2}-\d{2})?$/, 'expected YYYY or YYYY-MM-DD').nullable().optional(),
        status: z.enum(['active', 'inactive', 'deceased']).optional(),
        reason
      })
      .strict(),
    output: z.object({ changed: z.array(z.string()), player: registryPlayerSchema })
  }),
  'players:importList': call({
    summary: 'Import a FIDE list file (TXT or XML, by its handle) as read-only reference lists, in the worker (returns the job)',
    access: 'write',
    input: importListCallSchema,
    output: jobStarted
  }),
  'players:previewNational': call({
    summary: 'Read a national list (CSV/XLSX): its columns, a sample, and a suggested column mapping to confirm',
    access: 'read',
    input: z.object({ upload: uploadHandle }).strict(),
    output: nationalPreviewSchema
  }),
  'players:importNational': call({
    summary: 'Import a national list (CSV/XLSX, by its handle) with the confirmed column mapping, in the worker (returns the job)',
    access: 'write',
    input: importNationalCallSchema,
    output: jobStarted
  }),
  'players:duplicates': call({
    summary: 'The duplicates review queue, best score first',
    access: 'read',
    input: z.object({ status: z.enum(['open', 'merged', 'dismissed']).default('open'), ...page }).strict(),
    output: z.object({ total: z.number(), rows: z.array(duplicateCandidateSchema) })
  }),
  'players:scanDuplicates': call({
    summary: 'Look for likely duplicates across the registry, in the worker (returns the job)',
    access: 'write',
    input: scanDuplicatesInputSchema,
    output: jobStarted
  }),
  'players:dismissDuplicate': call({
    summary: 'Decide that a candidate pair is two different people',
    access: 'write',
    input: z.object({ candidateId: idSchema, reason }).strict(),
    output: z.object({ id: z.number(), status: z.literal('dismissed') })
  }),
  'players:merge': call({
    summary:
      'Merge DROP into KEEP: every list entry and reference moves; recorded and undoable until a publication. Entries on a sealed period’s lists move only with `rewriteSealed` (the officer’s word: the period’s file is written anew, every other call waits)',
    access: 'write',
    input: z.object({ keepId: idSchema, dropId: idSchema, reason, rewriteSealed }).strict(),
    output: mergeRecordSchema
  }),
  'players:undoMerge': call({
    summary: 'Undo a merge exactly, while no office list has been published since (entries on a sealed period’s lists: with `rewriteSealed`, as for the merge)',
    access: 'write',
    input: z.object({ mergeId: idSchema, reason, rewriteSealed }).strict(),
    output: mergeRecordSchema
  }),
  'players:merges': call({
    summary: 'Merges, newest first (of one player when given)',
    access: 'read',
    input: z.object({ playerId: idSchema.optional() }).strict(),
    output: z.array(mergeRecordSchema.extend({ keepName: z.string(), dropName: z.string(), undoable: z.boolean(), undoBlockedBy: z.string().nullable() }))
  }),
  'arbiters:list': call({
    summary: 'The arbiters registry, by name or FIDE ID, status and title',
    access: 'read',
    input: z.object({ text: z.string().max(100).optional(), status: arbiterStatusSchema.optional(), title: arbiterTitleSchema.optional(), ...page }).strict(),
    output: z.object({ total: z.number(), rows: z.array(arbiterSchema) })
  }),
  'arbiters:save': call({
    summary: 'Register or edit an arbiter and his licence (recorded; later list imports do not overwrite it)',
    access: 'write',
    input: z
      .object({
        fideId: z.number().int().positive(),
        title: arbiterTitleSchema,
        licenceCategory: licenceCategorySchema.nullable().optional(),
        validFrom: isoDate.nullable().optional(),
        validTo: isoDate.nullable().optional(),
        status: arbiterStatusSchema.default('active'),
        notes: z.string().max(500).nullable().optional(),
        reason: z.string().max(500).optional()
      })
      .strict(),
    output: arbiterSchema
  }),
  'arbiters:licenceOn': call({
    summary: 'Whether an arbiter holds a licence in force on a date',
    access: 'read',
    input: z.object({ fideId: z.number().int().positive(), date: isoDate }).strict(),
    output: z.object({
      fideId: z.number(),
      date: z.string(),
      licensed: z.boolean(),
      reason: z.enum(['ok', 'unknown', 'inactive', 'suspended', 'revoked', 'not-yet-valid', 'expired']),
      arbiter: arbiterSchema.nullable()
    })
  })
}
