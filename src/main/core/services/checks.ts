// A tournament's review: builds the regulation checks' input from the database, stores their findings idempotently
// (decisions carried over by code + subject), moves the tournament through imported → checked → approved | rejected,
// and records every transition and decision in the audit log with who, when and why.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { CheckRun, DashboardRow } from '../../../shared/contract/checks'
import { runRegulationChecks, type CheckArbiter, type CheckInput, type CheckPlayer, type TournamentFlags } from '../checks/index'
import { editionForDate } from '../rules/editions'
import { ratedWithStandard } from '../rules/amendments'
import { RATING_TYPE_FR } from '../model/tournament'
import { findEdition } from './rating'
import { editionChain, ratingsAtStart } from '../data/lists'
import { appendAudit, type AuditAction } from '../data/audit'
import { loadTournamentModel, type StoredPlayers } from '../data/tournament-model'
import { foldName, nameSimilarity } from '../registry/names'
import { getArbiter } from '../data/arbiters'
import { UserError } from '../util/errors'
import type { TrfHeader } from '../trf/index'
import type { HandlersOf } from './dispatch'
import { readSettings, officerName } from '../data/settings'
import { translateError } from '../../../shared/errors/index'
import { findingTitle } from '../../../shared/finding-titles'
import { checkReportPdf } from './check-report'
import { dueListOf, tournamentList, tournamentLists } from './tournament-list'
import { publishedDates } from '../lists/tournament-list'
import { addDays } from '../util/dates'
import {
  blockingErrors,
  findingCounts,
  getFinding,
  listFindings,
  setDecision,
  writeCheckFindings,
  type FindingDecision,
  type FindingRow
} from '../data/findings'
import {
  hasEarlierEvent,
  playerLinks,
  publishedLists,
  arbitersNamed,
  arbiterNameCandidates,
  reviewFacts,
  roundDates,
  setQcReference,
  setRatingType as storeRatingType,
  setReviewFacts,
  setStatus,
  tournamentArbiters,
  tournamentAudit,
  tournamentsOfArbiter,
  dashboardRows,
  dashboardFilterValues,
  type DashboardFilter,
  type ReviewFacts,
  type ReviewFactsPatch,
  type TournamentStatus
} from '../data/review'

type ReviewAction = Extract<AuditAction, `tournament.${string}` | `finding.${string}`>

/** One audit row of a review (a transition, a check run, a decision), through the log's one writer. */
export function auditReview(db: Db, actor: string, action: ReviewAction, entityId: number, reason: string | null, data: unknown): void {
  const common = { entityId, reason, data, actor }
  if (action.startsWith('finding.')) appendAudit(db, { action: action as Extract<ReviewAction, `finding.${string}`>, entity: 'tournament_finding', ...common })
  else appendAudit(db, { action: action as Extract<ReviewAction, `tournament.${string}`>, entity: 'tournament', ...common })
}

function requireFacts(db: Db, id: number): ReviewFacts {
  const t = reviewFacts(db, id)
  if (!t) throw new UserError('tournaments.notFound', { id })
  return t
}

/** The date the checks treat as the start: 042, else the first round date, else the day the report came. */
function startOf(t: ReviewFacts, dates: readonly (string | null)[]): string {
  return t.startDate ?? dates.find((d) => d !== null) ?? t.receivedDate
}

/** The edition the checks apply: the one the officer chose, else the FIDE edition in force at the start. */
export function reviewEdition(db: Db, t: ReviewFacts, start: string): Edition {
  if (t.edition) {
    const e = findEdition(db, t.edition)
    if (!e) throw new UserError('engine.unknownEdition', { id: t.edition, known: 'rules list' })
    return e
  }
  return editionForDate(start)
}

/**
 * Registry matches of the report's arbiters: by FIDE ID, else by exact name (the players' name index); close names
 * offered when unknown, from the registry arbiters sharing a name word with the report's (the name index again: a
 * scan of every arbiter for every report was a month's import's largest constant cost at FIDE scale).
 */
