// Calls of the application frame: version, home figures and settings (background jobs: jobs.ts).
import { z } from 'zod'
import { call, isoDate, ratingType } from './define'
import { LOGO_MAX_BYTES } from './plain'

export { LOGO_MAX_BYTES } from './plain'

/** The database check: integrity_check's answer and every table's row count. */
export const healthReportSchema = z.object({
  integrity: z.string(),
  tables: z.array(z.object({ name: z.string(), rows: z.number() }))
})
export type HealthReport = z.infer<typeof healthReportSchema>

/** A backup the officer starts; automatic ones (daily, before an import) are started by the application. */
export const backupJobInputSchema = z.object({ reason: z.enum(['manual', 'daily']).default('manual') }).strict()
export const backupReportSchema = z.object({
  file: z.string(),
  bytes: z.number(),
  integrity: z.string(),
  foreignKeyProblems: z.array(z.object({ table: z.string(), rowid: z.number().nullable(), parent: z.string() })),
  schemaVersion: z.number(),
  tables: z.array(z.object({ name: z.string(), rows: z.number() })),
  listChecksums: z.record(z.string(), z.string()),
  frozenListProblems: z.array(z.object({ listId: z.number(), problem: z.enum(['altered', 'unrecorded']) })),
  /** How much of the copy integrity_check read: the whole file, or the tables changed since the last verified copy. */
  integrityScope: z
    .object({ mode: z.enum(['full', 'changed']), why: z.string().optional(), pages: z.number(), changedPages: z.number(), tables: z.array(z.string()), listsProven: z.number(), foreignKeys: z.array(z.string()).optional() })
    .optional(),
  /** How the copy was made: the database file copied whole (it alone held the state copied), or SQLite's backup API. */
  copiedBy: z.enum(['file', 'backup-api']),
  removed: z.array(z.string())
})
export const backupFileSchema = z.object({ fileName: z.string(), at: z.string(), reason: z.string(), bytes: z.number() })

/** The period a seal takes: the closed years it spans, as system:archivePeriods offers it. */
const sealYears = { firstYear: z.number().int().min(1900).max(2999), lastYear: z.number().int().min(1900).max(2999) }
const yearsInOrder = (c: { firstYear: number; lastYear: number }): boolean => c.firstYear <= c.lastYear
const inOrder = { message: 'expected the first year at most the last', path: ['lastYear'] }
export const sealChoiceSchema = z.object(sealYears).strict().refine(yearsInOrder, inOrder)
/** The seal's job: the period, the backups folder its copy goes to, and the day that says which years are closed. */
export const sealJobInputSchema = z
  .object({ ...sealYears, backupDir: z.string().min(1), today: isoDate })
  .strict()
  .refine(yearsInOrder, inOrder)

/** What a seal did: the file, the lists in it, its copy beside the backups, the live database's size before and after. */
export const sealReportSchema = z.object({
  file: z.string(),
  firstDate: isoDate,
  lastDate: isoDate,
  lists: z.number(),
  entries: z.number(),
  copy: z.string().nullable(),
  liveBytesBefore: z.number(),
  liveBytesAfter: z.number(),
  /** The steps after the seal that could not be done (the period is sealed all the same), and why. */
  unfinished: z.array(z.object({ step: z.enum(['copy', 'vacuum']), reason: z.string() })),
  /** The oldest periods merged into one file first (every slot was taken), or null. */
  merged: z.object({ file: z.string(), firstDate: isoDate, lastDate: isoDate, files: z.number() }).nullable()
})

/** The office's periods: the archive files sealed, the closed years it can seal now, the past years held back. */
export const archivePeriodsSchema = z.object({
  sealed: z.array(z.object({ name: z.string(), firstDate: isoDate, lastDate: isoDate, lists: z.number(), entries: z.number(), bytes: z.number(), sealedAt: z.string() })),
  toSeal: z.array(z.object({ firstYear: z.number(), lastYear: z.number(), firstDate: isoDate, lastDate: isoDate, lists: z.number(), entries: z.number() })),
  held: z.array(z.object({ year: z.number(), reason: z.enum(['draft', 'uncounted']), lists: z.number() })),
  openYear: z.number(),
  maxFiles: z.number(),
  /** Every slot taken: the sealed periods merged into one file before the next seal (their dates, their files). */
  mergeFirst: z.object({ firstDate: isoDate, lastDate: isoDate, files: z.array(z.string()) }).nullable(),
  /** The live database's size now (bytes). */
  liveBytes: z.number()
})

/** What the host's checks found on opening the database (messages: the shared catalogue's `db.open.*`). */
export const openNoticeSchema = z.object({
  level: z.enum(['info', 'warning', 'error']),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()]))
})
export type OpenNoticeOut = z.infer<typeof openNoticeSchema>

/** The federation's name and code as an officer gives them (in the settings, or at the first publication). */
export const federationNameSchema = z.string().trim().min(2, 'a federation name of at least 2 characters is needed').max(200)
export const federationCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'a federation code of three letters (FRA, SUI, GER…) is needed')

export const settingsSchema = z.object({
  locale: z.enum(['en', 'fr']),
  theme: z.enum(['light', 'dark', 'system']),
  federation: z.string().max(3),
  /** The federation's name printed at the head of its lists and their exports (recorded with each at its publication). */
  federationName: z.string().max(200),
  officer: z.string().max(100),
  birthPrivacy: z.enum(['year', 'age-category']),
  /** Folder of the automatic and manual backups; empty = a `backups` folder beside the database. */
  backupDir: z.string().max(1000).refine((v) => v === '' || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(v), 'expected an absolute folder path, or empty')
})
export type Settings = z.infer<typeof settingsSchema>

