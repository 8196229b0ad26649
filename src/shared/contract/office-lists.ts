// Calls over the office's own lists: calendar, draft generation (a worker job), preview against the previous list, calculation sheets, publication and corrections.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'
import { CHANGE_KINDS } from './plain'
import { listSummarySchema } from './lists'
import { noteSchema, tournamentFiguresShape } from './rating'
import { federationCodeSchema, federationNameSchema } from './system'

export const calendarEntrySchema = z.object({ listDate: isoDate, closingDate: isoDate, edition: z.string() })
export type CalendarEntry = z.infer<typeof calendarEntrySchema>

export const generateInputSchema = z
  .object({
    listDate: isoDate,
    ratingType: ratingType.default('standard'),
    /** A federation's profile (or a shipped edition) instead of the FIDE edition in force on the list date. */
    profile: z.string().min(1).max(100).optional()
  })
  .strict()
export type GenerateInput = z.output<typeof generateInputSchema>

export const listTournamentSchema = z.object({
  tournamentId: z.number(),
  name: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  fileSha256: z.string().nullable(),
  firstRound: z.number(),
  lastRound: z.number(),
  late: z.boolean(),
  final: z.boolean(),
  games: z.number(),
  players: z.number(),
  /** The tournament's finding that it rates no game or far fewer than it holds (check.games.noneRated / fewRated):
   *  the games held and rated it counted, its sentence in the office's language, the officer's decision. */
  ratedGames: z
    .object({ code: z.string(), level: z.enum(['error', 'warning', 'info']), held: z.number(), rated: z.number(), message: z.string(), decision: z.string().nullable() })
    .nullable()
    .optional()
})
export type ListTournament = z.infer<typeof listTournamentSchema>

export const generateResultSchema = z.object({
  listId: z.number(),
  listDate: isoDate,
  closingDate: isoDate,
  type: ratingType,
  edition: z.string(),
  baseListId: z.number(),
  players: z.number(),
  rated: z.number(),
  newlyRated: z.number(),
  delisted: z.number(),
  inactive: z.number(),
  checksum: z.string(),
  tournaments: z.array(listTournamentSchema),
  /**
   * A big database's publication safety copy, taken beside the generation: verified and recorded with the database's
   * state after the draft once this result is given (the job's write turn held until then), the publication then taking
   * it when nothing but the draft changed since (its result names the copy it took). Absent for a small database: its
   * publication takes its copy then.
   */
  safetyCopy: z.object({ taken: z.literal('beside-generation') }).optional()
})
export type GenerateResult = z.infer<typeof generateResultSchema>

/** How a player's line on a list differs from his line on a base list, one definition for the preview, the comparison
 *  of two lists and the CLI (src/main/core/lists/change-kinds.ts): one of up, down, new, delisted, unchanged, unlisted
 *  each (his rating kind), and inactive, reactivated, title besides when they apply. 'unlisted': no line on the list
 *  (he left it, or the period touched him and the list gives him no line: his sheet says why). */
export const changeKind = z.enum(CHANGE_KINDS)
export { CHANGE_KINDS }
export type ChangeKind = z.infer<typeof changeKind>

/**
 * Why a player the period touched has no line on a list. 'too-few-games': his window's games towards a first rating
 * are fewer than the minimum; 'below-floor': they give a first rating (Ru) under the floor; 'no-fide-id': FIDE's list
 * publishes no first rating for a player without a FIDE ID (worked out, shown, published on the federation's own list
 * only; his games wait in the window until he has one); 'no-counted-event': none of
 * his events counts towards a first rating (too few rated opponents, a first event ignored, no game against a rated
 * opponent: the tournaments' notes say which); 'window-expired': his events left the window and none came;
 * 'not-on-base': rated at a tournament's start but not rated on the base list, so there is no rating to change;
 * 'was-delisted' / 'was-titled-unrated': on the base list as delisted (shown once) or titled unrated, now unrated
 * without a line.
 */
export const unlistedReason = z.enum(['too-few-games', 'below-floor', 'no-fide-id', 'no-counted-event', 'window-expired', 'not-on-base', 'was-delisted', 'was-titled-unrated'])
export type UnlistedReason = z.infer<typeof unlistedReason>

