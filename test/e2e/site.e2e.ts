// The demo federation's public website in a real browser, served by a static file server on 127.0.0.1: search
// "riviere" and find the Rivières, open a player, open the calculation sheet of his October 2025 rating and read the
// same figures as the office's sheet (lists:sheet), switch to French, follow the delisted player's page. A link
// checker walks every built file (no broken link or anchor, no missing asset, no other origin); axe-core on each
// page type in English and French (no serious or critical violation). No request leaves the site's origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { dirname, join, relative, resolve } from 'node:path'
import sirv from 'sirv'
import { chromium, type Browser, type Page } from 'playwright-core'
import { AxeBuilder } from '@axe-core/playwright'
import { chromiumPath, startHarness } from './harness'
import { tempDir } from '../helpers/temp-db'
import { publishDemoOctober } from '../helpers/demo-site'
import { createServices, type Services } from '../../src/main/core/services/index'
import { sourceWorkerScript } from '../../src/main/core/workers/script'
import { buildSite } from '../../src/main/core/services/site'
import { playerPage } from '../../src/main/core/site/model'
import type { CalculationSheet } from '../../src/main/core/lists/types'
import type { CallOutput } from '../../src/shared/contract/index'

const SHOTS = '/tmp/shots-site'
const tmp = tempDir('rating-office-site-e2e-')
const siteDir = tmp.file('site')
let services: Services
let server: Server
let base: string
let browser: Browser
let page: Page
let october: number
const requests: string[] = []

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
  october = await publishDemoOctober(services.ctx.db)
  await buildSite(services.ctx.db, { out: siteDir })
  const serve = sirv(siteDir, { dev: true })
  server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404
      res.end('not found')
    })
  )
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })
  page = await context.newPage()
  page.on('request', (r) => requests.push(r.url()))
}, 240_000)

afterAll(async () => {
  await browser?.close()
  server?.close()
  await services?.close()
  tmp.cleanup()
})

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = join(dir, n)
    return statSync(f).isDirectory() ? walk(f) : [f]
  })
}

