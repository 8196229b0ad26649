// A job run in a test as the worker runs it (workers/protocol.ts, serveJob): its context (progress messages kept, no
// cancel), its result, then the work it left for after its result (JobContext.afterResult), in order.
import type { JobContext } from '../../src/main/core/workers/protocol'
import { sourceWorkerScript } from '../../src/main/core/workers/script'

/** A job's context on `dbPath`: its messages pushed into `messages`, its work after its result into `after`. */
export function jobContext(dbPath: string, messages: string[] = [], after: (() => void | Promise<void>)[] = []): JobContext {
  return {
    progress: (_d, _t, m) => {
      if (m) messages.push(m)
    },
    cancelled: false,
    throwIfCancelled: () => undefined,
    dbPath,
    workerScript: sourceWorkerScript(),
    afterResult: (fn) => void after.push(fn)
  }
}

/** Runs a job: its result, then `atResult` (what a test notes once the result is given), then its work after it. */
export async function runAsWorker<R>(dbPath: string, run: (ctx: JobContext) => R | Promise<R>, o: { messages?: string[]; atResult?: () => void } = {}): Promise<R> {
  const after: (() => void | Promise<void>)[] = []
  const result = await run(jobContext(dbPath, o.messages, after))
  o.atResult?.()
  for (const fn of after) await fn()
  return result
}
