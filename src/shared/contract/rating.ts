// Calls of the rating engine and its rule sets: the edition/profile schema, rating:calc and rules:* calls.
import { z } from 'zod'
import { call, isoDate, ratingType } from './define'

const int = (min: number, max: number) => z.number().int().min(min).max(max)

const days = (max: number) => z.number().int().min(0).max(max)

/** Parameters of the tournament-report checks: what each edition or profile requires of a rated event. */
export const checksSchema = z
  .object({
    /** Paragraph cited by each family of findings. */
    refs: z
      .object({
        arbiters: z.string(),
        chief: z.string(),
        duration: z.string(),
        roundsPerDay: z.string(),
        hoursPerDay: z.string(),
        timeControl: z.string(),
        composition: z.string(),
        unplayed: z.string(),
        match: z.string(),
        firstEvent: z.string(),
        ratedOpponents: z.string(),
        ratingGap: z.string(),
        report: z.string(),
        upload: z.string(),
        late: z.string()
      })
      .strict(),
    /** All arbiters must hold a licence, else the event is not rated (error); false: only an info. */
    arbitersLicensed: z.boolean(),
    duration: z
      .object({
        /** Start to end, both days counted, at most this many days. */
        maxDays: int(1, 3650),
        /** The monthly-slice practice: longer events are rated month by month (null: no such practice). */
        monthlySliceDays: int(1, 365).nullable()
      })
      .strict(),
    schedule: z
      .object({
        maxRoundsPerDay: int(1, 50).nullable(),
        /** Hours of play a day, on the 60-move basis, both clocks (null: no limit). */
        maxHoursPerDay: z.number().min(1).max(24).nullable(),
        /** Rating types the schedule rules apply to (the rapid and blitz regulations have none). */
        ratingTypes: z.array(ratingType)
      })
      .strict(),
    timeControl: z
      .object({
        /** 'tournament': the strongest player sets the minimum for the whole event; 'game': each game's players set its own. */
        mode: z.enum(['tournament', 'game']),
        /** Minutes per player for 60 moves required when the (highest) rating is at least `rating`; the largest applicable wins. */
        thresholds: z.array(z.object({ rating: int(0, 3500), minutes: int(1, 600) }).strict()),
        /** Minutes required below every threshold. */
        minimum: int(0, 600),
        ratingTypes: z.array(ratingType)
      })
      .strict(),
    composition: z
      .object({
        roundRobin: z
          .object({
            minRatedFraction: z.number().min(0).max(1),
            smallField: z.object({ below: int(2, 100), minRated: int(0, 100) }).strict(),
            double: z.object({ minPlayers: int(2, 100), minRated: int(0, 100) }).strict(),
            nationalChampionship: z.object({ minRated: int(0, 100), womenMinRated: int(0, 100) }).strict()
          })
          .strict()
          .nullable()
      })
      .strict(),
    /** A match (two players) with an unrated player is not rated. */
    matchWithUnrated: z.boolean(),
    deadlines: z
      .object({
        /** Registration before the start; the last rule whose `from` is on or before the start applies. */
        registration: z.array(
          z
            .object({
              from: isoDate.nullable(),
              days: days(365),
              /** More days when a player is rated above `ratingAbove` or a woman above `womanRatingAbove`. */
              strict: z.object({ days: days(365), ratingAbove: int(1000, 3500), womanRatingAbove: int(1000, 3500) }).strict().nullable(),
              ref: z.string()
            })
            .strict()
        ),
        /** The chief arbiter's report within this many days of the end (null: no rule). */
        reportDays: days(365).nullable(),
        /** Upload to the rating server within this many days of the end (null: no rule). */
        uploadDays: days(365).nullable()
      })
      .strict()
  })
  .strict()
export type Checks = z.infer<typeof checksSchema>

