// Labelled controls and visible next steps (issue 36, item 5) in a real browser at 1280×800, on the demo federation
// (its September month imported; Lyon, Chambéry and Annecy approved, the junior championship rejected, the rapid open of
// Grenoble left to check; the draft standard list of 1 October 2025 generated): the checks dashboard's five filters say
// what they filter, the home says what is next with the office's figures, the reference card names each rating type, the
// draft is published from its own page, and twenty reports in the import queue show no crosstable until one is asked
// for. Screenshots in English and French go to /tmp/shots-home/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { writerMarkPath } from '../../src/main/core/db/writer-marks'
import type { Page } from 'playwright-core'
import { openIn, startHarness, transitionsOver, type Harness } from './harness'
import { loadDemo } from '../../src/main/core/demo/load'
import { approveTournament, rejectTournament } from '../../src/main/core/services/checks'
import { generateDraft } from '../../src/main/core/services/list-generation'
import { reportTrf, type ReportPlayer } from '../helpers/report-trf'

const SHOTS = '/tmp/shots-home'
let h: Harness
let draft = 0

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  h = await startHarness(
    async (db) => {
      const demo = await loadDemo(db)
      const id = (name: RegExp) => demo.reports.find((r) => name.test(r.file))!.tournamentId!
      for (const t of [/lyon/, /chambery/, /annecy/]) approveTournament(db, id(t), 'warnings read, errors decided', true, 'e2e')
      rejectTournament(db, id(/jeunes/), 'four rounds on one day', 'e2e')
      draft = generateDraft(db, { listDate: '2025-10-01', ratingType: 'standard' }).listId
    },
    { viewport: { width: 1280, height: 800 } }
  )
}, 240_000)
afterAll(async () => {
  await h?.close()
})

/** Opens a screen afresh in a language (harness.ts's openIn). */
const open = (page: Page, path: string, locale: 'en' | 'fr'): Promise<void> => openIn(page, h.url, path, locale)

describe('the checks dashboard: each filter says what it filters', () => {
  for (const [locale, captions] of [
    ['en', { status: 'State', level: 'Findings', rule: 'Rule', federation: 'Federation', month: 'Month' }],
    ['fr', { status: 'État', level: 'Constats', rule: 'Règle', federation: 'Fédération', month: 'Mois' }]
  ] as const) {
    it(`five captions above five boxes, the screen reader's name the same words (${locale})`, async () => {
      await open(h.page, '/checks', locale)
      await h.page.getByTestId('dashboard-table').locator('[data-testid^="dashboard-row-"]').first().waitFor({ timeout: 30000 })
      for (const [key, caption] of Object.entries(captions)) {
        const filter = h.page.getByTestId(`dashboard-filter-${key}`)
        // the caption is seen, and the box (reading "All" / "Tous") carries the same words as its accessible name
        await expect.poll(async () => (await filter.locator('.filter-label').innerText()).trim(), { timeout: 10000 }).toBe(caption)
        // (the name goes to the box a screen reader announces, a combobox, or to its search input when the box filters
        // its options: util/naive-a11y.ts)
        await expect
          .poll(async () => await h.page.getByTestId(`dashboard-${key}`).locator(`xpath=.//*[@role="combobox" and @aria-label="${caption}"] | .//input[@aria-label="${caption}"]`).count())
          .toBe(1)
      }
      // the month reads as a month, not as "2025-09"
      await h.page.getByTestId('dashboard-month').click()
      const months = await h.page.locator('.n-base-select-option').allInnerTexts()
      expect(months).toContain(locale === 'fr' ? 'septembre 2025' : 'September 2025')
      await h.page.keyboard.press('Escape')
      await h.page.screenshot({ path: `${SHOTS}/dashboard-${locale}.png` })
    })
  }
})