/** The 'unlisted' part of a calculation sheet (a player without a line): the reason with its figures, what comes next. */
export const sheetUnlistedSchema = z.object({
  reason: unlistedReason,
  /** Games towards a first rating in his window (its counted events) and the minimum the edition asks; null: no first rating worked out. */
  games: z.number().nullable(),
  minGames: z.number().nullable(),
  /** His first rating as worked out (Ru; null: none) and the floor a first rating must reach. */
  ru: z.number().nullable(),
  floor: z.number(),
  /** Events of his window carried to the next list (their games stay), and the first list date from which the earliest
   *  of them no longer counts (it left the window); null: nothing carried. */
  carried: z.number(),
  windowUntil: isoDate.nullable(),
  /** The same in words (English, as the sheet's notes; the UI words it from the figures in its own language). */
  text: z.string()
})
export type SheetUnlisted = z.infer<typeof sheetUnlistedSchema>

/** An entry's status on a list: rated, delisted (shown once under the floor), titled unrated. */
export const entryStatusSchema = z.enum(['rated', 'delisted', 'titled-unrated'])

/** For an event longer than 30 days: the games of the rounds played in one month, rated with that month's list. */
export const monthSliceSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  /** Rounds of the tournament played in the month (the players' rounds are already restricted to them). */
  rounds: z.array(z.number()),
  /** True when this is the tournament's last month: it becomes `rated` with this list. */
  last: z.boolean()
})

/** One earlier event of an unrated player, kept until he reaches a first rating or it leaves the window. */
export const windowEventSchema = z.object({
  tournamentId: z.number(),
  name: z.string(),
  start: z.string(),
  editionId: z.string(),
  /** The list whose generation counted it first. */
  listDate: z.string(),
  /** Games against rated opponents (round robin: with rated or Ru-rated opponents). */
  n: z.number(),
  w: z.number(),
  /** Sum of the counted opponents' ratings (round robin: Rc(new) × n). */
  sumOpponents: z.number(),
  /** The event's own Ru when a round robin computed one. */
  ru: z.number().optional(),
  teamChampionship: z.boolean().optional()
})

/** A game of the sheet: what was counted, with which rating from which list; or why not. */
export const sheetGameSchema = z.object({
  round: z.number(),
  opponentId: z.number().nullable(),
  opponentRating: z.number().nullable(),
  /** The list the opponent's rating comes from. */
  opponentListId: z.number().nullable(),
  score: z.number(),
  counted: z.boolean(),
  /** Why not counted: 'forfeit', 'bye', 'unplayed', 'unrated-opponent', 'finding', 'first-event', 'fast-game'. */
  notCounted: z.string().nullable(),
  ratingUsed: z.number().nullable(),
  capped: z.boolean(),
  d: z.number().nullable(),
  pd: z.number().nullable(),
  /** ΔR = score − PD (K-free). */
  chg: z.number().nullable(),
  note: z.string().nullable()
})

