// Browser mode over HTTP: the contract on /api/call, job events as SSE, and the guards (token, host, JSON only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { request, type Server } from 'node:http'
import { createServices, type Services } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { createHttpServer, listen, CSP, SECURITY_HEADERS, DEFAULT_MAX_BODY_BYTES, TOKEN_FAILURES_ALLOWED, TOKEN_FAILURE_WINDOW_MS } from '../../../src/main/http/server'
import { checkExposure, servedHostNames, UsageError } from '../../../src/main/http/start'
import { hostname } from 'node:os'
import { tempDir } from '../../helpers/temp-db'

const tmp = tempDir()
let services: Services
const servers: Server[] = []

async function start(opts: { token?: string; allowedHosts?: string[]; now?: () => number } = {}): Promise<string> {
  const server = createHttpServer({ services, staticDir: tmp.file('web'), ...opts })
  servers.push(server)
  const port = await listen(server, 0, '127.0.0.1')
  return `http://127.0.0.1:${port}`
}

function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

beforeAll(() => {
  mkdirSync(tmp.file('web'))
  writeFileSync(tmp.file('web/index.html'), '<!doctype html><title>Rating Office</title>')
  services = createServices({ dbPath: tmp.file('office.db'), host: 'browser', appVersion: '9.9.9', worker: sourceWorkerScript() })
})
afterAll(async () => {
  for (const s of servers) s.close()
  await services.close()
  tmp.cleanup()
})

