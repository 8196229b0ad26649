// The job contract: every kind of background job, with its one input schema and its result schema, and the calls
// that start, follow and cancel jobs. Hosts, CLI and stores derive their types from it; main validates every start.
import { z } from 'zod'
import { call } from './define'
import { backupJobInputSchema, backupReportSchema, healthReportSchema, openNoticeSchema, sealJobInputSchema, sealReportSchema } from './system'
import { periodJobInputSchema, periodJobResultSchema } from './rating'
import { importListInputSchema, importNationalInputSchema, listImportResultSchema, mergeAcrossSealedInputSchema, mergeRecordSchema, nationalPreviewSchema, scanDuplicatesInputSchema, scanResultSchema } from './players'
import {
  correctInputSchema,
  correctPreviewInputSchema,
  correctResultSchema,
  correctionPreviewSchema,
  generateInputSchema,
  generateResultSchema,
  publishInputSchema,
  publishResultSchema,
  staleInputSchema,
  staleResultSchema
} from './office-lists'
import { replayInputSchema, replayResultSchema } from './list-history'
import { diffCountsSchema, diffJobInputSchema, exportFormat, listExportRequestSchema, siteBuildResultSchema } from './list-out'
import { fileInput, importInputSchema, importResultSchema, reportPreviewSchema } from './tournaments'
import { rateReportInputSchema, tournamentRatingSchema } from './tournament-rating'

/** No path: the demo is the one bundled with the application (resources/demo). */
const demoLoadInputSchema = z.object({ registryOnly: z.boolean().optional() }).strict()
const demoLoadResultSchema = z.object({
  lists: z.array(z.object({ ratingType: z.string(), listId: z.number(), entries: z.number() })),
  players: z.number(),
  arbiters: z.number(),
  reports: z.array(z.object({ file: z.string(), tournamentId: z.number().nullable(), errors: z.number(), warnings: z.number(), message: z.string().nullable() }))
})

export interface JobDef<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** One line for the docs and the API listing. */
  summary: string
  /** What the job takes; parsed in the main thread before a worker starts (the job receives the parsed value). */
  input: I
  /** What the job gives back when it is done. */
  result: R
}

export function job<I extends z.ZodType, R extends z.ZodType>(def: JobDef<I, R>): JobDef<I, R> {
  return def
}

export type JobDefs = Record<string, JobDef>

