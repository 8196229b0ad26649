// Calls of the regulation checks and a tournament's review: run the checks, the validation dashboard, decisions one by
// one or by rule, approval and rejection with a reason, the officer's facts, the audit trail and the PDF check report.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'
import { storedFindingSchema, tournamentListSchema, tournamentStatus } from './tournaments'
import { auditRowSchema, type AuditRow } from './audit'

const reason = z.string().trim().min(3).max(2000)
const officer = z.string().max(100).optional()
export const findingDecision = z.enum(['accepted', 'rejected', 'overridden'])

const findingCounts = z.object({ error: z.number(), warning: z.number(), info: z.number(), open: z.number() })

export const checkRunSchema = z.object({
  id: z.number(),
  status: tournamentStatus,
  /** The edition whose rules were applied. */
  edition: z.string(),
  findings: findingCounts,
  /** Findings raised for the first time, no longer raised (kept, inactive), and given an earlier decision again. */
  inserted: z.number(),
  retired: z.number(),
  carried: z.number()
})
export type CheckRun = z.infer<typeof checkRunSchema>

export const dashboardSort = z.enum(['endDate', 'startDate', 'name', 'status', 'errors', 'warnings', 'open', 'federation'])

export const dashboardRowSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  city: z.string().nullable(),
  federation: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  ratingType: z.string().nullable(),
  status: tournamentStatus,
  players: z.number(),
  rounds: z.number(),
  errors: z.number(),
  warnings: z.number(),
  open: z.number(),
  historical: z.boolean(),
  /** Date of the tournament's list: the one that rated it, else the one it goes into (null: none). */
  listDate: z.string().nullable(),
  /** The tournament's list, rated or due, with the version that rated it. */
  list: tournamentListSchema
})
export type DashboardRow = z.infer<typeof dashboardRowSchema>

export type AuditEntry = AuditRow