describe('the home of a working office says what is next', () => {
  it('one report to check, the list of 1 October closing on 28 September with its three tournaments, no list published yet', async () => {
    await open(h.page, '/', 'en')
    const next = h.page.getByTestId('home-next')
    await next.waitFor({ timeout: 30000 })
    // Grenoble's rapid open is the one report neither approved, rejected nor rated
    expect(await h.page.getByTestId('home-next-check').innerText()).toContain('1 report to check')
    await h.page.getByTestId('home-next-check-link').waitFor()
    // FIDE 2024: the list of 1 October 2025 closes 3 days before; Lyon, Chambéry and Annecy go into it
    expect(await h.page.getByTestId('home-next-list-standard').innerText()).toContain('The standard list of 1 Oct 2025, closing date 28 Sept 2025 · 3 approved tournaments go into it')
    expect(await h.page.getByTestId('home-last-published').innerText()).toContain('No list published yet.')
    // the first-start steps are for an empty office only
    expect(await h.page.getByTestId('home-empty-state').count()).toBe(0)
    await h.page.screenshot({ path: `${SHOTS}/home-before-en.png`, fullPage: true })
  })

  it('the reference card names each rating type: the standard and rapid lists of 1 September, no blitz list', async () => {
    // the demo imports the federation's national standard and rapid lists of 1 September 2025
    expect(await h.page.getByTestId('home-reference-lists').innerText()).toBe('2')
    expect(await h.page.getByTestId('home-reference-standard').innerText()).toMatch(/^1 Sept 2025 · \d+ entries$/)
    expect(await h.page.getByTestId('home-reference-rapid').innerText()).toMatch(/^1 Sept 2025 · \d+ entries$/)
    expect(await h.page.getByTestId('home-reference-blitz').innerText()).toBe('none')
  })
})

