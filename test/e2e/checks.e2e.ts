// The review of a tournament in a real browser: a report with an unlicensed arbiter and four rounds on one day is
// imported, both findings show on the dashboard's tournament, one is overridden with a reason, the tournament is
// approved, the decision is in the audit trail, and the check report downloads as a PDF holding the findings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { startHarness, artifacts, openDecision, transitionsOver, type Harness } from './harness'
import { reportTrf, seedArbiter, seedList, type ReportPlayer } from '../helpers/report-trf'
import { pdfText } from '../helpers/pdf-text'
import { tempDir } from '../helpers/temp-db'
import Database from 'better-sqlite3'

const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 61001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 61002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 61003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 61004, rating: 1900, sex: 'F' },
  { name: 'Echo, Emil', fideId: 61005, rating: 1850 },
  { name: 'Foxtrot, Fred', fideId: 61006, rating: 1700 }
]
const tmp = tempDir('rating-office-e2e-report-')
const reportFile = join(tmp.dir, 'open-de-lyon.trf')
writeFileSync(
  reportFile,
  reportTrf({
    name: 'Open de Lyon',
    start: '2025-03-01',
    end: '2025-03-01',
    // four rounds of 90′ + 30″ on one day: 16 hours of play (2024 edition: at most 12)
    roundDates: ['2025-03-01', '2025-03-01', '2025-03-01', '2025-03-01'],
    arbiters: [{ role: 'chief', name: 'Lapierre, Louis', fideId: 62001 }],
    players: PLAYERS
  })
)
const REASON = 'Licence renewed: federation letter of 3 March 2025'

let h: Harness
/** Presses Tab until `target` holds the focus (at most `max` times): how many presses it took. */
async function tabUntil(target: Locator, max: number): Promise<number> {
  let tabs = 0
  while (!(await target.evaluate((el) => el === el.ownerDocument.activeElement)) && tabs < max) {
    await h.page.keyboard.press('Tab')
    tabs++
  }
  return tabs
}

/** One value of the database, read beside the screen. */
function query<T>(sql: string): T {
  const db = new Database(h.dbPath, { readonly: true })
  try {
    return db.prepare(sql).pluck().get() as T
  } finally {
    db.close()
  }
}
beforeAll(async () => {
  h = await startHarness((db) => {
    seedList(db.name, '2025-02-01', PLAYERS)
    seedArbiter(db.name, 62001, 'Lapierre, Louis', null)
  })
})
afterAll(async () => {
  await h?.close()
  tmp.cleanup()
})

