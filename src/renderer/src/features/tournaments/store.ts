// Tournaments store: the list, the import queue (preview before committing, then import with progress), one tournament's page and its decisions.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { CallInput, CallOutput, StoredFinding } from '@shared/contract/index'
import { api, errorMessage, failureMessage, unwrap } from '@renderer/api'
import { toBase64 } from '@renderer/util/base64'
import { useJobsStore } from '@renderer/features/jobs/store'

export type TournamentRow = CallOutput<'tournaments:list'>['rows'][number]
export type Preview = CallOutput<'tournaments:preview'>
export type ImportResult = CallOutput<'tournaments:import'>[number]
export type { Replacement } from '@shared/contract/tournaments'
export type Detail = CallOutput<'tournaments:get'>
export type ResolveAction = CallInput<'tournaments:resolvePlayer'>['action']
export type RatingPreview = CallOutput<'tournaments:rate'>

export interface QueueItem {
  key: string
  fileName: string
  size: number
  base64: string
  /** The file's lines, decoded with the detected encoding, to show each problem's exact line. */
  lines: string[]
  /** held: would replace a stored tournament, waiting for the officer; aside: a later report of the same import went instead. */
  state: 'reading' | 'previewing' | 'ready' | 'failed' | 'importing' | 'done' | 'held' | 'aside' | 'discarded'
  preview: Preview | null
  result: ImportResult | null
  error: string | null
}

const message = failureMessage

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}

/** The browser's name for the encoding the reader detected (CP850 has none: shown as Windows-1252). */
function decoderLabel(encoding: string): string {
  if (encoding === 'iso-8859-2' || encoding === 'utf-16le' || encoding === 'utf-16be') return encoding
  if (encoding === 'windows-1252' || encoding === 'iso-8859-1' || encoding === 'cp850') return 'windows-1252'
  return 'utf-8'
}

export function splitLines(bytes: Uint8Array, encoding: string): string[] {
  // TextDecoder drops the byte-order mark itself
  const text = new TextDecoder(decoderLabel(encoding)).decode(bytes)
  return text.split(/\r\n|\r|\n/)
}

let counter = 0

/** Files per import job: the call's and the job's limit (each job one transaction in the worker). */
const IMPORT_BATCH = 50