/** Checks of a profile saved before they existed: the FIDE 2014 requirements (regulations.md § 1, § 6). */
export const DEFAULT_CHECKS: Checks = {
  refs: {
    arbiters: 'regulations.md § 1 (arbiters)',
    chief: 'regulations.md § 6',
    duration: 'regulations.md § 1 (duration)',
    roundsPerDay: 'regulations.md § 1 (play per day)',
    hoursPerDay: 'regulations.md § 1 (play per day)',
    timeControl: 'regulations.md § 1 (time control)',
    composition: 'regulations.md § 3 (round-robin composition)',
    unplayed: 'regulations.md § 3 (round robin with unplayed games)',
    match: 'regulations.md § 3 (matches)',
    firstEvent: 'regulations.md § 1 (first event)',
    ratedOpponents: 'regulations.md § 4.2',
    ratingGap: 'regulations.md § 1 (rapid and blitz, 1 Dec 2024)',
    report: 'regulations.md § 6',
    upload: 'regulations.md § 6',
    late: 'regulations.md § 5'
  },
  arbitersLicensed: true,
  duration: { maxDays: 90, monthlySliceDays: null },
  schedule: { maxRoundsPerDay: null, maxHoursPerDay: 12, ratingTypes: ['standard'] },
  timeControl: {
    mode: 'tournament',
    thresholds: [
      { rating: 1600, minutes: 90 },
      { rating: 2200, minutes: 120 }
    ],
    minimum: 60,
    ratingTypes: ['standard']
  },
  composition: {
    roundRobin: {
      minRatedFraction: 1 / 3,
      smallField: { below: 10, minRated: 4 },
      double: { minPlayers: 6, minRated: 4 },
      nationalChampionship: { minRated: 3, womenMinRated: 2 }
    }
  },
  matchWithUnrated: true,
  deadlines: { registration: [{ from: null, days: 7, strict: null, ref: 'regulations.md § 6' }], reportDays: 7, uploadDays: 30 }
}

/** Every parameter of a rule set. FIDE editions ship as data in this shape; a federation's profile is validated by it. */
export const editionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'expected lower-case letters, digits and dashes (2 to 40)'),
    name: z.string().min(1).max(100),
    kind: z.enum(['fide', 'national', 'custom']),
    basedOn: z.string().max(40).nullable(),
    description: z.string().max(2000),
    /** Tournaments starting in [from, to] use this edition when none is named. */
    inForce: z.object({ from: isoDate.nullable(), to: isoDate.nullable() }).strict(),
    /** Paragraph cited for each kind of figure (calculation sheet). */
    refs: z
      .object({
        tables: z.string(),
        cap: z.string(),
        k: z.string(),
        change: z.string(),
        rounding: z.string(),
        unrated: z.string(),
        firstRating: z.string(),
        roundRobin: z.string(),
        swiss: z.string()
      })
      .strict(),
    list: z
      .object({
        periodMonths: int(1, 12),
        cutoffDays: int(0, 60),
        floor: int(0, 3000),
        inactivityMonths: int(1, 60),
        inactivityMinGames: int(1, 50)
      })
      .strict(),
    tables: z.object({ dpIndeterminate: int(677, 1000) }).strict(),
    cap: z
      .object({
        points: int(100, 1000),
        mode: z.enum(['every-game', 'once-per-tournament']),
        /** Dated amendment: from this tournament start, a player rated at least this much has no cap on his side. */
        exemption: z.object({ from: isoDate, ownRatingAtLeast: int(1000, 3500) }).strict().nullable()
      })
      .strict(),
    k: z
      .object({
        newPlayer: z.object({ k: int(1, 100), untilGames: int(0, 1000) }).strict(),
        normal: int(1, 100),
        high: z
          .object({
            k: int(1, 100),
            threshold: int(1000, 3500),
            /** 'ever-published': once a published rating reached it, for ever; 'current': while the rating is at or above it. */
            basis: z.enum(['ever-published', 'current']),
            minGames: int(0, 1000)
          })
          .strict(),
        junior: z
          .object({
            k: int(1, 100),
            untilAge: int(10, 30),
            /** 'birthday': until the birthday (with a birth year only: year − birth year < age); 'end-of-year': to the end of that year. */
            basis: z.enum(['birthday', 'end-of-year']),
            ratingLimit: int(1000, 3500),
            limitInclusive: z.boolean()
          })
          .strict()
          .nullable(),
        /** K × games in the period ≤ this (null: no such rule). */
        knMax: int(1, 10000).nullable()
      })
      .strict(),
    rounding: z.object({ changePer: z.enum(['period', 'tournament']) }).strict(),
    unrated: z
      .object({
        method: z.enum(['classic', 'virtual-draws']),
        bonusPerHalfPoint: z.number().min(0).max(100),
        virtualDraws: z.object({ count: int(1, 10), rating: int(1000, 3000) }).strict().nullable(),
        maxInitial: int(1000, 3500).nullable(),
        minRatedOpponentsPerEvent: int(0, 20),
        minScorePerEvent: z.number().min(0).max(20),
        /** A first event scoring strictly less than this is ignored (0.5: only a zero; 1: zero or a half). */
        firstEventIgnoredBelow: z.number().min(0).max(5),
        firstRating: z.enum(['weighted-average', 'pooled']),
        minGames: int(1, 50),
        /** Fewer games suffice for results at an Olympiad or a team championship, or for IBCA/ICSC/IPCA members (null: no such rule). */
        // default null keeps profiles saved before this parameter existed valid
        minGamesReduced: int(1, 50).nullable().default(null),
        windowMonths: int(1, 120),
        ignoreFirstEventsBelowFloor: z.boolean(),
        /** Round Ra to the integer before applying the bonus or dp (the 2005/2010 worked example does). */
        roundRa: z.boolean()
      })
      .strict(),
    roundRobin: z
      .object({
        /** Passes of the iterative method (null: repeat until no Ru changes, at most 100). */
        iterationPasses: int(0, 100).nullable(),
        unratedOpponents: z.enum(['iterative', 'not-counted'])
      })
      .strict(),
    amendments: z
      .object({
        compression: z
          .object({
            date: isoDate,
            below: int(1000, 3000),
            factor: z.number().min(0).max(1),
            rounding: z.enum(['half-up', 'down']),
            ratingTypes: z.array(ratingType).min(1)
          })
          .strict()
          .nullable(),
        fastGamesNotRated: z.object({ from: isoDate, minDifference: int(100, 2000), aboveRating: int(1000, 3500) }).strict().nullable(),
        /**
         * From the 2026 season (regulations.md § 1): a major or traditional event the Qualification Commission approved is
         * rated on the standard list at 45′+30″ or more (`minMinutes` for 60 moves), at most `maxRoundsPerDay` rounds a day.
         * Absent in profiles saved before it existed: no such approval is honoured.
         */
        qcStandard: z.object({ from: isoDate, minMinutes: int(1, 600), maxRoundsPerDay: int(1, 50) }).strict().nullable().optional()
      })
      .strict(),
    // default keeps profiles saved before the report checks existed valid
    checks: checksSchema.default(DEFAULT_CHECKS)
  })
  .strict()
