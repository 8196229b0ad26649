// The read-only archive (`serve --read-only`): a walk of the whole contract over HTTP proves that only the calls
// marked for the archive answer, that every other call is refused before its handler runs, and that no served
// call takes a file path from the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Server } from 'node:http'
import { createServices, type Services } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { createHttpServer, listen } from '../../../src/main/http/server'
import { contract, callNames, type CallName } from '../../../src/shared/contract/index'
import { tempDir } from '../../helpers/temp-db'

const tmp = tempDir()
let services: Services
let server: Server
let base = ''

beforeAll(async () => {
  // an archive serves an existing office database: make one, then serve it read-only
  await createServices({ dbPath: tmp.file('archive.db'), host: 'cli', appVersion: '1.0.0', worker: sourceWorkerScript() }).close()
  services = createServices({ dbPath: tmp.file('archive.db'), host: 'browser', appVersion: '1.0.0', worker: sourceWorkerScript(), readOnly: true })
  server = createHttpServer({ services })
  base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
})
afterAll(async () => {
  server.close()
  await services.close()
  tmp.cleanup()
})

const archiveCalls = callNames.filter((n) => contract[n].archive === true)
const privateCalls = callNames.filter((n) => contract[n].archive !== true)

/** Property names anywhere in a schema (objects, arrays, unions, records). */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return out
  const s = schema as Record<string, unknown>
  if (s.properties && typeof s.properties === 'object') {
    for (const [k, v] of Object.entries(s.properties as Record<string, unknown>)) {
      out.add(k)
      propertyNames(v, out)
    }
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const v = s[key]
    if (Array.isArray(v)) v.forEach((x) => propertyNames(x, out))
    else propertyNames(v, out)
  }
  return out
}

async function call(name: string, input: unknown): Promise<{ ok: boolean; error?: { key: string } }> {
  const res = await fetch(`${base}/api/call/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })
  expect(res.status).toBe(200)
  return (await res.json()) as { ok: boolean; error?: { key: string } }
}

describe('read-only archive: the whole contract', () => {
  it('serves list browsing, player pages and rule sets, and nothing that writes', () => {
    expect(archiveCalls).toEqual(expect.arrayContaining(['lists:list', 'lists:entries', 'archive:history', 'archive:ratingOn', 'players:get', 'players:search', 'system:info', 'settings:get']))
    for (const name of archiveCalls) expect(contract[name].access, name).toBe('read')
  })

  it('refuses every other call, reads included, whatever its input', async () => {
    expect(privateCalls.length).toBeGreaterThan(20)
    for (const name of privateCalls) {
      // an empty input and a hostile one: the refusal comes before validation, so neither reaches a handler
      for (const input of [{}, { path: '/etc/passwd', filePath: '/etc/shadow' }]) {
        const reply = await call(name, input)
        expect(reply.ok, name).toBe(false)
        expect(reply.error?.key, name).toBe('contract.readOnly')
      }
    }
  })

  it('answers the archive calls', async () => {
    const info = await call('system:info', {})
    expect(info).toMatchObject({ ok: true, value: { readOnly: true } })
    expect(await call('lists:list', {})).toMatchObject({ ok: true, value: [] })
  })

  it('takes no file path from the client in any served call', () => {
    for (const name of archiveCalls) {
      const names = [...propertyNames(z.toJSONSchema(contract[name as CallName].input, { io: 'input', unrepresentable: 'any' }))]
      expect(names.filter((k) => /path|^file$|dir|folder/i.test(k)), name).toEqual([])
    }
  })

  it('takes no path of the machine in any call at all: a file is named by a handle the main process minted', () => {
    // every string a client gives that could name a file: by its property's name, anywhere in any call's input
    const named = (n: CallName) => [...propertyNames(z.toJSONSchema(contract[n].input, { io: 'input', unrepresentable: 'any' }))]
    const pathCalls = callNames.filter((n) => named(n).some((k) => /path|^file$|dir|folder/i.test(k)))
    expect(pathCalls).toEqual([])
    // the calls that read a file take an `upload`, and only a handle's shape passes: never a path
    const topKeys = (n: CallName) => Object.keys((z.toJSONSchema(contract[n].input, { io: 'input', unrepresentable: 'any' }) as { properties?: object }).properties ?? {})
    const uploadCalls = callNames.filter((n) => topKeys(n).includes('upload'))
    expect(uploadCalls).toEqual(['players:importList', 'players:importNational', 'players:previewNational'])
    for (const n of uploadCalls) {
      for (const upload of ['/etc/passwd', 'C:\\Windows\\win.ini', '../office.db', 'up-../../etc/passwd', 'file:///etc/passwd']) {
        const parsed = contract[n].input.safeParse({ upload, listDate: '2025-01-01', ratingType: 'standard', source: 'FRA', mapping: {} })
        expect(parsed.success, `${n} ${upload}`).toBe(false)
      }
    }
    // jobs:start cannot start a job that reads a path (those jobs are started by the calls above, or the local CLI)
    for (const kind of ['registry:importList', 'registry:importNational']) {
      expect(contract['jobs:start'].input.safeParse({ kind, input: { file: '/etc/passwd', listDate: '2025-01-01' } }).success, kind).toBe(false)
    }
  })

  it('keeps the calls that read a file private', () => {
    for (const n of ['players:previewNational', 'players:importList', 'players:importNational', 'files:open'] as const) expect(contract[n].archive, n).toBeUndefined()
  })
})
