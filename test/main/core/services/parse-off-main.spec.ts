// An outside file is parsed off the main thread in the desktop app and browser mode (services/context.ts
// parsesOffMain): `tournaments:preview`, `tournaments:import` and `players:previewNational` run their parsing in a
// worker job while the main process answers other calls, and give the very reply (and the very located refusal) the
// CLI gives parsing on its own thread. Ordering only: the other call's answer arrives while the parse is still running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'
import { LIMITS } from '../../../../src/main/core/limits'
import { findingTitle } from '../../../../src/shared/finding-titles'
import { writeBigSwissTrf, writeByesTrf, writeWideXlsx, writeXlsxBomb } from '../../../reliability/hostile-files'

const tmp = tempDir()
let browser: Services
let cli: Services

type Reply = { ok: true; value: unknown } | { ok: false; error: { key: string; message: string } }

async function call(s: Services, name: string, input: unknown): Promise<Reply> {
  return (await s.dispatch(name, input)) as Reply
}

/**
 * Starts `work` on browser mode's services and, once its worker job runs, asks system:info: the answer comes while the
 * work has not ended and its job still runs. Had the parsing been on the main thread, no job would have run and the
 * work would have ended first.
 */
async function answeredMeanwhile<T>(work: () => Promise<T>): Promise<T> {
  const order: string[] = []
  const running = work().finally(() => order.push('work'))
  while (browser.ctx.jobs.runningCount() === 0 && order.length === 0) await new Promise((r) => setImmediate(r))
  const info = await call(browser, 'system:info', {})
  order.push('info')
  expect(info.ok).toBe(true)
  expect(browser.ctx.jobs.runningCount()).toBe(1)
  const out = await running
  expect(order).toEqual(['info', 'work'])
  return out
}

function base64(file: string): string {
  return readFileSync(file).toString('base64')
}

