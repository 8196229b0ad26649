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
