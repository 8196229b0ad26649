// The month's work with the keyboard alone, in a real browser: from the dashboard the officer opens a tournament, moves
// among its tabs with the arrow keys, opens a finding group, overrides its finding with a typed reason, approves the
// tournament, generates the month's list, opens it from the lists' table and publishes it. No mouse event reaches the
// page at any step (the page counts them), and each step's figure or state is asserted. Screenshots of the focus
// ring on each kind of control, in English and French, go to test-results/e2e/keyboard (and /tmp/shots-keyboard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { startHarness, artifacts, transitionsOver, type Harness } from './harness'
import { marchReport, seedArbiter, seedList, sixPlayers, type ReportSpec } from '../helpers/report-trf'
import { importReports } from '../../src/main/core/services/tournaments'

/** The page's globals as the functions given to page.evaluate see them (the tests' project has no DOM types). */
interface PageElement {
  id: string
  tagName: string
  innerText: string
  textContent: string | null
  getAttribute(name: string): string | null
  closest(selector: string): PageElement | null
}
declare const document: { activeElement: PageElement | null; getAnimations(): { effect: { getComputedTiming(): { endTime?: number | string } } | null; finished: Promise<unknown> }[] }
declare const window: { addEventListener(type: string, listener: () => void, capture: boolean): void }

const PLAYERS = sixPlayers(81001)
const UNLICENSED = { role: 'chief' as const, name: 'Lapierre, Louis', fideId: 82001, title: 'FA' }
const LICENSED = { role: 'chief' as const, name: 'Martin, Marc', fideId: 82002, title: 'NA' }
const report = (name: string, day: number, arbiters: ReportSpec['arbiters']) => marchReport(name, day, arbiters, PLAYERS)
// 1: an unlicensed chief arbiter (one error, to override); 2: clean, left as it is (not in the list)
const REPORTS = [report('Open de Lyon', 1, [UNLICENSED]), report('Open de Nice', 2, [LICENSED])]
const REASON = 'Licence renewed: federation letter of 3 March 2025'

const shots = join(artifacts, 'keyboard')
const extra = '/tmp/shots-keyboard'
mkdirSync(shots, { recursive: true })
mkdirSync(extra, { recursive: true })

let h: Harness
beforeAll(async () => {
  h = await startHarness(
    (db) => {
      seedList(db.name, '2025-02-01', PLAYERS)
      seedArbiter(db.name, UNLICENSED.fideId, UNLICENSED.name, null)
      seedArbiter(db.name, LICENSED.fideId, LICENSED.name, { validFrom: '2020-01-01', validTo: null })
      for (const r of REPORTS) {
        const [out] = importReports(db, { files: [{ fileName: r.fileName, base64: r.base64 }], receivedDate: r.receivedDate })
        if (!out.ok) throw new Error(out.message)
      }
    },
    { viewport: { width: 1280, height: 800 } }
  )
  // every mouse or pointer event the page receives is counted: the test below sends none (page.keyboard only)
  await h.page.addInitScript(() => {
    const w = window as unknown as { __mouseEvents: string[] }
    w.__mouseEvents = []
    for (const type of ['mousedown', 'mouseup', 'mousemove', 'pointerdown', 'pointerup', 'pointermove', 'wheel', 'contextmenu', 'dblclick', 'touchstart'])
      window.addEventListener(type, () => w.__mouseEvents.push(type), true)
  })
})
afterAll(async () => {
  await h?.close()
})

const kb = () => h.page.keyboard
/** The mouse and pointer events the page has received since it loaded. */
const mouseEvents = (): Promise<string[]> => h.page.evaluate(() => (window as unknown as { __mouseEvents: string[] }).__mouseEvents)
/** The element with the keyboard focus, by its test id or that of what holds it (its tag name if none). */
const focused = (): Promise<string> =>
  h.page.evaluate(() => {
    const el = document.activeElement
    return el ? (el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName) : ''
  })
