// Runs long jobs in worker threads, one worker per job: only the kinds of its job contract, with inputs parsed here
// before a worker starts; progress events, typed results, errors and cancellation.
import { Worker } from 'node:worker_threads'
import { EventEmitter } from 'node:events'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { AnyJobEventOf, JobDefs, JobEventBase, JobInputOf, JobKindOf, JobResultOf } from '../../../shared/contract/jobs'
import { UserError } from '../util/errors'
import type { WorkerMessage, WorkerStartData } from './protocol'
import { describeIssue, issueTexts, type InputIssue } from '../../../shared/errors/issues'
import { JOB_YOUNG_GENERATION_MB } from './script'

export interface WorkerScript {
  /** Absolute path of the worker entry (built .js, or the .ts source with tsx in development). */
  file: string
  execArgv?: string[]
  argv?: string[]
}

export interface JobRunnerOptions<C extends JobDefs> {
  /** The kinds this runner starts, each with its input and result schema (the application's: jobsContract). */
  contract: C
  worker: WorkerScript
  dbPath: string
  /** How long a cancelled job may take to stop by itself before its worker is terminated. */
  cancelGraceMs?: number
  /** How long a job's housekeeping after its result may take before its worker is terminated. */
  afterResultGraceMs?: number
  /** Check every result against its kind's schema (tests and development); a mismatch fails the job. */
  checkResults?: boolean
  /** Told the thread id of each job's worker once it has exited (the host removes what a stopped worker left behind). */
  onWorkerExit?: (threadId: number) => void
}

/** An event as the runner keeps it, before it is typed by its kind. */
type Event = JobEventBase & { kind: string; result?: unknown }

interface JobState {
  event: Event
  worker: Worker
  flag: Int32Array
  settled: Promise<Event>
  /** A quiet job's events go to its caller's listener only (see run). */
  quiet: ((e: Event) => void) | null
}

function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => `${i.path.length ? i.path.join('.') : '(input)'}: ${i.message}`).join('; ')
}

/** Emits 'event' with an AnyJobEventOf<C> at every change of a job. */
export class JobRunner<C extends JobDefs> extends EventEmitter {
  private readonly jobs = new Map<string, JobState>()
  constructor(private readonly options: JobRunnerOptions<C>) {
    super()
  }

  /** The kind's schemas, or a refusal: a kind the contract does not declare never reaches a worker. */
  private def(kind: string): C[JobKindOf<C>] {
    const contract = this.options.contract
    if (!Object.hasOwn(contract, kind)) throw new UserError('jobs.unknownKind', { kind })
    return contract[kind as JobKindOf<C>]
  }

  /** The runner's event typed by its kind: its result was produced by the kind's handler (JobHandlers<C>). */
  private typed(e: Event): AnyJobEventOf<C> {
    return e as AnyJobEventOf<C>
  }

  /** Starts a job of a declared kind; its input is parsed here (a located UserError when it does not fit). */
  start<K extends JobKindOf<C>>(kind: K, input: JobInputOf<C, K>): string {
    return this.begin(kind, input, null)
  }

  private begin(kind: string, input: unknown, quiet: ((e: Event) => void) | null): string {
    const def = this.def(kind)
    const parsed = def.input.safeParse(input, { reportInput: true })
    if (!parsed.success) {
      // in the product's words, both languages: the host that tells it picks the officer's (shared/errors/issues.ts)
      const issues = parsed.error.issues as readonly InputIssue[]
      throw new UserError('jobs.invalidInput', { kind, issues: issueTexts(issues) }, issues.map((i) => ({ path: i.path.join('.'), message: describeIssue(i, 'en') })))
    }
    return this.spawn(kind, parsed.data, def, quiet)
  }

