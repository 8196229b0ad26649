// Checks store: the validation dashboard (server-side filters, sort and pages) and one tournament's review (findings by
// rule, decisions one by one or by rule, approval and rejection, the officer's facts, the audit trail, the PDF report).
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AuditEntry, CallInput, CallOutput, DashboardRow, Reply, StoredFinding } from '@shared/contract/index'
import { api, errorMessage, failureMessage, unwrap } from '@renderer/api'
import { fromBase64 } from '@renderer/util/base64'

export type Level = StoredFinding['level']
export type Decision = CallInput<'tournaments:decideFinding'>['decision']
export type DashboardInput = CallInput<'checks:dashboard'>
export type Sort = NonNullable<DashboardInput['sort']>
export type Facts = CallOutput<'checks:facts'>
export type FactsPatch = Omit<CallInput<'checks:setFacts'>, 'id' | 'reason' | 'officer'>
export type RatingType = CallInput<'checks:setRatingType'>['ratingType']
export type Filters = Pick<DashboardInput, 'status' | 'level' | 'code' | 'federation' | 'month' | 'search'>

/** Where a finding points: the crosstable cell, the player or the round it concerns. */
export interface OpenPlace {
  tab: 'cross' | 'players' | 'games'
  startRanks: number[]
  rounds: number[]
}

export interface RuleGroup {
  code: string
  level: Level
  items: StoredFinding[]
  undecided: number
}

const LEVEL_ORDER: Record<Level, number> = { error: 0, warning: 1, info: 2 }

/** Findings grouped by rule (code), the most serious rule first, each group in the order the server gave. */
export function groupByRule(findings: readonly StoredFinding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>()
  for (const f of findings) {
    let g = groups.get(f.code)
    if (!g) groups.set(f.code, (g = { code: f.code, level: f.level, items: [], undecided: 0 }))
    g.items.push(f)
    if (LEVEL_ORDER[f.level] < LEVEL_ORDER[g.level]) g.level = f.level
    // an information asks no decision (no buttons on it): only warnings and errors are left to decide
    if (f.decision === null && f.level !== 'info') g.undecided++
  }
  return [...groups.values()].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.code.localeCompare(b.code))
}

