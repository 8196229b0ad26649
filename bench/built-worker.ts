// The worker entry bundled as a built host runs it (one file; tsx would spend seconds compiling the sources at
// each start), for the benchmarks that start worker threads. Built fresh at each run, so it is never stale.
import { fileURLToPath } from 'node:url'
import { createHash } from 'node:crypto'
import { build } from 'esbuild'
import type { WorkerScript } from '../src/main/core/workers/runner'

export async function builtBenchWorker(): Promise<WorkerScript> {
  // Inside node_modules/.cache so that the external packages resolve as in a build.
  // One file per checkout (worktrees may share one node_modules): a bench elsewhere must not rebuild it mid-run.
  const root = fileURLToPath(new URL('..', import.meta.url))
  const key = createHash('sha1').update(root).digest('hex').slice(0, 12)
  const file = fileURLToPath(new URL(`../node_modules/.cache/rating-office-bench/worker-${key}.mjs`, import.meta.url))
  await build({
    entryPoints: [fileURLToPath(new URL('../src/main/core/jobs/worker-entry.ts', import.meta.url))],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages stay external, as in the app's builds (pdfkit finds its own font files; better-sqlite3 is native)
    packages: 'external',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error'
  })
  // BENCH_WORKER_PROF=<folder>: the worker threads write CPU profiles there too (run the bench with --cpu-prof)
  return { file, execArgv: process.env.BENCH_WORKER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WORKER_PROF}`] : [] }
}