export const checksContract = {
  'checks:run': call({
    summary: 'Run the regulation checks of a tournament again (findings kept with their decisions; new ones added)',
    access: 'write',
    input: z.object({ id: idSchema, officer }).strict(),
    output: checkRunSchema
  }),
  'checks:dashboard': call({
    summary: 'The validation dashboard: tournaments with state, errors, warnings, open decisions and list, filtered, sorted and paged',
    access: 'read',
    input: z
      .object({
        status: tournamentStatus.optional(),
        /** 'error' / 'warning': with at least one active finding of that level; 'open': with a decision to take; 'clean': none open. */
        level: z.enum(['error', 'warning', 'open', 'clean']).optional(),
        code: z.string().max(80).optional(),
        federation: z.string().max(3).optional(),
        /** Tournaments that end in this month, YYYY-MM. */
        month: z.string().regex(/^\d{4}-\d{2}$/, 'expected a month as YYYY-MM').optional(),
        search: z.string().max(100).optional(),
        sort: dashboardSort.default('endDate'),
        order: z.enum(['asc', 'desc']).default('desc'),
        limit: z.number().int().min(1).max(500).default(50),
        offset: z.number().int().min(0).default(0)
      })
      .strict(),
    output: z.object({ total: z.number(), rows: z.array(dashboardRowSchema) })
  }),
  'checks:filters': call({
    summary: 'Values the dashboard filters offer: rules with findings, federations, months',
    access: 'read',
    input: z.object({}).strict(),
    output: z.object({
      rules: z.array(z.object({ code: z.string(), tournaments: z.number() })),
      federations: z.array(z.string()),
      months: z.array(z.string())
    })
  }),
  'checks:decideRule': call({
    summary: 'One decision, with one reason, on every finding of one rule in a tournament (the undecided ones unless asked)',
    access: 'write',
    input: z.object({ tournamentId: idSchema, code: z.string().min(1).max(80), decision: findingDecision, reason, includeDecided: z.boolean().default(false), officer }).strict(),
    output: z.object({ tournamentId: z.number(), code: z.string(), decided: z.number(), status: tournamentStatus })
  }),
  'checks:approve': call({
    summary: 'Approve a checked tournament for rating; refused while errors are open unless each is overridden with the reason; a clean approval (nothing to decide) may leave the reason to the standard one',
    access: 'write',
    input: z.object({ id: idSchema, reason: reason.optional(), overrideErrors: z.boolean().default(false), officer }).strict(),
    output: z.object({ id: z.number(), status: tournamentStatus, overridden: z.number() })
  }),
  'checks:decideTournaments': call({
    summary: 'Approve or reject a selection of tournaments in one decision and one transaction, one audit entry each; a rejection needs a reason, a clean approval takes the standard one when none is typed, a tournament with findings to decide is not approved in bulk',
    access: 'write',
    input: z.object({ ids: z.array(idSchema).min(1).max(500), decision: z.enum(['approved', 'rejected']), reason: reason.optional(), officer }).strict(),
    output: z.object({
      decision: z.enum(['approved', 'rejected']),
      tournaments: z.array(z.object({ id: z.number(), from: tournamentStatus, status: tournamentStatus }))
    })
  }),
  'checks:reject': call({
    summary: 'Reject a tournament (not rated), with the reason',
    access: 'write',
    input: z.object({ id: idSchema, reason, officer }).strict(),
    output: z.object({ id: z.number(), status: tournamentStatus })
  }),
  'checks:reopen': call({
    summary: 'Take an approved or rejected tournament back to checked (held back for a later list, decided again), with the reason',
    access: 'write',
    input: z.object({ id: idSchema, reason, officer }).strict(),
    output: z.object({ id: z.number(), status: tournamentStatus })
  }),
  'checks:setFacts': call({
    summary: 'The officer’s facts of a tournament (received and registration dates, historical import, flags, typed time control, edition); the checks run again',
    access: 'write',
    input: z
      .object({
        id: idSchema,
        receivedDate: isoDate.optional(),
        /** When the tournament was registered with the office (null: not known). */
        registeredDate: isoDate.nullable().optional(),
        historical: z.boolean().optional(),
        flags: z.object({ nationalChampionship: z.boolean().optional(), womenEvent: z.boolean().optional() }).strict().optional(),
        timeControlOverride: z.string().trim().max(200).nullable().optional(),
        edition: z.string().max(40).nullable().optional(),
        reason,
        officer
      })
      .strict(),
    output: checkRunSchema
  }),
  'checks:setRatingType': call({
    summary: 'The officer’s rating type of a tournament (standard, rapid, blitz), before approval, with the reason (audited); the checks run again',
    access: 'write',
    input: z.object({ id: idSchema, ratingType, reason, officer }).strict(),
    output: checkRunSchema
  }),
  'checks:setQcApproval': call({
    summary: 'The officer’s mark that the Qualification Commission approved a 45′+30″ event for the standard list (2026 season), with its reference; null takes it off (audited); the checks run again',
    access: 'write',
    input: z.object({ id: idSchema, reference: z.string().trim().min(1).max(200).nullable(), reason, officer }).strict(),
    output: checkRunSchema
  }),
  'checks:facts': call({
    summary: 'The officer’s facts of a tournament as stored',
    access: 'read',
    input: z.object({ id: idSchema }).strict(),
    output: z.object({
      id: z.number(),
      status: tournamentStatus,
      receivedDate: z.string(),
      registeredDate: z.string().nullable(),
      historical: z.boolean(),
      flags: z.object({ nationalChampionship: z.boolean().optional(), womenEvent: z.boolean().optional() }),
      timeControlOverride: z.string().nullable(),
      edition: z.string().nullable(),
      ratingType: ratingType.nullable(),
      /** Where the rating type came from: the report's 222 or 122 time control, the words of its 092 or 012, the officer; null: not recorded. */
      ratingTypeSource: z.enum(['222', '122', '092', '012', 'officer']).nullable(),
      /** The Qualification Commission's approval for the standard list (its reference); null: none recorded. */
      qcReference: z.string().nullable(),
      /** The edition the checks apply (the chosen one, or the one in force at the start). */
      editionInForce: z.string().nullable(),
      listDate: z.string().nullable(),
      list: tournamentListSchema,
      blockingErrors: z.number(),
      /** Findings still waiting for the officer (none: a clean approval, no typed reason needed). */
      toDecide: z.number()
    })
  }),
  'checks:audit': call({
    summary: 'The audit trail of a tournament: imports, transitions and every decision on its findings, with who, when and why',
    access: 'read',
    input: z.object({ id: idSchema }).strict(),
    output: z.array(auditRowSchema)
  }),
  'checks:report': call({
    summary: 'The check report of a tournament as a PDF (base64), in English or French',
    access: 'read',
    input: z.object({ id: idSchema, locale: z.enum(['en', 'fr']).optional() }).strict(),
    output: z.object({ fileName: z.string(), base64: z.string(), pages: z.number() })
  }),
  'checks:arbiterTournaments': call({
    summary: 'The tournaments an arbiter directed, with the licence problems the checks found',
    access: 'read',
    input: z.object({ fideId: z.number().int().positive() }).strict(),
    output: z.array(
      z.object({
        id: z.number(),
        name: z.string().nullable(),
        startDate: z.string().nullable(),
        endDate: z.string().nullable(),
        status: tournamentStatus,
        role: z.string(),
        /** With what the screen needs to write each problem again in its own language (shared/finding-message). */
        problems: z.array(
          storedFindingSchema
            .pick({ code: true, message: true, params: true, found: true, expected: true, fileName: true, edition: true })
            .extend({ findingId: z.number(), level: z.string(), decision: findingDecision.nullable() })
        )
      })
    )
  })
}