export type Edition = z.infer<typeof editionSchema>

const scoreSchema = z.union([z.literal(1), z.literal(0.5), z.literal(0)])

export const calcInputSchema = z
  .object({
    edition: z.string().min(1).optional(),
    player: z
      .object({
        rating: z.number().int().min(0).max(3500).nullable(),
        k: z.number().int().min(1).max(100).optional(),
        birthYear: z.number().int().min(1850).max(2100).optional(),
        ratedGames: z.number().int().min(0).optional(),
        reached2400: z.boolean().optional(),
        /** IBCA, ICSC or IPCA member (2005 § 9.14e, 2010 § 7.14g). */
        reducedMinimum: z.boolean().optional()
      })
      .strict(),
    tournaments: z
      .array(
        z
          .object({
            name: z.string().optional(),
            start: isoDate,
            end: isoDate.optional(),
            system: z.enum(['swiss', 'round-robin']).optional(),
            ratingType: ratingType.optional(),
            /** Olympiad, continental or world team championship (2005 § 9.14d, 2010 § 7.14f). */
            teamChampionship: z.boolean().optional(),
            rating: z.number().int().min(0).max(3500).optional(),
            games: z.array(z.object({ opponentRating: z.number().int().min(0).max(3500).nullable(), score: scoreSchema }).strict())
          })
          .strict()
      )
      .min(1)
  })
  .strict()
export type CalcInput = z.infer<typeof calcInputSchema>

/** One line of a calculation sheet: what was done, under which paragraph. */
export const noteSchema = z.object({ ref: z.string(), text: z.string() })
export type Note = z.infer<typeof noteSchema>

export const calcGameSchema = z.object({
  opponentRating: z.number().nullable(),
  ratingUsed: z.number().nullable(),
  capped: z.boolean(),
  counted: z.boolean(),
  d: z.number().nullable(),
  pdRow: z.string().nullable(),
  pd: z.number().nullable(),
  score: z.number(),
  chg: z.number().nullable(),
  kChg: z.number().nullable(),
  note: z.string().nullable()
})

