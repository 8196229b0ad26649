// Browser mode's uploads: the browser sends a file's bytes, the server keeps them in a private temporary file and
// answers with a handle; the calls that read a file take that handle, never a path; limits per kind hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { createServices, type Services } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { createHttpServer, listen } from '../../../src/main/http/server'
import { UploadStore, safeFileName } from '../../../src/main/core/util/uploads'
import { uploadUrl } from '../../../src/shared/contract/files'
import { tempDir } from '../../helpers/temp-db'
import { LISTS_DIR } from '../../helpers/fixtures'

const tmp = tempDir()
let services: Services
const servers: Server[] = []
let base = ''

async function start(s: Services, token?: string): Promise<string> {
  const server = createHttpServer({ services: s, token })
  servers.push(server)
  return `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
}

function upload(url: string, body: Uint8Array | string, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body })
}

async function call(name: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { key: string } }> {
  const res = await fetch(`${base}/api/call/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })
  return (await res.json()) as { ok: boolean; value?: unknown; error?: { key: string } }
}

/** The upload folders of this process's stores (a refused upload must leave none behind). */
const uploadFiles = (): string[] =>
  readdirSync(tmpdir())
    .filter((d) => d.startsWith('rating-office-uploads-'))
    .flatMap((d) => (existsSync(`${tmpdir()}/${d}`) ? readdirSync(`${tmpdir()}/${d}`, { recursive: true }).map(String) : []))

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  base = await start(services)
})
afterAll(async () => {
  for (const s of servers) s.close()
  await services.close()
  tmp.cleanup()
})

describe('uploads in browser mode', () => {
  it('takes a national list as bytes, previews and imports it by its handle, then deletes the copy', async () => {
    const bytes = readFileSync(LISTS_DIR + 'national_list.csv')
    const res = await upload(base + uploadUrl('national-list', 'national_list.csv'), bytes)
    expect(res.status).toBe(200)
    const up = ((await res.json()) as { value: { handle: string; fileName: string; bytes: number } }).value
    expect(up).toMatchObject({ kind: 'national-list', fileName: 'national_list.csv', bytes: bytes.length })
    expect(up.handle).toMatch(/^up-[0-9a-f]{32}$/)
    const preview = await call('players:previewNational', { upload: up.handle })
    expect(preview).toMatchObject({ ok: true, value: { rows: 3, suggested: { nationalId: 'Licence' } } })
    const mapping = (preview.value as { suggested: Record<string, string> }).suggested
    const started = (await call('players:importNational', { upload: up.handle, listDate: '2025-10-01', ratingType: 'rapid', source: 'FRA', mapping })) as { value: { jobId: string } }
    const end = await services.ctx.jobs.wait(started.value.jobId)
    expect(end).toMatchObject({ state: 'done', result: { lists: [{ ratingType: 'rapid', entries: 2 }] } })
    await new Promise((r) => setImmediate(r))
    expect(await call('players:previewNational', { upload: up.handle })).toMatchObject({ ok: false, error: { key: 'files.unknownHandle' } })
    expect(uploadFiles().filter((f) => f.includes(up.handle))).toEqual([])
  })

  it('keeps only the base name of what the browser calls its file', async () => {
    const res = await upload(base + uploadUrl('national-list', '../../etc/cron.d/evil.csv'), 'Licence;Nom\n1;A\n')
    const up = ((await res.json()) as { value: { handle: string; fileName: string } }).value
    expect(up.fileName).toBe('evil.csv')
    expect(safeFileName('..\\..\\windows\\system.ini')).toBe('system.ini')
    expect(safeFileName('.hidden')).toBe('hidden')
    expect(safeFileName('')).toBe('upload')
    services.ctx.uploads.release(up.handle)
  })

  it('refuses a file over its kind’s limit, declared or streamed, and keeps nothing of it', async () => {
    const own = services.ctx.uploads
    services.ctx.uploads = new UploadStore({ 'fide-list': 1000, 'national-list': 100 })
    try {
      const declared = await upload(base + uploadUrl('national-list', 'big.csv'), 'x'.repeat(101))
      expect(declared.status).toBe(413)
      expect(await declared.json()).toMatchObject({ ok: false, error: { key: 'files.tooLarge' } })
      // no content-length: the server counts as the bytes come and stops at the limit
      const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(base + uploadUrl('fide-list', 'big.txt'), { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' } }, (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', reject)
        for (let i = 0; i < 5; i++) req.write('y'.repeat(300))
        req.end()
      })
      expect(streamed.status).toBe(413)
      expect(JSON.parse(streamed.body)).toMatchObject({ ok: false, error: { key: 'files.tooLarge' } })
      expect(uploadFiles().filter((f) => f.includes('big'))).toEqual([])
      const empty = await upload(base + uploadUrl('national-list', 'empty.csv'), '')
      expect(await empty.json()).toMatchObject({ ok: false, error: { key: 'files.empty' } })
    } finally {
      services.ctx.uploads.close()
      services.ctx.uploads = own
    }
  })

  it('refuses a form post, an unknown kind, a GET and a missing name', async () => {
    const form = await fetch(base + uploadUrl('fide-list', 'a.txt'), { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' })
    expect(form.status).toBe(415)
    expect((await upload(base + '/api/upload/passwd?name=a', 'x')).status).toBe(404)
    expect((await fetch(base + uploadUrl('fide-list', 'a.txt'))).status).toBe(405)
    expect((await upload(base + '/api/upload/fide-list', 'x')).status).toBe(400)
  })

  it('wants the token when the server has one, and a read-only archive takes no upload', async () => {
    const guarded = await start(services, 'secret-token-1234')
    expect((await upload(guarded + uploadUrl('national-list', 'a.csv'), 'a;b\n')).status).toBe(401)
    const ok = await upload(guarded + uploadUrl('national-list', 'a.csv'), 'a;b\n', { 'x-rating-office-token': 'secret-token-1234' })
    expect(ok.status).toBe(200)
    services.ctx.uploads.release(((await ok.json()) as { value: { handle: string } }).value.handle)

    const archive = createServices({ dbPath: tmp.file('office.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript(), readOnly: true })
    try {
      const res = await upload((await start(archive)) + uploadUrl('national-list', 'a.csv'), 'a;b\n')
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ ok: false, error: { key: 'contract.readOnly' } })
    } finally {
      await archive.close()
    }
  })
})