describe('the public website in a browser', () => {
  it('searches “riviere”, opens a player and his October 2025 sheet with the office’s figures, in English then French, and the delisted player’s page', async () => {
    await page.goto(`${base}/en/index.html`)
    await page.getByTestId('site-search-input').fill('riviere')
    await page.getByTestId('site-search-input').press('Enter')
    const hits = page.getByTestId('search-hit')
    await hits.first().waitFor()
    expect((await hits.allInnerTexts()).sort()).toEqual(['Rivière, Antoine', 'Rivière, Aurélien', 'Rivière, Cédric', 'Rivière, Clémence', 'Rivière, Hugo'].sort())
    await page.screenshot({ path: join(SHOTS, 'e2e-search-en.png'), fullPage: true })
    await hits.filter({ hasText: 'Cédric' }).click()
    await expect.poll(() => page.getByTestId('player-name').innerText()).toBe('Rivière, Cédric')

    // the office's sheet of his October rating, as the lists:sheet call gives it
    const cedricId = Number(/\/(\d+)\.html$/.exec(page.url())![1])
    const answer = await services.dispatch('lists:sheet', { listId: october, playerId: cedricId })
    if (!answer.ok) throw new Error(answer.error.message)
    const reply = { value: answer.value as CallOutput<'lists:sheet'> }
    const sheet = reply.value.sheet as CalculationSheet
    await page.getByTestId('history-standard').getByRole('link', { name: '1 Oct 2025' }).click()
    expect(page.url()).toMatch(new RegExp(`#sheet-${october}$`))
    const section = page.locator(`section#sheet-${october}`)
    const t = sheet.tournaments[0]!
    const sign = (n: number) => (n > 0 ? `+${n.toFixed(2)}` : `−${Math.abs(n).toFixed(2)}`)
    expect(await section.locator('p.fig').first().innerText()).toBe(`Games counted ${t.n} · W ${t.w} · We ${t.we!.toFixed(2)} · ΣΔR ${sign(t.chg!)} · K ${t.k} · K × ΣΔR ${sign(t.kChg!)}`)
    expect(await section.locator('p.chg').innerText()).toBe(`Σ K × ΣΔR = ${sheet.changeExact!.toFixed(2)}, rounded to +${sheet.change} (FIDE Rating Regulations 2024, § 8.3.4)`)
    expect(await section.locator('p.new').innerText()).toBe(`New rating ${sheet.rating}; K for the next period ${sheet.kNext.k}`)
    // each game: the opponent by name, his rating and its list, the score, D, PD, ΔR
    const rows = await section.locator('table.games tbody tr').allInnerTexts()
    const names = new Map(reply.value.references.players.map((p) => [p.id, p.name]))
    expect(rows.length).toBe(t.games.length)
    t.games.forEach((g, i) => {
      const cells = rows[i]!.split('\t')
      expect(cells[1]).toBe(`${names.get(g.opponentId!)} ${reply.value.references.players.find((p) => p.id === g.opponentId)!.fideId}`)
      expect(cells[2]).toBe(String(g.opponentRating))
      expect(cells[3]).toBe('1 Sept 2025')
      expect(Number(cells[4])).toBe(g.score)
      expect(cells[6]).toBe(g.pd!.toFixed(2))
    })
    expect(await section.locator('p.rule').first().innerText()).toContain('FIDE Rating Regulations 2024')
    await page.screenshot({ path: join(SHOTS, 'e2e-player-en.png'), fullPage: true })

    // French: the same page, French words and decimals
    await page.getByTestId('site-lang').click()
    await expect.poll(() => page.url()).toContain(`/fr/${playerPage(cedricId)}`)
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    expect(await page.locator(`#sheet-${october} p.chg`).innerText()).toBe(`Σ K × ΣΔR = ${sheet.changeExact!.toFixed(2).replace('.', ',')}, arrondi à +${sheet.change} (Réglementation du classement de la FIDE 2024, § 8.3.4)`)
    await page.screenshot({ path: join(SHOTS, 'e2e-player-fr.png'), fullPage: true })

    // the October list's pages of sheets, reached with the keyboard from the list's page: page after page to his
    // sheet, the same figures under his name
    await page.goto(`${base}/fr/lists/${october}.html`)
    await page.getByTestId('list-sheets').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.url()).toContain(`/fr/sheets/${october}/1.html`)
    await page.screenshot({ path: join(SHOTS, 'e2e-sheets-fr.png') })
    for (let k = 1; !(await page.locator(`section#p${cedricId}`).count()); k++) {
      await page.getByTestId('sheet-pages').getByRole('link', { name: 'Page suivante' }).first().focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.url()).toContain(`/fr/sheets/${october}/${k + 1}.html`)
    }
    const mine = page.locator(`section#p${cedricId}`)
    expect(await mine.locator('h3').innerText()).toContain('Rivière, Cédric')
    expect(await mine.locator('p.chg').innerText()).toBe(`Σ K × ΣΔR = ${sheet.changeExact!.toFixed(2).replace('.', ',')}, arrondi à +${sheet.change} (Réglementation du classement de la FIDE 2024, § 8.3.4)`)
    expect(await mine.locator('table.games tbody tr').count()).toBe(t.games.length)
    await page.getByTestId('site-lang').click()
    await expect.poll(() => page.url()).toContain(`/en/sheets/${october}/`)
    expect(await page.locator(`section#p${cedricId} p.new`).innerText()).toBe(`New rating ${sheet.rating}; K for the next period ${sheet.kNext.k}`)
    await page.locator(`section#p${cedricId} h3`).evaluate((e) => e.scrollIntoView())
    await page.screenshot({ path: join(SHOTS, 'e2e-sheets-en.png') })
    await page.getByTestId('site-lang').click()
    await expect.poll(() => page.url()).toContain(`/fr/sheets/${october}/`)

    // the delisted player: found by the French search, his page says so
    await page.getByTestId('site-search-input').fill('riviere aurelien')
    await page.getByTestId('site-search-input').press('Enter')
    await page.getByTestId('search-hit').first().waitFor()
    expect(await page.getByTestId('search-hit').allInnerTexts()).toEqual(['Rivière, Aurélien'])
    await page.getByTestId('search-hit').click()
    await expect.poll(() => page.getByTestId('player-name').innerText()).toBe('Rivière, Aurélien')
    expect(await page.getByTestId('history-standard').innerText()).toContain('radié (classement sous le plancher, désormais non classé)')
    await page.screenshot({ path: join(SHOTS, 'e2e-delisted-fr.png'), fullPage: true })

    // and by FIDE ID
    await page.goto(`${base}/en/search.html?q=990100141`)
    await page.getByTestId('search-hit').first().waitFor()
    expect(await page.getByTestId('search-hit').allInnerTexts()).toEqual(['Rivière, Aurélien'])

    const origin = new URL(base).origin
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([])
  }, 120_000)

  it('has no broken link, no missing asset and no URL of another origin in any built file', () => {
    const files = walk(siteDir)
    expect(files.length).toBeGreaterThan(600)
    const broken: string[] = []
    const ids = new Map<string, Set<string>>()
    const idsOf = (file: string): Set<string> => {
      if (!ids.has(file)) ids.set(file, new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)))
      return ids.get(file)!
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      if (/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i.test(text.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, ''))) broken.push(`${relative(siteDir, file)}: a URL of another origin`)
      if (!file.endsWith('.html')) continue
      for (const m of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
        const url = m[1]!.replace(/&amp;/g, '&')
        if (url.startsWith('data:')) continue
        if (/^[a-z]+:/i.test(url) || url.startsWith('//')) {
          broken.push(`${relative(siteDir, file)}: ${url}`)
          continue
        }
        const [pathPart, hash] = url.split('#') as [string, string | undefined]
        const target = pathPart ? resolve(dirname(file), pathPart.split('?')[0]!) : file
        if (!target.startsWith(siteDir) || !existsSync(target) || statSync(target).isDirectory()) broken.push(`${relative(siteDir, file)}: ${url}`)
        else if (hash && !idsOf(target).has(hash)) broken.push(`${relative(siteDir, file)}: ${url} (no such anchor)`)
      }
    }
    expect(broken).toEqual([])
  })

  const pageTypes = (cedric: number, tournament: string) => [
    { name: 'home', path: 'index.html' },
    { name: 'all lists', path: 'lists/index.html' },
    { name: 'list', path: `lists/${october}.html` },
    { name: 'player', path: playerPage(cedric) },
    { name: 'sheets', path: `sheets/${october}/1.html` },
    { name: 'tournament', path: tournament },
    { name: 'search', path: 'search.html?q=riviere' }
  ]

  it('passes axe-core on every page type in English and French (no serious or critical violation)', async () => {
    const cedric = services.ctx.db.prepare("SELECT id FROM players WHERE surname = 'Rivière' AND given_names = 'Cédric'").pluck().get() as number
    const tournament = `tournaments/${readdirSync(join(siteDir, 'en/tournaments')).sort()[0]}`
    const found: string[] = []
    for (const locale of ['en', 'fr']) {
      for (const p of pageTypes(cedric, tournament)) {
        await page.goto(`${base}/${locale}/${p.path}`)
        if (p.name === 'search') await page.getByTestId('search-hit').first().waitFor()
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
        for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) found.push(`${locale} ${p.name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
        await page.screenshot({ path: join(SHOTS, `axe-${locale}-${p.name.replace(/ /g, '-')}.png`), fullPage: true })
      }
    }
    expect(found).toEqual([])
  }, 180_000)
})

describe('Publish the website from the Lists screen (browser mode)', () => {
  it('downloads the site as a zip holding the same pages as the command line builds', async () => {
    const h = await startHarness(async (db) => {
      await publishDemoOctober(db)
    })
    try {
      await h.page.goto(`${h.url}#/lists`)
      await h.page.getByTestId('locale-switch').selectOption('fr')
      const button = h.page.getByTestId('lists-publish-site')
      // the settings read at start may set the language back once: choose it again until the button reads French
      await expect
        .poll(async () => {
          const text = await button.innerText()
          if (text !== 'Publier le site web') await h.page.getByTestId('locale-switch').selectOption('fr')
          return text
        }, { timeout: 30000, interval: 500 })
        .toBe('Publier le site web')
      const [download] = await Promise.all([h.page.waitForEvent('download', { timeout: 120_000 }), button.click()])
      expect(download.suggestedFilename()).toBe('rating-website.zip')
      const zip = readFileSync((await download.path())!)
      // the central directory's names
      const end = zip.length - 22
      const count = zip.readUInt16LE(end + 10)
      let p = zip.readUInt32LE(end + 16)
      const names: string[] = []
      for (let i = 0; i < count; i++) {
        const len = zip.readUInt16LE(p + 28)
        names.push(zip.subarray(p + 46, p + 46 + len).toString('utf8'))
        p += 46 + len
      }
      const built = walk(siteDir).map((f) => relative(siteDir, f)).sort()
      expect(names).toEqual(built)
      await h.page.getByTestId('lists-site-done').waitFor()
      await h.page.screenshot({ path: join(SHOTS, 'lists-publish-site-fr.png') })
    } finally {
      await h.close()
    }
  }, 240_000)
})