describe('reviewing a tournament in the browser', () => {
  it('imports the report: the regulation checks run with the import', async () => {
    await h.page.goto(h.url + '#/tournaments/import')
    await h.page.getByTestId('file-input').setInputFiles([reportFile])
    const item = h.page.getByTestId('queue-open-de-lyon.trf')
    await expect.poll(async () => (await item.getByTestId('queue-state').innerText()).trim(), { timeout: 30000 }).toMatch(/ready/i)
    await h.page.getByTestId('import-all').click()
    await item.getByTestId('import-result').waitFor({ timeout: 30000 })
  })

  it('shows the tournament on the dashboard, checked with its errors, and both findings in its review', async () => {
    await h.page.goto(h.url + '#/checks')
    const row = h.page.getByTestId('dashboard-row-1')
    await row.waitFor({ timeout: 30000 })
    expect(await h.page.getByTestId('dashboard-status-1').innerText()).toMatch(/checked/i)
    expect(Number(await h.page.getByTestId('dashboard-errors-1').innerText())).toBeGreaterThanOrEqual(2)
    // imported today, long after its end: it goes into the next list to come (and the deadline findings say why)
    expect(await row.innerText()).toMatch(/\t1 [A-Z][a-z]{2,3} \d{4}\b/)
    await h.page.screenshot({ path: join(artifacts, 'checks-dashboard.png'), fullPage: true })
    await h.page.getByTestId('dashboard-open-1').click()
    await h.page.getByTestId('review-panel').waitFor({ timeout: 30000 })
    await h.page.getByTestId('rule-check.arbiters.unlicensed').waitFor()
    await h.page.getByTestId('rule-check.schedule.hoursPerDay').waitFor()
  })

  it('overrides the unlicensed arbiter with a reason, then approves overriding what is left', async () => {
    // the group opened and its opening over before the click (harness.ts openDecision): a click aimed while it grew
    // landed where the button would be, and no dialog opened (seen once on 6 December 2026)
    await openDecision(h.page, 'check.arbiters.unlicensed', 'override')
    await h.page.getByTestId('decision-reason').locator('textarea').fill(REASON)
    await h.page.getByTestId('decision-submit').click()
    // the decision is recorded: the dialog closes and the audit trail below names it with the reason
    await expect.poll(async () => await h.page.getByTestId('review-audit').innerText(), { timeout: 30000 }).toContain(REASON)
    await h.page.getByTestId('decision-dialog').waitFor({ state: 'hidden' })

    await h.page.getByTestId('review-approve').click()
    await h.page.getByTestId('reason-input').locator('textarea').fill('Schedule agreed with the federation beforehand')
    await h.page.getByTestId('reason-option').click()
    await h.page.getByTestId('reason-submit').click()
    try {
      await expect.poll(async () => (await h.page.getByTestId('review-status').innerText()).trim(), { timeout: 30000 }).toMatch(/approved/i)
    } finally {
      await h.page.screenshot({ path: join(artifacts, 'checks-approve.png'), fullPage: true })
    }
  }, 120_000)

  it('finds the decision in the audit trail, with who and why', async () => {
    const audit = h.page.getByTestId('review-audit')
    await expect.poll(async () => await audit.innerText(), { timeout: 30000 }).toContain(REASON)
    const overridden = await h.page.getByTestId('audit-finding.overridden').first().innerText()
    expect(overridden).toContain('finding overridden')
    expect(overridden).toContain('Arbiter without a licence')
    expect(await audit.innerText()).toMatch(/checked → approved/)
    await h.page.screenshot({ path: join(artifacts, 'checks-review.png'), fullPage: true })
  })

  it('downloads the check report as a PDF holding the findings and the decision', async () => {
    const [download] = await Promise.all([h.page.waitForEvent('download', { timeout: 30000 }), h.page.getByTestId('review-report').click()])
    expect(download.suggestedFilename()).toBe('open-de-lyon-check-report.pdf')
    const saved = join(tmp.dir, 'report.pdf')
    await download.saveAs(saved)
    const text = (await pdfText(readFileSync(saved))).pages.join(' ').replace(/\s+/g, ' ')
    expect(text).toContain('Check report')
    // each rule by its title and FIDE's citation, never its code
    expect(text).toContain('Arbiter without a licence (1)')
    expect(text).toContain('FIDE Rating Regulations 2024, licensed arbiters')
    expect(text).toContain('Too many hours of play in a day (1)')
    expect(text).not.toContain('check.schedule.hoursPerDay')
    expect(text).toContain(REASON.slice(0, 30))
  })

  it("names the problem on the arbiter's row in the language shown, after a switch without a reload", async () => {
    await h.page.goto(h.url + '#/arbiters')
    await h.page.getByTestId('arbiters-table').getByRole('row').filter({ hasText: 'Lapierre, Louis' }).locator('.n-data-table-expand-trigger').click()
    const panel = h.page.getByTestId('arbiter-tournaments-62001')
    await expect.poll(async () => await panel.innerText(), { timeout: 20000 }).toContain('Open de Lyon')
    expect(await panel.innerText()).toMatch(/Arbiter Lapierre, Louis .*\(FIDE Rating Regulations 2024, [^)]+\)/)
    await h.page.getByTestId('locale-switch').selectOption('fr')
    await expect.poll(async () => await panel.innerText()).toMatch(/L’arbitre Lapierre, Louis .*\(Réglementation du classement de la FIDE 2024, [^)]+\)/)
    await h.page.screenshot({ path: join(artifacts, 'arbiter-panel-fr.png'), fullPage: false })
    await h.page.getByTestId('locale-switch').selectOption('en')
    await expect.poll(async () => await panel.innerText()).toContain('FIDE Rating Regulations 2024')
  })

  it("opens and closes an arbiter's tournaments from the keyboard alone: Tab reaches the row's chevron, Enter opens it", async () => {
    // a fresh screen: the test before left this arbiter's row open
    await h.page.goto(h.url + '#/arbiters')
    await h.page.reload()
    const search = h.page.getByTestId('arbiters-search').locator('input')
    await search.focus()
    await h.page.keyboard.type('Lapierre')
    const row = h.page.getByTestId('arbiters-table').getByRole('row').filter({ hasText: 'Lapierre, Louis' })
    await expect.poll(async () => await row.count(), { timeout: 20000 }).toBe(1)
    const chevron = row.getByRole('button', { name: 'Details of this row' })
    expect(await chevron.getAttribute('aria-expanded')).toBe('false')
    // from the search box, Tab after Tab until the row's chevron holds the focus: it is in the Tab order
    expect(await tabUntil(chevron, 10)).toBeLessThan(10)
    await h.page.keyboard.press('Enter')
    const panel = h.page.getByTestId('arbiter-tournaments-62001')
    await expect.poll(async () => await panel.innerText(), { timeout: 20000 }).toContain('Open de Lyon')
    await expect.poll(async () => await chevron.getAttribute('aria-expanded')).toBe('true')
    await h.page.screenshot({ path: join(artifacts, 'arbiter-panel-keyboard.png'), fullPage: false })
    await h.page.keyboard.press(' ')
    await expect.poll(async () => await panel.count()).toBe(0)
    // the chevron's state is repaired after each batch of DOM changes (naive-a11y.ts, a MutationObserver): it follows
    // the panel's removal a moment later, so it is waited for as the opening's was (a read at once failed in CI once)
    await expect.poll(async () => await chevron.getAttribute('aria-expanded')).toBe('false')
  })

  it('puts other rules in force by their name, from the keyboard alone, and the review then names them', async () => {
    await h.page.goto(h.url + '#/checks')
    await h.page.getByTestId('dashboard-open-1').click()
    await h.page.getByTestId('review-panel').waitFor({ timeout: 30000 })
    const rules = h.page.getByTestId('facts-edition')
    // the edition in force at the start, by its name: never an id for the officer to read or type
    await expect.poll(async () => await rules.innerText(), { timeout: 20000 }).toContain('In force at the start: FIDE Rating Regulations 2024')
    expect(await rules.innerText()).not.toMatch(/fide-\d{4}/)
    await h.page.getByTestId('locale-switch').selectOption('fr')
    await expect.poll(async () => await rules.innerText()).toMatch(/En vigueur au début\s:\sRéglementation du classement de la FIDE 2024/)
    await rules.scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'review-rules-fr.png'), fullPage: false })
    await h.page.getByTestId('locale-switch').selectOption('en')
    // Tab from the time control's field into the rules' select
    await h.page.getByTestId('facts-time-control').locator('input').focus()
    await h.page.keyboard.press('Tab')
    // Enter opens its menu, typing part of a name filters it, Enter takes the option shown first
    await h.page.keyboard.press('Enter')
    await h.page.keyboard.type('2017')
    await expect.poll(async () => await h.page.locator('.n-base-select-option').allInnerTexts()).toEqual(['FIDE Rating Regulations 2017'])
    await h.page.keyboard.press('Enter')
    await expect.poll(async () => await rules.innerText()).toContain('FIDE Rating Regulations 2017')
    // Tab on to the save button (past the event's two boxes), Enter saves
    const save = h.page.getByTestId('facts-save')
    expect(await tabUntil(save, 6)).toBeLessThan(6)
    await h.page.keyboard.press('Enter')
    // the change asks its reason, typed in the dialog that takes the focus, then Tab to its button and Enter
    const reason = h.page.getByTestId('reason-input').locator('textarea')
    await expect.poll(async () => await reason.evaluate((el) => el === el.ownerDocument.activeElement), { timeout: 10000 }).toBe(true)
    await h.page.keyboard.type('Organiser’s contract names the 2017 regulations')
    const submit = h.page.getByTestId('reason-submit')
    expect(await tabUntil(submit, 6)).toBeLessThan(6)
    await h.page.keyboard.press('Enter')
    // stored as the edition's id, shown by its name in the review's head
    await expect.poll(() => query<string | null>('SELECT edition FROM tournaments WHERE id = 1'), { timeout: 20000 }).toBe('fide-2017')
    await expect.poll(async () => await h.page.getByTestId('review-panel').innerText(), { timeout: 20000 }).toContain('Rules: FIDE Rating Regulations 2017')
    // the audit trail says what changed, by the rules' names, beside the reason
    await expect.poll(async () => await h.page.getByTestId('audit-tournament.facts').innerText(), { timeout: 20000 }).toMatch(/facts changed\s+Rules: — → FIDE Rating Regulations 2017\s+Organiser’s contract names the 2017 regulations/)
    await transitionsOver(h.page)
    await h.page.screenshot({ path: join(artifacts, 'review-rules-chosen.png'), fullPage: false })
  })
})
