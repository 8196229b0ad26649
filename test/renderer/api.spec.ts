// The browser-mode client: POST /api/call/<name>, the token in header and event URL, failures as replies.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { stubBrowser } from './setup-browser'
import type * as ApiModule from '../../src/renderer/src/api'

let mod: typeof ApiModule
let storage: ReturnType<typeof stubBrowser>

class FakeEventSource {
  static last: FakeEventSource | null = null
  onmessage: ((m: { data: string }) => void) | null = null
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  closed = false
  constructor(readonly url: string) {
    FakeEventSource.last = this
  }
  close(): void {
    this.closed = true
  }
}

beforeAll(async () => {
  storage = stubBrowser('?token=abc123')
  vi.stubGlobal('EventSource', FakeEventSource)
  mod = await import('../../src/renderer/src/api')
})

function fetchReturning(body: unknown, status = 200): ReturnType<typeof vi.fn> {
  const fn = vi.fn(async () => ({
    status,
    statusText: status === 200 ? 'OK' : 'Bad Gateway',
    json: async () => {
      if (body === undefined) throw new SyntaxError('Unexpected end of JSON input')
      return body
    }
  }))
  vi.stubGlobal('fetch', fn)
  return fn
}

describe('HTTP api client', () => {
  it('posts the input as JSON to /api/call/<name> with the page token, and returns the reply as is', async () => {
    const fetch = fetchReturning({ ok: true, value: { players: 3 } })
    const api = mod.createHttpApi()
    const reply = await api.call('system:home', {})
    expect(reply).toEqual({ ok: true, value: { players: 3 } })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, { method: string; headers: Record<string, string>; body: string }]
    expect(url).toBe('/api/call/system:home')
    expect(init.method).toBe('POST')
    expect(init.headers['X-Rating-Office-Token']).toBe('abc123')
    expect(JSON.parse(init.body)).toEqual({})
    expect(storage.session.getItem('rating-office.token')).toBe('abc123')
    // kept for the tab, gone from the address bar (issue 38)
    expect(window.location.search).toBe('')
  })

  it('passes a refusal through unchanged', async () => {
    const error = { code: 'user', key: 'lists.notFound', params: { listId: 9 }, message: 'There is no rating list 9.' }
    fetchReturning({ ok: false, error })
    const reply = await mod.createHttpApi().call('lists:entries', { listId: 9 })
    expect(reply).toEqual({ ok: false, error })
  })

  it('turns a network failure into a reply with code network, never a throw', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const reply = await mod.createHttpApi().call('system:info', {})
    expect(reply.ok).toBe(false)
    if (!reply.ok) {
      expect(reply.error.code).toBe('network')
      expect(mod.errorMessage(reply.error)).toBe('Cannot reach the Rating Office server: Failed to fetch')
    }
  })

  it('turns a body that is not a reply into a network failure naming the HTTP status', async () => {
    fetchReturning(undefined, 502)
    const reply = await mod.createHttpApi().call('system:info', {})
    expect(!reply.ok && reply.error.params).toEqual({ reason: 'HTTP 502 Bad Gateway' })
  })

  it('listens to /api/events with the token and closes the stream when the last listener leaves', () => {
    const api = mod.createHttpApi()
    const seen: unknown[] = []
    const stop = api.onJobEvent((e) => seen.push(e))
    const source = FakeEventSource.last as FakeEventSource
    expect(source.url).toBe('/api/events?token=abc123')
    source.onmessage?.({ data: JSON.stringify({ jobId: 'j1', kind: 'system:health', state: 'running', done: 3, total: 23 }) })
    source.onmessage?.({ data: 'not json' })
    expect(seen).toEqual([{ jobId: 'j1', kind: 'system:health', state: 'running', done: 3, total: 23 }])
    stop()
    expect(source.closed).toBe(true)
  })

  it('says when job events flow: once the stream is open, or has failed to open (a job started after cannot end unheard)', async () => {
    const api = mod.createHttpApi()
    // no listener, no stream to wait for
    await api.eventsReady!()
    const stop = api.onJobEvent(() => undefined)
    const source = FakeEventSource.last as FakeEventSource
    let ready = false
    const waiting = api.eventsReady!().then(() => (ready = true))
    await Promise.resolve()
    expect(ready).toBe(false)
    source.onopen?.()
    await waiting
    expect(ready).toBe(true)
    stop()
    // a stream that cannot open holds nothing back
    const again = api.onJobEvent(() => undefined)
    const failing = FakeEventSource.last as FakeEventSource
    const gaveUp = api.eventsReady!()
    failing.onerror?.()
    await gaveUp
    again()
  })

  it('unwrap gives the value or throws an ApiFailure with the message in the interface language', async () => {
    expect(mod.unwrap({ ok: true, value: 42 })).toBe(42)
    const { i18n, loadMessages } = await import('../../src/renderer/src/i18n')
    // the error catalogue is a chunk loaded with the features' messages, before the window's first mount
    await loadMessages()
    i18n.global.locale.value = 'fr'
    try {
      mod.unwrap({ ok: false, error: { code: 'user', key: 'lists.notFound', params: { listId: 7 }, message: 'There is no rating list 7.' } })
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(mod.ApiFailure)
      expect((e as Error).message).toBe('Il n’existe pas de liste de classement 7.')
    } finally {
      i18n.global.locale.value = 'en'
    }
    // a key the catalogue does not know keeps the server's own text
    expect(mod.errorMessage({ code: 'user', key: 'nobody.knows', params: {}, message: 'Server text.' })).toBe('Server text.')
  })
})
