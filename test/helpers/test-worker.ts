// A worker entry with jobs made for the runner's tests (counting, failing, busy loops), declared in test-jobs.ts.
import { serveJob, type JobHandlers } from '../../src/main/core/workers/protocol'
import { UserError } from '../../src/main/core/util/errors'
import { existsSync, writeFileSync } from 'node:fs'
import { resourceLimits } from 'node:worker_threads'
import type { testJobsContract } from './test-jobs'

const jobs: JobHandlers<typeof testJobsContract> = {
  'test:count': async ({ to }, ctx) => {
    let sum = 0
    for (let i = 1; i <= to; i++) {
      sum += i
      await new Promise((r) => setTimeout(r, 150))
      ctx.progress(i, to)
    }
    return { sum }
  },
  'test:after': ({ marker, go }, ctx) => {
    // Housekeeping that outlasts the result: it waits for the test's signal (the `go` file, written once the test
    // has seen the result), then writes the marker; so the order is proven without guessing how long anything takes.
    ctx.afterResult(async () => {
      while (!existsSync(go)) await new Promise((r) => setTimeout(r, 20))
      writeFileSync(marker, 'done')
    })
    return { answered: Date.now() }
  },
  'test:fail': () => {
    throw new UserError('settings.unknownKey', { key: 'colour' })
  },
  // a handler typed against its schema cannot give a wrong result; this one pretends the worker sent one
  'test:wrongResult': () => JSON.parse('{"sum":"fifteen"}') as { sum: number },
  'test:limits': () => ({ youngMb: resourceLimits.maxYoungGenerationSizeMb ?? 0 }),
  'test:spin': (_input, ctx) => {
    // a synchronous loop: only the shared cancel flag can reach it
    let i = 0
    for (;;) {
      i++
      if (i % 1_000_000 === 0) {
        ctx.progress(i / 1_000_000, 1e9)
        ctx.throwIfCancelled()
      }
    }
  },
  'test:hang': (_input, ctx) => {
    ctx.progress(1, 2)
    for (;;) {
      // never checks the flag: the runner must terminate it after the grace period
    }
  }
}

void serveJob(jobs)
