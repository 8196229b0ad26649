// Jobs store: the state of every background job seen since the window opened, fed by the host's job events.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallInput, JobEvent } from '@shared/contract/index'
import { api, errorMessage, unwrap } from '@renderer/api'

/** How long a finished job stays visible under the progress bar. */
const LINGER_MS = 6000

export const useJobsStore = defineStore('jobs', () => {
  const jobs = ref<Record<string, JobEvent>>({})
  const cancelling = ref<Record<string, boolean>>({})
  let unsubscribe: (() => void) | null = null
  const finishedListeners = new Set<(e: JobEvent) => void>()

  function receive(event: JobEvent): void {
    const before = jobs.value[event.jobId]
    // events may arrive out of order over HTTP; a finished job never goes back to running
    if (before && before.state !== 'running' && event.state === 'running') return
    jobs.value = { ...jobs.value, [event.jobId]: event }
    if (event.state !== 'running') {
      for (const l of finishedListeners) l(event)
      setTimeout(() => dismiss(event.jobId), event.state === 'failed' ? LINGER_MS * 3 : LINGER_MS)
    }
  }

  function listen(): void {
    if (!unsubscribe) unsubscribe = api.onJobEvent(receive)
  }

  function stop(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  function dismiss(jobId: string): void {
    const rest = { ...jobs.value }
    delete rest[jobId]
    jobs.value = rest
  }

  /** Asks the host to cancel; the job's own 'cancelled' event ends it in the list. */
  async function cancel(jobId: string): Promise<string | null> {
    cancelling.value = { ...cancelling.value, [jobId]: true }
    const reply = await api.call('jobs:cancel', { jobId })
    if (!reply.ok) {
      cancelling.value = { ...cancelling.value, [jobId]: false }
      return errorMessage(reply.error)
    }
    return null
  }

  /** Starts a declared job (`{ kind, input }`, checked again in main; not one that reads a file); its events then arrive here. Throws an ApiFailure. */
  async function start(request: CallInput<'jobs:start'>): Promise<string> {
    listen()
    // a quick job (a small backup) can end before a stream opened just now is heard from: started once it is open
    const ready = api.eventsReady?.()
    if (ready) await ready
    return unwrap(await api.call('jobs:start', request)).jobId
  }

  /** Lets a feature store react when a job ends (e.g. reload a table after an import). */
  function onFinished(listener: (e: JobEvent) => void): () => void {
    finishedListeners.add(listener)
    return () => finishedListeners.delete(listener)
  }

  /** Ends with the job: its final event (done, failed or cancelled), also when it ended before this was asked. */
  function finished(jobId: string): Promise<JobEvent> {
    return new Promise((resolve) => {
      const known = jobs.value[jobId]
      if (known && known.state !== 'running') return resolve(known)
      const off = onFinished((e) => {
        if (e.jobId !== jobId) return
        off()
        resolve(e)
      })
    })
  }

  const list = computed(() => Object.values(jobs.value))
  const running = computed(() => list.value.filter((j) => j.state === 'running'))

  return { jobs, list, running, cancelling, listen, stop, dismiss, cancel, start, onFinished, finished, receive }
})