/** Every job the worker can run. A new job is declared here first; the worker's handler table must then cover it. */
export const jobsContract = {
  'system:health': job({
    summary: 'Check the database: integrity and the row count of every table',
    input: z.object({}).strict(),
    result: healthReportSchema
  }),
  'system:openCheck': job({
    summary: 'The checks of the whole file a host runs after opening the database: SQLite quick_check and the foreign keys',
    input: z.object({}).strict(),
    result: z.object({ notices: z.array(openNoticeSchema) })
  }),
  'system:backup': job({
    summary: 'Back up the database into the backups folder, verify the copy, and thin out older automatic backups',
    input: backupJobInputSchema,
    result: backupReportSchema
  }),
  'system:restore': job({
    summary: 'Replace the database file with a backup: the backup checked, the current file copied aside and verified, then the swap (the host has closed its connection)',
    input: z.object({ from: z.string().min(1), safetyDir: z.string().min(1) }).strict(),
    result: z.object({ safetyCopy: z.string().nullable(), schemaVersion: z.number() })
  }),
  'system:seal': job({
    summary: 'Seal a closed period of published lists into its archive file in the write turn: written, checked, recorded, copied beside the backups; then VACUUM of the live database (the host refuses other calls meanwhile)',
    input: sealJobInputSchema,
    result: sealReportSchema
  }),
  'rating:period': job({
    summary: 'Rate a batch of player periods (one calculation document each), with progress and cancel checks',
    input: periodJobInputSchema,
    result: periodJobResultSchema
  }),
  'registry:importList': job({
    summary: 'Import a FIDE list file (TXT or XML) as read-only reference lists',
    input: importListInputSchema,
    result: listImportResultSchema
  }),
  'registry:importNational': job({
    summary: 'Import a national list (CSV/XLSX) with a confirmed column mapping',
    input: importNationalInputSchema,
    result: listImportResultSchema
  }),
  'registry:previewNational': job({
    summary: 'Read a national list (CSV/XLSX) for its preview: columns, a sample, a suggested mapping (a hostile spreadsheet costs a worker, not the main process)',
    // `file` is an upload's path resolved by the main process: the kind is not one jobs:start takes
    input: z.object({ file: z.string().min(1) }).strict(),
    result: nationalPreviewSchema
  }),
  'registry:mergeSealed': job({
    summary: 'Merge two records, or undo a merge, whose entries on a sealed period’s lists move: the period’s file written anew and checked, recorded in the merge’s transaction (the host refuses other calls meanwhile)',
    input: mergeAcrossSealedInputSchema,
    result: mergeRecordSchema
  }),
  'registry:scanDuplicates': job({
    summary: 'Look for likely duplicates across the registry and queue them for review',
    input: scanDuplicatesInputSchema,
    result: scanResultSchema
  }),
  'demo:load': job({
    summary: 'Load the bundled demo federation (national lists, arbiters, a month of reports) into an empty database',
    input: demoLoadInputSchema,
    result: demoLoadResultSchema
  }),
  'lists:generate': job({
    summary: 'Generate (or replace) the draft office list of a date and rating type from the approved tournaments of its period',
    input: generateInputSchema,
    result: generateResultSchema
  }),
  'lists:publish': job({
    summary: 'Publish a draft office list: checked against its inputs, frozen, its tournaments marked rated (at FIDE scale too long for the main process)',
    input: publishInputSchema,
    result: publishResultSchema
  }),
  'lists:replay': job({
    summary: 'Regenerate every published office list in order from its base list and the stored tournaments, and check each against its frozen checksum',
    input: replayInputSchema,
    result: replayResultSchema
  }),
  'lists:stale': job({
    summary: "Compare a draft's inputs as they are now with the ones it was generated from (every tournament of the period, its file, its exclusions; the corrections; the merges)",
    input: staleInputSchema,
    result: staleResultSchema
  }),
  'lists:correctPreview': job({
    summary: 'Recompute a published list and the later lists built on it from the tournaments as they are now, and say which entries would change (nothing written)',
    input: correctPreviewInputSchema,
    result: correctionPreviewSchema
  }),
  'lists:correct': job({
    summary: 'Apply a correction of a published list: into the next list (FIDE practice) or as new versions of the lists it changes, with a changelog',
    input: correctInputSchema,
    result: correctResultSchema
  }),
  'lists:export': job({
    summary: 'Write an export of a list (TXT, XML, CSV, XLSX, PDF) to the file the main process chose (its save dialog, or a temporary file it serves): at FIDE scale seconds of rows and page layout, not for the main process',
    // `out` is chosen by the main process, never by a client: the kind is not one jobs:start takes
    input: listExportRequestSchema.extend({ out: z.string().min(1) }),
    result: z.object({ file: z.string(), format: exportFormat, rows: z.number(), skipped: z.number(), bytes: z.number() })
  }),
  'site:build': job({
    summary: 'Build (or bring up to date) the federation’s public rating website in a folder the main process chose (its folder dialog, or a temporary folder it serves as a zip): every published list, a page per player with his calculation sheets, rated tournaments, search; only changed files written',
    // `out` is chosen by the main process, never by a client: the kind is not one jobs:start takes
    input: z.object({ out: z.string().min(1), full: z.boolean().optional() }).strict(),
    result: siteBuildResultSchema
  }),
  'tournaments:import': job({
    summary: 'Import a batch of TRF files with their regulation checks, file by file with progress (each file whole or not at all; a cancel leaves none of the batch)',
    input: importInputSchema,
    result: importResultSchema
  }),
  'tournaments:preview': job({
    summary: 'Read a TRF file for its preview, with the bounds of its rounds and the matching stored tournament (nothing written): the parsing of an outside file off the main process',
    input: fileInput,
    result: reportPreviewSchema
  }),
  'tournaments:rate': job({
    summary: "Rate a report file as it is, not stored (the calculator's upload): the parsing of an outside file off the main process, nothing written",
    input: rateReportInputSchema,
    result: tournamentRatingSchema
  }),
  'lists:diff': job({
    summary: 'Compare two big lists of one rating type once (counts, and each kind’s players stored in order for paging): at FIDE scale seconds, not for the main process',
    input: diffJobInputSchema,
    result: z.object({ fromId: z.number(), toId: z.number(), counts: diffCountsSchema })
  })
} as const satisfies JobDefs

export type JobsContract = typeof jobsContract

// Types of any job table (the application's, or a test's own).
export type JobKindOf<C extends JobDefs> = keyof C & string
/** What a caller gives (defaults may be left out). */
export type JobInputOf<C extends JobDefs, K extends JobKindOf<C>> = z.input<C[K]['input']>
/** What the job function receives, once parsed. */
export type JobArgsOf<C extends JobDefs, K extends JobKindOf<C>> = z.output<C[K]['input']>
export type JobResultOf<C extends JobDefs, K extends JobKindOf<C>> = z.output<C[K]['result']>

const jobError = z.object({ key: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()) })
const jobEventBaseSchema = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  done: z.number(),
  total: z.number(),
  message: z.string().optional(),
  error: jobError.optional()
})
export type JobState = z.infer<typeof jobEventBaseSchema>['state']
export type JobEventBase = z.infer<typeof jobEventBaseSchema>

