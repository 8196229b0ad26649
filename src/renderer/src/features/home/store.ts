// Home store: the figures of the home screen, straight from system:home.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallOutput } from '@shared/contract/index'
import { api, failureMessage, unwrap } from '@renderer/api'

export const useHomeStore = defineStore('home', () => {
  const figures = ref<CallOutput<'system:home'> | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      figures.value = unwrap(await api.call('system:home', {}))
    } catch (e) {
      error.value = failureMessage(e)
    } finally {
      loading.value = false
    }
  }

  const tournamentsTotal = computed(() => Object.values(figures.value?.tournamentsByStatus ?? {}).reduce((a, b) => a + b, 0))
  const isEmpty = computed(() => figures.value !== null && figures.value.players === 0)

  return { figures, loading, error, load, tournamentsTotal, isEmpty }
})
