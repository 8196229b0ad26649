// Outside files parsed off the main thread (context.ts parsesOffMain) take a few workers at once: thirty previews of a
// hostile spreadsheet sent together are thirty parses, but never thirty threads each holding a workbook. The others
// wait their turn in order (no refusal: a preview is the officer's own step), and the main thread answers meanwhile.
import { parsesOffMain, type ServiceContext } from './context'
import type { JobInputOf, JobKindOf, JobResultOf, JobsContract } from '../../../shared/contract/jobs'
import { LIMITS } from '../limits'

interface Slots {
  running: number
  waiting: (() => void)[]
}

/** One queue per host's job runner (a restore's new connection keeps the same runner). */
const queues = new WeakMap<object, Slots>()

/** Runs `parse` (which starts a worker job) once one of LIMITS.parseWorkers slots is free. */
export async function inParseSlot<T>(ctx: Pick<ServiceContext, 'jobs'>, parse: () => Promise<T>): Promise<T> {
  let q = queues.get(ctx.jobs)
  if (!q) queues.set(ctx.jobs, (q = { running: 0, waiting: [] }))
  const slots = q
  if (slots.running >= LIMITS.parseWorkers) await new Promise<void>((r) => slots.waiting.push(r))
  else slots.running++
  try {
    return await parse()
  } finally {
    // the slot goes straight to the next in line (running unchanged), or is given back
    const next = slots.waiting.shift()
    if (next) next()
    else slots.running--
  }
}

/**
 * An outside file's parsing where the host wants it: in the desktop app and browser mode the job `kind` in a worker
 * (one of the parse slots), so the main process answers meanwhile; in the CLI `inline`, on its own thread.
 */
export function parsedOffMain<K extends JobKindOf<JobsContract>>(
  ctx: Pick<ServiceContext, 'host' | 'jobs'>,
  kind: K,
  input: JobInputOf<JobsContract, K>,
  inline: () => JobResultOf<JobsContract, K> | Promise<JobResultOf<JobsContract, K>>
): JobResultOf<JobsContract, K> | Promise<JobResultOf<JobsContract, K>> {
  return parsesOffMain(ctx) ? inParseSlot(ctx, () => ctx.jobs.run(kind, input, undefined, { quiet: true })) : inline()
}
