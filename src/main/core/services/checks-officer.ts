// What the officer sets on a tournament (facts, rating type, the Qualification Commission's approval): each audited
// with before and after, then the checks run again.
import type { Db } from '../db/open'
import type { CheckRun } from '../../../shared/contract/checks'
import { RATING_TYPE_FR } from '../model/tournament'
import { findEdition } from './rating'
import { UserError } from '../util/errors'
import { setQcReference, setRatingType as storeRatingType, setReviewFacts, type ReviewFactsPatch } from '../data/review'
import { auditReview } from './checks-audit'
import { refuseIfRated, requireFacts } from './checks-input'
import { runChecks } from './checks-run'

/** The officer's facts of a tournament; audited with before and after, then the checks run again. */
export function setFacts(db: Db, id: number, patch: ReviewFactsPatch, reason: string, actor: string): CheckRun {
  return db.transaction(() => {
    const t = requireFacts(db, id)
    refuseIfRated(t)
    if (patch.edition) {
      if (!findEdition(db, patch.edition)) throw new UserError('engine.unknownEdition', { id: patch.edition, known: 'rules list' })
    }
    if (patch.flags) patch = { ...patch, flags: { ...(JSON.parse(t.flags) as Record<string, boolean>), ...patch.flags } }
    const before = { receivedDate: t.receivedDate, registeredDate: t.registeredDate, historical: t.historical === 1, flags: JSON.parse(t.flags) as unknown, timeControlOverride: t.timeControlOverride, edition: t.edition }
    setReviewFacts(db, id, patch)
    auditReview(db, actor, 'tournament.facts', id, reason, { before, after: patch })
    return runChecks(db, id, { actor, trigger: 'facts' })
  })()
}

/**
 * The officer's rating type of a tournament (regulations.md § 1: the time control decides, the officer's word last):
 * before approval only, audited with the type it had and where that came from, then the checks run again. The lists
 * the tournament goes into follow it.
 */
export function changeRatingType(db: Db, id: number, ratingType: 'standard' | 'rapid' | 'blitz', reason: string, actor: string): CheckRun {
  return db.transaction(() => {
    const t = requireFacts(db, id)
    if (t.status === 'approved' || t.status === 'rated') throw new UserError('checks.ratingTypeLocked', { id, status: t.status })
    if (t.ratingType === ratingType && t.ratingTypeSource === 'officer') throw new UserError('checks.ratingTypeUnchanged', { id, ratingType, ratingTypeFr: RATING_TYPE_FR[ratingType] })
    storeRatingType(db, id, ratingType)
    auditReview(db, actor, 'tournament.ratingType', id, reason, { before: { ratingType: t.ratingType, source: t.ratingTypeSource }, after: { ratingType, source: 'officer' } })
    return runChecks(db, id, { actor, trigger: 'facts' })
  })()
}

/**
 * The officer's mark that the Qualification Commission approved the tournament for the standard list (regulations.md
 * § 1, the 2026 season), with its reference; null takes it off. Audited, then the checks run again (the time-control
 * check honours it). A rated tournament keeps what it had.
 */
export function markQcApproval(db: Db, id: number, reference: string | null, reason: string, actor: string): CheckRun {
  return db.transaction(() => {
    const t = requireFacts(db, id)
    refuseIfRated(t)
    if (reference !== null && t.ratingType !== 'standard') {
      throw new UserError('checks.qcNotStandard', { id, ratingType: t.ratingType ?? '?', ratingTypeFr: t.ratingType ? RATING_TYPE_FR[t.ratingType] : '?' })
    }
    if (reference === null && t.qcReference === null) throw new UserError('checks.qcNoMark', { id })
    setQcReference(db, id, reference)
    auditReview(db, actor, 'tournament.qcApproval', id, reason, { before: t.qcReference, after: reference })
    return runChecks(db, id, { actor, trigger: 'facts' })
  })()
}
