// Checks store: tournaments with their findings, filtered by level, and the officer's decisions on findings.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallInput, CallOutput, StoredFinding } from '@shared/contract/index'
import { api, errorMessage, failureMessage, unwrap } from '@renderer/api'

export type TournamentRow = CallOutput<'tournaments:list'>['rows'][number]
export type Level = StoredFinding['level']
export type Decision = CallInput<'tournaments:decideFinding'>['decision']

export const useChecksStore = defineStore('checks', () => {
  const tournaments = ref<TournamentRow[]>([])
  const total = ref(0)
  const loading = ref(false)
  const error = ref<string | null>(null)

  const level = ref<Level | null>(null)
  const undecidedOnly = ref(false)
  const earlierFiles = ref(false)
  const showClean = ref(false)

  const findings = ref<Record<number, StoredFinding[]>>({})
  const loadingFindings = ref<Record<number, boolean>>({})
  const findingsError = ref<Record<number, string | null>>({})

  const message = failureMessage

  async function loadTournaments(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      const out = unwrap(await api.call('tournaments:list', { limit: 500, offset: 0 }))
      tournaments.value = out.rows
      total.value = out.total
    } catch (e) {
      error.value = message(e)
    } finally {
      loading.value = false
    }
  }

  async function loadFindings(tournamentId: number): Promise<void> {
    loadingFindings.value = { ...loadingFindings.value, [tournamentId]: true }
    findingsError.value = { ...findingsError.value, [tournamentId]: null }
    try {
      const rows = unwrap(
        await api.call('tournaments:findings', {
          id: tournamentId,
          undecidedOnly: undecidedOnly.value,
          includeEarlierFiles: earlierFiles.value,
          ...(level.value ? { level: level.value } : {})
        })
      )
      findings.value = { ...findings.value, [tournamentId]: rows }
    } catch (e) {
      findingsError.value = { ...findingsError.value, [tournamentId]: message(e) }
    } finally {
      loadingFindings.value = { ...loadingFindings.value, [tournamentId]: false }
    }
  }

  /** New filters apply to every tournament whose findings are open on screen. */
  async function setFilters(next: { level?: Level | null; undecidedOnly?: boolean; earlierFiles?: boolean }): Promise<void> {
    if (next.earlierFiles !== undefined) earlierFiles.value = next.earlierFiles
    if (next.level !== undefined) level.value = next.level
    if (next.undecidedOnly !== undefined) undecidedOnly.value = next.undecidedOnly
    await Promise.all(Object.keys(findings.value).map((id) => loadFindings(Number(id))))
  }

  /** Records a decision; returns the failure's message or null. The tournament's counts are refreshed. */
  async function decide(finding: StoredFinding, decision: Decision, reason: string, officer?: string): Promise<string | null> {
    const reply = await api.call('tournaments:decideFinding', {
      findingId: finding.id,
      decision,
      reason,
      ...(officer ? { officer } : {})
    })
    if (!reply.ok) return errorMessage(reply.error)
    const list = findings.value[finding.tournamentId] ?? []
    const updated = undecidedOnly.value ? list.filter((f) => f.id !== finding.id) : list.map((f) => (f.id === finding.id ? reply.value : f))
    findings.value = { ...findings.value, [finding.tournamentId]: updated }
    void loadTournaments()
    return null
  }

  /** Tournaments to show: those with something to look at, or all of them on request. */
  const visible = computed(() =>
    tournaments.value.filter((t) => showClean.value || t.errors > 0 || t.warnings > 0 || t.openDecisions > 0)
  )
  const totals = computed(() =>
    tournaments.value.reduce(
      (acc, t) => ({ errors: acc.errors + t.errors, warnings: acc.warnings + t.warnings, open: acc.open + t.openDecisions }),
      { errors: 0, warnings: 0, open: 0 }
    )
  )

  return {
    tournaments, total, loading, error, level, undecidedOnly, earlierFiles, showClean, findings, loadingFindings, findingsError,
    loadTournaments, loadFindings, setFilters, decide, visible, totals
  }
})