/** A tournament of the sheet: his rating used, the figures of the event, each game. */
export const sheetTournamentSchema = z.object({
  tournamentId: z.number(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  edition: z.string(),
  system: z.enum(['swiss', 'round-robin']),
  late: z.boolean(),
  slice: monthSliceSchema.nullable(),
  /** His own rating used (list in force at the start; null: he played unrated), K and the event's figures. */
  ...tournamentFiguresShape,
  /** The list his rating came from. */
  ratingListId: z.number().nullable(),
  /** Unrated: his event figures (Rc or Ra, Ru). */
  event: z.object({ ra: z.number(), ru: z.number().nullable(), n: z.number(), w: z.number() }).nullable(),
  games: z.array(sheetGameSchema),
  notes: z.array(noteSchema)
})

/** The first-rating figures of the engine (Ra, p, dp, Ru, games, published, reason) over the window's events. */
export const sheetFirstRatingSchema = z.object({
  ra: z.number(),
  p: z.number(),
  dp: z.number(),
  ru: z.number(),
  games: z.number(),
  published: z.boolean(),
  reason: z.string(),
  window: z.array(windowEventSchema.extend({ counted: z.boolean() }))
})

/** How one player's line was obtained (JSON, shown by the UI, the sheet's PDF and `lists sheet`). */
export const calculationSheetSchema = z.object({
  playerId: z.number(),
  listDate: z.string(),
  edition: z.string(),
  base: z.object({ listId: z.number().nullable(), rating: z.number().nullable(), k: z.number().nullable(), status: entryStatusSchema.nullable(), flags: z.string().nullable() }),
  tournaments: z.array(sheetTournamentSchema),
  periodGames: z.number(),
  /** Σ K × ΣΔR before rounding, then the rounded change. */
  changeExact: z.number().nullable(),
  change: z.number().nullable(),
  compression: z.object({ before: z.number(), after: z.number(), ref: z.string() }).nullable(),
  firstRating: sheetFirstRatingSchema.nullable(),
  rating: z.number().nullable(),
  status: entryStatusSchema.nullable(),
  flags: z.string().nullable(),
  kNext: z.object({ k: z.number().nullable(), note: noteSchema.nullable() }),
  notes: z.array(noteSchema),
  /** Only on the sheet of a player without a line on the list (status null): why, and what comes next. */
  unlisted: sheetUnlistedSchema.optional()
})
export type CalculationSheet = z.infer<typeof calculationSheetSchema>
export type SheetTournament = z.infer<typeof sheetTournamentSchema>
export type SheetGame = z.infer<typeof sheetGameSchema>
export type SheetFirstRating = z.infer<typeof sheetFirstRatingSchema>

export const previewRowSchema = z.object({
  playerId: z.number(),
  fideId: z.number().nullable(),
  name: z.string(),
  federation: z.string().nullable(),
  /** His rating kind (one of up, down, new, delisted, unchanged, unlisted). */
  kind: changeKind,
  /** The kinds he counts in besides (inactive, reactivated, title). */
  marks: z.array(changeKind),
  before: z.number().nullable(),
  after: z.number().nullable(),
  change: z.number().nullable(),
  games: z.number().nullable(),
  flags: z.string().nullable(),
  /** The tournaments of this list the player played in. */
  tournaments: z.array(z.object({ id: z.number(), name: z.string().nullable() })),
  /** Kind 'unlisted': why he has no line (from his sheet); null for the other kinds. */
  unlisted: sheetUnlistedSchema.nullable()
})
export type PreviewRow = z.infer<typeof previewRowSchema>

export const listMetaSchema = z.object({
  baseListId: z.number(),
  /** The base list's date: how the officer names it (its id is the database's). */
  baseListDate: isoDate,
  closingDate: isoDate,
  profileId: z.string(),
  engineVersion: z.string(),
  generatedAt: z.string(),
  reason: z.string().nullable()
})

/**
 * Why a line of a corrected list changes, as the screens say it in the officer's language (the changelog records the
 * same in words): a tournament of its period found late, a rated tournament's file corrected, a record merged into
 * another (the dropped record's own line leaving the list), or a later list carrying the change of a corrected one.
 */
export const correctionCauseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('late'), tournamentId: z.number(), name: z.string().nullable() }),
  z.object({ kind: z.literal('corrected'), tournamentId: z.number(), name: z.string().nullable() }),
  z.object({ kind: z.literal('merged'), mergeId: z.number(), keepId: z.number(), dropId: z.number(), keep: z.string(), drop: z.string(), leaves: z.boolean() }),
  z.object({ kind: z.literal('carried'), listDate: z.string() })
])
export type CorrectionCause = z.infer<typeof correctionCauseSchema>

export const correctionChangeSchema = z.object({
  listId: z.number(),
  listDate: isoDate,
  playerId: z.number(),
  fideId: z.number().nullable(),
  name: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  beforeGames: z.number().nullable(),
  afterGames: z.number().nullable(),
  /** The causes in words, as the changelog records them. */
  reason: z.string(),
  causes: z.array(correctionCauseSchema)
})
export type CorrectionChange = z.infer<typeof correctionChangeSchema>

