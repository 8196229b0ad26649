// Starts browser mode on a temporary database and a headless Chromium for the end-to-end tests.
import { afterEach, expect } from 'vitest'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { basename, join } from 'node:path'
import { startBrowserMode } from '../../src/main/http/start'
import { openDatabase, type Db } from '../../src/main/core/db/open'
import { tempDir } from '../helpers/temp-db'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const artifacts = join(root, 'test-results', 'e2e')
/** The bundled worker entry (`npm run build:node`, which scripts/e2e.mjs runs first). */
const builtWorker = join(root, 'out', 'node', 'worker.js')

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[]
  const found = candidates.find((p) => existsSync(p))
  if (!found) throw new Error('Chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH')
  return found
}

export interface Harness {
  url: string
  dbPath: string
  browser: Browser
  page: Page
  close(): Promise<void>
}

/** seed(db) writes the figures the test expects before the server opens the database. */
export async function startHarness(seed?: (db: Db) => void | Promise<void>, options: { viewport?: { width: number; height: number } } = {}): Promise<Harness> {
  const staticDir = join(root, 'out', 'web')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('out/web is not built: run `npm run build:web` first')
  mkdirSync(artifacts, { recursive: true })
  const tmp = tempDir('rating-office-e2e-')
  const dbPath = tmp.file('office.db')
  const db = openDatabase(dbPath)
  try {
    await seed?.(db)
  } finally {
    db.close()
  }
  // no daily backup job in the middle of a scripted journey: its progress would show up among the officer's jobs
  // jobs run in the bundled worker the built hosts use (scripts/e2e.mjs builds it before every run): the source
  // worker's start through tsx (2–4 s a job) made twenty previews outlast the screens' own waits
  if (!existsSync(builtWorker)) throw new Error(`${builtWorker} is missing: run the e2e tests with \`node scripts/e2e.mjs\` (it builds it)`)
  const server = await startBrowserMode({ db: dbPath, port: 0, host: '127.0.0.1', readOnly: false, staticDir, quiet: true, backupSchedule: false, worker: { file: builtWorker } })
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1360, height: 860 }, locale: 'en-GB' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  traceCalls(page)
  return {
    url: server.url,
    dbPath,
    browser,
    page,
    async close() {
      await browser.close()
      await server.stop()
      tmp.cleanup()
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`)
    }
  }
}

/** The page's calls to the server, for the log of a failed test: those still unanswered, and the last ones. */
const trace = { page: null as Page | null, started: 0, pending: new Map<unknown, { name: string; at: number }>(), last: [] as string[] }

function traceCalls(page: Page): void {
  trace.page = page
  trace.started = Date.now()
  trace.pending.clear()
  trace.last = []
  const name = (url: string): string | null => (url.includes('/api/') ? url.slice(url.indexOf('/api/') + 5).split('?')[0]! : null)
  const note = (line: string): void => void (trace.last.push(`${((Date.now() - trace.started) / 1000).toFixed(2)} s ${line}`) > 30 && trace.last.shift())
  page.on('request', (r) => {
    const n = name(r.url())
    if (n === null) return
    trace.pending.set(r, { name: n, at: Date.now() })
    note(`→ ${n}`)
  })
  const end = (how: string) => (r: unknown) => {
    const p = trace.pending.get(r)
    if (!p) return
    trace.pending.delete(r)
    note(`← ${p.name} ${how} after ${Date.now() - p.at} ms`)
  }
  page.on('requestfinished', end('answered'))
  page.on('requestfailed', end('failed'))
}

// a failed test says what the page was waiting for from the server, and where its focus and dialogs were (a flake seen
// once in CI is understood from its log alone)
afterEach(async (ctx) => {
  const page = trace.page
  if (!page || ctx.task.result?.state !== 'fail' || page.isClosed()) return
  const now = Date.now()
  const pending = [...trace.pending.values()].map((p) => `${p.name} (${now - p.at} ms)`)
  const state = await page
    .evaluate(`(() => ({
      focus: document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? document.activeElement?.tagName,
      dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => (d.getAttribute('data-testid') ?? '?') + ': ' + d.innerText.replace(/\\s+/g, ' ').slice(0, 300)),
      busy: [...document.querySelectorAll('.n-button--loading, [aria-busy="true"]')].map((b) => b.getAttribute('data-testid') ?? b.textContent?.trim())
    }))()`)
    .catch((e: Error) => ({ unreadable: e.message }))
  console.error(`[e2e] "${ctx.task.name}" failed. Calls unanswered: ${pending.join(', ') || 'none'}. Page: ${JSON.stringify(state)}\n[e2e] last calls:\n  ${trace.last.join('\n  ')}`)
})

// runs in the page (page.evaluate): the node project has no DOM types
declare function requestAnimationFrame(callback: () => void): number

/** Waits until the page has asked nothing of the server for a while: the screen's data arrived and rendered. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded')
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // no request in flight for two animation frames after the last resource entry
        let last = performance.getEntriesByType('resource').length
        let still = 0
        const tick = () => {
          const n = performance.getEntriesByType('resource').length
          still = n === last ? still + 1 : 0
          last = n
          if (still >= 6) resolve()
          else setTimeout(() => requestAnimationFrame(tick), 100)
        }
        tick()
      })
  )
  // a table still loading, a skeleton still standing in for the figures
  await expect.poll(() => page.locator('.n-data-table-loading-wrapper, .n-skeleton').count(), { timeout: 30_000 }).toBe(0)
}

/**
 * Opens a rule's group in a tournament's review and one of its findings' decision dialog (Accept, Reject or
 * Override), returning the finding's id. The group is opened by its toggle and its findings waited for once their
 * opening has ended (a click aimed while the group still grows lands where the button will be, not where it is).
 * When a click still opens no dialog, the page's state and the elements the clicks reached go to the log, and the
 * button is clicked once more: the dialog must then open, or the test fails with that log.
 */
export async function openDecision(page: Page, rule: string, decision: 'accept' | 'reject' | 'override'): Promise<string> {
  const group = page.getByTestId(`rule-${rule}`)
  const toggle = page.getByTestId(`rule-toggle-${rule}`)
  await toggle.waitFor({ timeout: 30_000 })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true')
  const button = group.locator(`[data-testid^="${decision}-"]`).first()
  await button.waitFor({ timeout: 10_000 })
  // the group's opening transition over: no running animation inside it
  await expect.poll(() => group.evaluate((el) => el.getAnimations({ subtree: true }).filter((a: { playState: string }) => a.playState === 'running').length), { timeout: 10_000 }).toBe(0)
  // (the click listener is written as text: this file is typed without the DOM)
  await page.evaluate(`(() => {
    window.__clicks = []
    document.addEventListener('click', (e) => window.__clicks.push(e.target.closest('[data-testid]')?.getAttribute('data-testid') ?? e.target.tagName), { capture: true })
  })()`)
  const id = (await button.getAttribute('data-testid'))!.slice(decision.length + 1)
  const reason = page.getByTestId('decision-reason')
  for (let attempt = 1; ; attempt++) {
    await button.click()
    try {
      await reason.waitFor({ timeout: 10_000 })
      return id
    } catch (e) {
      const state = {
        url: page.url(),
        expanded: await toggle.getAttribute('aria-expanded').catch(() => null),
        buttons: await group.locator(`[data-testid^="${decision}-"]`).count(),
        dialogs: await page.locator('.n-modal, .n-dialog').count(),
        clicks: await page.evaluate('window.__clicks ?? []')
      }
      console.warn(`[e2e] the ${decision} click on ${rule} (attempt ${attempt}) opened no dialog in 10 s: ${JSON.stringify(state)}`)
      if (attempt === 2) throw e
    }
  }
}

declare const document: { documentElement: { lang: string } }

/**
 * Opens a screen afresh (no drawer or dialog of the screen before) in a language. The settings read at start set the
 * language too: a choice made before they arrive is undone (seen on a loaded machine: a French check read the English
 * screen), so the language is chosen again until the page has stayed in it on two looks in a row.
 */
export async function openIn(page: Page, url: string, path: string, locale: 'en' | 'fr'): Promise<void> {
  await page.goto(`${url}#${path}`)
  await page.reload()
  let steady = 0
  await expect
    .poll(
      async () => {
        const lang = await page.evaluate(() => document.documentElement.lang)
        if (lang !== locale) {
          steady = 0
          await page.getByTestId('locale-switch').selectOption(locale)
        } else steady++
        return steady
      },
      { timeout: 30000, interval: 300 }
    )
    .toBeGreaterThanOrEqual(2)
}