/** Presses Tab (Shift+Tab backwards) until the focus is on `testid`; fails if it is not reached. */
async function tabTo(testid: string, options: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i < (options.max ?? 120) && (await focused()) !== testid; i++) await kb().press(options.back ? 'Shift+Tab' : 'Tab')
  expect(await focused()).toBe(testid)
}
/** The focused element's role, name (text) and state attributes. */
const focusedTab = (): Promise<{ role: string | null; text: string; selected: string | null; tabindex: string | null }> =>
  h.page.evaluate(() => {
    const el = document.activeElement!
    return { role: el.getAttribute('role'), text: el.innerText.trim(), selected: el.getAttribute('aria-selected'), tabindex: el.getAttribute('tabindex') }
  })
/** Whether the focused element sits inside the element of test id `testid`. */
const focusInside = (testid: string): Promise<boolean> => h.page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) != null, testid)
async function shot(name: string): Promise<void> {
  // once the dialogs' and groups' transitions are over
  await transitionsOver(h.page)
  const buffer = await h.page.screenshot({ path: join(shots, `${name}.png`) })
  await import('node:fs').then((fs) => fs.writeFileSync(join(extra, `${name}.png`), buffer))
}

const RULE = 'check.arbiters.unlicensed'
let findingId = ''
let listId = 0