function checkArbiters(db: Db, id: number): CheckArbiter[] {
  return tournamentArbiters(db, id).map((a) => {
    let reg = a.fideId !== null ? getArbiter(db, a.fideId) : null
    const folded = foldName(a.name)
    if (!reg && a.fideId === null && folded) {
      const same = arbitersNamed(db, folded)
      if (same.length === 1) reg = getArbiter(db, same[0]!)
    }
    let suggestions: { fideId: string; name: string }[] = []
    const words = [...new Set(folded.split(' ').filter((w) => w.length >= 2))]
    if (!reg && words.length) {
      suggestions = arbiterNameCandidates(db, words.map((w) => `"${w}"`).join(' OR '))
        .map((n) => ({ n, score: nameSimilarity(a.name, n.name) }))
        .filter((x) => x.score >= 0.75)
        .sort((x, y) => y.score - x.score || x.n.fideId - y.n.fideId)
        .slice(0, 3)
        .map((x) => ({ fideId: String(x.n.fideId), name: x.n.name }))
    }
    return {
      role: a.role,
      name: a.name,
      fideId: a.fideId === null ? null : String(a.fideId),
      title: a.title,
      registry: reg ? { fideId: String(reg.fideId), name: reg.name, title: reg.title, licences: [{ validFrom: reg.validFrom, validTo: reg.validTo, status: reg.status }] } : null,
      suggestions
    }
  })
}

function flagsOf(t: ReviewFacts): TournamentFlags {
  try {
    const f = JSON.parse(t.flags) as Record<string, unknown>
    return { ...(f.nationalChampionship === true ? { nationalChampionship: true } : {}), ...(f.womenEvent === true ? { womenEvent: true } : {}) }
  } catch {
    return {}
  }
}

export interface BuiltCheckInput {
  input: CheckInput
  listDate: string | null
}

/**
 * Everything the pure checks read about one stored tournament. `stored`: its players as the import has just written
 * them (the same values reading them back gives), so that an import does not read them again.
 */