export const useTournamentsStore = defineStore('tournaments', () => {
  const jobs = useJobsStore()
  // the list
  const rows = ref<TournamentRow[]>([])
  const total = ref(0)
  const loading = ref(false)
  const error = ref<string | null>(null)
  const status = ref<TournamentRow['status'] | null>(null)
  const search = ref('')

  async function loadList(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      const out = unwrap(await api.call('tournaments:list', { limit: 500, offset: 0, ...(status.value ? { status: status.value } : {}), ...(search.value.trim() ? { search: search.value.trim() } : {}) }))
      rows.value = out.rows
      total.value = out.total
    } catch (e) {
      error.value = message(e)
    } finally {
      loading.value = false
    }
  }

  // the import queue
  const queue = ref<QueueItem[]>([])
  const importing = ref(false)
  const progress = ref({ done: 0, total: 0 })
  /** The day the reports reached the office (the deadline checks count from it); null: today. */
  const receivedDate = ref<string | null>(null)
  /** Files the last import left out because they cannot be read: refused at the preview, with their located errors. */
  const leftOut = ref<ReadonlySet<string>>(new Set())
  /** What the last import did: files imported, refused (by the import or left out unreadable), and imported with errors still to decide. */
  const summary = computed(() => {
    const done = queue.value.filter((i) => i.result)
    const ok = done.filter((i) => i.result?.ok)
    const held = done.filter((i) => i.state === 'held').length
    const aside = done.filter((i) => i.state === 'aside' || i.state === 'discarded').length
    return {
      imported: ok.length,
      refused: done.length - ok.length - held - aside + queue.value.filter((i) => !i.result && leftOut.value.has(i.key)).length,
      attention: ok.filter((i) => i.result?.ok && i.result.findings.error > 0).length,
      held,
      aside
    }
  })
  const bytesByKey = new Map<string, Uint8Array>()

  function patch(key: string, change: Partial<QueueItem>): void {
    queue.value = queue.value.map((q) => (q.key === key ? { ...q, ...change } : q))
  }

  async function addFiles(files: File[]): Promise<void> {
    const items = files.map((f) => ({ key: `f${++counter}`, fileName: f.name, size: f.size, base64: '', lines: [], state: 'reading' as const, preview: null, result: null, error: null, file: f }))
    queue.value = [...queue.value, ...items.map(({ file: _file, ...q }) => q)]
    for (const item of items) {
      try {
        const bytes = new Uint8Array(await item.file.arrayBuffer())
        bytesByKey.set(item.key, bytes)
        const base64 = toBase64(bytes)
        patch(item.key, { base64, state: 'previewing' })
        const preview = unwrap(await api.call('tournaments:preview', { fileName: item.fileName, base64 }))
        patch(item.key, { preview, lines: splitLines(bytes, preview.encoding), state: 'ready' })
      } catch (e) {
        patch(item.key, { state: 'failed', error: message(e) })
      }
    }
  }

  /** Reports handed to the desktop app (command line, file association): queued like dropped files. */
  async function takeOpenedReports(): Promise<void> {
    const reply = await api.call('system:openedReports', {})
    if (!reply.ok) return
    const files: File[] = []
    for (const f of reply.value.files) {
      if (f.base64 !== undefined) files.push(new File([fromBase64(f.base64)], f.fileName))
      else queue.value = [...queue.value, { key: `f${++counter}`, fileName: f.fileName, size: 0, base64: '', lines: [], state: 'failed', preview: null, result: null, error: f.error ?? f.fileName }]
    }
    if (files.length) await addFiles(files)
  }

  function remove(key: string): void {
    queue.value = queue.value.filter((q) => q.key !== key)
    bytesByKey.delete(key)
  }

  function clearDone(): void {
    queue.value = queue.value.filter((q) => q.state !== 'done' && q.state !== 'discarded' && q.state !== 'aside')
  }

  /** The state a file's import result puts it in: held and set-aside files stored nothing and wait or are said so. */
  function stateOfResult(result: ImportResult): QueueItem['state'] {
    if (result.ok) return 'done'
    if ('outcome' in result) return result.outcome === 'held' ? 'held' : 'aside'
    return 'failed'
  }

  /**
   * The officer confirms a held replacement: the file replaces the tournament, and version, it was shown against (a
   * version changed since is refused, to look at again). One file, one job.
   */
  async function confirmReplacement(key: string): Promise<void> {
    const item = queue.value.find((q) => q.key === key)
    const r = item?.result && !item.result.ok && 'outcome' in item.result ? item.result.replacement : null
    if (!item || !r) return
    patch(key, { state: 'importing' })
    jobs.listen()
    try {
      const jobId = await jobs.start({
        kind: 'tournaments:import',
        input: { files: [{ fileName: item.fileName, base64: item.base64, replaces: r.tournamentId, replacesVersion: r.current.version }], ...(receivedDate.value ? { receivedDate: receivedDate.value } : {}) }
      })
      const end = await jobs.finished(jobId)
      const result = end.kind === 'tournaments:import' && end.state === 'done' ? end.result?.[0] : undefined
      if (result) patch(key, { state: stateOfResult(result), result, error: result.ok || 'outcome' in result ? null : result.message })
      else patch(key, { state: 'held', error: end.error?.message ?? end.message ?? null })
    } catch (e) {
      patch(key, { state: 'held', error: message(e) })
    }
    void loadList()
  }

  /** The officer keeps the stored tournament: the held file stays out, said so in the queue. */
  function discardReplacement(key: string): void {
    patch(key, { state: 'discarded' })
  }

  /** Files that can go in: read without a blocking error and not already in the database. */
  const importable = computed(() => queue.value.filter((q) => q.state === 'ready' && q.preview?.importable && q.preview.alreadyImported === null))

  /** The running import job (the files go to the worker in batches of IMPORT_BATCH, one job each). */
  const importJobId = ref<string | null>(null)
  let importCancelled = false

  /**
   * Imports every importable file in the worker (`tournaments:import` jobs, so the window never waits on the
   * database), file by file with progress; a cancel stops the batch in progress (none of its files stays) and the
   * batches after it.
   */
  async function importAll(): Promise<void> {
    const todo = importable.value
    if (!todo.length) return
    leftOut.value = new Set(queue.value.filter((q) => q.state === 'failed' || (q.state === 'ready' && q.preview && !q.preview.importable)).map((q) => q.key))
    importing.value = true
    importCancelled = false
    progress.value = { done: 0, total: todo.length }
    jobs.listen()
    for (let from = 0; from < todo.length && !importCancelled; from += IMPORT_BATCH) {
      const batch = todo.slice(from, from + IMPORT_BATCH)
      for (const item of batch) patch(item.key, { state: 'importing' })
      const back = (state: QueueItem['state'], error: string | null): void => {
        for (const item of batch) patch(item.key, { state, error })
      }
      let jobId: string
      try {
        jobId = await jobs.start({ kind: 'tournaments:import', input: { files: batch.map((i) => ({ fileName: i.fileName, base64: i.base64 })), ...(receivedDate.value ? { receivedDate: receivedDate.value } : {}) } })
      } catch (e) {
        back('failed', message(e))
        break
      }
      importJobId.value = jobId
      const stopWatching = watch(
        () => jobs.jobs[jobId],
        (e) => {
          if (e && e.state === 'running') progress.value = { done: from + e.done, total: todo.length }
        }
      )
      const end = await jobs.finished(jobId)
      stopWatching()
      importJobId.value = null
      // the event of a tournaments:import job carries the per-file results, in the order of the files
      if (end.kind === 'tournaments:import' && end.state === 'done' && end.result) {
        end.result.forEach((result, i) => {
          const item = batch[i]
          if (item) patch(item.key, { state: stateOfResult(result), result, error: result.ok || 'outcome' in result ? null : result.message })
        })
        progress.value = { done: from + batch.length, total: todo.length }
      } else {
        // cancelled or failed: the batch's transaction was rolled back, its files are ready to import again
        back(end.state === 'failed' ? 'failed' : 'ready', end.state === 'failed' ? (end.error?.message ?? end.message ?? '') : null)
        if (end.state === 'cancelled') importCancelled = true
        else break
      }
    }
    importing.value = false
    void loadList()
  }

  /** Stops the import: the batch in the worker is rolled back, the ones after it are not sent. */
  async function cancelImport(): Promise<void> {
    importCancelled = true
    if (importJobId.value) await jobs.cancel(importJobId.value)
  }

  // one tournament
  const detail = ref<Detail | null>(null)
  const findings = ref<StoredFinding[]>([])
  const detailError = ref<string | null>(null)
  const detailLoading = ref(false)

  async function loadTournament(id: number): Promise<void> {
    if (detail.value?.id !== id) {
      // another tournament: nothing of the one shown before stays on screen while this one loads
      detail.value = null
      findings.value = []
      ratingRequest++
      rating.value = null
      ratingError.value = null
      ratingLoading.value = false
    }
    detailLoading.value = true
    detailError.value = null
    try {
      const [d, f] = await Promise.all([api.call('tournaments:get', { id }), api.call('tournaments:findings', { id, includeEarlierFiles: false })])
      detail.value = unwrap(d)
      findings.value = unwrap(f)
    } catch (e) {
      detailError.value = message(e)
      detail.value = null
    } finally {
      detailLoading.value = false
    }
  }

  // the rating preview of the tournament shown: only the answer to the latest request is kept
  const rating = ref<RatingPreview | null>(null)
  const ratingError = ref<string | null>(null)
  const ratingLoading = ref(false)
  let ratingRequest = 0

  /** Rates the tournament as the office would now (list in force at its start, findings' exclusions); writes nothing. */
  async function loadRating(id: number, edition?: string): Promise<void> {
    const mine = ++ratingRequest
    ratingLoading.value = true
    ratingError.value = null
    try {
      const out = unwrap(await api.call('tournaments:rate', { id, ...(edition ? { edition } : {}) }))
      if (mine !== ratingRequest) return
      rating.value = out
    } catch (e) {
      if (mine !== ratingRequest) return
      rating.value = null
      ratingError.value = message(e)
    } finally {
      if (mine === ratingRequest) ratingLoading.value = false
    }
  }

  /** Returns the failure's message, or null when done (the page is reloaded). */
  async function resolvePlayer(tournamentPlayerId: number, action: ResolveAction, playerId?: number, reason?: string, officer?: string): Promise<string | null> {
    const reply = await api.call('tournaments:resolvePlayer', { tournamentPlayerId, action, ...(playerId ? { playerId } : {}), ...(reason ? { reason } : {}), ...(officer ? { officer } : {}) })
    if (!reply.ok) return errorMessage(reply.error)
    // a player matched to another registry player may have another rating
    rating.value = null
    if (detail.value) await loadTournament(detail.value.id)
    return null
  }

  async function decide(findingId: number, decision: CallInput<'tournaments:decideFinding'>['decision'], reason: string, officer?: string): Promise<string | null> {
    const reply = await api.call('tournaments:decideFinding', { findingId, decision, reason, ...(officer ? { officer } : {}) })
    if (!reply.ok) return errorMessage(reply.error)
    findings.value = findings.value.map((f) => (f.id === findingId ? reply.value : f))
    // a decision may give back or take out games: the preview is computed again when next shown
    rating.value = null
    return null
  }

  async function exportTrf(id: number, format: 'trf16' | 'trf26'): Promise<{ fileName: string; text: string; warnings: string[] }> {
    return unwrap(await api.call('tournaments:export', { id, format }))
  }

  async function originalFile(fileId: number): Promise<{ fileName: string; bytes: Uint8Array }> {
    const f = unwrap(await api.call('tournaments:file', { fileId }))
    return { fileName: f.fileName, bytes: fromBase64(f.base64) }
  }

  return {
    rows, total, loading, error, status, search, loadList,
    queue, importing, progress, receivedDate, summary, importable, addFiles, takeOpenedReports, remove, clearDone, importAll, confirmReplacement, discardReplacement, cancelImport, importJobId,
    detail, findings, detailError, detailLoading, loadTournament, resolvePlayer, decide, exportTrf, originalFile,
    rating, ratingError, ratingLoading, loadRating
  }
})
