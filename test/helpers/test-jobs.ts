// The job contract of the runner's test worker (test-worker.ts): counting, housekeeping, failing and busy loops.
import { z } from 'zod'
import { job } from '../../src/shared/contract/jobs'

export const testJobsContract = {
  'test:count': job({ summary: 'Counts to `to`, one progress event per step', input: z.object({ to: z.number().int().min(1) }).strict(), result: z.object({ sum: z.number() }) }),
  'test:after': job({ summary: 'Answers, then as housekeeping waits for the `go` file and writes the marker file', input: z.object({ marker: z.string(), go: z.string() }).strict(), result: z.object({ answered: z.number() }) }),
  'test:fail': job({ summary: 'Fails with a user error', input: z.object({}).strict(), result: z.object({}) }),
  'test:wrongResult': job({ summary: 'Gives a result its schema does not describe', input: z.object({}).strict(), result: z.object({ sum: z.number() }) }),
  'test:spin': job({ summary: 'A synchronous loop that checks the cancel flag', input: z.object({}).strict(), result: z.object({}) }),
  'test:limits': job({ summary: "The thread's own V8 limits, as its Worker was given them", input: z.object({}).strict(), result: z.object({ youngMb: z.number() }) }),
  'test:hang': job({ summary: 'A loop that never checks the cancel flag', input: z.object({}).strict(), result: z.object({}) })
}
