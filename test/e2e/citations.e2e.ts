// Issue 36 item 3 in a real browser, on the demo federation (its month imported, all but one tournament approved, the
// draft list of 1 October 2025 generated): the review, a calculation sheet and the audit log in English and French cite
// FIDE's regulations by edition and paragraph, title every finding, and read the log as sentences — no internal file name
// and no finding code on screen. Screenshots at 1280×800 go to /tmp/shots-citations/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { openIn, startHarness, type Harness } from './harness'
import { loadDemo } from '../../src/main/core/demo/load'
import { approveTournament } from '../../src/main/core/services/checks'
import { generateDraft } from '../../src/main/core/services/list-generation'

const SHOTS = '/tmp/shots-citations'
let h: Harness
const ids = { review: 0, draft: 0 }

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  h = await startHarness(
    async (db) => {
      const demo = await loadDemo(db)
      const reports = demo.reports.filter((r) => r.tournamentId !== null)
      // a report with a regulation finding stays to review; the others are approved (those whose identities are
      // unresolved stay checked)
      ids.review = db.prepare("SELECT tournament_id FROM tournament_findings WHERE code LIKE 'check.%' AND level <> 'info' ORDER BY tournament_id LIMIT 1").pluck().get() as number
      expect(ids.review).toBeGreaterThan(0)
      for (const r of reports.filter((x) => x.tournamentId !== ids.review)) {
        try {
          approveTournament(db, r.tournamentId!, 'citations test', true, 'e2e')
        } catch {
          // stays checked
        }
      }
      ids.draft = generateDraft(db, { listDate: '2025-10-01', ratingType: 'standard' }).listId
    },
    { viewport: { width: 1280, height: 800 } }
  )
}, 240_000)
afterAll(async () => {
  await h?.close()
})

async function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText()
}

/** Opens a screen afresh (no drawer or dialog of the screen before) in a language (harness.ts's openIn). */
const open = (page: Page, path: string, locale: 'en' | 'fr'): Promise<void> => openIn(page, h.url, path, locale)

function noInternalWords(text: string): void {
  expect(text).not.toContain('regulations.md')
  // a finding code (trf.match.nameMismatch, check.arbiters.unlicensed) shown as such
  expect(text).not.toMatch(/\b(trf|check)\.[a-z]+\.[a-zA-Z0-9]+\b/)
}

describe('FIDE’s words on screen', () => {
  for (const locale of ['en', 'fr'] as const) {
    it(`the review cites FIDE’s paragraphs and titles every finding (${locale})`, async () => {
      await open(h.page, `/tournaments/${ids.review}?tab=review`, locale)
      await h.page.getByTestId('review-rules').waitFor()
      // open every finding group
      const groups = h.page.locator('[data-testid^="rule-"] .n-collapse-item__header-main')
      for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).click()
      await h.page.getByTestId('review-rules').scrollIntoViewIfNeeded()
      await h.page.screenshot({ path: `${SHOTS}/review-${locale}.png`, fullPage: false })
      const text = await visibleText(h.page)
      noInternalWords(text)
      expect(text).toContain(locale === 'fr' ? 'Réglementation du classement de la FIDE' : 'FIDE Rating Regulations')
    })

    it(`a calculation sheet cites FIDE’s paragraphs (${locale})`, async () => {
      await open(h.page, `/lists/${ids.draft}/preview`, locale)
      await h.page.locator('[data-testid^="preview-row-"]').first().click()
      await h.page.getByTestId('sheet').waitFor()
      await h.page.screenshot({ path: `${SHOTS}/sheet-${locale}.png` })
      const sheet = await h.page.getByTestId('sheet').innerText()
      noInternalWords(sheet)
      expect(sheet).toContain(locale === 'fr' ? 'Réglementation du classement de la FIDE 2024' : 'FIDE Rating Regulations 2024')
    })

    it(`the audit log reads as sentences with links (${locale})`, async () => {
      await open(h.page, '/audit', locale)
      await h.page.getByTestId('audit-table').waitFor()
      await expect.poll(() => h.page.locator('[data-testid^="audit-sentence-"]').count()).toBeGreaterThan(0)
      await h.page.screenshot({ path: `${SHOTS}/audit-${locale}.png` })
      const text = await h.page.getByTestId('audit-table').innerText()
      expect(text).toContain(locale === 'fr' ? 'Calcul du projet de liste standard du 1er octobre 2025, version 1' : 'Generated the draft standard list of 1 October 2025, version 1')
      expect(text).not.toMatch(/\b(list|tournament|finding)\.[a-z]+\b/)
      // the raw record behind the row's toggle
      await h.page.locator('.n-data-table-expand-trigger').first().click()
      await expect.poll(() => h.page.locator('[data-testid^="audit-raw-"]').count()).toBe(1)
      await h.page.screenshot({ path: `${SHOTS}/audit-raw-${locale}.png` })
      // the sentence leads to what it names
      await h.page.locator('[data-testid^="audit-sentence-"] a').first().click()
      await expect.poll(() => h.page.url()).toMatch(/#\/(lists|tournaments|players|rules)\//)
    })
  }
})
