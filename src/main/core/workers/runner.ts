// Runs long jobs in worker threads, one worker per job: progress events, results, errors and cancellation.
import { Worker } from 'node:worker_threads'
import { EventEmitter } from 'node:events'
import { randomUUID } from 'node:crypto'
import type { JobEvent } from '../../../shared/contract/system'
import { UserError } from '../util/errors'
import type { WorkerMessage, WorkerStartData } from './protocol'

export interface WorkerScript {
  /** Absolute path of the worker entry (built .js, or the .ts source with tsx in development). */
  file: string
  execArgv?: string[]
  argv?: string[]
}

export interface JobRunnerOptions {
  worker: WorkerScript
  dbPath: string
  /** How long a cancelled job may take to stop by itself before its worker is terminated. */
  cancelGraceMs?: number
  /** How long a job's housekeeping after its result may take before its worker is terminated. */
  afterResultGraceMs?: number
}

interface JobState {
  event: JobEvent
  worker: Worker
  flag: Int32Array
  settled: Promise<JobEvent>
}

export class JobRunner extends EventEmitter {
  private readonly jobs = new Map<string, JobState>()
  constructor(private readonly options: JobRunnerOptions) {
    super()
  }

  start(kind: string, input: unknown): string {
    const jobId = randomUUID()
    const cancelFlag = new SharedArrayBuffer(4)
    const flag = new Int32Array(cancelFlag)
    const workerData: WorkerStartData = { jobId, kind, input, dbPath: this.options.dbPath, cancelFlag, script: this.options.worker }
    const worker = new Worker(this.options.worker.file, {
      workerData,
      execArgv: this.options.worker.execArgv ?? [],
      argv: this.options.worker.argv ?? []
    })
    const event: JobEvent = { jobId, kind, state: 'running', done: 0, total: 0 }
    let resolveSettled!: (e: JobEvent) => void
    const settled = new Promise<JobEvent>((r) => (resolveSettled = r))
    const state: JobState = { event, worker, flag, settled }
    this.jobs.set(jobId, state)

    const finish = (next: Partial<JobEvent>): void => {
      if (state.event.state !== 'running') return
      state.event = { ...state.event, ...next }
      this.emit('event', state.event)
      resolveSettled(state.event)
      if (next.state !== 'done') void worker.terminate()
      else {
        // A job may have housekeeping left after its result (JobContext.afterResult): the worker exits by
        // itself when that is done, and is stopped if it is still there after the grace period.
        const timer = setTimeout(() => void worker.terminate(), this.options.afterResultGraceMs ?? 120_000)
        timer.unref()
        worker.once('exit', () => clearTimeout(timer))
      }
    }
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'progress') {
        if (state.event.state !== 'running') return
        state.event = { ...state.event, done: msg.done, total: msg.total, message: msg.message }
        this.emit('event', state.event)
      } else if (msg.type === 'done') finish({ state: 'done', result: msg.result, done: state.event.total || state.event.done })
      else if (msg.type === 'cancelled') finish({ state: 'cancelled' })
      else if (msg.type === 'failed') finish({ state: 'failed', error: msg.error, message: msg.error.message })
    })
    worker.on('error', (e) => {
      finish({ state: 'failed', error: { key: 'jobs.workerCrashed', message: e.message, params: { reason: e.message } }, message: e.message })
    })
    worker.on('exit', (code) => {
      if (Atomics.load(flag, 0) === 1) finish({ state: 'cancelled' })
      else finish({ state: 'failed', error: { key: 'jobs.workerCrashed', message: `exit code ${code}`, params: { reason: `exit code ${code}` } } })
    })
    this.emit('event', event)
    return jobId
  }

  get(jobId: string): JobEvent {
    const s = this.jobs.get(jobId)
    if (!s) throw new UserError('jobs.notFound', { jobId })
    return s.event
  }

  /** Asks the job to stop; terminates its worker if it has not stopped after the grace period. */
  cancel(jobId: string): boolean {
    const s = this.jobs.get(jobId)
    if (!s) throw new UserError('jobs.notFound', { jobId })
    if (s.event.state !== 'running') return false
    Atomics.store(s.flag, 0, 1)
    const timer = setTimeout(() => void s.worker.terminate(), this.options.cancelGraceMs ?? 2000)
    void s.settled.then(() => clearTimeout(timer))
    return true
  }

  wait(jobId: string): Promise<JobEvent> {
    const s = this.jobs.get(jobId)
    if (!s) return Promise.reject(new UserError('jobs.notFound', { jobId }))
    return s.settled
  }

  /** Starts a job and resolves with its result; rejects with a UserError when it fails or is cancelled. */
  async run(kind: string, input: unknown, onEvent?: (e: JobEvent) => void): Promise<unknown> {
    const jobId = this.start(kind, input)
    const listener = (e: JobEvent): void => {
      if (e.jobId === jobId) onEvent?.(e)
    }
    this.on('event', listener)
    try {
      const end = await this.wait(jobId)
      if (end.state === 'done') return end.result
      if (end.state === 'cancelled') throw new UserError('jobs.cancelled')
      throw new UserError(end.error?.key ?? 'internal', end.error?.params ?? { message: end.message ?? '' })
    } finally {
      this.off('event', listener)
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((s) => s.worker.terminate()))
  }
}