describe('browser-mode HTTP server', () => {
  it('answers contract calls with the same replies as the dispatcher', async () => {
    const base = await start()
    const res = await post(base, '/api/call/system:info', {})
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ok: true, value: { appVersion: '9.9.9', host: 'browser', readOnly: false } })
    const bad = await (await post(base, '/api/call/settings:set', { theme: 'purple' })).json()
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation' } })
  })

  it('serves the renderer with a strict CSP and falls back to index.html for app routes', async () => {
    const base = await start()
    const res = await fetch(base + '/players/12')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBe(CSP)
    expect(await res.text()).toContain('<title>Rating Office</title>')
  })

  it('lists the contract', async () => {
    const base = await start()
    const list = (await (await fetch(base + '/api/contract')).json()) as { name: string; access: string }[]
    expect(list.find((c) => c.name === 'settings:set')).toMatchObject({ access: 'write' })
  })

  it('refuses non-JSON posts (cross-site forms), other methods and unknown routes', async () => {
    const base = await start()
    const form = await fetch(base + '/api/call/settings:set', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'locale=fr' })
    expect(form.status).toBe(415)
    expect((await fetch(base + '/api/call/system:info')).status).toBe(405)
    expect((await post(base, '/api/nothing', {})).status).toBe(404)
    const badJson = await fetch(base + '/api/call/system:info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' })
    expect(await badJson.json()).toMatchObject({ ok: false, error: { code: 'validation' } })
  })

  it('requires the token when one is set', async () => {
    const base = await start({ token: 's3cret' })
    expect((await post(base, '/api/call/system:info', {})).status).toBe(401)
    expect((await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': 'wrong!' })).status).toBe(401)
    expect((await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': 's3cret' })).status).toBe(200)
    expect((await fetch(base + '/api/contract?token=s3cret')).status).toBe(200)
  })

  it('rejects a foreign Host header (DNS rebinding)', async () => {
    const base = await start({ allowedHosts: ['127.0.0.1', 'localhost'] })
    const port = new URL(base).port
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/contract', headers: { host: 'evil.example:' + port } }, (res) => resolve(res.statusCode ?? 0))
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(421)
  })

  it('streams job events to the browser', async () => {
    const base = await start()
    const controller = new AbortController()
    const res = await fetch(base + '/api/events', { signal: controller.signal })
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const reader = res.body!.getReader()
    const started = (await (await post(base, '/api/call/jobs:start', { kind: 'system:health', input: {} })).json()) as { ok: true; value: { jobId: string } }
    let text = ''
    while (!text.includes('"state":"done"')) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    controller.abort()
    const events = text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)))
    expect(events.every((e) => e.jobId === started.value.jobId)).toBe(true)
    expect(events.at(-1)).toMatchObject({ state: 'done', kind: 'system:health', result: { integrity: 'ok' } })
  })

  it('survives odd request paths', async () => {
    const base = await start()
    const port = new URL(base).port
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
    expect(await raw('//')).toBe(200)
    expect(await raw('//evil.example/api/contract')).toBe(200)
    expect(await raw('/api/%zz')).toBe(404)
    // the server is still up
    expect((await post(base, '/api/call/system:info', {})).status).toBe(200)
  })

  it('sends the security headers on every response: API, errors, static files and fallbacks', async () => {
    const base = await start()
    const responses = [
      await post(base, '/api/call/system:info', {}),
      await post(base, '/api/call/nothing:here', {}),
      await fetch(base + '/api/contract'),
      await fetch(base + '/'),
      await fetch(base + '/players/12')
    ]
    for (const res of responses) {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(k), `${res.url} ${k}`).toBe(v)
    }
    expect(SECURITY_HEADERS['x-frame-options']).toBe('DENY')
  })

  it('lists no directory', async () => {
    mkdirSync(tmp.file('web/assets'), { recursive: true })
    writeFileSync(tmp.file('web/assets/a.js'), 'export {}')
    const base = await start()
    const res = await fetch(base + '/assets/')
    // the app's index answers, never a listing of the folder
    expect(await res.text()).not.toContain('a.js')
  })

  it('reads a body only up to its call’s limit', async () => {
    const base = await start()
    const big = JSON.stringify({ locale: 'fr', pad: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) })
    const res = await fetch(base + '/api/call/settings:set', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'too_large' } })
    // a report upload may be larger: the same size passes the limit and reaches validation
    const file = JSON.stringify({ fileName: 'a.trf', base64: Buffer.from('012 Open\n'.repeat(70_000)).toString('base64') })
    expect(file.length).toBeGreaterThan(DEFAULT_MAX_BODY_BYTES)
    const upload = await fetch(base + '/api/call/tournaments:preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: file })
    expect(upload.status).toBe(200)
    // the server is still up for the next call
    expect((await post(base, '/api/call/system:info', {})).status).toBe(200)
  })

  it('slows wrong tokens from every address after too many, and never refuses the right one (issue 38)', async () => {
    let clock = 1_000_000
    const base = await start({ token: 's3cret', now: () => clock })
    for (let i = 0; i < TOKEN_FAILURES_ALLOWED; i++) expect((await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': `guess${i}` })).status).toBe(401)
    const blocked = await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': 'guess-more' })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toBe('60')
    expect(await blocked.json()).toMatchObject({ ok: false, error: { key: 'contract.tooManyAttempts' } })
    // the officer with the right token is not locked out by someone else's guesses
    expect((await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': 's3cret' })).status).toBe(200)
    // each wrong guess past the limit starts the wait again: 59 s later, still refused
    clock += TOKEN_FAILURE_WINDOW_MS - 1000
    expect((await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': 'guess-again' })).status).toBe(429)
    clock += TOKEN_FAILURE_WINDOW_MS
    expect((await post(base, '/api/call/system:info', {}, { 'x-rating-office-token': 'fresh-guess' })).status).toBe(401)
  })

  it('will not serve openly beyond loopback', () => {
    expect(() => checkExposure('0.0.0.0', false)).toThrow(UsageError)
    expect(() => checkExposure('192.168.1.10', false)).toThrow(/--read-only or --token/)
    expect(() => checkExposure('0.0.0.0', true)).not.toThrow()
    // off loopback a token is long enough not to be guessed (issue 38: `--token a` was accepted on 0.0.0.0)
    expect(() => checkExposure('0.0.0.0', false, 'a')).toThrow(/token of 1 characters: off loopback a token has at least 24/)
    expect(() => checkExposure('0.0.0.0', false, 'x'.repeat(24))).not.toThrow()
    expect(() => checkExposure('127.0.0.1', false, 'a')).not.toThrow()
    // the Host header off loopback: the address, this machine's name, the names allowed; never any name
    expect(servedHostNames('192.168.1.10', ['office.example'])).toEqual(['192.168.1.10', hostname(), 'office.example'])
    expect(servedHostNames('127.0.0.1')).toEqual(['127.0.0.1', 'localhost', '::1'])
    expect(() => checkExposure('127.0.0.1', false)).not.toThrow()
  })
})
