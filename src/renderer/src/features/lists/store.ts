// Lists store: the rating lists held (filtered) and one list's entries, paged and sorted by the core.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { CallInput, CallOutput, ListEntryRow, ListSummary } from '@shared/contract/index'
import { accessToken, api, failureMessage, unwrap } from '@renderer/api'
import { siteZipUrl } from '@shared/contract/list-out'

export type ListFilter = CallInput<'lists:list'>
export type EntryQuery = {
  offset: number
  limit: number
  sort: 'rating' | 'name' | 'fideId'
  order: 'asc' | 'desc'
  search: string
}

export const useListsStore = defineStore('lists', () => {
  const lists = ref<ListSummary[]>([])
  const filter = ref<ListFilter>({})
  const loadingLists = ref(false)
  const listsError = ref<string | null>(null)

  const current = ref<ListSummary | null>(null)
  const previous = ref<CallOutput<'lists:entries'>['previous']>(null)
  const rows = ref<ListEntryRow[]>([])
  const total = ref(0)
  /** The search's count stopped at a cap: the list holds at least `total` matches. */
  const capped = ref(false)
  const query = ref<EntryQuery>({ offset: 0, limit: 50, sort: 'rating', order: 'desc', search: '' })
  const loadingEntries = ref(false)
  const entriesError = ref<string | null>(null)
  // answers can come back out of order while the user types: only the latest request may fill the table
  let entriesRequest = 0

  async function loadLists(next?: ListFilter): Promise<void> {
    if (next) filter.value = next
    loadingLists.value = true
    listsError.value = null
    try {
      lists.value = unwrap(await api.call('lists:list', filter.value))
    } catch (e) {
      listsError.value = failureMessage(e)
    } finally {
      loadingLists.value = false
    }
  }

  async function loadEntries(listId: number, patch: Partial<EntryQuery> = {}): Promise<void> {
    if (current.value?.id !== listId) {
      current.value = null
      previous.value = null
      rows.value = []
      total.value = 0
      capped.value = false
      query.value = { offset: 0, limit: query.value.limit, sort: 'rating', order: 'desc', search: '' }
    }
    query.value = { ...query.value, ...patch }
    const request = ++entriesRequest
    loadingEntries.value = true
    entriesError.value = null
    try {
      const q = query.value
      const page = unwrap(
        await api.call('lists:entries', {
          listId,
          offset: q.offset,
          limit: q.limit,
          sort: q.sort,
          order: q.order,
          ...(q.search.trim() ? { search: q.search.trim() } : {})
        })
      )
      if (request !== entriesRequest) return
      current.value = page.list
      previous.value = page.previous
      rows.value = page.rows
      total.value = page.total
      capped.value = page.capped
    } catch (e) {
      if (request !== entriesRequest) return
      entriesError.value = failureMessage(e)
    } finally {
      if (request === entriesRequest) loadingEntries.value = false
    }
  }

  // the public website: the desktop app asks the main process (its folder dialog, then the site:build job); a browser
  // downloads it as a zip that the server builds
  const publishingSite = ref(false)
  const siteError = ref<string | null>(null)
  const siteResult = ref<CallOutput<'lists:publishSite'>['result'] | 'download'>(null)
  async function publishSite(): Promise<void> {
    siteError.value = null
    siteResult.value = null
    if (!window.api) {
      const a = document.createElement('a')
      a.href = siteZipUrl(accessToken())
      a.download = ''
      a.rel = 'noopener'
      document.body.appendChild(a)
      a.click()
      a.remove()
      siteResult.value = 'download'
      return
    }
    publishingSite.value = true
    try {
      const r = unwrap(await api.call('lists:publishSite', {}))
      siteResult.value = r.result
    } catch (e) {
      siteError.value = failureMessage(e)
    } finally {
      publishingSite.value = false
    }
  }

  return { lists, filter, loadingLists, listsError, loadLists, current, previous, rows, total, capped, query, loadingEntries, entriesError, loadEntries, publishingSite, siteError, siteResult, publishSite }
})
