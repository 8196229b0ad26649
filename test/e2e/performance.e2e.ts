// Issue 14, the renderer's side: the players table of a 20,000-player registry opened, sorted by every sortable column
// both ways, given 500-row pages, scrolled and paged deep, while a PerformanceObserver records the page's long tasks
// (main-thread work over 50 ms). The long tasks are a measure, not an assertion: on this shared machine (two cores,
// a load of 10-20) the same run's tasks stretch several-fold with the neighbours' work, so a 100 ms limit would fail
// on the load rather than on the code (the guide: speed targets go in benchmarks, not timed tests). They are printed
// per step and written to test-results/e2e/long-tasks.json, like a bench's figures. What is asserted is what makes
// them short and cannot depend on the load: a 500-row page keeps only the visible rows in the document (virtual
// rendering), and no themed component of the table sets Naive UI's theme as inline CSS variables (inline-theme-disabled
// in App.vue: each render of a themed component otherwise set its 50-100 variables again, the renderer profile's
// costliest JavaScript after style and layout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startHarness, artifacts, type Harness } from './harness'
import { importFideList } from '../../src/main/core/registry/import'
import { writeSyntheticCombinedList } from '../helpers/synthetic-list'
import { tempDir } from '../helpers/temp-db'

const PLAYERS = 20_000
const files = tempDir('rating-office-e2e-list-')
let h: Harness

interface LongTask {
  at: number
  duration: number
}
// the browser's side, typed here (the e2e files compile without the DOM library)
interface Observed {
  __longTasks: LongTask[]
  PerformanceObserver: new (cb: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => { observe(options: { type: string; buffered: boolean }): void }
}
interface PageElement {
  getAttribute(name: string): string | null
  querySelectorAll(selector: string): Iterable<PageElement>
}
declare function requestAnimationFrame(cb: () => void): number
/** Elements of the table (itself included) whose inline style sets a Naive UI theme variable. */
const inlineThemed = (el: unknown): number => [el as PageElement, ...(el as PageElement).querySelectorAll('*')].filter((e) => (e.getAttribute('style') ?? '').includes('--n-')).length

beforeAll(async () => {
  h = await startHarness((db) => {
    importFideList(db, { file: writeSyntheticCombinedList(files.file('players_list_foa.txt'), PLAYERS), listDate: '2025-11-01' })
  })
  await h.page.addInitScript(() => {
    const w = globalThis as unknown as Observed
    w.__longTasks = []
    new w.PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ at: Math.round(e.startTime), duration: Math.round(e.duration) })
    }).observe({ type: 'longtask', buffered: true })
  })
})
afterAll(async () => {
  await h?.close()
  files.cleanup()
})

const longTasks = (): Promise<LongTask[]> => h.page.evaluate(() => (globalThis as unknown as Observed).__longTasks.splice(0))
/** Does `act` and waits for the players:search answer it causes, rendered (the next frame after it). */
async function searched(act: () => Promise<unknown>): Promise<void> {
  const answer = h.page.waitForResponse((r) => r.url().includes('/api/call/players:search'), { timeout: 60_000 })
  await act()
  await answer
  await h.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))))
}
const firstName = (): Promise<string> => h.page.getByTestId('player-link').first().innerText()

describe('the players table stays fluid', () => {
  it('sorts by every column, pages and scrolls with only the visible rows rendered and no inline theme; long tasks measured', async () => {
    const steps: { step: string; tasks: number[] }[] = []
    const record = async (step: string) => steps.push({ step, tasks: (await longTasks()).map((t) => t.duration) })
    await searched(() => h.page.goto(h.url + '#/players'))
    await expect.poll(() => h.page.getByTestId('player-link').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    await record('start-up')

    const table = h.page.getByTestId('players-table')
    // Naive UI's theme as classes, not as each component's inline variables
    expect(await table.evaluate(inlineThemed)).toBe(0)
    for (const key of ['name', 'fideId', 'federation', 'title', 'birthYear', 'rating']) {
      const th = table.locator(`th[data-col-key="${key}"]`)
      // two clicks, each answer on screen: descending then ascending (Naive's order of turns; a third would clear the
      // sort), the name column (the table's own order, ascending) descending then ascending again
      await searched(() => th.click())
      const first = await firstName()
      await searched(() => th.click())
      await expect.poll(firstName, { timeout: 30_000 }).not.toBe(first)
      await record(`sort ${key}`)
    }
    // 500-row pages (the virtual scroll's case), scrolled to the bottom, then the last page
    await searched(async () => {
      await table.locator('.n-pagination .n-base-selection').click()
      await h.page.locator('.n-base-select-option', { hasText: '500' }).first().click()
    })
    await record('500-row page')
    await table.locator('tbody').first().hover()
    for (let i = 0; i < 30; i++) await h.page.mouse.wheel(0, 900)
    await h.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))))
    // a 500-row page keeps the rows in view (and a few around them) in the document, not 500
    const rendered = await table.locator('tbody tr').count()
    expect(rendered).toBeGreaterThan(10)
    expect(rendered).toBeLessThan(60)
    await record('scrolled')
    await searched(() => table.locator('.n-pagination-item', { hasText: /^\d+$/ }).last().click())
    await expect.poll(() => h.page.getByTestId('player-link').count()).toBeGreaterThan(0)
    await record('last page')
    expect(await table.evaluate(inlineThemed)).toBe(0)

    // the measure: printed and kept, not held to a limit (see the head of this file)
    const after = steps.filter((s) => s.step !== 'start-up').flatMap((s) => s.tasks)
    // the opening on its own (module evaluation, the shell's and the table's mounts, the first page drawn): its tasks
    // are not the table's sorting and scrolling, and split in pieces since session 7 (docs/performance.md)
    const startUp = steps.find((s) => s.step === 'start-up')?.tasks ?? []
    const summary = {
      players: PLAYERS,
      startUp: { longTasks: startUp.length, over100ms: startUp.filter((d) => d > 100).length, longestMs: Math.max(0, ...startUp) },
      longTasksAfterStartUp: after.length,
      over100ms: after.filter((d) => d > 100).length,
      longestMs: Math.max(0, ...after),
      totalMs: after.reduce((a, b) => a + b, 0)
    }
    writeFileSync(join(artifacts, 'long-tasks.json'), JSON.stringify({ ...summary, steps }, null, 2))
    console.log(`renderer long tasks (over 50 ms) after start-up: ${JSON.stringify(summary)}`)
    for (const s of steps) console.log(`  ${s.step.padEnd(14)} ${s.tasks.length ? s.tasks.join(', ') + ' ms' : '-'}`)
  }, 240_000)
})
