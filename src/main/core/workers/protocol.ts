// Messages between the job runner (main thread) and a worker thread, and the worker-side job loop.
import { parentPort, workerData } from 'node:worker_threads'
import type { WorkerScript } from './runner'
import type { JobArgsOf, JobDefs, JobKind, JobKindOf, JobResultOf, JobsContract } from '../../../shared/contract/jobs'
import { sqliteUserError } from '../db/sqlite-errors'

export interface JobContext {
  /** Reports progress; throttled so that a tight loop can call it freely. */
  progress(done: number, total: number, message?: string): void
  /** True once the job was asked to stop; long loops check it (or call throwIfCancelled). */
  readonly cancelled: boolean
  throwIfCancelled(): void
  /** The database file of the host, for jobs that read or write it on their own connection. */
  dbPath: string
  /** This worker's own entry, for a job that starts a helper thread of its own (see registry/list-reader-thread). */
  workerScript: WorkerScript
  /**
   * Housekeeping to run once the result has gone to the host (a WAL checkpoint after a big import): the host
   * has its answer without waiting for it, and the worker exits when it is done. Only after a result: a job
   * that fails or is cancelled cleans up before it throws.
   */
  afterResult(fn: () => void | Promise<void>): void
}

/** One job function per declared kind: it receives the parsed input and gives the kind's result. */
export type JobHandlers<C extends JobDefs> = {
  [K in JobKindOf<C>]: (input: JobArgsOf<C, K>, ctx: JobContext) => JobResultOf<C, K> | Promise<JobResultOf<C, K>>
}
/** The application's jobs of one domain (`registry:` ...), spread into jobs/index.ts. */
export type JobHandlersOf<P extends string> = {
  [K in JobKind as K extends `${P}:${string}` ? K : never]: JobHandlers<JobsContract>[K]
}

type JobFn = (input: unknown, ctx: JobContext) => unknown

export interface WorkerStartData {
  jobId: string
  kind: string
  input: unknown
  dbPath: string
  cancelFlag: SharedArrayBuffer
  script: WorkerScript
}

export type WorkerMessage =
  | { type: 'progress'; done: number; total: number; message?: string }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; error: { key: string; message: string; params: Record<string, unknown> } }
  | { type: 'cancelled' }

export class JobCancelled extends Error {
  constructor() {
    super('cancelled')
    this.name = 'JobCancelled'
  }
}

/**
 * Runs inside the worker thread: executes the job named in workerData and reports back. The runner has checked the
 * kind and parsed the input against the job contract before starting this thread.
 */
export async function serveJob<C extends JobDefs>(handlers: JobHandlers<C>): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serveJob must run in a worker thread')
  const data = workerData as WorkerStartData
  const flag = new Int32Array(data.cancelFlag)
  let last = 0
  const after: (() => void | Promise<void>)[] = []
  const ctx: JobContext = {
    dbPath: data.dbPath,
    workerScript: data.script,
    afterResult: (fn) => void after.push(fn),
    get cancelled() {
      return Atomics.load(flag, 0) === 1
    },
    throwIfCancelled() {
      if (Atomics.load(flag, 0) === 1) throw new JobCancelled()
    },
    progress(done, total, message) {
      const now = Date.now()
      if (now - last < 50 && done < total) return
      last = now
      port.postMessage({ type: 'progress', done, total, message } satisfies WorkerMessage)
    }
  }
  // the one place where a kind named at run time meets its typed handler (the runner only starts declared kinds)
  const table = handlers as Partial<Record<string, JobFn>>
  const fn = Object.hasOwn(table, data.kind) ? table[data.kind] : undefined
  try {
    if (!fn) {
      port.postMessage({ type: 'failed', error: { key: 'jobs.unknownKind', message: `Unknown job kind ${data.kind}`, params: { kind: data.kind } } } satisfies WorkerMessage)
      return
    }
    const result = await fn(data.input, ctx)
    if (ctx.cancelled) port.postMessage({ type: 'cancelled' } satisfies WorkerMessage)
    else port.postMessage({ type: 'done', result } satisfies WorkerMessage)
    await runAfter(after)
  } catch (e) {
    if (e instanceof JobCancelled) {
      port.postMessage({ type: 'cancelled' } satisfies WorkerMessage)
      return
    }
    // a busy database or a full disk: the job's error says so (db.busy, db.diskFull), never `internal`
    const err = (sqliteUserError(e, data.dbPath) ?? e) as Error & { key?: string; params?: Record<string, unknown> }
    port.postMessage({
      type: 'failed',
      error: { key: err.key ?? 'internal', message: err.message ?? String(e), params: err.params ?? { message: err.message ?? String(e) } }
    } satisfies WorkerMessage)
  }
}

/** Runs the housekeeping a job left for after its result; a failure there cannot change the result any more. */
async function runAfter(fns: (() => void | Promise<void>)[]): Promise<void> {
  for (const fn of fns) {
    try {
      await fn()
    } catch (e) {
      console.error(`after the job's result: ${(e as Error).message}`)
    }
  }
}