export function buildCheckInput(db: Db, id: number, stored?: StoredPlayers): BuiltCheckInput {
  const t = requireFacts(db, id)
  const header = JSON.parse(t.header) as TrfHeader
  const dates = roundDates(db, id)
  const start = startOf(t, dates)
  const edition = reviewEdition(db, t, start)
  const ratingType = t.ratingType ?? 'standard'
  const tournamentPlayers = stored?.players ?? loadTournamentModel(db, id).players
  // the ratings of the tournament's own chain: FIDE's list for FIDE's rules, the national list for a national profile
  const chain = editionChain(edition)
  const { byFideId } = ratingsAtStart(db, start, ratingType, chain, tournamentPlayers.map((p) => p.fideId ?? ''), stored?.listEntries)
  // 2024 rapid and blitz: the unrated with a standard rating are rated with it, as the list rates them (their
  // ratingAtStart is that rating; checks/rated.ts reads standardAtStart for the others, none of whom has one)
  const standard = ratedWithStandard(edition, t.ratingType)
    ? ratingsAtStart(db, start, 'standard', chain, tournamentPlayers.filter((p) => p.fideId && !byFideId.get(p.fideId)?.rating).map((p) => p.fideId!)).byFideId
    : null
  const links = new Map((stored?.links ?? playerLinks(db, id)).map((l) => [l.startRank, l]))
  const players: CheckPlayer[] = tournamentPlayers.map((p) => {
    const own = (p.fideId ? byFideId.get(p.fideId)?.rating : null) ?? null
    const std = own === null && standard && p.fideId ? (standard.get(p.fideId)?.rating ?? null) : null
    const ratingAtStart = own ?? std
    const link = links.get(p.startRank)
    const known = link && (link.playerId !== null || link.fideId !== null)
    return {
      startRank: p.startRank,
      name: p.name,
      fideId: p.fideId,
      sex: p.sex,
      birth: p.birth,
      ratingAtStart,
      ...(std !== null ? { ratedWithStandard: true } : {}),
      firstEvent: ratingAtStart !== null ? null : known ? !hasEarlierEvent(db, link.playerId, link.fideId, start, id) : null,
      rounds: p.rounds,
      inRegistry: link !== undefined && link.playerId !== null,
      ...(standard && ratingAtStart === null ? { standardAtStart: (p.fideId ? standard.get(p.fideId)?.rating : null) ?? null } : {})
    }
  })
  const published = publishedLists(db, ratingType, chain).filter((l) => l.kind === 'office')
  const end = t.endDate ?? dates.filter((d): d is string => d !== null).at(-1) ?? start
  const listDate = dueListOf(edition, end, t.receivedDate, publishedDates(published.map((l) => l.listDate)))
  let listEdition: Edition
  try {
    listEdition = t.edition ? edition : editionForDate(listDate)
  } catch {
    listEdition = edition
  }
  const input: CheckInput = {
    tournament: {
      name: t.name,
      startDate: t.startDate ?? dates.find((d) => d !== null) ?? null,
      endDate: t.endDate,
      system: t.system,
      ratingType: t.ratingType,
      rounds: Math.max(t.rounds, t.declaredRounds ?? 0),
      timeControl: t.timeControl,
      encodedTimeControl: header.encodedTimeControl ?? null,
      timeControlOverride: t.timeControlOverride,
      roundDates: dates,
      registeredDate: t.registeredDate,
      receivedDate: t.receivedDate,
      historical: t.historical === 1,
      flags: flagsOf(t),
      qcReference: t.qcReference
    },
    players,
    arbiters: checkArbiters(db, id),
    edition,
    listEdition,
    publishedLists: published.map((l) => {
      let cutoff = listEdition.list.cutoffDays
      try {
        cutoff = editionForDate(l.listDate).list.cutoffDays
      } catch {
        // a list older than every edition keeps the tournament's list edition's cutoff
      }
      return { listDate: l.listDate, closingDate: addDays(l.listDate, -cutoff) }
    })
  }
  return { input, listDate }
}

/** The first status a tournament takes once its checks have run, and whether this run sends it back. */
function statusAfterRun(current: TournamentStatus, newData: boolean, changed: boolean, blocking: number): TournamentStatus {
  if (current === 'imported') return 'checked'
  // a corrected file of a rated tournament is reviewed again before a correction of its lists takes it
  if (newData && (current === 'approved' || current === 'rejected' || current === 'rated')) return 'checked'
  if (current === 'approved' && (changed || blocking > 0)) return 'checked'
  return current
}

export interface RunOptions {
  actor: string
  /** What made the checks run, for the audit log: 'import', 'file', 'facts', 'arbiter', 'demand'. */
  trigger: 'import' | 'file' | 'facts' | 'arbiter' | 'demand'
  /** The status before new data came (a new file version resets it to 'imported'). */
  previousStatus?: TournamentStatus | null
  /** Extra audit data for the transition (the file's diff summary). */
  detail?: Record<string, unknown>
  /** The players the import has just stored (see buildCheckInput); read from the database otherwise. */
  stored?: StoredPlayers
}

/**
 * Runs the regulation checks of one tournament and stores their findings (one transaction). Running twice gives
 * the same findings; decisions carry over. A rated tournament is left as published.
 */
