// A job's progress as every progress bar shows it: the share done, and the bar's colour for its state.
import type { JobEvent } from '@shared/contract/index'

/** Percent done (100 once done; 0 while the job has not said how much there is). */
export function jobPercent(job: JobEvent | null | undefined): number {
  if (!job) return 0
  if (job.state === 'done') return 100
  return job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0
}

/** Naive UI's progress status for the job's state. */
export function jobStatus(job: JobEvent | null | undefined): 'default' | 'success' | 'error' | 'warning' {
  const s = job?.state
  return s === 'done' ? 'success' : s === 'failed' ? 'error' : s === 'cancelled' ? 'warning' : 'default'
}
