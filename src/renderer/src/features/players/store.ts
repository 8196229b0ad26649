// Players store: the registry table (paged and sorted by the core), a player's page, the duplicates queue, arbiters, imports.
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { ArbiterDto, CallInput, CallOutput, DuplicateCandidateDto, HistoryRow, RegistryPlayer, UploadKind, UploadedFile } from '@shared/contract/index'
import { ApiFailure, api, failureMessage, isDesktop, sendFile, unwrap } from '@renderer/api'

export type PlayerQuery = Required<Omit<CallInput<'players:search'>, 'text' | 'federation'>> & { text: string; federation: string }
export type PlayerPage = CallOutput<'players:get'>
export type MergeRow = CallOutput<'players:merges'>[number]

const message = failureMessage

/** The refusals of a merge or an undo that wait for the officer's word to write a sealed period's file anew. */
const WAITS_FOR_REWRITE = new Set(['registry.mergeSealed', 'registry.mergeUndoSealed'])

/** A merge or an undo that was not done: the message, and whether the officer may confirm a rewrite of a sealed period. */
export interface SealedOutcome {
  message: string
  asksRewrite: boolean
}

export const usePlayersStore = defineStore('players', () => {
  // the players table
  // replaced whole by each answer, never edited: no deep proxies over a 500-row page
  const rows = shallowRef<RegistryPlayer[]>([])
  const total = ref(0)
  const capped = ref(false)
  const query = ref<PlayerQuery>({ text: '', federation: '', status: 'any', sort: 'name', order: 'asc', ratingType: 'standard', offset: 0, limit: 50 })
  const loading = ref(false)
  const error = ref<string | null>(null)
  // answers can come back out of order while the user types: only the latest request fills the table
  let searchRequest = 0

  async function search(patch: Partial<PlayerQuery> = {}): Promise<void> {
    query.value = { ...query.value, ...patch }
    const request = ++searchRequest
    loading.value = true
    error.value = null
    try {
      const q = query.value
      const page = unwrap(
        await api.call('players:search', {
          status: q.status,
          sort: q.sort,
          order: q.order,
          ratingType: q.ratingType,
          offset: q.offset,
          limit: q.limit,
          ...(q.text.trim() ? { text: q.text.trim() } : {}),
          ...(/^[A-Za-z]{3}$/.test(q.federation.trim()) ? { federation: q.federation.trim().toUpperCase() } : {})
        })
      )
      if (request !== searchRequest) return
      rows.value = page.rows
      total.value = page.total
      capped.value = page.capped
    } catch (e) {
      if (request === searchRequest) error.value = message(e)
    } finally {
      if (request === searchRequest) loading.value = false
    }
  }

  // a player's page
  const page = ref<PlayerPage | null>(null)
  const history = ref<HistoryRow[]>([])
  const merges = ref<MergeRow[]>([])
  const pageError = ref<string | null>(null)
  const loadingPage = ref(false)

  async function loadPlayer(id: number): Promise<void> {
    loadingPage.value = true
    pageError.value = null
    if (page.value?.player.id !== id) {
      page.value = null
      history.value = []
      merges.value = []
    }
    try {
      const [p, h, m] = await Promise.all([
        api.call('players:get', { id }),
        // the rating history is the archive's call: one history query for the whole application
        api.call('archive:history', { playerId: id }),
        api.call('players:merges', { playerId: id })
      ])
      page.value = unwrap(p)
      history.value = h.ok ? h.value.entries : []
      merges.value = unwrap(m)
    } catch (e) {
      pageError.value = message(e)
    } finally {
      loadingPage.value = false
    }
  }

  // duplicates queue
  const candidates = ref<DuplicateCandidateDto[]>([])
  const candidatesTotal = ref(0)
  const candidateStatus = ref<'open' | 'merged' | 'dismissed'>('open')
  const candidatesOffset = ref(0)
  const candidatesError = ref<string | null>(null)
  const loadingCandidates = ref(false)

  async function loadCandidates(patch: { status?: 'open' | 'merged' | 'dismissed'; offset?: number } = {}): Promise<void> {
    if (patch.status) candidateStatus.value = patch.status
    if (patch.offset !== undefined) candidatesOffset.value = patch.offset
    loadingCandidates.value = true
    candidatesError.value = null
    try {
      const out = unwrap(await api.call('players:duplicates', { status: candidateStatus.value, offset: candidatesOffset.value, limit: 20 }))
      candidates.value = out.rows
      candidatesTotal.value = out.total
    } catch (e) {
      candidatesError.value = message(e)
    } finally {
      loadingCandidates.value = false
    }
  }

  /** Each action answers null when it worked, else the translated message to show. */
  async function act<T>(run: () => Promise<T>): Promise<string | null> {
    try {
      await run()
      return null
    } catch (e) {
      return message(e)
    }
  }

  /**
   * A merge or its undo: null when done, else what to tell the officer, and whether the refusal waits for his word to
   * write a sealed period's archive file anew (the same action again with `rewriteSealed`).
   */
  async function actOnSealed(run: () => Promise<unknown>): Promise<SealedOutcome | null> {
    try {
      await run()
      return null
    } catch (e) {
      return { message: message(e), asksRewrite: e instanceof ApiFailure && WAITS_FOR_REWRITE.has(e.error.key) }
    }
  }
  const merge = (keepId: number, dropId: number, reason: string, rewriteSealed = false): Promise<SealedOutcome | null> =>
    actOnSealed(async () => unwrap(await api.call('players:merge', { keepId, dropId, reason, rewriteSealed })))
  const undoMerge = (mergeId: number, reason: string, rewriteSealed = false): Promise<SealedOutcome | null> =>
    actOnSealed(async () => unwrap(await api.call('players:undoMerge', { mergeId, reason, rewriteSealed })))
  const dismiss = (candidateId: number, reason: string): Promise<string | null> =>
    act(async () => unwrap(await api.call('players:dismissDuplicate', { candidateId, reason })))
  const scan = (): Promise<string | null> => act(async () => unwrap(await api.call('players:scanDuplicates', {})))
  const updatePlayer = (input: CallInput<'players:update'>): Promise<string | null> =>
    act(async () => unwrap(await api.call('players:update', input)))
  const importList = (input: CallInput<'players:importList'>): Promise<string | null> =>
    act(async () => unwrap(await api.call('players:importList', input)))

  // a file to import: chosen in the desktop app's own dialog, or uploaded by the browser; either way a handle
  const chosenFile = ref<UploadedFile | null>(null)
  const sendingFile = ref(false)
  /** Desktop app: the main process's open dialog (a cancel keeps the previous choice). */
  const openFile = (kind: UploadKind): Promise<string | null> =>
    act(async () => {
      const f = unwrap(await api.call('files:open', { kind }))
      if (f) chosenFile.value = f
    })
  /** Browser: the bytes of the file the officer picked go to the server. */
  const uploadFile = (kind: UploadKind, file: File): Promise<string | null> =>
    act(async () => {
      sendingFile.value = true
      chosenFile.value = null
      try {
        chosenFile.value = unwrap(await sendFile(kind, file))
      } finally {
        sendingFile.value = false
      }
    })

  // arbiters
  const arbiters = ref<ArbiterDto[]>([])
  const arbitersTotal = ref(0)
  const arbiterQuery = ref<{ text: string; offset: number; limit: number }>({ text: '', offset: 0, limit: 50 })
  const arbitersError = ref<string | null>(null)
  const loadingArbiters = ref(false)

  async function loadArbiters(patch: Partial<{ text: string; offset: number; limit: number }> = {}): Promise<void> {
    arbiterQuery.value = { ...arbiterQuery.value, ...patch }
    loadingArbiters.value = true
    arbitersError.value = null
    try {
      const q = arbiterQuery.value
      const out = unwrap(await api.call('arbiters:list', { offset: q.offset, limit: q.limit, ...(q.text.trim() ? { text: q.text.trim() } : {}) }))
      arbiters.value = out.rows
      arbitersTotal.value = out.total
    } catch (e) {
      arbitersError.value = message(e)
    } finally {
      loadingArbiters.value = false
    }
  }
  const saveArbiter = (input: CallInput<'arbiters:save'>): Promise<string | null> =>
    act(async () => unwrap(await api.call('arbiters:save', input)))

  return {
    rows, total, capped, query, loading, error, search,
    page, history, merges, pageError, loadingPage, loadPlayer,
    candidates, candidatesTotal, candidateStatus, candidatesOffset, candidatesError, loadingCandidates, loadCandidates,
    merge, undoMerge, dismiss, scan, importList, updatePlayer, isDesktop, chosenFile, sendingFile, openFile, uploadFile,
    arbiters, arbitersTotal, arbiterQuery, arbitersError, loadingArbiters, loadArbiters, saveArbiter
  }
})