export function runChecks(db: Db, id: number, options: RunOptions): CheckRun {
  return db.transaction((): CheckRun => {
    const t = requireFacts(db, id)
    if (t.status === 'rated') throw new UserError('checks.rated', { id })
    const { input } = buildCheckInput(db, id, options.stored)
    const findings = runRegulationChecks(input)
    const written = writeCheckFindings(
      db,
      id,
      t.currentFileId,
      findings.map((f) => ({
        code: f.code,
        level: f.level,
        edition: f.edition,
        paragraph: f.paragraph,
        group: f.group,
        params: { ...f.params, paragraph: f.paragraph },
        subject: { ...(f.startRanks ? { startRanks: f.startRanks } : {}), ...(f.rounds ? { rounds: f.rounds } : {}), ...(f.games ? { games: f.games } : {}) },
        excludesGames: f.excludesGames
      }))
    )
    const changed = written.inserted.length > written.carried.length || written.retired.length > 0 || written.updated.length > 0
    const blocking = blockingErrors(db, id).length
    const before = options.previousStatus ?? t.status
    const newData = options.trigger === 'import' || options.trigger === 'file'
    const next = statusAfterRun(before, newData, changed, blocking)
    if (next !== t.status) setStatus(db, id, next)
    if (next !== before) {
      auditReview(db, options.actor, 'tournament.status', id, null, {
        from: before,
        to: next,
        trigger: options.trigger,
        findings: { inserted: written.inserted.length, retired: written.retired.length, carried: written.carried.length },
        ...options.detail
      })
    }
    if (options.trigger !== 'import' || before !== 'imported') {
      auditReview(db, options.actor, 'tournament.check', id, null, {
        trigger: options.trigger,
        edition: input.edition.id,
        inserted: written.inserted.length,
        updated: written.updated.length,
        retired: written.retired.length,
        carried: written.carried.length
      })
    }
    return {
      id,
      status: next,
      edition: input.edition.id,
      findings: findingCounts(db, id),
      inserted: written.inserted.length,
      retired: written.retired.length,
      carried: written.carried.length
    }
  })()
}

/** Re-runs the checks of every tournament (not yet rated) an arbiter directed: a licence was added or changed. */
export function rerunForArbiter(db: Db, fideId: number, actor: string): CheckRun[] {
  return db.transaction(() =>
    tournamentsOfArbiter(db, fideId)
      .filter((t) => t.status !== 'rated')
      .map((t) => runChecks(db, t.id, { actor, trigger: 'arbiter', detail: { arbiter: fideId } }))
  )()
}

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