/** The federation's logo as stored (a PNG or JPEG image), for the settings' preview. */
export const logoSchema = z.object({ mediaType: z.enum(['image/png', 'image/jpeg']), bytes: z.number(), dataUrl: z.string() })
export type Logo = z.infer<typeof logoSchema>

const homeReference = z.object({ id: z.number(), listDate: isoDate, ratingType: z.string(), entries: z.number() }).nullable()

export const systemContract = {
  'system:info': call({
    summary: 'Application and database facts',
    access: 'read',
    archive: true,
    input: z.object({}).strict(),
    output: z.object({
      appVersion: z.string(),
      schemaVersion: z.number(),
      dbPath: z.string(),
      readOnly: z.boolean(),
      host: z.enum(['electron', 'browser', 'cli']),
      notices: z.array(openNoticeSchema),
      /** The checks of the whole file are still running in a worker: more notices may come (ask again). */
      integrityPending: z.boolean()
    })
  }),
  'system:home': call({
    summary: 'Figures for the home screen',
    access: 'read',
    archive: true,
    input: z.object({}).strict(),
    output: z.object({
      players: z.number(),
      playersActive: z.number(),
      tournamentsByStatus: z.record(z.string(), z.number()),
      /** Reports waiting for the officer: imported or checked, neither approved, rejected nor rated. */
      toCheck: z.number(),
      referenceLists: z.number(),
      lastPublished: z
        .object({ id: z.number(), listDate: isoDate, ratingType: z.string(), version: z.number(), entries: z.number(), publishedAt: z.string() })
        .nullable(),
      /** The latest imported reference list of each rating type, null for a type with none. */
      references: z.object({ standard: homeReference, rapid: homeReference, blitz: homeReference }),
      /** The lists due next: the standard one always, a rapid or blitz one when approved tournaments wait for it. */
      listsDue: z.array(
        z.object({
          ratingType,
          listDate: isoDate,
          closingDate: isoDate,
          reason: z.enum(['approved', 'afterPublished', 'afterReference', 'today']),
          tournaments: z.number()
        })
      )
    })
  }),
  'system:backups': call({
    summary: 'The backups folder and the backups in it, newest first',
    access: 'read',
    input: z.object({}).strict(),
    output: z.object({ folder: z.string(), backups: z.array(backupFileSchema) })
  }),
  'system:restore': call({
    summary: 'Replace the database with one of the backups of its folder (by file name), after a verified copy of the current one; the window then reloads',
    access: 'write',
    input: z.object({ fileName: z.string().min(1).max(260) }).strict(),
    output: z.object({ restored: z.string(), safetyCopy: z.string().nullable(), schemaVersion: z.number() })
  }),
  'system:archivePeriods': call({
    summary: 'The periods of published lists sealed into archive files, the closed years the office can seal now, and the past years held back (a draft, an unfinished import)',
    access: 'read',
    input: z.object({}).strict(),
    output: archivePeriodsSchema
  }),
  'system:seal': call({
    summary: 'Seal a closed period’s published lists into an archive file (written, checked, copied beside the backups), then shrink the live database; every other call waits until it is done',
    access: 'write',
    input: sealChoiceSchema,
    output: sealReportSchema
  }),
  'system:openedReports': call({
    summary: 'Tournament reports given on the command line or by the OS, taken once by the import screen',
    access: 'read',
    input: z.object({}).strict(),
    output: z.object({
      files: z.array(
        z.object({ path: z.string(), fileName: z.string(), base64: z.string().optional(), error: z.string().optional() })
      )
    })
  }),
  'settings:get': call({
    summary: 'The office settings',
    access: 'read',
    archive: true,
    input: z.object({}).strict(),
    output: settingsSchema
  }),
  'settings:set': call({
    summary: 'Change some settings (the backups folder is chosen with settings:chooseBackupDir: no client names a folder)',
    access: 'write',
    // the federation's name and code are checked as they come in (empty clears them; a list records them at publication)
    input: settingsSchema
      .omit({ backupDir: true })
      .extend({ federation: z.union([z.literal(''), federationCodeSchema]), federationName: z.union([z.literal(''), federationNameSchema]) })
      .partial()
      .strict(),
    output: settingsSchema
  }),
  'settings:chooseBackupDir': call({
    summary: 'The backups folder: chosen in the desktop app’s folder dialog, or back to the default beside the database',
    access: 'write',
    input: z.object({ use: z.enum(['dialog', 'default']) }).strict(),
    output: settingsSchema
  }),
  'settings:logo': call({
    summary: 'The federation logo printed on exported lists, or null',
    access: 'read',
    archive: true,
    input: z.object({}).strict(),
    output: logoSchema.nullable()
  }),
  'settings:setLogo': call({
    summary: 'Set the federation logo from the bytes of a PNG or JPEG file the officer chose (checked: type, size, readable), or remove it (null)',
    access: 'write',
    input: z
      .object({
        // base64 of at most LOGO_MAX_BYTES bytes: refused before it is decoded
        base64: z
          .string()
          .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, `expected an image of at most ${LOGO_MAX_BYTES / 1024} KB`)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64')
          .nullable()
      })
      .strict(),
    output: logoSchema.nullable()
  })
}
