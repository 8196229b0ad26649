// The officer's decisions: on one finding, on every finding of a rule, and on tournaments (approve, reject, reopen,
// one decision on several), each audited with who, when, why and what it replaced.
import type { Db } from '../db/open'
import { UserError } from '../util/errors'
import { readSettings } from '../data/settings'
import { translateError } from '../../../shared/errors/index'
import { findingTitlesText } from '../../../shared/finding-titles'
import { blockingErrors, findingCounts, getFinding, listFindings, setDecision, type FindingDecision, type FindingRow } from '../data/findings'
import { setStatus, type ReviewFacts, type TournamentStatus } from '../data/review'
import { auditReview } from './checks-audit'
import { refuseIfRated, requireFacts } from './checks-input'

/** After a decision, an approved tournament with an error open again goes back to checked. */
function reopenIfBlocked(db: Db, id: number, actor: string, why: Record<string, unknown>): TournamentStatus {
  const t = requireFacts(db, id)
  if (t.status === 'approved' && blockingErrors(db, id).length > 0) {
    setStatus(db, id, 'checked')
    auditReview(db, actor, 'tournament.status', id, null, { from: 'approved', to: 'checked', ...why })
    return 'checked'
  }
  return t.status
}

/** One decision on one finding, with its reason, audited with the previous decision. */
export function decideFinding(db: Db, findingId: number, decision: FindingDecision, reason: string, actor: string): FindingRow {
  return db.transaction(() => {
    const before = getFinding(db, findingId)
    if (!before) throw new UserError('tournaments.findingNotFound', { id: findingId })
    refuseIfRated(requireFacts(db, before.tournamentId))
    setDecision(db, findingId, decision, reason, actor)
    auditReview(db, actor, `finding.${decision}`, findingId, reason, {
      tournamentId: before.tournamentId,
      code: before.code,
      level: before.level,
      line: before.line,
      subject: before.subject ? (JSON.parse(before.subject) as unknown) : null,
      previous: before.decision ? { decision: before.decision, reason: before.decisionReason, by: before.decidedBy, at: before.decidedAt } : null
    })
    reopenIfBlocked(db, before.tournamentId, actor, { finding: findingId, decision })
    return getFinding(db, findingId)!
  })()
}

/** One decision with one reason on every active finding of a rule in a tournament (undecided ones unless asked). */
export function decideRule(db: Db, tournamentId: number, code: string, decision: FindingDecision, reason: string, includeDecided: boolean, actor: string): { decided: number; status: TournamentStatus } {
  return db.transaction(() => {
    refuseIfRated(requireFacts(db, tournamentId))
    const rows = listFindings(db, tournamentId, { code, undecidedOnly: !includeDecided })
    if (rows.length === 0) throw new UserError('checks.noFindingOfRule', { id: tournamentId, rule: findingTitlesText([code]) })
    for (const f of rows) {
      setDecision(db, f.id, decision, reason, actor)
      auditReview(db, actor, `finding.${decision}`, f.id, reason, {
        tournamentId,
        code,
        level: f.level,
        bulk: { code, count: rows.length },
        previous: f.decision ? { decision: f.decision, reason: f.decisionReason, by: f.decidedBy, at: f.decidedAt } : null
      })
    }
    const status = reopenIfBlocked(db, tournamentId, actor, { rule: code, decision })
    return { decided: rows.length, status }
  })()
}

/** The standard reasons the office records when the officer types none, in the office's language. */
export type StandardReason = 'cleanApproval' | 'identityConfirmed'
export function standardReason(db: Db, which: StandardReason): string {
  return translateError(`checks.standardReason.${which}`, {}, readSettings(db).locale)
}

/**
 * Findings of a tournament that still wait for the officer: errors and warnings without a decision, and accepted
 * errors that fail the whole event (blockingErrors). A clean approval is one with none.
 */
export function findingsToDecide(db: Db, id: number): number {
  return findingCounts(db, id).open + blockingErrors(db, id).filter((f) => f.decision !== null).length
}

/** Audit data an approval or rejection adds: the bulk decision it was part of, the standard reason it took. */
export interface DecisionContext {
  bulk?: { count: number }
  standardReason?: StandardReason
}

/**
 * Approves a checked (or earlier rejected) tournament for rating. Refused while an error is open; with
 * `overrideErrors` each open error is overridden with the same reason first, each in the audit log. Without a typed
 * reason (null) only a clean approval passes — nothing left to decide — and records the standard reason.
 */
