// Home store: the figures of the home screen, straight from system:home.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallOutput } from '@shared/contract/index'
import { api, failureMessage, unwrap } from '@renderer/api'
import { useJobsStore } from '@renderer/features/jobs/store'

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

  /** The demo federation job while it runs (its progress bar is the jobs panel's), then what it loaded. */
  const demoJob = ref<string | null>(null)
  const demoError = ref<string | null>(null)
  const demoResult = ref<{ players: number; tournaments: number } | null>(null)

  async function loadDemo(): Promise<void> {
    const jobs = useJobsStore()
    demoError.value = null
    demoResult.value = null
    try {
      const jobId = await jobs.start({ kind: 'demo:load', input: {} })
      demoJob.value = jobId
      const stop = jobs.onFinished((e) => {
        if (e.jobId !== jobId) return
        stop()
        demoJob.value = null
        if (e.kind === 'demo:load' && e.state === 'done' && e.result) demoResult.value = { players: e.result.players, tournaments: e.result.reports.filter((r) => r.tournamentId !== null).length }
        else if (e.state === 'failed') demoError.value = e.error?.message ?? e.state
        void load()
      })
    } catch (e) {
      demoJob.value = null
      demoError.value = failureMessage(e)
    }
  }

  const tournamentsTotal = computed(() => Object.values(figures.value?.tournamentsByStatus ?? {}).reduce((a, b) => a + b, 0))
  const isEmpty = computed(() => figures.value !== null && figures.value.players === 0)

  return { figures, loading, error, load, tournamentsTotal, isEmpty, demoJob, demoError, demoResult, loadDemo }
})
