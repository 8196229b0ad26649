// Browser mode's export download: GET /api/export/list/<id> streams the file (read-only servers too), with
// the token guard, a download name, and a clear refusal for a bad query or an unknown list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Server } from 'node:http'
import { parse } from 'csv-parse/sync'
import { createServices, type Services } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { createHttpServer, listen } from '../../../src/main/http/server'
import { listExportUrl } from '../../../src/shared/contract/list-out'
import { buildFixture, type Fixture } from '../core/services/list-fixture'
import { tempDir } from '../../helpers/temp-db'
import { LIMITS } from '../../../src/main/core/limits'
import { runningExports } from '../../../src/main/http/list-export'
import type { JobEvent } from '../../../src/shared/contract/jobs'

const tmp = tempDir()
let fx: Fixture
let readOnly: Services
const servers: Server[] = []

async function start(services: Services, token?: string): Promise<string> {
  const server = createHttpServer({ services, ...(token ? { token } : {}) })
  servers.push(server)
  return `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
}

beforeAll(async () => {
  fx = buildFixture(tmp.file('office.db'))
  readOnly = createServices({ dbPath: tmp.file('office.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript(), readOnly: true })
})
afterAll(async () => {
  for (const s of servers) s.close()
  await readOnly.close()
  await fx.services.close()
  tmp.cleanup()
})

describe('GET /api/export/list/<id>', () => {
  it('streams a CSV as a download from a read-only server', async () => {
    const base = await start(readOnly)
    const res = await fetch(base + listExportUrl({ listId: fx.ids.feb, format: 'csv', sort: 'name', locale: 'fr' }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="FIDE-standard-2024-02-01-v1.csv"; filename*=UTF-8''FIDE-standard-2024-02-01-v1.csv`)
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const rows = parse(text.slice(1), { delimiter: ';' }) as string[][]
    expect(rows.slice(1).map((r) => [r[2], r[7]])).toEqual([
      ['Carlsen, Magnus', '2830'],
      ['Dupont, Jean', '1600'],
      ['Martin, Léa', '1450'],
      ['Müller, Anna', '1872']
    ])
  })

  it('serves a women top list as PDF, and a category in the file name', async () => {
    const base = await start(readOnly)
    const res = await fetch(base + listExportUrl({ listId: fx.ids.feb, format: 'pdf', category: 'women' }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('FIDE-standard-2024-02-01-v1-women.pdf')
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('refuses a bad query (400), an unknown list (404), a POST (405) and a missing token (401)', async () => {
    const base = await start(readOnly)
    const bad = await fetch(`${base}/api/export/list/${fx.ids.feb}?format=docx`)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('This export cannot be made: a format among txt, xml, csv, xlsx, pdf, json is needed (found “docx”)')
    const missing = await fetch(`${base}/api/export/list/999?format=csv`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('There is no rating list 999.')
    expect((await fetch(`${base}/api/export/list/${fx.ids.feb}?format=csv`, { method: 'POST' })).status).toBe(405)
    const guarded = await start(readOnly, 'secret-token')
    expect((await fetch(`${guarded}/api/export/list/${fx.ids.feb}?format=csv`)).status).toBe(401)
    const ok = await fetch(guarded + listExportUrl({ listId: fx.ids.feb, format: 'csv' }, 'secret-token'))
    expect(ok.status).toBe(200)
  })

  it('refuses an export another site’s page asks for, and serves the same request from its own page', async () => {
    const base = await start(readOnly)
    const url = base + listExportUrl({ listId: fx.ids.feb, format: 'pdf' })
    const host = new URL(base).host
    for (const headers of [{ 'sec-fetch-site': 'cross-site' } as Record<string, string>, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }]) {
      const res = await fetch(url, { headers })
      expect(res.status).toBe(403)
      expect(((await res.json()) as { error: { key: string; message: string } }).error).toMatchObject({ key: 'contract.crossOrigin', message: 'Refused: the request came from another site’s page.' })
    }
    const own = await fetch(url, { headers: { 'sec-fetch-site': 'same-origin', origin: `http://${host}` } })
    expect(own.status).toBe(200)
    expect(Buffer.from(await own.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('the desktop-only save call is refused elsewhere with a clear message, and by the read-only archive', async () => {
    const reply = await fx.services.dispatch('lists:saveExport', { listId: fx.ids.feb, format: 'pdf' })
    expect(reply).toMatchObject({ ok: false, error: { key: 'exports.noSaveDialog', message: 'This cli host has no save dialog: download the export (browser) or give --out (command line).' } })
    expect(await readOnly.dispatch('lists:saveExport', { listId: fx.ids.feb, format: 'pdf' })).toMatchObject({ ok: false, error: { key: 'contract.readOnly' } })
  })

  it('the save call writes where the host’s dialog says, and nothing on cancel', async () => {
    const chosen: string[] = []
    const desktop = createServices({
      dbPath: tmp.file('office.db'),
      host: 'electron',
      appVersion: 'test',
      worker: sourceWorkerScript(),
      chooseSaveFile: async (name) => {
        chosen.push(name)
        return chosen.length === 1 ? tmp.file('saved.xlsx') : null
      }
    })
    try {
      const saved = await desktop.dispatch('lists:saveExport', { listId: fx.ids.mar, format: 'xlsx' })
      expect(saved).toEqual({ ok: true, value: { saved: true, file: tmp.file('saved.xlsx'), rows: 3, skipped: 0 } })
      const cancelled = await desktop.dispatch('lists:saveExport', { listId: fx.ids.mar, format: 'txt' })
      expect(cancelled).toEqual({ ok: true, value: { saved: false, file: null, rows: 0, skipped: 0 } })
      expect(chosen).toEqual(['FRA-standard-2024-03-01-v1.xlsx', 'FRA-standard-2024-03-01-v1.txt'])
    } finally {
      await desktop.close()
    }
  })
})

/** Waits until the server has no export running (bounded: fails after 10 s). */
async function settled(): Promise<void> {
  for (let i = 0; i < 200 && runningExports() > 0; i++) await new Promise((r) => setTimeout(r, 50))
  expect(runningExports()).toBe(0)
}

describe('exports bounded and cancelled (issue 38)', () => {
  it('writes LIMITS.browserExports at once and answers the others 429 with Retry-After', async () => {
    const base = await start(readOnly)
    const url = base + listExportUrl({ listId: fx.ids.feb, format: 'pdf', sort: 'name', locale: 'en' })
    const answers = await Promise.all(Array.from({ length: LIMITS.browserExports + 3 }, () => fetch(url)))
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([...Array<number>(LIMITS.browserExports).fill(200), 429, 429, 429])
    const refused = answers.find((r) => r.status === 429)!
    expect(refused.headers.get('retry-after')).toBe(String(LIMITS.browserExportRetrySeconds))
    expect((await refused.json()) as unknown).toMatchObject({ ok: false, error: { key: 'exports.busy' } })
    await Promise.all(answers.filter((r) => r !== refused).map((r) => r.arrayBuffer()))
    // the server's side ends just after the client has the last byte
    await settled()
    // once they are done, the next one is written
    expect((await fetch(url)).status).toBe(200)
  })

  it('cancels the export job of a client that goes away', async () => {
    const base = await start(readOnly)
    const ended = new Promise<string>((resolve) => {
      const listener = (e: JobEvent): void => {
        if (e.kind === 'lists:export' && e.state !== 'running') {
          readOnly.ctx.jobs.off('event', listener)
          resolve(e.state)
        }
      }
      readOnly.ctx.jobs.on('event', listener)
    })
    const started = new Promise<void>((resolve) => {
      const listener = (e: JobEvent): void => {
        if (e.kind === 'lists:export' && e.state === 'running') {
          readOnly.ctx.jobs.off('event', listener)
          resolve()
        }
      }
      readOnly.ctx.jobs.on('event', listener)
    })
    const abort = new AbortController()
    const req = fetch(base + listExportUrl({ listId: fx.ids.feb, format: 'pdf', sort: 'name', locale: 'en' }), { signal: abort.signal }).catch((e: unknown) => e)
    await started
    abort.abort()
    await req
    expect(await ended).toBe('cancelled')
    await settled()
  })
})
