// Hostile and careless input against browser mode on 127.0.0.1 (issue 38): each attack's file generated here, sent
// through the HTTP API, and measured: how long until the answer, what it was, the server's memory after, and how long
// `system:info` took meanwhile (polled every 100 ms). Small sizes in the ordinary suite; `npm run reliability hostile`
// (HOSTILE_FULL=1) uses the issue's sizes. Results: test-results/hostile.json, printed; docs/reliability.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { Services } from '../../src/main/core/services/index'
import { createHttpServer, listen } from '../../src/main/http/server'
import { uploadUrl } from '../../src/shared/contract/plain'
import { listExportUrl } from '../../src/shared/contract/list-out'
import { buildFixture, type Fixture } from '../main/core/services/list-fixture'
import { tempDir } from '../helpers/temp-db'
import { writeBigSwissTrf, writeByesTrf, writeTwoPlayerTrf, writeWideXlsx, writeXlsxBomb } from './hostile-files'
import { takeWriteTurn } from '../../src/main/core/data/write-turn'

const FULL = process.env.HOSTILE_FULL === '1'
const tmp = tempDir('rating-office-hostile-')
let fx: Fixture
let services: Services
let server: Server
let base = ''

interface Row { attack: string; answer: string; ms: number; rssMB: number; infoMaxMs: number }
const rows: Row[] = []

async function post(path: string, body: unknown): Promise<{ status: number; json: { ok: boolean; value?: unknown; error?: { key: string; message: string } } }> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as { ok: boolean; value?: unknown; error?: { key: string; message: string } } }
}

