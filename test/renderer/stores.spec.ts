// Renderer stores over a fake preload bridge: job events, cancellation, and list pages that answer out of order.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { stubBrowser } from './setup-browser'
import type { JobEvent } from '../../src/shared/contract/index'
import type * as JobsModule from '../../src/renderer/src/features/jobs/store'
import type * as ListsModule from '../../src/renderer/src/features/lists/store'

// vitest's config knows only the @shared alias: the stores' @renderer/api import is pointed at the real module
vi.mock('@renderer/api', () => import('../../src/renderer/src/api'))

type Pending = { name: string; input: Record<string, unknown>; resolve: (reply: unknown) => void }
const calls: Pending[] = []
const jobListeners = new Set<(e: JobEvent) => void>()
const fakeApi = {
  call: (name: string, input: Record<string, unknown>) => new Promise((resolve) => calls.push({ name, input, resolve })),
  onJobEvent: (l: (e: JobEvent) => void) => {
    jobListeners.add(l)
    return () => jobListeners.delete(l)
  }
}
const emit = (e: JobEvent): void => jobListeners.forEach((l) => l(e))

let jobs: typeof JobsModule
let lists: typeof ListsModule

beforeAll(async () => {
  stubBrowser()
  ;(globalThis.window as unknown as { api: unknown }).api = fakeApi
  jobs = await import('../../src/renderer/src/features/jobs/store')
  lists = await import('../../src/renderer/src/features/lists/store')
})
beforeEach(() => {
  setActivePinia(createPinia())
  calls.length = 0
  jobListeners.clear()
})

const listSummary = (id: number, entries: number) => ({
  id, kind: 'reference', listDate: '2025-01-01', ratingType: 'standard', source: 'FIDE', edition: null, status: 'reference',
  version: 1, supersedesId: null, checksum: null, fileName: null, createdAt: '2025-01-01T00:00:00Z', publishedAt: null, entries
})
const row = (playerId: number, rating: number) => ({
  playerId, fideId: playerId, surname: `P${playerId}`, givenNames: '', name: `P${playerId}`, federation: null, title: null, sex: null,
  birthYear: null, rating, games: null, k: null, flags: null
})

describe('jobs store', () => {
  it('follows a job from progress to its end, tells listeners once, and never reopens a finished job', () => {
    const store = jobs.useJobsStore()
    const ended: string[] = []
    store.onFinished((e) => ended.push(`${e.jobId}:${e.state}`))
    store.listen()
    emit({ jobId: 'a', kind: 'registry:importList', state: 'running', done: 10, total: 400 })
    expect(store.running.map((j) => [j.jobId, j.done, j.total])).toEqual([['a', 10, 400]])
    emit({ jobId: 'a', kind: 'registry:importList', state: 'done', done: 400, total: 400 })
    // a late progress event (SSE may deliver out of order) must not bring the job back
    emit({ jobId: 'a', kind: 'registry:importList', state: 'running', done: 399, total: 400 })
    expect(store.jobs.a.state).toBe('done')
    expect(store.running).toEqual([])
    expect(ended).toEqual(['a:done'])
  })

  it('asks the host to cancel and reports a refusal with its message', async () => {
    const store = jobs.useJobsStore()
    const pending = store.cancel('zz')
    expect(calls.map((c) => [c.name, c.input])).toEqual([['jobs:cancel', { jobId: 'zz' }]])
    expect(store.cancelling.zz).toBe(true)
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'jobs.notFound', params: { jobId: 'zz' }, message: 'No job zz.' } })
    expect(await pending).toBe('No job zz.')
    expect(store.cancelling.zz).toBe(false)
  })
})

describe('lists store', () => {
  it('keeps only the answer to the latest request when searches answer out of order', async () => {
    const store = lists.useListsStore()
    const first = store.loadEntries(7, { search: 'kar' })
    const second = store.loadEntries(7, { search: 'karpov' })
    expect(calls.map((c) => c.input.search)).toEqual(['kar', 'karpov'])
    calls[1].resolve({ ok: true, value: { list: listSummary(7, 2), total: 1, rows: [row(2, 2700)] } })
    await second
    calls[0].resolve({ ok: true, value: { list: listSummary(7, 2), total: 2, rows: [row(1, 2800), row(2, 2700)] } })
    await first
    expect(store.total).toBe(1)
    expect(store.rows.map((r) => r.playerId)).toEqual([2])
    expect(store.loadingEntries).toBe(false)
  })

  it('starts a new list on its first page with the default sort', async () => {
    const store = lists.useListsStore()
    const a = store.loadEntries(1, { offset: 100, sort: 'name', order: 'asc' })
    calls[0].resolve({ ok: true, value: { list: listSummary(1, 500), total: 500, rows: [] } })
    await a
    const b = store.loadEntries(2)
    expect(calls[1].input).toMatchObject({ listId: 2, offset: 0, sort: 'rating', order: 'desc', limit: 50 })
    calls[1].resolve({ ok: true, value: { list: listSummary(2, 3), total: 3, rows: [] } })
    await b
    expect(store.current?.id).toBe(2)
  })

  it('shows a refusal as the translated message', async () => {
    const store = lists.useListsStore()
    const p = store.loadEntries(99)
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'lists.notFound', params: { listId: 99 }, message: 'There is no rating list 99.' } })
    await p
    expect(store.entriesError).toBe('There is no rating list 99.')
  })
})
