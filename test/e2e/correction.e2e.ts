// A published list corrected in a real browser, as the officer does it on the list's page: a report of its period
// found late and approved, the re-rating shown first (the players whose line changes, before and after, and why), then
// a new version published with its reason — with the keyboard alone, in French, while the safety copy of a big
// office's preview is still being finished (the wait the jobs bar names) — and the new version's page, in English and
// French. Screenshots of each step for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { startHarness, artifacts, type Harness } from './harness'
import { createServices } from '../../src/main/core/services/index'
import { generateDraft } from '../../src/main/core/services/list-generation'
import { writerMarkPath } from '../../src/main/core/db/writer-marks'
import { sourceWorkerScript } from '../../src/main/core/workers/script'
import { tempDir } from '../helpers/temp-db'
import { nameFederation } from '../helpers/federation'
import { call, importApproved, seedFideList, trf } from '../main/core/services/office-list-fixture'

// the page's document, as the focus check below reads it (the tests' compiler knows no DOM)
declare const document: { activeElement: { closest(selector: string): { getAttribute(name: string): string | null } | null } | null }

const files = tempDir('rating-office-e2e-correction-')
const shots = process.env.SHOTS_DIR ?? artifacts
mkdirSync(shots, { recursive: true })
let h: Harness
let novId = 0

beforeAll(async () => {
  h = await startHarness(async (db) => {
    // the office-list fixture's month (its figures are the integration tests'): November 2025 published, then a round
    // robin of four of its players found late and approved
    const s = createServices({ dbPath: db.name, host: 'cli', appVersion: 'e2e', worker: sourceWorkerScript() })
    try {
      seedFideList(s, files.file('players_list_foa.txt'))
      nameFederation(s.ctx.db)
      await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
      novId = generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }).listId
      await call(s, 'lists:publish', { listId: novId, reason: 'November list' })
      await importApproved(s, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['F1', 'F2', 'F3', 'F4'], ['x1==', '0x==', '==x=', '===x']), 't3.trf')
    } finally {
      await s.close()
    }
  })
}, 180_000)

afterAll(async () => {
  await h?.close()
  files.cleanup()
})

describe('a published list corrected', () => {
  it('shows the re-rating first: who changes, before and after, and why (English, then French)', async () => {
    await h.page.goto(`${h.url}#/lists/${novId}/preview`)
    await h.page.getByTestId('preview-status').waitFor({ timeout: 30000 })
    await h.page.getByTestId('correction-preview').click()
    const summary = h.page.getByTestId('correction-summary')
    await summary.waitFor({ timeout: 60000 })
    expect(await summary.innerText()).toBe('4 entries change in 1 list.')
    // the correction's own section (inside the page's)
    const section = h.page.locator('section', { has: summary }).last()
    expect(await section.innerText()).toContain('Late Round Robin: found late, rated in the recomputation')
    const rows = section.locator('.n-data-table-tbody tr')
    expect(await rows.count()).toBe(4)
    // each of the late round robin's players, his games of the month 0 → 3, why: the report found late (by its name,
    // never the office's own number for it)
    for (const name of ['Fox, One', 'Fox, Two', 'Fox, Three', 'Fox, Four']) expect(await rows.filter({ hasText: name }).innerText()).toMatch(/0 → 3\s+Late Round Robin: found late$/)
    await section.scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(shots, 'correction-preview-en.png'), fullPage: true })
    await h.page.getByTestId('locale-switch').selectOption('fr')
    await expect.poll(async () => await summary.innerText()).toBe('4 lignes changent dans 1 liste.')
    // why, in French too
    await expect.poll(async () => await rows.filter({ hasText: 'Fox, One' }).innerText()).toMatch(/0 → 3\s+Late Round Robin\s:\sreçu en retard$/)
    await h.page.screenshot({ path: join(shots, 'correction-preview-fr.png'), fullPage: true })
  }, 120_000)

  it('publishes a new version with its reason, with the keyboard alone, waiting first for a preview’s safety copy (French)', async () => {
    // in a big office the preview's safety copy ends after its result: a correction asked at once waits for it, and
    // the jobs bar says so (the mark that job leaves, jobs/write-turn.ts; removed once seen)
    const mark = writerMarkPath(h.dbPath, process.pid, 9002)
    writeFileSync(mark, JSON.stringify({ kind: 'lists:previewCopy', since: new Date().toISOString(), ticket: Date.now() - 1000, pid: process.pid, thread: 9002, host: hostname(), by: 'Marie Dupont', state: 'writing' }))
    try {
      await h.page.getByTestId('correction-reason').locator('input').focus()
      await h.page.keyboard.type('Rapport du Late Round Robin reçu après la publication')
      // the reason's field, then "next list", then "new version"
      await h.page.keyboard.press('Tab')
      await h.page.keyboard.press('Tab')
      expect(await h.page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'))).toBe('correct-version')
      await h.page.keyboard.press('Enter')
      const waiting = h.page.getByTestId('job-progress').locator('.job-message')
      await expect.poll(async () => ((await waiting.count()) ? await waiting.first().innerText() : ''), { timeout: 30000 }).toMatch(
        /^En attente de la fin d’une tâche en cours \(la copie de sécurité de la correction qui vient d’être prévisualisée, lancée à .+ par Marie Dupont/
      )
      // the button asked for alone shows it runs; the other waits
      expect(await h.page.getByTestId('correct-version').locator('.n-base-loading').count()).toBe(1)
      expect(await h.page.getByTestId('correct-next').locator('.n-base-loading').count()).toBe(0)
      expect(await h.page.getByTestId('correct-next').isDisabled()).toBe(true)
      // (the bar's message slides in)
      await h.page.waitForTimeout(500)
      await h.page.screenshot({ path: join(shots, 'correction-waiting-fr.png') })
    } finally {
      rmSync(mark, { force: true })
    }
    // the new version's page: published, version 2
    await expect.poll(async () => h.page.url(), { timeout: 60000 }).not.toContain(`/lists/${novId}/preview`)
    await expect.poll(async () => (await h.page.getByTestId('preview-status').innerText()).trim(), { timeout: 30000 }).toBe('Publiée')
    const title = h.page.locator('.page').first()
    expect(await title.innerText()).toContain('v2')
    await h.page.screenshot({ path: join(shots, 'correction-version-fr.png'), fullPage: true })
    await h.page.getByTestId('locale-switch').selectOption('en')
    await expect.poll(async () => (await h.page.getByTestId('preview-status').innerText()).trim()).toBe('Published')
    await h.page.screenshot({ path: join(shots, 'correction-version-en.png'), fullPage: true })
  }, 120_000)
})
