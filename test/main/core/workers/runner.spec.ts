// The job runner: only declared kinds with valid inputs start; progress events reach the host, typed results come back,
// errors and cancellation propagate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { JobRunner } from '../../../../src/main/core/workers/runner'
import { JOB_YOUNG_GENERATION_MB, sourceWorkerScript, tsWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { jobsContract, type AnyJobEventOf, type JobEvent } from '../../../../src/shared/contract/jobs'
import { testJobsContract } from '../../../helpers/test-jobs'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbPath = tmp.file('office.db')
const testWorker = tsWorkerScript(fileURLToPath(new URL('../../../helpers/test-worker.ts', import.meta.url)))
type TestEvent = AnyJobEventOf<typeof testJobsContract>
const testRunner = (more: { cancelGraceMs?: number; checkResults?: boolean } = {}) => new JobRunner({ contract: testJobsContract, worker: testWorker, dbPath, ...more })

beforeAll(() => openDatabase(dbPath).close())
afterAll(() => tmp.cleanup())

describe('JobRunner', () => {
  it('runs the real health job in a worker with progress and a result', async () => {
    const runner = new JobRunner({ contract: jobsContract, worker: sourceWorkerScript(), dbPath, checkResults: true })
    const events: JobEvent[] = []
    const result = await runner.run('system:health', {}, (e) => events.push(e))
    expect(result.integrity).toBe('ok')
    expect(result.tables.map((t) => t.name)).toContain('players')
    expect(events.at(-1)?.state).toBe('done')
    await runner.close()
  })

  it('hands over a result before the job’s housekeeping, which still runs, and lets the worker exit', async () => {
    const runner = testRunner()
    const marker = tmp.file('after.txt')
    const go = tmp.file('go.txt')
    const result = await runner.run('test:after', { marker, go })
    expect(typeof result.answered).toBe('number')
    // the housekeeping cannot have finished: it waits for the signal given only now
    expect(existsSync(marker)).toBe(false)
    writeFileSync(go, 'go')
    while (!existsSync(marker)) await new Promise((r) => setTimeout(r, 20))
    expect(readFileSync(marker, 'utf8')).toBe('done')
    await runner.close()
  })

  it('reports progress in order and the final figure', async () => {
    const runner = testRunner()
    const events: TestEvent[] = []
    const result = await runner.run('test:count', { to: 5 }, (e) => events.push(e))
    expect(result).toEqual({ sum: 15 })
    const progress = events.filter((e) => e.state === 'running' && e.total > 0)
    expect(progress.map((e) => e.done)).toEqual([1, 2, 3, 4, 5])
    expect(progress.every((e) => e.total === 5)).toBe(true)
    await runner.close()
  })

  it('keeps a quiet run\'s events to its caller: none reach the hosts\' listeners, its result and error as any run\'s', async () => {
    const runner = testRunner()
    const heard: TestEvent[] = []
    runner.on('event', (e) => heard.push(e))
    const own: TestEvent[] = []
    expect(await runner.run('test:count', { to: 3 }, (e) => own.push(e), { quiet: true })).toEqual({ sum: 6 })
    expect(own.filter((e) => e.state === 'running' && e.total > 0).map((e) => e.done)).toEqual([1, 2, 3])
    expect(own[0]?.state).toBe('running')
    expect(own.at(-1)?.state).toBe('done')
    await expect(runner.run('test:fail', {}, undefined, { quiet: true })).rejects.toMatchObject({ key: 'settings.unknownKey' })
    expect(heard).toEqual([])
    // the same run, not quiet, is heard
    await runner.run('test:count', { to: 2 })
    expect(heard.at(-1)).toMatchObject({ kind: 'test:count', state: 'done' })
    await runner.close()
  })

  it('gives a job’s thread the young generation a big list’s rows need (V8’s default for a thread is about 48 MB)', async () => {
    const runner = testRunner()
    expect(await runner.run('test:limits', {})).toEqual({ youngMb: JOB_YOUNG_GENERATION_MB })
    expect(JOB_YOUNG_GENERATION_MB).toBeGreaterThan(64)
    await runner.close()
  })

  it('propagates a job error with its message key', async () => {
    const runner = testRunner()
    await expect(runner.run('test:fail', {})).rejects.toMatchObject({ key: 'settings.unknownKey', params: { key: 'colour' } })
    await runner.close()
  })

  it('refuses a kind its contract does not declare, and an input that does not fit, before any worker starts', async () => {
    const runner = testRunner()
    const events: unknown[] = []
    runner.on('event', (e) => events.push(e))
    // @ts-expect-error an undeclared kind does not type-check either
    expect(() => runner.start('system:health', {})).toThrow(expect.objectContaining({ key: 'jobs.unknownKind', params: { kind: 'system:health' } }))
    // @ts-expect-error nor does an input of the wrong shape
    expect(() => runner.start('test:count', { to: 'five' })).toThrow(expect.objectContaining({ key: 'jobs.invalidInput', params: { kind: 'test:count', issues: { en: 'a value for “to” is needed as a number (found text)', fr: 'il faut une valeur pour « to » sous forme de nombre (reçu : texte)' } } }))
    // a name inherited from Object.prototype is not a declared kind
    expect(() => runner.start('toString' as 'test:count', { to: 1 })).toThrow(expect.objectContaining({ key: 'jobs.unknownKind' }))
    expect(events).toEqual([])
    await runner.close()
  })

  it('fails a job whose result does not match its schema when results are checked', async () => {
    const unchecked = testRunner()
    expect(await unchecked.run('test:wrongResult', {})).toEqual({ sum: 'fifteen' })
    await unchecked.close()
    const runner = testRunner({ checkResults: true })
    await expect(runner.run('test:wrongResult', {})).rejects.toMatchObject({ key: 'internal', params: { message: 'the result of test:wrongResult does not match the job contract: sum: Invalid input: expected number, received string' } })
    await runner.close()
  })

  it('cancels a busy job that checks the flag, and terminates one that does not', async () => {
    const runner = testRunner({ cancelGraceMs: 300 })
    for (const kind of ['test:spin', 'test:hang'] as const) {
      const jobId = runner.start(kind, {})
      await new Promise<void>((resolve) => {
        const l = (e: TestEvent): void => {
          if (e.jobId === jobId && e.done > 0) {
            runner.off('event', l)
            resolve()
          }
        }
        runner.on('event', l)
      })
      expect(runner.cancel(jobId)).toBe(true)
      const end = await runner.wait(jobId)
      expect(end.state).toBe('cancelled')
      expect(runner.cancel(jobId)).toBe(false)
    }
    await runner.close()
  })
})
