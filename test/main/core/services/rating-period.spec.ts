// The rating:period worker job: a batch of player periods rated in the worker, with progress, located errors and cancel.
import { afterAll, describe, expect, it } from 'vitest'
import { JobRunner } from '../../../../src/main/core/workers/runner'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { jobsContract, type JobEvent } from '../../../../src/shared/contract/jobs'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbPath = tmp.file('office.db')
openDatabase(dbPath).close()
const runner = new JobRunner({ contract: jobsContract, worker: sourceWorkerScript(), dbPath, checkResults: true })
afterAll(async () => {
  await runner.close()
  tmp.cleanup()
})

const period = (rating: number | null, games: [number, 0 | 0.5 | 1][]) => ({ player: { rating, k: 20 }, tournaments: [{ start: '2025-01-10', games: games.map(([opponentRating, score]) => ({ opponentRating, score })) }] })

describe('rating:period job', { timeout: 60_000 }, () => {
  it('rates every item and reports progress to the end', async () => {
    const items = [period(2000, [[2000, 1], [2100, 0.5]]), period(1500, [[1500, 0]]), period(null, [[1900, 1], [1901, 1], [1902, 1], [1902, 0], [1902, 0]])]
    const events: JobEvent[] = []
    const res = await runner.run('rating:period', { itemsJson: JSON.stringify(items) }, (e) => events.push(e))
    expect([res.players, res.games]).toEqual([3, 8])
    // 2000: +0.5 − .5 = .5 and .5 − .36 = .14 → .64 × 20 = 12.8 → 13
    expect(res.results[0]).toMatchObject({ change: 13, newRating: 2013, k: 20, n: 2 })
    expect(res.results[1]).toMatchObject({ change: -10, newRating: 1490 })
    expect(res.results[2]!.initial!.ru).toBe(1922)
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 3, total: 3 })
  })

  it('fails with the index and path of a bad item, and returns full sheets on request', async () => {
    await expect(runner.run('rating:period', { items: [period(2000, [[2000, 1]]), { player: { rating: 'x' }, tournaments: [] }] })).rejects.toMatchObject({ key: 'engine.badPeriodInput', params: { index: 1 } })
    const res = await runner.run('rating:period', { items: [period(2000, [[2000, 1]])], detail: true })
    const sheet = res.results[0]!
    expect('tournaments' in sheet && sheet.tournaments[0]!.kChg).toBe(10)
  })

  it('refuses a batch with neither items nor itemsJson before a worker starts', () => {
    expect(() => runner.start('rating:period', { detail: true })).toThrow(expect.objectContaining({ key: 'jobs.invalidInput', params: { kind: 'rating:period', issues: { en: 'expected items or itemsJson', fr: 'expected items or itemsJson' } } }))
  })

  it('stops when cancelled', async () => {
    const items = Array.from({ length: 20000 }, () => period(2000, [[2000, 1]]))
    const jobId = runner.start('rating:period', { itemsJson: JSON.stringify(items) })
    runner.cancel(jobId)
    expect((await runner.wait(jobId)).state).toBe('cancelled')
  })
})