function refuseIfRated(t: ReviewFacts): void {
  if (t.status === 'rated') throw new UserError('checks.rated', { id: t.id })
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
    if (rows.length === 0) throw new UserError('checks.noFindingOfRule', { id: tournamentId, code })
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
      throw new UserError('checks.openErrors', { id, count: blocking.length, codes: findingTitles([...new Set(blocking.map((b) => b.code))]) })
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

/** The tournament page's summary (reviewSummary). */
export type ReviewSummary = ReturnType<typeof reviewSummary>

/** For the tournament page: the facts, the edition the checks apply, its list (tournament-list.ts: rated, due or none). */
export function reviewSummary(db: Db, id: number) {
  const t = requireFacts(db, id)
  let editionInForce: string | null = null
  try {
    editionInForce = reviewEdition(db, t, startOf(t, roundDates(db, id))).id
  } catch {
    // no edition covers the start (a date before 2005 without a chosen profile): the page says so by a null
  }
  const list = tournamentList(db, id)
  return {
    id,
    status: t.status,
    receivedDate: t.receivedDate,
    registeredDate: t.registeredDate,
    historical: t.historical === 1,
    flags: flagsOf(t),
    timeControlOverride: t.timeControlOverride,
    edition: t.edition,
    ratingType: t.ratingType,
    ratingTypeSource: t.ratingTypeSource,
    qcReference: t.qcReference,
    editionInForce,
    listDate: list?.listDate ?? null,
    list,
    blockingErrors: blockingErrors(db, id).length,
    toDecide: findingsToDecide(db, id)
  }
}

/** The dashboard's page, each row with its list (tournament-list.ts: the one that rated it, or the one it goes into). */
export function dashboard(db: Db, filter: DashboardFilter): { total: number; rows: DashboardRow[] } {
  const page = dashboardRows(db, filter)
  const lists = tournamentLists(db, page.rows.map((r) => r.id))
  return {
    total: page.total,
    rows: page.rows.map(({ receivedDate: _received, edition: _edition, historical, ...r }) => {
      const list = lists.get(r.id) ?? null
      return { ...r, historical: historical === 1, listDate: list?.listDate ?? null, list }
    })
  }
}

function officerOf(db: Db, given: string | undefined): string {
  return officerName(db, given)
}

export const checksHandlers: HandlersOf<'checks'> = {
  'checks:run': (input, { db }) => runChecks(db, input.id, { actor: officerOf(db, input.officer), trigger: 'demand' }),
  'checks:dashboard': (input, { db }) => dashboard(db, input),
  'checks:filters': (_input, { db }) => dashboardFilterValues(db),
  'checks:decideRule': (input, { db }) => {
    const out = decideRule(db, input.tournamentId, input.code, input.decision, input.reason, input.includeDecided, officerOf(db, input.officer))
    return { tournamentId: input.tournamentId, code: input.code, ...out }
  },
  'checks:approve': (input, { db }) => approveTournament(db, input.id, input.reason ?? null, input.overrideErrors, officerOf(db, input.officer)),
  'checks:decideTournaments': (input, { db }) => ({ decision: input.decision, tournaments: decideTournaments(db, input.ids, input.decision, input.reason ?? null, officerOf(db, input.officer)) }),
  'checks:reject': (input, { db }) => rejectTournament(db, input.id, input.reason, officerOf(db, input.officer)),
  'checks:reopen': (input, { db }) => reopenTournament(db, input.id, input.reason, officerOf(db, input.officer)),
  'checks:setFacts': (input, { db }) => {
    const { id, reason, officer, ...patch } = input
    return setFacts(db, id, patch, reason, officerOf(db, officer))
  },
  'checks:facts': (input, { db }) => reviewSummary(db, input.id),
  'checks:setRatingType': (input, { db }) => changeRatingType(db, input.id, input.ratingType, input.reason, officerOf(db, input.officer)),
  'checks:setQcApproval': (input, { db }) => markQcApproval(db, input.id, input.reference, input.reason, officerOf(db, input.officer)),
  'checks:audit': (input, { db }) => {
    requireFacts(db, input.id)
    return tournamentAudit(db, input.id).map((r) => ({ ...r, data: r.data === null ? null : (JSON.parse(r.data) as unknown) }))
  },
  'checks:report': (input, { db }) => checkReportPdf(db, input.id, input.locale ?? readSettings(db).locale, () => reviewSummary(db, input.id)),
  'checks:arbiterTournaments': (input, { db }) => {
    const loc = readSettings(db).locale
    return tournamentsOfArbiter(db, input.fideId).map((t) => ({
      ...t,
      problems: listFindings(db, t.id, {})
        .filter((f) => f.code.startsWith('check.arbiters.') && f.code !== 'check.arbiters.noChief' && arbiterOfFinding(f) === input.fideId)
        .map((f) => ({ findingId: f.id, code: f.code, level: f.level, message: translateError(f.code, JSON.parse(f.params) as Record<string, unknown>, loc), decision: f.decision }))
    }))
  }
}

/** The FIDE ID an arbiter finding names (its params carry it). */
function arbiterOfFinding(f: FindingRow): number | null {
  const p = JSON.parse(f.params) as Record<string, unknown>
  const id = p.fideId
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null
}

/** The findings a message names, by their titles in both languages (never their codes), for the message's language. */
function findingTitles(codes: string[]): { en: string; fr: string } {
  return { en: codes.map((c) => findingTitle(c, 'en')).join(', '), fr: codes.map((c) => findingTitle(c, 'fr')).join(', ') }
}