export const useChecksStore = defineStore('checks', () => {
  // ---- the dashboard
  const filters = ref<Filters>({})
  const sort = ref<Sort>('endDate')
  const order = ref<'asc' | 'desc'>('desc')
  const page = ref(1)
  const pageSize = ref(50)
  const rows = ref<DashboardRow[]>([])
  const total = ref(0)
  const loading = ref(false)
  const error = ref<string | null>(null)
  const filterValues = ref<CallOutput<'checks:filters'>>({ rules: [], federations: [], months: [] })
  let request = 0

  async function loadDashboard(): Promise<void> {
    const mine = ++request
    loading.value = true
    error.value = null
    try {
      const clean = Object.fromEntries(Object.entries(filters.value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Filters
      const out = unwrap(await api.call('checks:dashboard', { ...clean, sort: sort.value, order: order.value, limit: pageSize.value, offset: (page.value - 1) * pageSize.value }))
      // a slower earlier answer never overwrites a newer one (typing in the search box)
      if (mine !== request) return
      rows.value = out.rows
      total.value = out.total
    } catch (e) {
      if (mine === request) error.value = failureMessage(e)
    } finally {
      if (mine === request) loading.value = false
    }
  }

  async function loadFilters(): Promise<void> {
    try {
      filterValues.value = unwrap(await api.call('checks:filters', {}))
    } catch (e) {
      error.value = failureMessage(e)
    }
  }

  /** New filters start again from the first page. */
  async function setFilters(next: Partial<Filters>): Promise<void> {
    filters.value = { ...filters.value, ...next }
    page.value = 1
    await loadDashboard()
  }

  async function setSort(next: Sort, nextOrder: 'asc' | 'desc'): Promise<void> {
    sort.value = next
    order.value = nextOrder
    page.value = 1
    await loadDashboard()
  }

  async function setPage(next: number, size = pageSize.value): Promise<void> {
    page.value = next
    pageSize.value = size
    await loadDashboard()
  }

  // ---- one tournament's review
  const reviewId = ref<number | null>(null)
  const findings = ref<StoredFinding[]>([])
  const facts = ref<Facts | null>(null)
  const audit = ref<AuditEntry[]>([])
  const reviewLoading = ref(false)
  const reviewError = ref<string | null>(null)
  const groups = computed(() => groupByRule(findings.value))

  /**
   * Takes the findings read again into the ones shown: a finding already shown is updated in place (its object is the
   * one the screen drew, so its new decision shows at once, also inside a rule's open group), new ones are added.
   */
  function setFindings(next: readonly StoredFinding[]): void {
    const shown = new Map(findings.value.map((f) => [f.id, f]))
    findings.value = next.map((n) => {
      const old = shown.get(n.id)
      return old ? Object.assign(old, n) : n
    })
  }

  /** A finding the server answered with (a decision): shown at once, before the review is read again. */
  function takeFinding(f: StoredFinding): void {
    const old = findings.value.find((x) => x.id === f.id)
    if (old) Object.assign(old, f)
  }

  async function loadReview(id: number): Promise<void> {
    if (reviewId.value !== id) {
      // another tournament's review: its findings, facts and audit are not shown as this one's while it loads
      findings.value = []
      facts.value = null
      audit.value = []
    }
    reviewId.value = id
    reviewLoading.value = true
    reviewError.value = null
    try {
      const [f, x, a] = await Promise.all([api.call('tournaments:findings', { id }), api.call('checks:facts', { id }), api.call('checks:audit', { id })])
      if (reviewId.value !== id) return
      setFindings(unwrap(f))
      facts.value = unwrap(x)
      audit.value = unwrap(a)
    } catch (e) {
      reviewError.value = failureMessage(e)
    } finally {
      reviewLoading.value = false
    }
  }

  /** Runs a write; on success the review is read again. Returns the failure's message, or null. */
  async function write<T>(run: () => Promise<Reply<T>>): Promise<string | null> {
    const reply = await run()
    if (!reply.ok) return errorMessage(reply.error)
    if (reviewId.value !== null) await loadReview(reviewId.value)
    return null
  }

  const runChecks = (id: number) => write(() => api.call('checks:run', { id }))
  async function decide(finding: StoredFinding, decision: Decision, reason: string, officer?: string): Promise<string | null> {
    const reply = await api.call('tournaments:decideFinding', { findingId: finding.id, decision, reason, ...(officer ? { officer } : {}) })
    if (!reply.ok) return errorMessage(reply.error)
    takeFinding(reply.value)
    if (reviewId.value !== null) await loadReview(reviewId.value)
    return null
  }
  const decideRule = (tournamentId: number, code: string, decision: Decision, reason: string, officer?: string) =>
    write(() => api.call('checks:decideRule', { tournamentId, code, decision, reason, ...(officer ? { officer } : {}) }))
  /** An empty reason is left out: the server records the standard one for a clean approval, and refuses any other. */
  const approve = (id: number, reason: string, overrideErrors: boolean) => write(() => api.call('checks:approve', { id, ...(reason ? { reason } : {}), overrideErrors }))
  const reject = (id: number, reason: string) => write(() => api.call('checks:reject', { id, reason }))
  const setFacts = (id: number, patch: FactsPatch, reason: string) => write(() => api.call('checks:setFacts', { id, ...patch, reason }))
  const setRatingType = (id: number, ratingType: RatingType, reason: string) => write(() => api.call('checks:setRatingType', { id, ratingType, reason }))
  const setQcApproval = (id: number, reference: string | null, reason: string) => write(() => api.call('checks:setQcApproval', { id, reference, reason }))

  // ---- a selection of the dashboard decided at once
  const selected = ref<number[]>([])
  /** Approves or rejects the selected tournaments in one call; the dashboard is read again. Returns how many, or the failure. */
  async function decideSelected(decision: 'approved' | 'rejected', reason: string): Promise<{ count: number } | { failure: string }> {
    const reply = await api.call('checks:decideTournaments', { ids: [...selected.value], decision, ...(reason ? { reason } : {}) })
    if (!reply.ok) return { failure: errorMessage(reply.error) }
    selected.value = []
    await Promise.all([loadDashboard(), loadFilters()])
    return { count: reply.value.tournaments.length }
  }

  /** The check report as a PDF file to save (browser mode downloads it; the desktop uses the same call). */
  async function report(id: number, locale: 'en' | 'fr'): Promise<{ fileName: string; bytes: Uint8Array }> {
    const out = unwrap(await api.call('checks:report', { id, locale }))
    return { fileName: out.fileName, bytes: fromBase64(out.base64) }
  }

  // ---- an arbiter's tournaments and licence problems (arbiters screen)
  const arbiterTournaments = ref<Record<number, CallOutput<'checks:arbiterTournaments'>>>({})
  const arbiterErrors = ref<Record<number, string | null>>({})
  async function loadArbiterTournaments(fideId: number): Promise<void> {
    arbiterErrors.value = { ...arbiterErrors.value, [fideId]: null }
    try {
      const rows = unwrap(await api.call('checks:arbiterTournaments', { fideId }))
      arbiterTournaments.value = { ...arbiterTournaments.value, [fideId]: rows }
    } catch (e) {
      arbiterErrors.value = { ...arbiterErrors.value, [fideId]: failureMessage(e) }
    }
  }

  return {
    arbiterTournaments, arbiterErrors, loadArbiterTournaments,
    filters, sort, order, page, pageSize, rows, total, loading, error, filterValues,
    loadDashboard, loadFilters, setFilters, setSort, setPage, selected, decideSelected,
    reviewId, findings, facts, audit, reviewLoading, reviewError, groups,
    loadReview, runChecks, decide, decideRule, approve, reject, setFacts, setRatingType, setQcApproval, report
  }
})