/**
 * A tournament's figures as the engine gives them (his rating used, K, games, score, expected score, ΣΔR, K × ΣΔR):
 * the calculator's reply and the list's calculation sheet both carry them.
 */
export const tournamentFiguresShape = {
  rating: z.number().nullable(),
  k: z.number().nullable(),
  n: z.number(),
  w: z.number(),
  we: z.number().nullable(),
  /** ΣΔR. */
  chg: z.number().nullable(),
  kChg: z.number().nullable()
}

export const calcOutputSchema = z.object({
  tournaments: z.array(
    z.object({
      name: z.string(),
      edition: z.string(),
      ...tournamentFiguresShape,
      games: z.array(calcGameSchema),
      notes: z.array(noteSchema)
    })
  ),
  change: z.number().nullable(),
  newRating: z.number().nullable(),
  notes: z.array(noteSchema),
  initial: z
    .object({
      ra: z.number(),
      p: z.number(),
      dp: z.number(),
      ru: z.number(),
      games: z.number(),
      published: z.boolean(),
      reason: z.string(),
      notes: z.array(noteSchema)
    })
    .optional()
})
export type CalcOutput = z.infer<typeof calcOutputSchema>

/** The `rating:period` job: many calculation documents at once, checked one by one in the worker. */
export const periodJobInputSchema = z
  .object({
    /** One calc document per player period. */
    items: z.array(z.unknown()).optional(),
    /** The same as one JSON array text: a string crosses into the worker in milliseconds, a million objects in seconds. */
    itemsJson: z.string().optional(),
    /** Return every calculation sheet (true) or only each player's figures (default). */
    detail: z.boolean().optional()
  })
  .strict()
  .refine((v) => v.items !== undefined || v.itemsJson !== undefined, { message: 'expected items or itemsJson' })

/** One player's figures over the period, when the sheets are not asked for. */
export const periodSummarySchema = z.object({
  index: z.number(),
  change: z.number().nullable(),
  newRating: z.number().nullable(),
  /** K used in the last rated tournament, games and score counted over the period. */
  k: z.number().nullable(),
  n: z.number(),
  w: z.number(),
  initial: calcOutputSchema.shape.initial.unwrap().nullable()
})
export type PeriodSummary = z.infer<typeof periodSummarySchema>
export const periodJobResultSchema = z.object({
  players: z.number(),
  games: z.number(),
  results: z.array(z.union([periodSummarySchema, calcOutputSchema]))
})
export type PeriodJobResult = z.infer<typeof periodJobResultSchema>

export const editionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['fide', 'national', 'custom']),
  builtin: z.boolean(),
  inForce: z.object({ from: isoDate.nullable(), to: isoDate.nullable() }),
  updatedAt: z.string().nullable(),
  /** Every parameter, for the side-by-side listing. */
  edition: editionSchema
})

export const ratingContract = {
  'rating:calc': call({
    summary: "A FIDE-style calculation of one player's rating period, with its calculation sheet",
    access: 'read',
    archive: true,
    input: calcInputSchema,
    output: calcOutputSchema
  }),
  'rules:list': call({
    summary: 'The rule sets: FIDE editions, shipped national profiles and saved federation profiles',
    access: 'read',
    archive: true,
    input: z.object({}).strict(),
    output: z.array(editionSummarySchema)
  }),
  'rules:get': call({
    summary: 'Every parameter of one rule set',
    access: 'read',
    archive: true,
    input: z.object({ id: z.string().min(1) }).strict(),
    output: z.object({ edition: editionSchema, builtin: z.boolean() })
  }),
  'rules:saveProfile': call({
    summary: "Validate and save a federation's own rule profile (audited)",
    access: 'write',
    input: z.object({ profile: editionSchema, reason: z.string().max(500).optional() }).strict(),
    output: z.object({ id: z.string(), created: z.boolean() })
  }),
  'rules:deleteProfile': call({
    summary: 'Delete a saved federation profile (audited)',
    access: 'write',
    input: z.object({ id: z.string().min(1), reason: z.string().max(500).optional() }).strict(),
    output: z.object({ deleted: z.boolean() })
  })
}
