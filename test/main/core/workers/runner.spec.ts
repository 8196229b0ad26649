// The job runner: progress events reach the host, results come back, errors and cancellation propagate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import { JobRunner } from '../../../../src/main/core/workers/runner'
import { sourceWorkerScript, tsWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import type { JobEvent } from '../../../../src/shared/contract/system'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbPath = tmp.file('office.db')
const testWorker = tsWorkerScript(fileURLToPath(new URL('../../../helpers/test-worker.ts', import.meta.url)))

beforeAll(() => openDatabase(dbPath).close())
afterAll(() => tmp.cleanup())

describe('JobRunner', () => {
  it('runs the real health job in a worker with progress and a result', async () => {
    const runner = new JobRunner({ worker: sourceWorkerScript(), dbPath })
    const events: JobEvent[] = []
    const result = (await runner.run('system:health', {}, (e) => events.push(e))) as { integrity: string; tables: { name: string; rows: number }[] }
    expect(result.integrity).toBe('ok')
    expect(result.tables.map((t) => t.name)).toContain('players')
    expect(events.at(-1)?.state).toBe('done')
    await runner.close()
  })

  it('hands over a result before the job’s housekeeping, which still runs, and lets the worker exit', async () => {
    const runner = new JobRunner({ worker: testWorker, dbPath })
    const marker = tmp.file('after.txt')
    const result = (await runner.run('test:after', { marker })) as { answered: number }
    expect(typeof result.answered).toBe('number')
    expect(existsSync(marker)).toBe(false)
    const until = Date.now() + 10_000
    while (!existsSync(marker) && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
    expect(existsSync(marker)).toBe(true)
    await runner.close()
  })

  it('reports progress in order and the final figure', async () => {
    const runner = new JobRunner({ worker: testWorker, dbPath })
    const events: JobEvent[] = []
    const result = await runner.run('test:count', { to: 5 }, (e) => events.push(e))
    expect(result).toEqual({ sum: 15 })
    const progress = events.filter((e) => e.state === 'running' && e.total > 0)
    expect(progress.map((e) => e.done)).toEqual([1, 2, 3, 4, 5])
    expect(progress.every((e) => e.total === 5)).toBe(true)
    await runner.close()
  })

  it('propagates a job error with its message key', async () => {
    const runner = new JobRunner({ worker: testWorker, dbPath })
    await expect(runner.run('test:fail', {})).rejects.toMatchObject({ key: 'settings.unknownKey', params: { key: 'colour' } })
    const jobId = runner.start('nope', {})
    const end = await runner.wait(jobId)
    expect(end.state).toBe('failed')
    expect(end.error?.key).toBe('jobs.unknownKind')
    await runner.close()
  })

  it('cancels a busy job that checks the flag, and terminates one that does not', async () => {
    const runner = new JobRunner({ worker: testWorker, dbPath, cancelGraceMs: 300 })
    for (const kind of ['test:spin', 'test:hang']) {
      const jobId = runner.start(kind, {})
      await new Promise<void>((resolve) => {
        const l = (e: JobEvent): void => {
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