export const correctionPreviewSchema = z.object({
  listId: z.number(),
  lists: z.array(z.object({ listId: z.number(), listDate: isoDate, changed: z.number() })),
  changes: z.array(correctionChangeSchema),
  /** Tournaments not in the published list that the recomputation takes (found late). */
  addedTournaments: z.array(z.object({ id: z.number(), name: z.string().nullable() })),
  /** Tournaments of the published list whose current file differs from the one rated. */
  changedTournaments: z.array(z.object({ id: z.number(), name: z.string().nullable() }))
})
export type CorrectionPreview = z.infer<typeof correctionPreviewSchema>

/** A publication's input and result: the `lists:publish` call and the job it runs in the worker share them. */
export const publishInputSchema = z
  .object({
    listId: idSchema,
    reason: z.string().max(2000).optional(),
    /** The federation that publishes, saved to the settings in the publishing write (asked at the first publication, when the settings name none). */
    federation: z.object({ name: federationNameSchema, code: federationCodeSchema }).strict().optional()
  })
  .strict()
export type PublishInput = z.output<typeof publishInputSchema>

/**
 * A publication's verified safety copy: its file in the backups folder, and when it was taken — while the draft was
 * computed (the database proven unchanged since but for the draft: the SHA-256 of its pages) or just before.
 */
export const safetyCopySchema = z.object({ file: z.string(), taken: z.enum(['beside-generation', 'beside-preview', 'before-publication']) })
export type SafetyCopy = z.infer<typeof safetyCopySchema>

export const publishResultSchema = z.object({
  listId: z.number(),
  checksum: z.string(),
  publishedAt: z.string(),
  tournaments: z.number(),
  entries: z.number(),
  /** The federation recorded with the list as its publisher. */
  publisher: z.object({ name: z.string(), code: z.string() }),
  /** The verified copy of the office taken for it (absent when published without the job, as a test does). */
  safetyCopy: safetyCopySchema.optional()
})
export type PublishResult = z.infer<typeof publishResultSchema>

/** Whether a draft is older than its inputs: the `lists:stale` call and the job it runs in the worker share them. */
export const staleInputSchema = z.object({ listId: idSchema }).strict()
export const staleResultSchema = z.object({
  /** True when an input changed after the draft was generated (it must be generated again before publication); false for a frozen list. */
  stale: z.boolean()
})

export const correctPreviewInputSchema = z.object({ listId: idSchema }).strict()
export const correctionMode = z.enum(['next-list', 'new-version'])
export const correctInputSchema = z.object({ listId: idSchema, mode: correctionMode, reason: z.string().trim().min(3).max(2000) }).strict()
export type CorrectInput = z.output<typeof correctInputSchema>
export const correctResultSchema = z.object({
  mode: correctionMode,
  newListIds: z.array(z.number()),
  changed: z.number(),
  /** The verified copy of the office as the correction found it (absent when applied without the job, as a test does). */
  safetyCopy: safetyCopySchema.optional()
})
export type CorrectResult = z.infer<typeof correctResultSchema>

const sheetInputSchema = z.object({ listId: idSchema, playerId: idSchema.optional(), fideId: idSchema.optional() }).strict()

/** A calculation sheet as read: the stored sheet (ids) with the names and list dates it refers to, joined at read time. */
export const sheetViewSchema = z.object({
  listId: z.number(),
  player: z.object({ id: z.number(), fideId: z.number().nullable(), name: z.string() }),
  entry: z.object({ rating: z.number().nullable(), games: z.number().nullable(), k: z.number().nullable(), flags: z.string().nullable() }).nullable(),
  sheet: calculationSheetSchema.nullable(),
  /** The opponents the sheet names (by id), and the lists its ratings came from (base, his own, each opponent's). */
  references: z.object({
    players: z.array(z.object({ id: z.number(), fideId: z.number().nullable(), name: z.string() })),
    lists: z.array(z.object({ id: z.number(), listDate: z.string(), ratingType: z.string(), version: z.number() }))
  }),
  /** The citation of the period's rounding (the list's edition). */
  rounding: z.object({ en: z.string(), fr: z.string() }).nullable(),
  /** The rule sets his tournaments were rated under, by name. */
  editions: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The rating-difference cap of each edition that capped one of his games ("−400*"), with its citation. */
  caps: z.array(z.object({ edition: z.string(), points: z.number(), citation: z.object({ en: z.string(), fr: z.string() }) }))
})
export type SheetView = z.infer<typeof sheetViewSchema>

