// Audit store: one page of the log at a time, newest first, with the filters the officer set.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AuditRow } from '@shared/contract/index'
import { api, failureMessage, unwrap } from '@renderer/api'

export interface AuditFilters {
  entity: string
  entityId: string
  since: string
  until: string
}

export const useAuditStore = defineStore('audit', () => {
  const rows = ref<AuditRow[]>([])
  const total = ref(0)
  const entities = ref<string[]>([])
  const filters = ref<AuditFilters>({ entity: '', entityId: '', since: '', until: '' })
  const page = ref({ offset: 0, limit: 50 })
  const loading = ref(false)
  const error = ref<string | null>(null)
  // only the latest request may fill the table when answers cross
  let request = 0

  async function load(patch: { filters?: Partial<AuditFilters>; offset?: number; limit?: number } = {}): Promise<void> {
    if (patch.filters) {
      filters.value = { ...filters.value, ...patch.filters }
      page.value.offset = 0
    }
    if (patch.offset !== undefined) page.value.offset = patch.offset
    if (patch.limit !== undefined) page.value.limit = patch.limit
    const mine = ++request
    loading.value = true
    error.value = null
    try {
      const f = filters.value
      const reply = unwrap(
        await api.call('audit:list', {
          entity: f.entity || undefined,
          entityId: f.entityId.trim() || undefined,
          since: f.since || undefined,
          until: f.until || undefined,
          offset: page.value.offset,
          limit: page.value.limit
        })
      )
      if (mine !== request) return
      rows.value = reply.rows
      total.value = reply.total
      entities.value = reply.entities
    } catch (e) {
      if (mine === request) error.value = failureMessage(e)
    } finally {
      if (mine === request) loading.value = false
    }
  }

  return { rows, total, entities, filters, page, loading, error, load }
})
