// Where the worker entry is: built hosts pass the bundled file; source runs (tests, tsx) use the .ts with tsx.
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import type { WorkerScript } from './runner'

/** The worker entry in the source tree, run through tsx (tests and `tsx` runs). */
export function sourceWorkerScript(): WorkerScript {
  const here = dirname(fileURLToPath(import.meta.url))
  return tsWorkerScript(join(here, '../jobs/worker-entry.ts'))
}

/** Any TypeScript worker entry, started through the tsx bootstrap. */
export function tsWorkerScript(entry: string): WorkerScript {
  const here = dirname(fileURLToPath(import.meta.url))
  return { file: join(here, 'ts-bootstrap.mjs'), argv: [entry] }
}

/** The bundled worker next to a built host entry. */
export function builtWorkerScript(hostEntryUrl: string, fileName = 'worker.js'): WorkerScript {
  return { file: join(dirname(fileURLToPath(hostEntryUrl)), fileName) }
}

/**
 * The young generation of a job's thread and of its helper, in MB (V8's default for a thread is about 48): a big list's
 * rows live for a batch or a message — a few thousand lines —, longer than a default nursery lasts, so that most were
 * copied and promoted before they died. At FIDE's size (1.9 M lines) the generation's helper spent 4.6 s of its CPU in
 * the collector, 2.5 s with 192; its job thread 1.3 s, 0.8 s. The nursery grows to this only under such work.
 */
export const JOB_YOUNG_GENERATION_MB = 192