describe('Publish on the list’s own page', () => {
  it('publishes the draft from its page, with the confirmation and the federation asked the first time; the page shows it published', async () => {
    await open(h.page, `/lists/${draft}`, 'fr')
    await h.page.getByTestId('list-draft-note').waitFor({ timeout: 30000 })
    const publish = h.page.getByTestId('publish-open')
    // enabled once the worker said the draft is not older than its inputs
    await expect.poll(async () => await publish.isEnabled(), { timeout: 30000 }).toBe(true)
    await h.page.screenshot({ path: `${SHOTS}/list-draft-fr.png` })
    await h.page.getByTestId('locale-switch').selectOption('en')
    await h.page.screenshot({ path: `${SHOTS}/list-draft-en.png` })
    await publish.click()
    const dialog = h.page.getByTestId('publish-confirm')
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('with its 3 tournaments')
    expect(await h.page.getByTestId('publish-federation-ask').innerText()).toContain('This is the federation’s own list')
    // a real example, not the library's "Please Input"
    expect(await h.page.getByTestId('publish-federation-name').locator('input').getAttribute('placeholder')).toBe('e.g. Fédération Française des Échecs')
    await h.page.getByTestId('publish-federation-name').locator('input').fill('Fédération de démonstration')
    await h.page.getByTestId('publish-federation-code').locator('input').fill('fra')
    await h.page.getByTestId('publish-reason').locator('input').fill('October 2025 list')
    // published in French: the message names the verified safety copy taken for it, in the officer's language
    await h.page.getByTestId('locale-switch').selectOption('fr')
    // asked at once after a big office's generation, the publication waits for the generation's work after its result
    // (its safety copy's end): a writer's mark as that job leaves it (jobs/write-turn.ts), removed once seen
    const copyMark = writerMarkPath(h.dbPath, process.pid, 9001)
    writeFileSync(copyMark, JSON.stringify({ kind: 'lists:generateCopy', since: new Date().toISOString(), ticket: Date.now() - 1000, pid: process.pid, thread: 9001, host: hostname(), by: 'Marie Dupont', state: 'writing' }))
    try {
      await dialog.getByRole('button', { name: 'Publier' }).click()
      const waiting = h.page.getByTestId('job-progress').locator('.job-message')
      await expect.poll(async () => ((await waiting.count()) ? await waiting.first().innerText() : ''), { timeout: 30000 }).toMatch(/^En attente de la fin d’une tâche en cours \(la copie de sécurité du projet qui vient d’être généré, lancée à .+ par Marie Dupont/)
      // (the job's bar runs an endless animation while it waits: the picture after the message's slide, not after every animation)
      await h.page.waitForTimeout(500)
      await h.page.screenshot({ path: `${SHOTS}/publish-waiting-fr.png` })
    } finally {
      rmSync(copyMark, { force: true })
    }
    await h.page.getByTestId('list-immutable-note').waitFor({ timeout: 60000 })
    const done = h.page.locator('.n-message').filter({ hasText: 'La liste est publiée.' })
    await done.waitFor({ timeout: 30000 })
    // a small office: the copy is taken just before the publication (from 32 MB, while the draft is computed)
    expect(await done.innerText()).toMatch(/^La liste est publiée\. Sa copie de sécurité, office-\d{4}-\d{2}-\d{2}T\d{6}(-\d+)?-before-publication\.db, a été faite juste avant et vérifiée\.$/)
    // the picture once the message has slid in whole
    await transitionsOver(h.page)
    await h.page.screenshot({ path: `${SHOTS}/list-published-fr.png` })
    await h.page.getByTestId('locale-switch').selectOption('en')
    expect(await h.page.getByTestId('list-immutable-note').innerText()).toContain('This list is published')
    expect(await h.page.getByTestId('list-draft-note').count()).toBe(0)
    expect(await h.page.getByTestId('publish-open').count()).toBe(0)
    await h.page.screenshot({ path: `${SHOTS}/list-published-en.png` })
  }, 120_000)

  for (const locale of ['en', 'fr'] as const) {
    it(`the home then names the list published, its version, and November next (${locale})`, async () => {
      await open(h.page, '/', locale)
      const last = h.page.getByTestId('home-last-published')
      await expect.poll(async () => await last.innerText(), { timeout: 30000 }).toContain(
        locale === 'en' ? 'Last published: standard list of 1 Oct 2025, version 1, published' : 'Dernière publiée\u00a0: liste standard du 1er oct. 2025, version 1, publiée le'
      )
      expect(await h.page.getByTestId('home-last-published-link').getAttribute('href')).toBe(`#/lists/${draft}`)
      expect(await h.page.getByTestId('home-next-list-standard').innerText()).toContain(
        locale === 'en'
          ? 'The standard list of 1 Nov 2025, closing date 29 Oct 2025 · the list after the last one published'
          : 'La liste standard du 1er nov. 2025, clôture le 29 oct. 2025 · la liste qui suit la dernière publiée'
      )
      expect(await h.page.getByTestId('home-next-check').innerText()).toContain(locale === 'en' ? '1 report to check' : '1 rapport à contrôler')
      expect(await h.page.getByTestId('home-reference-blitz').innerText()).toBe(locale === 'en' ? 'none' : 'aucune')
      await h.page.screenshot({ path: `${SHOTS}/home-${locale}.png`, fullPage: true })
    })
  }
})

describe('loose ends', () => {
  it('a list with no tournament to rate says so once, on the generate page and on its preview', async () => {
    // after October's publication no standard tournament waits: November is offered, and is a quiet list
    await open(h.page, '/lists/generate', 'en')
    await expect.poll(async () => await h.page.getByTestId('generate-suggested').innerText(), { timeout: 30000 }).toContain('1 Nov 2025')
    await h.page.getByTestId('generate-run').click()
    await h.page.getByTestId('generate-result').waitFor({ timeout: 60000 })
    const quiet = 'No tournament in this period'
    const count = async (): Promise<number> => (await h.page.locator('body').innerText()).split(quiet).length - 1
    expect(await count()).toBe(1)
    expect(await h.page.getByTestId('generate-result').innerText()).toContain('Draft list of 1 Nov 2025 written')
    await h.page.getByTestId('generate-open').click()
    await h.page.getByTestId('preview-quiet').waitFor({ timeout: 30000 })
    expect(await count()).toBe(1)
  }, 120_000)

  for (const locale of ['en', 'fr'] as const) {
    it(`a text field never shows the library's own placeholder (${locale})`, async () => {
      await open(h.page, '/arbiters', locale)
      await h.page.getByTestId('arbiter-add').click()
      await h.page.locator('.n-card .n-form').waitFor()
      const placeholders = await h.page.locator('input, textarea').evaluateAll((all) => all.map((e) => e.getAttribute('placeholder') ?? ''))
      expect(placeholders.length).toBeGreaterThan(3)
      expect(placeholders).not.toContain('Please Input')
      expect(placeholders).not.toContain('Saisir')
      await h.page.keyboard.press('Escape')
    })
  }
})

describe('the import queue: one line per file, the crosstable on demand', () => {
  const PLAYERS: ReportPlayer[] = [
    { name: 'Alpha, Anna', fideId: 81001, rating: 2150, sex: 'F' },
    { name: 'Bravo, Bruno', fideId: 81002, rating: 2050 },
    { name: 'Charlie, Carl', fideId: 81003, rating: 1980 },
    { name: 'Delta, Dora', fideId: 81004, rating: 1900, sex: 'F' }
  ]
  const files = Array.from({ length: 20 }, (_, i) => {
    const d = (n: number) => `2025-11-${String(n).padStart(2, '0')}`
    const trf = reportTrf({ name: `Rapide de novembre ${i + 1}`, start: d(i + 1), end: d(i + 1), roundDates: [d(i + 1), d(i + 1), d(i + 1)], timeControl: '15 min + 10 sec per move', ratingType: 'rapid', players: PLAYERS })
    return { name: `novembre-${String(i + 1).padStart(2, '0')}.trf`, mimeType: 'text/plain', buffer: Buffer.from(trf, 'latin1') }
  })

  for (const locale of ['en', 'fr'] as const) {
    it(`twenty reports: twenty lines with their state and problems, no crosstable until one is asked for (${locale})`, async () => {
      await open(h.page, '/tournaments/import', locale)
      await h.page.getByTestId('file-input').setInputFiles(files)
      const lines = h.page.locator('[data-testid^="queue-novembre-"]')
      await expect.poll(async () => await lines.count(), { timeout: 30000 }).toBe(20)
      await expect.poll(async () => (await h.page.getByTestId('queue-state').allInnerTexts()).filter((s) => /^(ready|prêt)/i.test(s.trim())).length, { timeout: 60000 }).toBe(20)
      // each line says its problems (counted), and holds no crosstable nor problems' list
      expect(await h.page.getByTestId('queue-problems').count()).toBe(20)
      expect(await h.page.getByTestId('queue-crosstable').count()).toBe(0)
      expect(await h.page.getByTestId('queue-problems-list').count()).toBe(0)
      expect(await h.page.locator('[data-testid^="queue-novembre-"] .n-data-table').count()).toBe(0)
      await h.page.screenshot({ path: `${SHOTS}/import-queue-${locale}.png` })
      // asked for one file: its crosstable, its four players, and that one only
      const third = h.page.getByTestId('queue-novembre-03.trf')
      const toggle = third.getByTestId('queue-toggle-crosstable')
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      await toggle.click()
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      await third.getByTestId('queue-crosstable').waitFor()
      expect(await h.page.getByTestId('queue-crosstable').count()).toBe(1)
      expect(await third.getByTestId('queue-crosstable').locator('tbody tr').count()).toBe(4)
      await third.scrollIntoViewIfNeeded()
      await h.page.screenshot({ path: `${SHOTS}/import-queue-open-${locale}.png` })
      await toggle.click()
      expect(await h.page.getByTestId('queue-crosstable').count()).toBe(0)
      // the queue is emptied for the next language
      for (let i = 0; i < 20; i++) await h.page.locator('[data-testid^="queue-novembre-"]').first().getByRole('button', { name: locale === 'en' ? 'Remove' : 'Retirer' }).click()
      expect(await lines.count()).toBe(0)
    }, 120_000)
  }
})