/** Runs `attack` while polling system:info; records the time, the answer, the server's memory and info's worst latency. */
async function measure(attack: string, run: () => Promise<string>): Promise<Row> {
  let stop = false
  let infoMaxMs = 0
  const poll = (async () => {
    while (!stop) {
      const t = performance.now()
      await post('/api/call/system:info', {})
      infoMaxMs = Math.max(infoMaxMs, performance.now() - t)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  const t = performance.now()
  const answer = await run()
  const ms = performance.now() - t
  stop = true
  await poll
  const row = { attack, answer, ms: Math.round(ms), rssMB: Math.round(process.memoryUsage().rss / 1e6), infoMaxMs: Math.round(infoMaxMs) }
  rows.push(row)
  return row
}

async function upload(file: string, name: string): Promise<string> {
  const res = await fetch(base + uploadUrl('national-list', name), { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: readFileSync(file) })
  const body = (await res.json()) as { ok: boolean; value?: { handle: string }; error?: { key: string } }
  if (!body.ok) throw new Error(`upload refused: ${body.error?.key}`)
  return body.value!.handle
}

async function preview(file: string, name: string): Promise<string> {
  const r = await post('/api/call/players:previewNational', { upload: await upload(file, name) })
  const v = r.json.value as { columns: string[]; rows: number } | undefined
  return r.json.ok && v ? `read: ${v.columns.length} columns, ${v.rows} rows` : `refused: ${r.json.error!.key}`
}

async function importTrf(file: string, name: string): Promise<string> {
  const r = await post('/api/call/tournaments:import', { files: [{ fileName: name, base64: readFileSync(file).toString('base64') }] })
  if (!r.json.ok) return `refused: ${r.json.error!.key}`
  const [one] = r.json.value as { ok: boolean; message?: string; findings?: { code: string; fatal?: boolean }[] }[]
  return one!.ok ? 'imported' : `refused: ${(one!.findings ?? []).filter((f) => f.fatal).map((f) => f.code).join(', ')}`
}

beforeAll(async () => {
  // browser mode's services: outside files parsed in workers, as `rating-office serve` does
  fx = buildFixture(tmp.file('office.db'), 'browser')
  services = fx.services
  server = createHttpServer({ services })
  base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
})
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  await services.close()
  mkdirSync('test-results', { recursive: true })
  writeFileSync('test-results/hostile.json', JSON.stringify({ full: FULL, rows }, null, 2))
  process.stdout.write('\nhostile input (browser mode, 127.0.0.1)\n' + rows.map((r) => `${r.attack.padEnd(58)} ${String(r.ms).padStart(7)} ms  rss ${String(r.rssMB).padStart(5)} MB  system:info max ${String(r.infoMaxMs).padStart(5)} ms  ${r.answer}`).join('\n') + '\n')
  tmp.cleanup()
})

describe('hostile input through browser mode', () => {
  it('a 2,000-row national XLSX with a formatted cell in column XFD is previewed on its 7 columns', async () => {
    const file = tmp.file('wide.xlsx')
    await writeWideXlsx(file, FULL ? 2000 : 300)
    const r = await measure(`wide XLSX (XFD cell, ${FULL ? 2000 : 300} rows, ${Math.round(readFileSync(file).length / 1024)} KB)`, () => preview(file, 'wide.xlsx'))
    expect(r.answer).toMatch(/^read: 7 columns/)
  })

  it('a zip bomb is refused from its directory', async () => {
    const mb = FULL ? 1200 : 130
    writeXlsxBomb(tmp.file('bomb.xlsx'), mb)
    const r = await measure(`XLSX zip bomb (${Math.round(readFileSync(tmp.file('bomb.xlsx')).length / 1024)} KB → ${mb} MB declared)`, () => preview(tmp.file('bomb.xlsx'), 'bomb.xlsx'))
    expect(r.answer).toBe('refused: limits.unpackedTooLarge')
  })

  it('a zip bomb whose directory lies is stopped at the declared size', async () => {
    const mb = FULL ? 1200 : 130
    writeXlsxBomb(tmp.file('liar.xlsx'), mb, true)
    const r = await measure(`XLSX zip bomb, lying header (${mb} MB declared 1 KB)`, () => preview(tmp.file('liar.xlsx'), 'liar.xlsx'))
    expect(r.answer).toBe('refused: limits.zipLies')
  })

  it('a TRF of 200,000 byes on one player line is refused', async () => {
    writeByesTrf(tmp.file('byes.trf'), 200_000)
    const r = await measure(`TRF, one player line of 200,000 byes (${(readFileSync(tmp.file('byes.trf')).length / 1e6).toFixed(1)} MB)`, () => importTrf(tmp.file('byes.trf'), 'byes.trf'))
    expect(r.answer).toBe('refused: trf.limits.rounds')
  })

  it('a TRF of 150 byes after 9 paired rounds, no rounds declared, is refused by the rounds its crosstable supports', async () => {
    // with XXR 9 the reader refuses it already (trf.round.beyondDeclared); without, the crosstable bounds it
    writeTwoPlayerTrf(tmp.file('byes9.trf'), null, '  0002 w 1'.repeat(9) + '  0000 - H'.repeat(150), '  0001 b 0'.repeat(9))
    const r = await measure('TRF, no XXR, 9 paired rounds then 150 byes on one line', () => importTrf(tmp.file('byes9.trf'), 'byes9.trf'))
    expect(r.answer).toBe('refused: trf.limits.roundsSupported')
  })

  it('a large legitimate report is previewed and imported in a worker while system:info answers', async () => {
    const players = FULL ? 5000 : 1000
    writeBigSwissTrf(tmp.file('big.trf'), players, 11)
    const size = `${(readFileSync(tmp.file('big.trf')).length / 1e6).toFixed(1)} MB`
    const p = await measure(`TRF preview, ${players.toLocaleString('en')} players × 11 rounds (${size})`, async () => {
      const res = await post('/api/call/tournaments:preview', { fileName: 'big.trf', base64: readFileSync(tmp.file('big.trf')).toString('base64') })
      const v = res.json.value as { players: unknown[]; importable: boolean } | undefined
      return res.json.ok && v ? `read: ${v.players.length} players, importable ${v.importable}` : `refused: ${res.json.error!.key}`
    })
    expect(p.answer).toBe(`read: ${players} players, importable true`)
    const i = await measure(`TRF import, ${players.toLocaleString('en')} players × 11 rounds (${size})`, () => importTrf(tmp.file('big.trf'), 'big.trf'))
    expect(i.answer).toBe('imported')
  })

  it('a list import meeting a list generation at work waits its turn, says so, then imports', async () => {
    // the other writer: a generation holding its turn (as a CLI or another window's would)
    const held = await takeWriteTurn(fx.services.ctx.dbPath, 'lists:generate', {}, { thread: 9001 })
    writeFileSync(tmp.file('queued.csv'), 'ID;Name;Rating\n9001;Queued, Anna;1500\n9002;Queued, Bruno;1600\n')
    let told = ''
    const r = await measure('national CSV import while a list generation writes', async () => {
      const handle = await upload(tmp.file('queued.csv'), 'queued.csv')
      const res = await post('/api/call/players:importNational', { upload: handle, listDate: '2026-02-01', ratingType: 'standard', source: 'FRA', mapping: { nationalId: 'ID', name: 'Name', rating: 'Rating' } })
      if (!res.json.ok) return `refused: ${res.json.error!.key}`
      const job = (res.json.value as { jobId: string }).jobId
      for (let n = 0; n < 1200; n++) {
        const e = (await post('/api/call/jobs:get', { jobId: job })).json.value as { state: string; message?: string; error?: { key: string } }
        if (e.state === 'running' && e.message?.startsWith('Waiting for') && !told) {
          told = e.message
          held.release()
        }
        if (e.state !== 'running') return `${told ? 'waited, then ' : ''}${e.state === 'done' ? 'imported' : `refused: ${e.error?.key}`}`
        await new Promise((r2) => setTimeout(r2, 100))
      }
      return 'still running'
    })
    held.release()
    expect(told).toMatch(/^Waiting for the list generation started at .* to finish…$/)
    expect(r.answer).toBe('waited, then imported')
  })

  it('a TRF with a 10 MB tournament name is refused', async () => {
    writeFileSync(tmp.file('name.trf'), `012 ${'N'.repeat(10 * 1024 * 1024)}\n`)
    const r = await measure('TRF, 10 MB tournament name', () => importTrf(tmp.file('name.trf'), 'name.trf'))
    expect(r.answer).toBe('refused: trf.limits.fileSize')
  })

  it('a national CSV with a 60 MB player name is refused at its row', async () => {
    const mb = FULL ? 60 : 5
    writeFileSync(tmp.file('name.csv'), `ID;Name;Rating\n1;${'M'.repeat(mb * 1024 * 1024)}, Anna;1500\n`)
    const r = await measure(`national CSV, ${mb} MB player name`, async () => {
      const handle = await upload(tmp.file('name.csv'), 'name.csv')
      const res = await post('/api/call/players:importNational', { upload: handle, listDate: '2026-01-01', ratingType: 'standard', source: 'FRA', mapping: { nationalId: 'ID', name: 'Name', rating: 'Rating' } })
      if (res.json.ok) {
        const job = (res.json.value as { jobId: string }).jobId
        for (let i = 0; i < 600; i++) {
          const s = await post('/api/call/jobs:get', { jobId: job })
          const e = s.json.value as { state: string; error?: { key: string } }
          if (e.state !== 'running') return e.state === 'failed' ? `refused: ${e.error?.key}` : e.state
          await new Promise((r2) => setTimeout(r2, 100))
        }
        return 'still running'
      }
      return `refused: ${res.json.error!.key}`
    })
    expect(r.answer).toBe('refused: registry.badFile')
  })

  it(`${FULL ? 30 : 8} parallel PDF exports: a few written, the rest 429`, async () => {
    const n = FULL ? 30 : 8
    const url = base + listExportUrl({ listId: fx.ids.feb, format: 'pdf', sort: 'name', locale: 'en' })
    const r = await measure(`${n} parallel PDF exports`, async () => {
      const answers = await Promise.all(Array.from({ length: n }, () => fetch(url).then(async (res) => (await res.arrayBuffer(), res.status))))
      const count = (s: number): number => answers.filter((a) => a === s).length
      return `${count(200)} written, ${count(429)} answered 429`
    })
    expect(r.answer).toBe(`3 written, ${n - 3} answered 429`)
  })

  it(`${FULL ? 30 : 4} parallel previews of the wide spreadsheet`, { timeout: 900_000 }, async () => {
    const n = FULL ? 30 : 4
    const file = tmp.file('wide.xlsx')
    const r = await measure(`${n} parallel previews of the wide XLSX`, async () => {
      const answers = await Promise.all(Array.from({ length: n }, () => preview(file, 'wide.xlsx')))
      return `${answers.filter((a) => a.startsWith('read: 7 columns')).length} read`
    })
    expect(r.answer).toBe(`${n} read`)
  })
})