  private spawn(kind: string, input: unknown, def: C[JobKindOf<C>], quiet: ((e: Event) => void) | null): string {
    const jobId = randomUUID()
    const cancelFlag = new SharedArrayBuffer(4)
    const flag = new Int32Array(cancelFlag)
    const workerData: WorkerStartData = { jobId, kind, input, dbPath: this.options.dbPath, cancelFlag, script: this.options.worker }
    const worker = new Worker(this.options.worker.file, {
      workerData,
      execArgv: this.options.worker.execArgv ?? [],
      argv: this.options.worker.argv ?? [],
      resourceLimits: { maxYoungGenerationSizeMb: JOB_YOUNG_GENERATION_MB }
    })
    const event: Event = { jobId, kind, state: 'running', done: 0, total: 0 }
    let resolveSettled!: (e: Event) => void
    const settled = new Promise<Event>((r) => (resolveSettled = r))
    const state: JobState = { event, worker, flag, settled, quiet }
    this.jobs.set(jobId, state)
    const tell = (e: Event): void => {
      if (state.quiet) state.quiet(e)
      else this.emit('event', this.typed(e))
    }

    const finish = (next: Partial<Event>): void => {
      if (state.event.state !== 'running') return
      state.event = { ...state.event, ...next }
      tell(state.event)
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
        tell(state.event)
      } else if (msg.type === 'done') {
        const checked = this.options.checkResults ? def.result.safeParse(msg.result) : null
        if (checked && !checked.success) {
          const reason = `the result of ${kind} does not match the job contract: ${issuesText(checked.error.issues)}`
          finish({ state: 'failed', error: { key: 'internal', message: reason, params: { message: reason } }, message: reason })
        } else finish({ state: 'done', result: msg.result, done: state.event.total || state.event.done })
      } else if (msg.type === 'cancelled') finish({ state: 'cancelled' })
      else if (msg.type === 'failed') finish({ state: 'failed', error: msg.error, message: msg.error.message })
    })
    worker.on('error', (e) => {
      finish({ state: 'failed', error: { key: 'jobs.workerCrashed', message: e.message, params: { reason: e.message } }, message: e.message })
    })
    const threadId = worker.threadId
    worker.on('exit', (code) => {
      this.options.onWorkerExit?.(threadId)
      if (Atomics.load(flag, 0) === 1) finish({ state: 'cancelled' })
      else finish({ state: 'failed', error: { key: 'jobs.workerCrashed', message: `exit code ${code}`, params: { reason: `exit code ${code}` } } })
    })
    tell(event)
    return jobId
  }

  get(jobId: string): AnyJobEventOf<C> {
    const s = this.jobs.get(jobId)
    if (!s) throw new UserError('jobs.notFound', { jobId })
    return this.typed(s.event)
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

  /** How many jobs are running now (a restore waits for none). */
  runningCount(): number {
    return [...this.jobs.values()].filter((s) => s.event.state === 'running').length
  }

  wait(jobId: string): Promise<AnyJobEventOf<C>> {
    const s = this.jobs.get(jobId)
    if (!s) return Promise.reject(new UserError('jobs.notFound', { jobId }))
    return s.settled.then((e) => this.typed(e))
  }

  /**
   * Starts a job and resolves with its result; rejects with a UserError when it is refused, fails or is cancelled.
   * `quiet`: its events go to `onEvent` only, not to the runner's listeners (the hosts' job bars): a question a call
   * answers through a job (lists:stale), whose caller shows its own state.
   */
  async run<K extends JobKindOf<C>>(kind: K, input: JobInputOf<C, K>, onEvent?: (e: AnyJobEventOf<C>) => void, options: { quiet?: boolean } = {}): Promise<JobResultOf<C, K>> {
    const listener = (e: AnyJobEventOf<C>): void => {
      if (e.jobId === jobId) onEvent?.(e)
    }
    // a quiet job's own events only (its first comes before begin returns)
    const jobId = options.quiet ? this.begin(kind, input, (e) => onEvent?.(this.typed(e))) : this.start(kind, input)
    if (!options.quiet) this.on('event', listener)
    try {
      const s = this.jobs.get(jobId)!
      const end = await s.settled
      // a done job of kind K carries the result its handler gave (JobHandlers<C> types it)
      if (end.state === 'done') return end.result as JobResultOf<C, K>
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
