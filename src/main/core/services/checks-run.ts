// A tournament's check run: the regulation checks over its input, their findings stored idempotently (decisions
// carried over by code + subject), and the status the run gives it, audited.
import type { Db } from '../db/open'
import type { CheckRun } from '../../../shared/contract/checks'
import { runRegulationChecks } from '../checks/index'
import type { StoredPlayers } from '../data/tournament-model'
import { UserError } from '../util/errors'
import { blockingErrors, findingCounts, writeCheckFindings } from '../data/findings'
import { setStatus, tournamentsOfArbiter, type TournamentStatus } from '../data/review'
import { auditReview } from './checks-audit'
import { buildCheckInput, requireFacts } from './checks-input'

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
