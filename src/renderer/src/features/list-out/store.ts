// Lists going out: every list held (for choosing by date and version), the comparison of two lists, the
// reconciliation of an office list with FIDE's, and exports (a download in the browser, a save dialog on the desktop).
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallInput, CallOutput, DiffKindName, ListExportRequestInput, ListSummary, ReconcileReasonName } from '@shared/contract/index'
import { listExportUrl } from '@shared/contract/list-out'
import { accessToken, api, errorMessage, failureMessage, unwrap } from '@renderer/api'
import { useJobsStore } from '@renderer/features/jobs/store'

/** The lists later versions replaced (a correction publishes a new version that names the one it supersedes). */
export function supersededIds(lists: readonly ListSummary[]): Set<number> {
  return new Set(lists.flatMap((l) => (l.supersedesId !== null ? [l.supersedesId] : [])))
}

export type DownloadOutcome = { kind: 'download'; url: string } | { kind: 'saved'; file: string; rows: number; skipped: number } | { kind: 'cancelled' }

export const useListOutStore = defineStore('listOut', () => {
  const lists = ref<ListSummary[]>([])
  const listsError = ref<string | null>(null)
  const superseded = computed(() => supersededIds(lists.value))

  const diff = ref<CallOutput<'lists:diff'> | null>(null)
  const diffQuery = ref<{ fromId: number | null; toId: number | null; kind: DiffKindName; offset: number; limit: number }>({ fromId: null, toId: null, kind: 'up', offset: 0, limit: 50 })
  const loadingDiff = ref(false)
  const diffError = ref<string | null>(null)
  let diffRequest = 0
  /** The lists:diff job comparing two big lists, while it runs (the page is asked again when it is done). */
  const diffJob = ref<string | null>(null)
  let stopWaiting: (() => void) | null = null

  const reconcile = ref<CallOutput<'lists:reconcile'> | null>(null)
  const reconcileQuery = ref<{ reason: ReconcileReasonName | null; offset: number; limit: number }>({ reason: null, offset: 0, limit: 50 })
  const loadingReconcile = ref(false)
  const reconcileError = ref<string | null>(null)

  const top = ref<CallOutput<'lists:top'> | null>(null)
  const loadingTop = ref(false)
  const topError = ref<string | null>(null)
  let topRequest = 0

  async function loadTop(input: CallInput<'lists:top'>): Promise<void> {
    const request = ++topRequest
    loadingTop.value = true
    topError.value = null
    try {
      const out = unwrap(await api.call('lists:top', input))
      if (request === topRequest) top.value = out
    } catch (e) {
      if (request === topRequest) {
        top.value = null
        topError.value = failureMessage(e)
      }
    } finally {
      if (request === topRequest) loadingTop.value = false
    }
  }

  const exporting = ref(false)
  const exportError = ref<string | null>(null)

  async function loadLists(): Promise<void> {
    listsError.value = null
    try {
      lists.value = unwrap(await api.call('lists:list', {}))
    } catch (e) {
      listsError.value = failureMessage(e)
    }
  }

  async function loadDiff(patch: Partial<typeof diffQuery.value> = {}): Promise<void> {
    diffQuery.value = { ...diffQuery.value, ...patch }
    const q = diffQuery.value
    if (q.fromId === null || q.toId === null) {
      diff.value = null
      return
    }
    const request = ++diffRequest
    loadingDiff.value = true
    diffError.value = null
    // the counts read both lists whole: asked again only when the pair of lists changes
    const known = diff.value && diff.value.from.id === q.fromId && diff.value.to.id === q.toId ? diff.value.counts : null
    try {
      const out = unwrap(await api.call('lists:diff', { fromId: q.fromId, toId: q.toId, kind: q.kind, offset: q.offset, limit: q.limit, withCounts: known === null }))
      if (request !== diffRequest) return
      if (out.jobId) {
        waitForDiff(out.jobId)
        return
      }
      diffJob.value = null
      diff.value = { ...out, counts: out.counts ?? known }
    } catch (e) {
      if (request === diffRequest) {
        diff.value = null
        diffError.value = failureMessage(e)
      }
    } finally {
      if (request === diffRequest) loadingDiff.value = false
    }
  }

  /** Follows the comparison job; when it is done the same page is asked again (now read from the stored comparison). */
  function waitForDiff(jobId: string): void {
    const jobs = useJobsStore()
    jobs.listen()
    diffJob.value = jobId
    diff.value = null
    stopWaiting?.()
    const settle = (state: string, message: string | undefined): void => {
      stopWaiting?.()
      stopWaiting = null
      if (diffJob.value !== jobId) return
      diffJob.value = null
      if (state === 'done') void loadDiff()
      else diffError.value = message ?? state
    }
    stopWaiting = jobs.onFinished((e) => {
      if (e.jobId === jobId) settle(e.state, e.error ? errorMessage({ code: 'job', ...e.error }) : e.message)
    })
    // it may have ended before this listened
    void api.call('jobs:get', { jobId }).then((r) => {
      if (r.ok && r.value.state !== 'running') settle(r.value.state, r.value.error ? errorMessage({ code: 'job', ...r.value.error }) : r.value.message)
    })
  }

  async function loadReconcile(listId: number, referenceId: number, patch: Partial<typeof reconcileQuery.value> = {}): Promise<void> {
    reconcileQuery.value = { ...reconcileQuery.value, ...patch }
    const q = reconcileQuery.value
    loadingReconcile.value = true
    reconcileError.value = null
    try {
      reconcile.value = unwrap(
        await api.call('lists:reconcile', { listId, referenceId, offset: q.offset, limit: q.limit, ...(q.reason ? { reason: q.reason } : {}) })
      )
    } catch (e) {
      reconcile.value = null
      reconcileError.value = failureMessage(e)
    } finally {
      loadingReconcile.value = false
    }
  }

  function clearReconcile(): void {
    reconcile.value = null
    reconcileError.value = null
    reconcileQuery.value = { reason: null, offset: 0, limit: 50 }
  }

  /**
   * An export: the desktop app asks the main process, which shows its save dialog (the page never names a
   * path); a browser downloads it from the server's export URL.
   */
  async function exportList(req: ListExportRequestInput): Promise<DownloadOutcome> {
    exportError.value = null
    if (!window.api) {
      const url = listExportUrl(req, accessToken())
      const a = document.createElement('a')
      a.href = url
      a.download = ''
      a.rel = 'noopener'
      document.body.appendChild(a)
      a.click()
      a.remove()
      return { kind: 'download', url }
    }
    exporting.value = true
    try {
      const r = unwrap(await api.call('lists:saveExport', req))
      return r.saved && r.file ? { kind: 'saved', file: r.file, rows: r.rows, skipped: r.skipped } : { kind: 'cancelled' }
    } catch (e) {
      exportError.value = failureMessage(e)
      throw e
    } finally {
      exporting.value = false
    }
  }

  return {
    lists, listsError, superseded, loadLists,
    diff, diffQuery, loadingDiff, diffError, diffJob, loadDiff,
    reconcile, reconcileQuery, loadingReconcile, reconcileError, loadReconcile, clearReconcile,
    top, loadingTop, topError, loadTop,
    exporting, exportError, exportList
  }
})
