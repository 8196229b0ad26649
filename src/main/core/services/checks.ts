// A tournament's review, as the contract's 'checks' calls: each handler hands over to the file that does the job —
// checks-input (what the checks read), checks-run (running them, storing findings, the status), checks-decisions
// (the officer's decisions), checks-officer (the officer's facts), checks-summary (the page and the dashboard).
// Every transition and decision is recorded in the audit log with who, when and why.
import type { Db } from '../db/open'
import type { HandlersOf } from './dispatch'
import { readSettings, officerName } from '../data/settings'
import { storedFindingMessage } from '../../../shared/finding-message'
import { checkReportPdf } from './check-report'
import { listFindings, type FindingRow } from '../data/findings'
import { dashboardFilterValues, tournamentAudit, tournamentsOfArbiter } from '../data/review'
import { requireFacts } from './checks-input'
import { runChecks } from './checks-run'
import { approveTournament, decideRule, decideTournaments, rejectTournament, reopenTournament } from './checks-decisions'
import { changeRatingType, markQcApproval, setFacts } from './checks-officer'
import { dashboard, reviewSummary } from './checks-summary'

export { auditReview } from './checks-audit'
export { buildCheckInput, reviewEdition, type BuiltCheckInput } from './checks-input'
export { runChecks, rerunForArbiter, type RunOptions } from './checks-run'
export {
  approveTournament,
  decideFinding,
  decideRule,
  decideTournaments,
  findingsToDecide,
  rejectTournament,
  reopenTournament,
  standardReason,
  type DecisionContext,
  type StandardReason
} from './checks-decisions'
export { changeRatingType, markQcApproval, setFacts } from './checks-officer'
export { dashboard, reviewSummary, type ReviewSummary } from './checks-summary'


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
        .map((f) => {
          const params = JSON.parse(f.params) as Record<string, unknown>
          const stored = { code: f.code, params, found: f.found, expected: f.expected, fileName: f.fileName, edition: f.edition }
          return { findingId: f.id, level: f.level, ...stored, message: storedFindingMessage(stored, loc), decision: f.decision }
        })
    }))
  }
}

/** The FIDE ID an arbiter finding names (its params carry it). */
function arbiterOfFinding(f: FindingRow): number | null {
  const p = JSON.parse(f.params) as Record<string, unknown>
  const id = p.fideId
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null
}