beforeAll(() => {
  browser = createServices({ dbPath: tmp.file('browser.db'), host: 'browser', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  cli = createServices({ dbPath: tmp.file('cli.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  writeBigSwissTrf(tmp.file('big.trf'), 3000, 11)
})
afterAll(async () => {
  await browser.close()
  await cli.close()
  tmp.cleanup()
})

describe('outside files parsed off the main thread (desktop app, browser mode)', { timeout: 120_000 }, () => {
  it('tournaments:preview of a 3,000-player report: system:info answers while it parses, and the reply is the CLI’s', async () => {
    const input = { fileName: 'big.trf', base64: base64(tmp.file('big.trf')) }
    const off = await answeredMeanwhile(() => call(browser, 'tournaments:preview', input))
    const inline = await call(cli, 'tournaments:preview', input)
    expect(off.ok && (off.value as { players: unknown[] }).players).toHaveLength(3000)
    expect(off).toEqual(inline)
  })

  it('tournaments:preview refuses a line of 150 byes in a 9-round report with the located finding, as the CLI does', async () => {
    writeByesTrf(tmp.file('byes.trf'), 150, 9)
    const input = { fileName: 'byes.trf', base64: base64(tmp.file('byes.trf')) }
    const off = await call(browser, 'tournaments:preview', input)
    expect(off).toEqual(await call(cli, 'tournaments:preview', input))
    const v = (off as { value: { importable: boolean; findings: { code: string; location: { line: number }; message: string }[] } }).value
    expect(v.importable).toBe(false)
    const f = v.findings.find((x) => x.code === 'trf.limits.roundsSupported')!
    expect(f.location.line).toBe(8)
    expect(f.message).toMatch(/^Line 8, column 200: player 1’s line holds 150 rounds; the report supports 11 at most/)
  })

  it('tournaments:rate of a report file (the calculator’s upload): system:info answers while it is read and rated, and the reply is the CLI’s', async () => {
    const input = { report: { fileName: 'big.trf', base64: base64(tmp.file('big.trf')) } }
    const off = await answeredMeanwhile(() => call(browser, 'tournaments:rate', input))
    const inline = await call(cli, 'tournaments:rate', input)
    expect(off.ok && (off.value as { players: unknown[] }).players).toHaveLength(3000)
    expect(off).toEqual(inline)
  })

  it('tournaments:rate refuses the line of 150 byes with its location, as the CLI does', async () => {
    writeByesTrf(tmp.file('byes-rate.trf'), 150, 9)
    const input = { report: { fileName: 'byes-rate.trf', base64: base64(tmp.file('byes-rate.trf')) } }
    const off = await call(browser, 'tournaments:rate', input)
    expect(off).toEqual(await call(cli, 'tournaments:rate', input))
    expect(off.ok).toBe(false)
    expect((off as { error: { key: string; message: string } }).error).toMatchObject({ key: 'tournaments.unreadableReport' })
    // the 9 rounds the report declares (XXR) end at column 179: the tenth cell is refused where it starts
    expect((off as { error: { message: string } }).error.message).toBe(`byes-rate.trf, line 8, column 180: ${findingTitle('trf.round.beyondDeclared', 'en')} (expected at most 9 rounds (XXR/142)).`)
  })

  it('tournaments:import of the report: system:info answers while it is parsed and stored, and the reply is the CLI’s', async () => {
    const input = { files: [{ fileName: 'big.trf', base64: base64(tmp.file('big.trf')) }] }
    const off = await answeredMeanwhile(() => call(browser, 'tournaments:import', input))
    const inline = await call(cli, 'tournaments:import', input)
    expect(off).toMatchObject({ ok: true, value: [{ ok: true, players: 3000 }] })
    expect(off).toEqual(inline)
    // the worker's connection wrote it: the main connection reads the same games as the CLI stored (1,500 pairs × 11 rounds)
    const games = (x: Services) => x.ctx.db.prepare('SELECT count(*) FROM tournament_games').pluck().get() as number
    expect(games(browser)).toBe(games(cli))
    expect([1500 * 11, 3000 * 11]).toContain(games(browser))
  })

  it('players:previewNational of a wide spreadsheet: system:info answers while it is read, and the reply is the CLI’s', async () => {
    await writeWideXlsx(tmp.file('wide.xlsx'), 300)
    const preview = (s: Services) => call(s, 'players:previewNational', { upload: s.ctx.uploads.register(tmp.file('wide.xlsx'), 'national-list').handle })
    const off = await answeredMeanwhile(() => preview(browser))
    expect(off).toMatchObject({ ok: true, value: { rows: 300, columns: ['ID', 'FIDE ID', 'Name', 'Fed', 'Sex', 'Birth', 'Rating'] } })
    expect(off).toEqual(await preview(cli))
  })

  it('players:previewNational refuses a zip bomb with the CLI’s error, key and words', async () => {
    writeXlsxBomb(tmp.file('bomb.xlsx'), 130)
    const preview = (s: Services) => call(s, 'players:previewNational', { upload: s.ctx.uploads.register(tmp.file('bomb.xlsx'), 'national-list').handle })
    const off = await preview(browser)
    expect(off).toMatchObject({ ok: false, error: { key: 'limits.unpackedTooLarge' } })
    expect(off).toEqual(await preview(cli))
  })

  it('five previews sent together are read two workers at a time (LIMITS.parseWorkers), each answered', async () => {
    expect(LIMITS.parseWorkers).toBe(2)
    const preview = () => call(browser, 'players:previewNational', { upload: browser.ctx.uploads.register(tmp.file('wide.xlsx'), 'national-list').handle })
    let most = 0
    let done = false
    const all = Promise.all(Array.from({ length: 5 }, preview)).finally(() => (done = true))
    while (!done) {
      most = Math.max(most, browser.ctx.jobs.runningCount())
      await new Promise((r) => setTimeout(r, 5))
    }
    const replies = await all
    expect(most).toBe(2)
    expect(replies.map((r) => r.ok && (r.value as { rows: number }).rows)).toEqual([300, 300, 300, 300, 300])
  })
})