/**
 * Imports a FIDE list file from the Players screen as the officer does (the file's bytes uploaded, its date typed, the
 * import started as a job), and waits until the players table names `expectName`.
 */
export async function importListFromPlayers(page: Page, url: string, file: string, listDate: string, expectName: string): Promise<void> {
  await page.goto(url + '#/players')
  await page.getByTestId('players-import').click()
  // the browser uploads the file's bytes; the page never names a path of the server
  await page.getByTestId('import-file-input').setInputFiles(file)
  await expect.poll(async () => await page.getByTestId('import-chosen').innerText(), { timeout: 30_000 }).toContain(basename(file))
  const date = page.getByTestId('import-date').locator('input')
  await date.click()
  await date.fill(listDate)
  await date.press('Enter')
  await page.getByTestId('import-start').click()
  // the job finishes in the worker; the table then lists the players of the file
  await expect.poll(async () => await page.getByTestId('players-table').innerText(), { timeout: 60_000 }).toContain(expectName)
}

/** Clicks `target` until `shown` is visible (at most three clicks, `timeout` ms each), telling `missed` of each miss. */
export async function clickUntilShown(target: Locator, shown: Locator, timeout: number, missed?: (attempt: number) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await target.click()
    try {
      await shown.waitFor({ state: 'visible', timeout })
      return
    } catch (e) {
      await missed?.(attempt)
      if (attempt === 3) throw e
    }
  }
}

/** Picks an option of a Naive UI select by its visible text. */
export async function pick(page: Page, testId: string, text: string): Promise<void> {
  const option = page.locator('.n-base-select-option').filter({ hasText: text }).first()
  // a click that lands while a download's message slides in may leave the menu shut (seen once, after the PDF
  // download): one click, then its option waited for; a second click only when the menu did not open
  await clickUntilShown(page.getByTestId(testId), option, 5000)
  await option.click()
}

/**
 * Waits until every animation of the page is over (a dialog's entrance, another's leaving), before a screenshot. One
 * that never ends (a running job's bar, a spinner) is not waited for.
 */
export async function transitionsOver(page: Page): Promise<void> {
  // (written as text: this file is typed without the DOM)
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)))'
  )
}
