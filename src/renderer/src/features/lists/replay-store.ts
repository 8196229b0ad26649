// Replay store: the `lists:replay` worker job started from the Lists screen (progress, cancel) and its result — each
// published list reproduced or not, and the first difference with its causes.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { JobEvent } from '@shared/contract/index'
import type { ReplayResult } from '@shared/contract/list-history'
import { failureMessage } from '@renderer/api'
import { useJobsStore } from '@renderer/features/jobs/store'
import { jobPercent } from '@renderer/features/jobs/progress'
import type { RatingTypeName } from './office-store'

export const useReplayStore = defineStore('lists-replay', () => {
  const jobs = useJobsStore()
  const jobId = ref<string | null>(null)
  const result = ref<ReplayResult | null>(null)
  const error = ref<string | null>(null)
  const cancelled = ref(false)
  // the last event of the job, kept after the jobs bar lets it go
  const last = ref<JobEvent | null>(null)
  const job = computed<JobEvent | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? last.value) : null))
  const running = computed(() => jobId.value !== null && (job.value === null || job.value.state === 'running'))
  const percent = computed(() => jobPercent(job.value))

  /** Starts the replay job (every rating type, or one) and waits for its end; the result stays for the screen. */
  async function start(ratingType: RatingTypeName | null): Promise<ReplayResult | null> {
    result.value = null
    error.value = null
    cancelled.value = false
    last.value = null
    let started: string
    try {
      started = await jobs.start({ kind: 'lists:replay', input: ratingType ? { ratingType } : {} })
    } catch (e) {
      error.value = failureMessage(e)
      return null
    }
    jobId.value = started
    const end = await jobs.finished(started)
    last.value = end
    if (end.kind === 'lists:replay' && end.state === 'done' && end.result) result.value = end.result
    else if (end.state === 'cancelled') cancelled.value = true
    else error.value = end.error?.message ?? end.message ?? ''
    jobId.value = started
    return result.value
  }

  async function cancel(): Promise<void> {
    if (jobId.value && running.value) {
      const failed = await jobs.cancel(jobId.value)
      if (failed) error.value = failed
    }
  }

  return { jobId, job, running, percent, result, error, cancelled, start, cancel }
})
