// Starts browser mode on a temporary database and a headless Chromium for the end-to-end tests.
import { expect } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { startBrowserMode } from '../../src/main/http/start'
import { openDatabase, type Db } from '../../src/main/core/db/open'
import { tempDir } from '../helpers/temp-db'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const artifacts = join(root, 'test-results', 'e2e')

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
  const server = await startBrowserMode({ db: dbPath, port: 0, host: '127.0.0.1', readOnly: false, staticDir, quiet: true, backupSchedule: false })
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1360, height: 860 }, locale: 'en-GB' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
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