describe('the month with the keyboard alone', () => {
  it('opens a tournament from the dashboard with Tab and Enter', async () => {
    await h.page.goto(h.url + '#/checks')
    await h.page.getByTestId('dashboard-row-1').waitFor({ timeout: 30000 })
    await tabTo('dashboard-open-1')
    await kb().press('Enter')
    await h.page.getByTestId('review-panel').waitFor({ timeout: 30000 })
    expect((await h.page.getByTestId('page-title').innerText()).trim()).toMatch(/^Open de Lyon/)
    expect((await h.page.getByTestId('review-status').innerText()).trim()).toBe('checked')
    expect(await mouseEvents()).toEqual([])
  })

  it('moves among the tournament’s tabs with the arrow keys, Home and End (one Tab stop, the selected tab)', async () => {
    // the tab bar is one stop: Tab from the page's top lands on the selected tab (Review), not on each of them
    for (let i = 0; i < 80 && (await focusedTab()).role !== 'tab'; i++) await kb().press('Tab')
    expect(await focusedTab()).toEqual({ role: 'tab', text: 'Review', selected: 'true', tabindex: '0' })
    expect(await h.page.locator('[role="tab"][tabindex="0"]').count()).toBe(1)
    await shot('tabs-focus-en')
    await kb().press('Home')
    expect(await focusedTab()).toEqual({ role: 'tab', text: 'Crosstable', selected: 'true', tabindex: '0' })
    await expect.poll(() => h.page.getByTestId('review-panel').count()).toBe(0)
    expect(await h.page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(await h.page.evaluate(() => document.activeElement?.id))
    await kb().press('ArrowLeft') // wraps round to the last tab
    expect((await focusedTab()).text).toBe('File history')
    await kb().press('ArrowRight') // and back to the first
    expect((await focusedTab()).text).toBe('Crosstable')
    await kb().press('ArrowRight')
    expect(await focusedTab()).toEqual({ role: 'tab', text: 'Players', selected: 'true', tabindex: '0' })
    await h.page.getByTestId('players-table').waitFor()
    await kb().press('End')
    await kb().press('ArrowLeft')
    expect(await focusedTab()).toEqual({ role: 'tab', text: 'Review', selected: 'true', tabindex: '0' })
    await h.page.getByTestId('review-panel').waitFor()
    expect(await h.page.locator('[role="tab"][aria-selected="true"]').count()).toBe(1)
    expect(await mouseEvents()).toEqual([])
  })

  it('opens a finding group (a disclosure button) and closes it again with Enter and Space', async () => {
    const toggle = h.page.getByTestId(`rule-toggle-${RULE}`)
    await tabTo(`rule-toggle-${RULE}`)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await h.page.getByTestId(RULE).locator('[data-testid^="finding-"]').count()).toBe(0)
    await kb().press('Enter')
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    const finding = h.page.getByTestId(`rule-${RULE}`).locator('[data-testid^="finding-"]')
    await expect.poll(() => finding.count()).toBe(1)
    findingId = (await finding.getAttribute('data-testid'))!.replace('finding-', '')
    // the group it opens is the one the button names
    expect(await toggle.getAttribute('aria-controls')).toBe(await h.page.getByTestId(`rule-${RULE}`).locator('ul.findings').getAttribute('id'))
    await shot('finding-group-focus-en')
    await kb().press('Space')
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
    await kb().press('Space')
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await focused()).toBe(`rule-toggle-${RULE}`)
    expect(await mouseEvents()).toEqual([])
  })

  it('overrides the finding with a typed reason: focus into the dialog, Escape cancels back to its opener', async () => {
    await tabTo(`override-${findingId}`)
    await kb().press('Enter')
    const dialog = h.page.getByTestId('decision-dialog')
    await dialog.waitFor()
    // the focus goes into the dialog, on the reason to type
    await expect.poll(focused).toBe('decision-reason')
    await shot('dialog-focus-en')
    await kb().press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(focused).toBe(`override-${findingId}`)
    expect(await h.page.getByTestId(`decision-${findingId}`).count()).toBe(0)

    await kb().press('Enter')
    await dialog.waitFor()
    await expect.poll(focused).toBe('decision-reason')
    await kb().type(REASON)
    await tabTo('decision-submit')
    await kb().press('Enter')
    await dialog.waitFor({ state: 'hidden', timeout: 10000 })
    // the decision shows at once, its buttons gone; the focus lands on what replaced them (Change the decision)
    await expect.poll(async () => (await h.page.getByTestId(`decision-${findingId}`).innerText()).trim(), { timeout: 10000 }).toBe('Overridden')
    expect(await h.page.getByTestId(`decided-${findingId}`).innerText()).toContain(REASON)
    expect(await h.page.getByTestId(`override-${findingId}`).count()).toBe(0)
    await expect.poll(focused).toBe(`change-${findingId}`)
    await expect.poll(async () => h.page.getByTestId('review-audit').innerText(), { timeout: 10000 }).toContain(REASON)
    expect(await mouseEvents()).toEqual([])
  })

  it('approves the tournament with nothing left to decide (the standard reason)', async () => {
    await tabTo('review-approve', { back: true })
    await kb().press('Enter')
    const dialog = h.page.getByTestId('reason-dialog')
    await dialog.waitFor()
    await expect.poll(() => focusInside('reason-dialog')).toBe(true)
    await tabTo('reason-submit')
    await kb().press('Enter')
    await dialog.waitFor({ state: 'hidden', timeout: 10000 })
    await expect.poll(async () => (await h.page.getByTestId('review-status').innerText()).trim(), { timeout: 10000 }).toBe('approved')
    // the button that opened the dialog is disabled now: the focus goes to the state it changed, not to the page's body
    await expect.poll(focused).toBe('review-status')
    expect(await h.page.getByTestId('review-audit').innerText()).toMatch(/checked → approved/)
    expect(await mouseEvents()).toEqual([])
  })

  it('generates the month’s list from the Lists screen', async () => {
    await tabTo('nav-lists', { back: true })
    await kb().press('Enter')
    await tabTo('lists-generate')
    await kb().press('Enter')
    await h.page.getByTestId('generate-suggested').waitFor({ timeout: 30000 })
    // the date offered is the list due with the approved tournament in it: Lyon ends on 5 March 2025
    expect(await h.page.getByTestId('generate-suggested').innerText()).toContain('1 Apr 2025')
    await tabTo('generate-run')
    await kb().press('Enter')
    const result = h.page.getByTestId('generate-result')
    await result.waitFor({ timeout: 60000 })
    expect(await result.innerText()).toMatch(/6 players, 6 rated, 0 newly rated, 0 delisted, from 1 tournament/)
    expect(await mouseEvents()).toEqual([])
  })

  it('opens the draft from the lists’ table by its row’s link', async () => {
    await tabTo('nav-lists', { back: true })
    await kb().press('Enter')
    const draft = h.page.locator('[data-testid^="list-row-"]').filter({ hasText: 'Draft' })
    await expect.poll(() => draft.count(), { timeout: 30000 }).toBe(1)
    listId = Number((await draft.getAttribute('data-testid'))!.replace('list-row-', ''))
    await tabTo(`list-open-${listId}`)
    await shot('list-row-focus-en')
    await kb().press('Enter')
    await expect.poll(async () => (await h.page.getByTestId('preview-status').innerText()).trim(), { timeout: 30000 }).toBe('Draft')
    expect(await mouseEvents()).toEqual([])
  })

  it('publishes the list: version 1, the tournament rated', async () => {
    // Publish waits for the draft's freshness check (disabled until then, out of the Tab order)
    await expect.poll(() => h.page.getByTestId('publish-open').isDisabled(), { timeout: 30000 }).toBe(false)
    await tabTo('publish-open')
    await kb().press('Enter')
    await h.page.getByTestId('publish-confirm').waitFor()
    await expect.poll(() => focusInside('publish-confirm')).toBe(true)
    // the first publication names the federation
    await tabTo('publish-federation-name')
    await kb().type('Fédération française des échecs')
    await tabTo('publish-federation-code')
    await kb().type('fra')
    await tabTo('publish-reason')
    await kb().type('March list')
    for (let i = 0; i < 10 && (await h.page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Publish'; i++) await kb().press('Tab')
    await kb().press('Enter')
    await expect.poll(async () => (await h.page.getByTestId('preview-status').innerText()).trim(), { timeout: 60000 }).toBe('Published')
    // among the lists: published, version 1; the tournament rated
    await tabTo('nav-lists', { back: true })
    await kb().press('Enter')
    const row = h.page.getByTestId(`list-row-${listId}`)
    const headers = (await h.page.getByTestId('lists-table').locator('th').allInnerTexts()).map((c) => c.trim())
    const cell = async (title: string) => (await row.locator('td').nth(headers.indexOf(title)).innerText()).trim()
    await expect.poll(() => cell('Status'), { timeout: 30000 }).toBe('Published')
    expect(await cell('Version')).toBe('1')
    expect(await cell('Entries')).toBe('6')
    await tabTo('nav-checks', { back: true })
    await kb().press('Enter')
    await expect.poll(async () => (await h.page.getByTestId('dashboard-status-1').innerText()).trim(), { timeout: 30000 }).toBe('rated')
    expect((await h.page.getByTestId('dashboard-status-2').innerText()).trim()).toBe('checked')
    expect(await mouseEvents()).toEqual([])
  })
})

describe('the focus ring in French', () => {
  it('draws the ring on a tab, a finding group, a dialog and a list row', async () => {
    await tabTo('locale-switch', { back: true })
    await kb().press('End') // the last language: Français
    await expect.poll(async () => (await h.page.getByTestId('page-title').innerText()).trim()).toBe('Contrôles')
    await tabTo('dashboard-open-2')
    await kb().press('Enter')
    await h.page.getByTestId('review-panel').waitFor({ timeout: 30000 })
    for (let i = 0; i < 80 && (await focusedTab()).role !== 'tab'; i++) await kb().press('Tab')
    expect((await focusedTab()).text).toBe('Contrôle')
    await shot('tabs-focus-fr')
    await kb().press('ArrowLeft')
    await kb().press('ArrowRight')
    const rule = h.page.locator('[data-testid^="rule-toggle-"]').first()
    await rule.waitFor()
    const ruleId = (await rule.getAttribute('data-testid'))!
    await tabTo(ruleId)
    await kb().press('Enter')
    await expect.poll(() => rule.getAttribute('aria-expanded')).toBe('true')
    await shot('finding-group-focus-fr')
    const status = (await h.page.getByTestId('review-status').innerText()).trim()
    await tabTo('review-reject', { back: true })
    await kb().press('Enter')
    await h.page.getByTestId('reason-dialog').waitFor()
    await expect.poll(() => focusInside('reason-dialog')).toBe(true)
    await shot('dialog-focus-fr')
    await kb().press('Escape')
    await h.page.getByTestId('reason-dialog').waitFor({ state: 'hidden' })
    await expect.poll(focused).toBe('review-reject')
    expect((await h.page.getByTestId('review-status').innerText()).trim()).toBe(status)
    await tabTo('nav-lists', { back: true })
    await kb().press('Enter')
    await h.page.getByTestId(`list-row-${listId}`).waitFor({ timeout: 30000 })
    await tabTo(`list-open-${listId}`)
    await shot('list-row-focus-fr')
    expect(await mouseEvents()).toEqual([])
  })
})