export function approveTournament(db: Db, id: number, typed: string | null, overrideErrors: boolean, actor: string, context: DecisionContext = {}): { id: number; status: TournamentStatus; overridden: number } {
  return db.transaction(() => {
    const t = requireFacts(db, id)
    refuseIfRated(t)
    if (t.status === 'approved') throw new UserError('checks.alreadyInState', { id, status: t.status })
    if (t.status === 'imported') throw new UserError('checks.notChecked', { id })
    const blocking = blockingErrors(db, id)
    if (blocking.length > 0 && !overrideErrors) {
      throw new UserError('checks.openErrors', { id, count: blocking.length, codes: findingTitlesText([...new Set(blocking.map((b) => b.code))]) })
    }
    let reason = typed
    if (reason === null) {
      const open = findingsToDecide(db, id)
      if (open > 0 || overrideErrors) throw new UserError('checks.reasonRequired', { id, count: open })
      reason = standardReason(db, 'cleanApproval')
      context = { ...context, standardReason: 'cleanApproval' }
    }
    // no list would take it (the lists are per rating type): the time control told nothing, the officer's word is needed
    if (t.ratingType === null) throw new UserError('checks.noRatingType', { id })
    for (const f of blocking) {
      setDecision(db, f.id, 'overridden', reason, actor)
      auditReview(db, actor, 'finding.overridden', f.id, reason, {
        tournamentId: id,
        code: f.code,
        level: f.level,
        approval: true,
        previous: f.decision ? { decision: f.decision, reason: f.decisionReason, by: f.decidedBy, at: f.decidedAt } : null
      })
    }
    setStatus(db, id, 'approved')
    auditReview(db, actor, 'tournament.status', id, reason, { from: t.status, to: 'approved', overridden: blocking.map((f) => f.id), ...context })
    return { id, status: 'approved' as const, overridden: blocking.length }
  })()
}

export function rejectTournament(db: Db, id: number, reason: string, actor: string, context: DecisionContext = {}): { id: number; status: TournamentStatus } {
  return db.transaction(() => {
    const t = requireFacts(db, id)
    refuseIfRated(t)
    if (t.status === 'rejected') throw new UserError('checks.alreadyInState', { id, status: t.status })
    setStatus(db, id, 'rejected')
    auditReview(db, actor, 'tournament.status', id, reason, { from: t.status, to: 'rejected', ...context })
    return { id, status: 'rejected' as const }
  })()
}

/** How a tournament is named in a message about several: its name and number. */
const named = (t: ReviewFacts): string => `${t.name ?? '?'} (${t.id})`

/**
 * One decision on a selection of tournaments, in one transaction: every one is approved (or rejected), each with its
 * own audit entry naming the bulk decision, or none is. A rejection needs a typed reason. An approval in bulk decides
 * no finding: a tournament with findings still to decide is refused, by name with their number, as is one that cannot
 * take the decision now (already in that state, not yet checked, or rated); a clean approval without a typed reason
 * records the standard one, with who and when.
 */
export function decideTournaments(db: Db, ids: readonly number[], decision: 'approved' | 'rejected', typed: string | null, actor: string): { id: number; from: TournamentStatus; status: TournamentStatus }[] {
  return db.transaction(() => {
    const selection = [...new Set(ids)].map((id) => requireFacts(db, id))
    const bulk = { count: selection.length }
    if (decision === 'rejected') {
      if (typed === null) throw new UserError('checks.reasonRequiredReject', { count: selection.length })
      const refused = selection.filter((t) => t.status === 'rejected' || t.status === 'rated')
      if (refused.length) throw new UserError('checks.bulkRejectState', { count: refused.length, list: refused.map(named).join(', ') })
      return selection.map((t) => ({ id: t.id, from: t.status, status: rejectTournament(db, t.id, typed, actor, { bulk }).status }))
    }
    const refused = selection.filter((t) => t.status !== 'checked' && t.status !== 'rejected')
    if (refused.length) throw new UserError('checks.bulkApproveState', { count: refused.length, list: refused.map(named).join(', ') })
    const open = selection.map((t) => ({ t, n: findingsToDecide(db, t.id) })).filter((x) => x.n > 0)
    if (open.length) throw new UserError('checks.bulkOpen', { count: open.length, list: open.map((x) => `${named(x.t)}: ${x.n}`).join(', ') })
    return selection.map((t) => ({ id: t.id, from: t.status, status: approveTournament(db, t.id, typed, false, actor, { bulk }).status }))
  })()
}

/** Back to checked from a decision (approved or rejected): held back for a later list, or to be decided again. */
export function reopenTournament(db: Db, id: number, reason: string, actor: string): { id: number; status: TournamentStatus } {
  return db.transaction(() => {
    const t = requireFacts(db, id)
    refuseIfRated(t)
    if (t.status !== 'approved' && t.status !== 'rejected') throw new UserError('checks.alreadyInState', { id, status: t.status })
    setStatus(db, id, 'checked')
    auditReview(db, actor, 'tournament.status', id, reason, { from: t.status, to: 'checked' })
    return { id, status: 'checked' as const }
  })()
}