export const officeListsContract = {
  'lists:calendar': call({
    summary: 'List dates and closing dates of a year for a rating type, by the edition or profile in force on each date',
    access: 'read',
    archive: true,
    input: z.object({ year: z.number().int().min(1971).max(2100), ratingType: ratingType.default('standard'), profile: z.string().min(1).max(100).optional() }).strict(),
    output: z.array(calendarEntrySchema)
  }),
  'lists:nextDate': call({
    summary: 'The list date offered to generate next: the earliest list due with approved tournaments no published list rated, else the list after the last published (or after the latest imported list)',
    access: 'read',
    input: z.object({ ratingType: ratingType.default('standard'), profile: z.string().min(1).max(100).optional() }).strict(),
    output: z.object({
      listDate: isoDate,
      /** 'approved': tournaments go into it; 'afterPublished' / 'afterReference': the list after the latest one; 'today': the first from today. */
      reason: z.enum(['approved', 'afterPublished', 'afterReference', 'today']),
      /** The approved tournaments not yet rated that go into it. */
      tournaments: z.number(),
      /** Its closing date (list date − the cutoff of the rules in force on it). */
      closingDate: isoDate
    })
  }),
  'lists:preview': call({
    summary: 'An office list compared with the list it was computed from: counts by kind of change and one page of changes (biggest first), with the tournaments behind each',
    access: 'read',
    archive: true,
    input: z
      .object({
        listId: idSchema,
        kind: changeKind.optional(),
        search: z.string().max(100).optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(500).default(50)
      })
      .strict(),
    output: z.object({
      list: listSummarySchema,
      meta: listMetaSchema.nullable(),
      counts: z.record(changeKind, z.number()),
      /** How many tournaments the list rates (`lists:tournaments` pages them). */
      tournamentCount: z.number(),
      total: z.number(),
      rows: z.array(previewRowSchema)
    })
  }),
  'lists:tournaments': call({
    summary: 'One page of the tournaments an office list rates (by end date), with their file hashes and the rounds taken',
    access: 'read',
    archive: true,
    input: z.object({ listId: idSchema, offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(500).default(50) }).strict(),
    output: z.object({ total: z.number(), rows: z.array(listTournamentSchema) })
  }),
  'lists:stale': call({
    summary: 'Whether a draft office list is older than its inputs (a tournament approved or changed since, a decision, a correction, a merge), checked in the worker',
    access: 'read',
    // the read-only archive previews a draft too (the job reads the file read-only)
    archive: true,
    input: staleInputSchema,
    output: staleResultSchema
  }),
  'lists:sheet': call({
    summary: 'One player’s calculation sheet on an office list (tournaments, games counted, K, changes, first rating), with its opponents’ names and its lists’ dates',
    access: 'read',
    archive: true,
    input: sheetInputSchema,
    output: sheetViewSchema
  }),
  'lists:sheetPdf': call({
    summary: 'One player’s calculation sheet as a PDF (base64), in English or French: for the player who asks why his rating is what it is',
    access: 'read',
    archive: true,
    input: sheetInputSchema.extend({ locale: z.enum(['en', 'fr']).optional() }).strict(),
    output: z.object({ fileName: z.string(), base64: z.string(), pages: z.number() })
  }),
  'lists:publish': call({
    summary: 'Publish a draft office list (run as the `lists:publish` worker job): entries, tournaments with their file hashes, parameters and checksum frozen; tournaments become rated',
    access: 'write',
    input: publishInputSchema,
    output: publishResultSchema
  }),
  'lists:correctPreview': call({
    summary: 'What a recomputation of a published list (and of the later lists built on it) would change, player by player (run as the `lists:correctPreview` worker job)',
    access: 'read',
    input: correctPreviewInputSchema,
    output: correctionPreviewSchema
  }),
  'lists:correct': call({
    summary: 'Apply a correction: FIDE practice (into the next list) or a new version of the published list with a changelog (run as the `lists:correct` worker job)',
    access: 'write',
    input: correctInputSchema,
    output: correctResultSchema
  })
}
export type OfficeListCall = keyof typeof officeListsContract
