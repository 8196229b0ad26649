// Archive store: player lookup, a player's history across lists, and his entry on one chosen list.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ArchivePlayer, CallOutput, HistoryRow, ListSummary, RatedTournament } from '@shared/contract/index'
import { api, failureMessage, unwrap } from '@renderer/api'

type RatingType = HistoryRow['ratingType']

export const useArchiveStore = defineStore('archive', () => {
  const query = ref('')
  const results = ref<ArchivePlayer[]>([])
  const searching = ref(false)
  const searchError = ref<string | null>(null)
  let searchRequest = 0

  const player = ref<ArchivePlayer | null>(null)
  const history = ref<HistoryRow[]>([])
  const tournaments = ref<RatedTournament[]>([])
  const ratingType = ref<RatingType | null>(null)
  const includeDrafts = ref(false)
  const loadingHistory = ref(false)
  const historyError = ref<string | null>(null)

  const lists = ref<ListSummary[]>([])
  const ratingOn = ref<CallOutput<'archive:ratingOn'> | null>(null)
  const ratingOnError = ref<string | null>(null)

  const message = failureMessage

  async function search(text: string): Promise<void> {
    query.value = text
    const request = ++searchRequest
    if (!text.trim()) {
      results.value = []
      searchError.value = null
      return
    }
    searching.value = true
    searchError.value = null
    try {
      const found = unwrap(await api.call('archive:findPlayers', { query: text.trim(), limit: 50 }))
      if (request === searchRequest) results.value = found
    } catch (e) {
      if (request === searchRequest) searchError.value = message(e)
    } finally {
      if (request === searchRequest) searching.value = false
    }
  }

  async function loadHistory(playerId: number): Promise<void> {
    loadingHistory.value = true
    historyError.value = null
    if (player.value?.id !== playerId) ratingOn.value = null
    try {
      const type = ratingType.value ? { ratingType: ratingType.value } : {}
      const [out, rated] = await Promise.all([
        api.call('archive:history', { playerId, includeDrafts: includeDrafts.value, ...type }),
        api.call('archive:tournaments', { playerId, ...type })
      ])
      const h = unwrap(out)
      player.value = h.player
      history.value = h.entries
      tournaments.value = unwrap(rated).tournaments
    } catch (e) {
      player.value = null
      history.value = []
      tournaments.value = []
      historyError.value = message(e)
    } finally {
      loadingHistory.value = false
    }
  }

  async function setFilters(next: { ratingType?: RatingType | null; includeDrafts?: boolean }): Promise<void> {
    if (next.ratingType !== undefined) ratingType.value = next.ratingType
    if (next.includeDrafts !== undefined) includeDrafts.value = next.includeDrafts
    if (player.value) await loadHistory(player.value.id)
  }

  async function loadLists(): Promise<void> {
    try {
      lists.value = unwrap(await api.call('lists:list', {}))
    } catch (e) {
      ratingOnError.value = message(e)
    }
  }

  async function checkOn(listId: number): Promise<void> {
    if (!player.value) return
    ratingOnError.value = null
    try {
      ratingOn.value = unwrap(await api.call('archive:ratingOn', { playerId: player.value.id, listId }))
    } catch (e) {
      ratingOn.value = null
      ratingOnError.value = message(e)
    }
  }

  function clearPlayer(): void {
    player.value = null
    history.value = []
    tournaments.value = []
    ratingOn.value = null
    historyError.value = null
  }

  return {
    query, results, searching, searchError, search,
    player, history, tournaments, ratingType, includeDrafts, loadingHistory, historyError, loadHistory, setFilters, clearPlayer,
    lists, ratingOn, ratingOnError, loadLists, checkOn
  }
})
