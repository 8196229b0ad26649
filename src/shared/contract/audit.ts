// Reading the audit log: who did what, when and why (the log itself is append-only, by trigger).
import { z } from 'zod'
import { call, isoDate } from './define'

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  reason: z.string().nullable(),
  /** The action's recorded details (before/after values, counts), as stored. */
  data: z.unknown(),
  /** What the entry names, read when the log is shown (null when the row no longer exists): its sentence and link. */
  subject: z
    .object({
      name: z.string().nullable(),
      listDate: z.string().nullable(),
      ratingType: z.string().nullable(),
      version: z.number().nullable(),
      listKind: z.string().nullable(),
      tournamentId: z.number().nullable()
    })
    .nullable()
    .optional()
})
export type AuditRow = z.infer<typeof auditRowSchema>

export const auditQuerySchema = z
  .object({
    entity: z.string().trim().min(1).max(60).optional(),
    entityId: z.string().trim().min(1).max(60).optional(),
    action: z.string().trim().min(1).max(80).optional(),
    /** Entries on or after this day (UTC). */
    since: isoDate.optional(),
    /** Entries on or before this day (UTC). */
    until: isoDate.optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(50)
  })
  .strict()
export type AuditQuery = z.input<typeof auditQuerySchema>

export const auditContract = {
  'audit:list': call({
    summary: 'One page of the audit log, newest first, filtered by entity, action and dates, with the total',
    access: 'read',
    input: auditQuerySchema,
    output: z.object({ total: z.number(), rows: z.array(auditRowSchema), entities: z.array(z.string()) })
  })
}
