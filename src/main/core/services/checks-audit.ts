// The audit rows of a tournament's review: every transition, check run and decision, through the log's one writer.
import type { Db } from '../db/open'
import { appendAudit, type AuditAction } from '../data/audit'

type ReviewAction = Extract<AuditAction, `tournament.${string}` | `finding.${string}`>

/** One audit row of a review (a transition, a check run, a decision), through the log's one writer. */
export function auditReview(db: Db, actor: string, action: ReviewAction, entityId: number, reason: string | null, data: unknown): void {
  const common = { entityId, reason, data, actor }
  if (action.startsWith('finding.')) appendAudit(db, { action: action as Extract<ReviewAction, `finding.${string}`>, entity: 'tournament_finding', ...common })
  else appendAudit(db, { action: action as Extract<ReviewAction, `tournament.${string}`>, entity: 'tournament', ...common })
}
