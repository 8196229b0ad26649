// Office lists store: the calendar, a draft's generation as a worker job (progress, cancel), its preview and the
// calculation sheets, publication, and the correction of a published list.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallOutput, ChangeKind, CorrectionPreview, GenerateResult, JobEvent } from '@shared/contract/index'
import { api, failureMessage, unwrap } from '@renderer/api'
import { useJobsStore } from '@renderer/features/jobs/store'
import { downloadFile, fromBase64 } from '@renderer/util/base64'

export type RatingTypeName = 'standard' | 'rapid' | 'blitz'
export type Preview = CallOutput<'lists:preview'>
export type Sheet = CallOutput<'lists:sheet'>

export const useOfficeListsStore = defineStore('office-lists', () => {
  const jobs = useJobsStore()

  const calendar = ref<CallOutput<'lists:calendar'>>([])
  const calendarError = ref<string | null>(null)

  const jobId = ref<string | null>(null)
  const generateError = ref<string | null>(null)
  const generated = ref<GenerateResult | null>(null)
  const job = computed<JobEvent | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null))
  const generating = computed(() => job.value?.state === 'running' || (jobId.value !== null && job.value === null))

  const preview = ref<Preview | null>(null)
  const previewKind = ref<ChangeKind | null>(null)
  const previewOffset = ref(0)
  const previewLimit = ref(50)
  const previewLoading = ref(false)
  const previewError = ref<string | null>(null)

  // the list's tournaments, a page at a time (a FIDE month rates 15,000), and whether a draft is older than its
  // inputs (checked in the worker: null until it answers, and Publish waits for it)
  const tournaments = ref<CallOutput<'lists:tournaments'> & { listId: number } | null>(null)
  const tournamentsOffset = ref(0)
  const tournamentsLimit = 20
  const tournamentsError = ref<string | null>(null)
  const stale = ref<{ listId: number; stale: boolean } | null>(null)
  const staleError = ref<string | null>(null)

  const sheet = ref<Sheet | null>(null)
  const sheetError = ref<string | null>(null)
  const publishing = ref(false)
  const publishError = ref<string | null>(null)

  const correction = ref<CorrectionPreview | null>(null)
  const correctionError = ref<string | null>(null)
  const correcting = ref(false)
  const previewingCorrection = ref(false)

  async function loadCalendar(year: number, ratingType: RatingTypeName): Promise<void> {
    calendarError.value = null
    try {
      calendar.value = unwrap(await api.call('lists:calendar', { year, ratingType }))
    } catch (e) {
      calendar.value = []
      calendarError.value = failureMessage(e)
    }
  }

  /** The list date offered first (the main side's one rule: services/tournament-list.ts); null when it cannot be asked. */
  async function nextDate(ratingType: RatingTypeName): Promise<CallOutput<'lists:nextDate'> | null> {
    try {
      return unwrap(await api.call('lists:nextDate', { ratingType }))
    } catch (e) {
      calendarError.value = failureMessage(e)
      return null
    }
  }

  /** Starts the generation job; resolves with the draft when it is written, null when it failed or was cancelled. */
  async function generate(listDate: string, ratingType: RatingTypeName): Promise<GenerateResult | null> {
    generateError.value = null
    generated.value = null
    jobs.listen()
    let started: string
    try {
      started = unwrap(await api.call('jobs:start', { kind: 'lists:generate', input: { listDate, ratingType } })).jobId
    } catch (e) {
      generateError.value = failureMessage(e)
      return null
    }
    jobId.value = started
    const end = await jobs.finished(started)
    // the event of a lists:generate job carries that job's result, typed by the job contract
    if (end.kind === 'lists:generate' && end.state === 'done' && end.result) {
      generated.value = end.result
      return generated.value
    }
    generateError.value = end.state === 'failed' ? (end.error?.message ?? end.message ?? '') : null
    // the generation page says why it failed: the jobs bar need not say it a second time
    if (end.state === 'failed') jobs.dismiss(started)
    return null
  }

  async function cancelGeneration(): Promise<void> {
    if (jobId.value) await jobs.cancel(jobId.value)
  }

  async function loadTournaments(listId: number, offset = 0): Promise<void> {
    tournamentsError.value = null
    try {
      const page = unwrap(await api.call('lists:tournaments', { listId, offset, limit: tournamentsLimit }))
      tournaments.value = { ...page, listId }
      tournamentsOffset.value = offset
    } catch (e) {
      tournamentsError.value = failureMessage(e)
    }
  }

  /** Whether a draft is older than its inputs (a worker job); a frozen list never is, and is not asked. */
  async function checkStale(listId: number, status: string): Promise<void> {
    staleError.value = null
    if (status !== 'draft') {
      stale.value = { listId, stale: false }
      return
    }
    try {
      stale.value = { listId, ...unwrap(await api.call('lists:stale', { listId })) }
    } catch (e) {
      staleError.value = failureMessage(e)
    }
  }

  /** A page of the preview; on opening a list (or reopening it), its tournaments' first page and whether it is stale. */
  async function loadPreview(listId: number, patch: { kind?: ChangeKind | null; offset?: number; limit?: number } = {}, reopen = false): Promise<void> {
    const opening = preview.value?.list.id !== listId || reopen
    if (opening) {
      previewKind.value = null
      previewOffset.value = 0
      stale.value = null
      void loadTournaments(listId)
    }
    if (patch.kind !== undefined) previewKind.value = patch.kind
    if (patch.offset !== undefined) previewOffset.value = patch.offset
    if (patch.limit !== undefined) previewLimit.value = patch.limit
    previewLoading.value = true
    previewError.value = null
    try {
      preview.value = unwrap(
        await api.call('lists:preview', {
          listId,
          offset: previewOffset.value,
          limit: previewLimit.value,
          ...(previewKind.value ? { kind: previewKind.value } : {})
        })
      )
      if (opening) void checkStale(listId, preview.value.list.status)
    } catch (e) {
      previewError.value = failureMessage(e)
    } finally {
      previewLoading.value = false
    }
  }

  async function openSheet(listId: number, playerId: number): Promise<void> {
    sheetError.value = null
    try {
      sheet.value = unwrap(await api.call('lists:sheet', { listId, playerId }))
    } catch (e) {
      sheet.value = null
      sheetError.value = failureMessage(e)
    }
  }

  /** The open sheet as a PDF for the player (browser mode downloads it; the desktop app's save dialog opens on it). */
  async function sheetPdf(locale: 'en' | 'fr'): Promise<void> {
    if (!sheet.value) return
    const out = unwrap(await api.call('lists:sheetPdf', { listId: sheet.value.listId, playerId: sheet.value.player.id, locale }))
    downloadFile(out.fileName, fromBase64(out.base64), 'application/pdf')
  }

  function closeSheet(): void {
    sheet.value = null
  }

  /**
   * Publishes a draft; `federation`, asked at the first publication, is saved to the settings in the same write. The
   * publication's result (its safety copy named), or null when it failed (publishError says why).
   */
  async function publish(listId: number, reason?: string, federation?: { name: string; code: string }): Promise<CallOutput<'lists:publish'> | null> {
    publishing.value = true
    publishError.value = null
    // publication runs as a worker job (lists:publish): the jobs bar shows its progress
    jobs.listen()
    try {
      const r = unwrap(await api.call('lists:publish', { listId, ...(reason ? { reason } : {}), ...(federation ? { federation } : {}) }))
      await loadPreview(listId, {}, true)
      return r
    } catch (e) {
      publishError.value = failureMessage(e)
      return null
    } finally {
      publishing.value = false
    }
  }

  /** The recomputation runs as a worker job (lists:correctPreview): the jobs bar shows its progress. */
  async function previewCorrection(listId: number): Promise<void> {
    correctionError.value = null
    previewingCorrection.value = true
    try {
      correction.value = unwrap(await api.call('lists:correctPreview', { listId }))
    } catch (e) {
      correction.value = null
      correctionError.value = failureMessage(e)
    } finally {
      previewingCorrection.value = false
    }
  }

  /** Applied as a worker job (lists:correct), with its progress in the jobs bar. */
  async function applyCorrection(listId: number, mode: 'next-list' | 'new-version', reason: string): Promise<CallOutput<'lists:correct'> | null> {
    correcting.value = true
    correctionError.value = null
    try {
      const r = unwrap(await api.call('lists:correct', { listId, mode, reason }))
      correction.value = null
      return r
    } catch (e) {
      correctionError.value = failureMessage(e)
      return null
    } finally {
      correcting.value = false
    }
  }

  return {
    calendar,
    calendarError,
    loadCalendar,
    nextDate,
    jobId,
    job,
    generating,
    generated,
    generateError,
    generate,
    cancelGeneration,
    preview,
    previewKind,
    previewOffset,
    previewLimit,
    previewLoading,
    previewError,
    loadPreview,
    tournaments,
    tournamentsOffset,
    tournamentsLimit,
    tournamentsError,
    loadTournaments,
    stale,
    staleError,
    sheet,
    sheetError,
    sheetPdf,
    openSheet,
    closeSheet,
    publishing,
    publishError,
    publish,
    correction,
    correctionError,
    correcting,
    previewingCorrection,
    previewCorrection,
    applyCorrection
  }
})