/** A job's state as events carry it: `kind` tells which result it has once done. */
export type JobEventOf<C extends JobDefs, K extends JobKindOf<C>> = JobEventBase & { kind: K; result?: JobResultOf<C, K> }
/** One of the table's jobs: narrowing on `kind` types the result. */
export type AnyJobEventOf<C extends JobDefs> = { [K in JobKindOf<C>]: JobEventOf<C, K> }[JobKindOf<C>]
/** A start request: the kind and its input, correlated. */
export type JobStartOf<C extends JobDefs> = { [K in JobKindOf<C>]: { kind: K; input: JobInputOf<C, K> } }[JobKindOf<C>]
export type JobStartArgsOf<C extends JobDefs> = { [K in JobKindOf<C>]: { kind: K; input: JobArgsOf<C, K> } }[JobKindOf<C>]

// The application's jobs.
export type JobKind = JobKindOf<JobsContract>
export type JobInput<K extends JobKind> = JobInputOf<JobsContract, K>
export type JobArgs<K extends JobKind> = JobArgsOf<JobsContract, K>
export type JobResult<K extends JobKind> = JobResultOf<JobsContract, K>
export type JobEvent = AnyJobEventOf<JobsContract>
export type JobStart = JobStartOf<JobsContract>
export const jobKinds = Object.keys(jobsContract).sort() as JobKind[]

/** True when the event is of this kind: its result is then typed. */
export function isJobOf<K extends JobKind>(event: JobEvent, kind: K): event is Extract<JobEvent, { kind: K }> {
  return event.kind === kind
}

type Options = [z.ZodObject, ...z.ZodObject[]]

function options(defs: JobDefs, shape: (kind: string, def: JobDef) => z.ZodObject): Options {
  const all = Object.entries(defs).map(([kind, def]) => shape(kind, def))
  if (!all.length) throw new Error('a job table declares at least one job')
  return [all[0]!, ...all.slice(1)]
}

/**
 * The start request of a job table: one branch per declared kind (`{ kind, input }`), so an undeclared kind or an input
 * that is not its kind's is refused where the request enters main. The cast states what the branches are, kind by kind.
 */
export function jobStartSchema<C extends JobDefs>(defs: C): z.ZodType<JobStartArgsOf<C>, JobStartOf<C>> {
  return z.discriminatedUnion(
    'kind',
    options(defs, (kind, def) => z.object({ kind: z.literal(kind), input: def.input }).strict())
  ) as unknown as z.ZodType<JobStartArgsOf<C>, JobStartOf<C>>
}

/** A job event of a job table, the result checked against its kind's schema. */
export function jobEventSchemaOf<C extends JobDefs>(defs: C): z.ZodType<AnyJobEventOf<C>> {
  return z.discriminatedUnion(
    'kind',
    options(defs, (kind, def) => jobEventBaseSchema.extend({ kind: z.literal(kind), result: def.result.optional() }))
  ) as unknown as z.ZodType<AnyJobEventOf<C>>
}

export const jobEventSchema = jobEventSchemaOf(jobsContract)

const jobId = z.object({ jobId: z.string() }).strict()

/**
 * Jobs started by their own calls, never by jobs:start: those that read or write a file by its path (the calls take a
 * handle or show a save dialog; or the local CLI), and the seal, whose call takes the office alone while it runs.
 */
export const callOnlyJobKinds = ['registry:importList', 'registry:importNational', 'registry:previewNational', 'lists:export', 'system:restore', 'system:seal', 'registry:mergeSealed', 'site:build'] as const satisfies readonly JobKind[]
const { 'registry:importList': _list, 'registry:importNational': _national, 'registry:previewNational': _preview, 'lists:export': _export, 'system:restore': _restore, 'system:seal': _seal, 'registry:mergeSealed': _merge, 'site:build': _site, ...clientJobs } = jobsContract
/** The jobs a client may start by name. */
export const clientJobsContract = clientJobs

/** The calls of background jobs: start a declared kind, read a job's last state, cancel it. */
export const jobsCallsContract = {
  'jobs:start': call({
    summary: 'Start a declared background job (kind and its input) in a worker thread; jobs that read a file are started by their own calls',
    // a batch of report files travels base64-encoded in a tournaments:import job's input, as in the call's body
    maxBodyBytes: 256 * 1024 * 1024,
    access: 'write',
    input: jobStartSchema(clientJobsContract),
    output: z.object({ jobId: z.string() })
  }),
  'jobs:get': call({
    summary: 'The last state of a job',
    access: 'read',
    input: jobId,
    output: jobEventSchema
  }),
  'jobs:cancel': call({
    summary: 'Cancel a running job',
    access: 'write',
    input: jobId,
    output: z.object({ cancelled: z.boolean() })
  })
}
