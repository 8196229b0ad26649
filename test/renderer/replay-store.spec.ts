// The replay store over a fake preload bridge: the lists:replay job started through jobs:start, its progress and
// result kept for the screen, a cancellation asked of the host and reported, a failure's message shown.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { stubBrowser } from './setup-browser'
import type { JobEvent } from '../../src/shared/contract/index'
import type * as Module from '../../src/renderer/src/features/lists/replay-store'

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
const emit = (e: unknown): void => jobListeners.forEach((l) => l(e as JobEvent))
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0))
let mod: typeof Module

beforeAll(async () => {
  stubBrowser()
  ;(globalThis.window as unknown as { api: unknown }).api = fakeApi
  mod = await import('../../src/renderer/src/features/lists/replay-store')
})
beforeEach(() => {
  setActivePinia(createPinia())
  calls.length = 0
  jobListeners.clear()
})

const result = {
  ok: false,
  lists: [{ listId: 7, listDate: '2025-11-01', ratingType: 'standard', source: 'FIDE', version: 1, outcome: 'differs', checksum: 'a', replayed: 'b', storedIntact: true, entries: 10 }],
  firstDifference: { listId: 7, listDate: '2025-11-01', ratingType: 'standard', version: 1, differing: 1, entries: [], causes: [{ code: 'game-changed', params: { tournamentId: 3 }, text: '…' }] }
}

describe('replay store', () => {
  it('starts lists:replay for one rating type, follows its progress and keeps its result', async () => {
    const store = mod.useReplayStore()
    const done = store.start('standard')
    expect(calls.map((c) => [c.name, c.input])).toEqual([['jobs:start', { kind: 'lists:replay', input: { ratingType: 'standard' } }]])
    calls[0]!.resolve({ ok: true, value: { jobId: 'j1' } })
    await tick()
    expect(store.running).toBe(true)
    emit({ jobId: 'j1', kind: 'lists:replay', state: 'running', done: 1, total: 4, message: 'standard 2025-11-01 v1' })
    expect(store.percent).toBe(25)
    emit({ jobId: 'j1', kind: 'lists:replay', state: 'done', done: 4, total: 4, result })
    expect(await done).toEqual(result)
    expect(store.running).toBe(false)
    expect(store.percent).toBe(100)
    expect(store.result?.firstDifference?.causes[0]?.code).toBe('game-changed')
  })

  it('every type when none is chosen; a cancellation is asked of the host and reported, with no result', async () => {
    const store = mod.useReplayStore()
    const done = store.start(null)
    expect(calls[0]!.input).toEqual({ kind: 'lists:replay', input: {} })
    calls[0]!.resolve({ ok: true, value: { jobId: 'j2' } })
    await tick()
    const cancelling = store.cancel()
    expect(calls[1]).toMatchObject({ name: 'jobs:cancel', input: { jobId: 'j2' } })
    calls[1]!.resolve({ ok: true, value: { cancelled: true } })
    await cancelling
    emit({ jobId: 'j2', kind: 'lists:replay', state: 'cancelled', done: 1, total: 4 })
    expect(await done).toBeNull()
    expect([store.cancelled, store.result, store.error]).toEqual([true, null, null])
  })

  it("shows a failed job's message", async () => {
    const store = mod.useReplayStore()
    const done = store.start(null)
    calls[0]!.resolve({ ok: true, value: { jobId: 'j3' } })
    await tick()
    emit({ jobId: 'j3', kind: 'lists:replay', state: 'failed', done: 0, total: 0, error: { code: 'user', key: 'lists.notFound', params: {}, message: 'List 9 not found' } })
    expect(await done).toBeNull()
    expect(store.error).toBe('List 9 not found')
  })
})
