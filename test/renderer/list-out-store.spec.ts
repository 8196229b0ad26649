// The list-out store over a fake bridge: superseded versions marked, the latest comparison wins, an export is a
// save call in the desktop app and a download link (with the access token) in a browser.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { stubBrowser } from './setup-browser'
import type * as Module from '../../src/renderer/src/features/list-out/store'

type Pending = { name: string; input: Record<string, unknown>; resolve: (reply: unknown) => void }
const calls: Pending[] = []
const fakeApi = {
  call: (name: string, input: Record<string, unknown>) => new Promise((resolve) => calls.push({ name, input, resolve })),
  onJobEvent: () => () => undefined
}
let mod: typeof Module
const win = (): { api?: unknown; location: { search: string } } => globalThis.window as unknown as { api?: unknown; location: { search: string } }

beforeAll(async () => {
  stubBrowser('?token=abc')
  win().api = fakeApi
  mod = await import('../../src/renderer/src/features/list-out/store')
})
beforeEach(() => {
  setActivePinia(createPinia())
  calls.length = 0
  win().api = fakeApi
})

const summary = (id: number, supersedesId: number | null = null) => ({ id, supersedesId })

describe('list-out store', () => {
  it('marks the versions a later version supersedes', () => {
    expect([...mod.supersededIds([summary(1), summary(2, 1), summary(3, 2), summary(4)] as never)].sort()).toEqual([1, 2])
  })

  it('keeps the answer to the latest comparison only', async () => {
    const store = mod.useListOutStore()
    const first = store.loadDiff({ fromId: 1, toId: 2, kind: 'up' })
    const second = store.loadDiff({ kind: 'new' })
    expect(calls.map((c) => c.input.kind)).toEqual(['up', 'new'])
    calls[1]!.resolve({ ok: true, value: { kind: 'new', rows: [], total: 0 } })
    calls[0]!.resolve({ ok: true, value: { kind: 'up', rows: [], total: 5 } })
    await Promise.all([first, second])
    expect(store.diff?.kind).toBe('new')
    expect(store.loadingDiff).toBe(false)
  })

  it('saves through the desktop app’s dialog, and says when nothing was saved', async () => {
    const store = mod.useListOutStore()
    const saving = store.exportList({ listId: 3, format: 'pdf' })
    expect(calls[0]).toMatchObject({ name: 'lists:saveExport', input: { listId: 3, format: 'pdf' } })
    calls[0]!.resolve({ ok: true, value: { saved: true, file: '/home/o/list.pdf', rows: 12, skipped: 0 } })
    expect(await saving).toEqual({ kind: 'saved', file: '/home/o/list.pdf', rows: 12, skipped: 0 })
    const cancelled = store.exportList({ listId: 3, format: 'csv' })
    calls[1]!.resolve({ ok: true, value: { saved: false, file: null, rows: 0, skipped: 0 } })
    expect(await cancelled).toEqual({ kind: 'cancelled' })
  })

  it('downloads in a browser from the export URL, token included, without a call', async () => {
    delete win().api
    const clicked: string[] = []
    vi.stubGlobal('document', {
      documentElement: { lang: 'en', style: {} },
      body: { appendChild: () => undefined },
      createElement: () => ({ click(this: { href: string }) { clicked.push(this.href) }, remove: () => undefined })
    })
    const store = mod.useListOutStore()
    const r = await store.exportList({ listId: 7, format: 'csv', sort: 'name', category: 'women', federation: 'FRA', locale: 'fr' })
    expect(r).toEqual({ kind: 'download', url: '/api/export/list/7?format=csv&sort=name&category=women&federation=FRA&locale=fr&token=abc' })
    expect(clicked).toEqual([r.kind === 'download' ? r.url : ''])
    expect(calls).toEqual([])
  })
})
