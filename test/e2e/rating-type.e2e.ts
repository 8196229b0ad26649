// A tournament's rating type and the Qualification Commission's approval in a real browser (issue 35, item 6 and 10):
// "Rapid City Open 2026" at 90′+30″ shows as standard from its time control with the name's warning; the officer
// changes it from the review with a reason (audited); a 2026 event at 45′+30″ gets the QC approval recorded and its
// time-control findings give way to the approval; the page in English and in French.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startHarness, type Harness } from './harness'
import { reportTrf, seedList, type ReportPlayer } from '../helpers/report-trf'
import { importReports } from '../../src/main/core/services/tournaments'

const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 63001, rating: 2450, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 63002, rating: 1850 },
  { name: 'Charlie, Carl', fideId: 63003, rating: 1700 },
  { name: 'Delta, Dora', fideId: 63004, rating: 1600, sex: 'F' }
]
// runs in the page (waitForFunction): the node project has no DOM types
declare const document: { documentElement: { lang: string } }
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-ratingtype'
mkdirSync(shots, { recursive: true })
const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64')

let h: Harness
beforeAll(async () => {
  h = await startHarness((db) => {
    seedList(db.name, '2026-03-01', PLAYERS)
    importReports(db, {
        files: [
          { fileName: 'rapid-city.trf', base64: b64(reportTrf({ name: 'Rapid City Open 2026', start: '2026-03-07', end: '2026-03-08', roundDates: ['2026-03-07', '2026-03-08'], timeControl: '90 min + 30 sec per move', players: PLAYERS })) },
          { fileName: 'fast-classic.trf', base64: b64(reportTrf({ name: 'Fast Classic 2026', start: '2026-03-14', end: '2026-03-15', roundDates: ['2026-03-14', '2026-03-15'], timeControl: '45 min + 30 sec per move', players: PLAYERS })) }
        ],
      receivedDate: '2026-03-16'
    })
  })
})
afterAll(async () => {
  await h?.close()
})

async function review(id: number): Promise<void> {
  await h.page.goto(`${h.url}#/tournaments/${id}?tab=review`)
  await h.page.getByTestId('review-rating-type').waitFor({ timeout: 30000 })
}

/** The rating-type block and the audit trail, scrolled into view (the page scrolls inside its own pane). */
async function section(name: string): Promise<void> {
  const block = h.page.getByTestId('review-rating-type')
  await block.scrollIntoViewIfNeeded()
  await block.screenshot({ path: join(shots, `type-${name}.png`) })
  await h.page.getByTestId('review-audit').screenshot({ path: join(shots, `audit-${name}.png`) })
}

async function setLocale(locale: 'en' | 'fr'): Promise<void> {
  await h.page.goto(`${h.url}#/`)
  await h.page.getByTestId('locale-switch').selectOption(locale)
  await h.page.waitForFunction((l) => document.documentElement.lang === l, locale)
}

describe('the rating type on the tournament page', () => {
  it('shows "Rapid City Open" as standard from the time control, with the name’s warning', async () => {
    await review(1)
    expect(await h.page.getByTestId('rating-type').innerText()).toBe('Standard')
    expect(await h.page.getByTestId('rating-type-source').innerText()).toBe('from the report’s time control (TRF record 122)')
    expect(await h.page.getByTestId('header-rating-type-source').innerText()).toContain('from the report’s time control (TRF record 122)')
    const rule = h.page.getByTestId('rule-trf.header.ratingTypeNameDisagrees')
    await rule.getByText('Name disagrees with the time control').click()
    await expect.poll(async () => await rule.innerText()).toContain('Record 012 (“Rapid City Open 2026”) names a rapid event')
    await h.page.screenshot({ path: join(shots, 'review-en-imported.png'), fullPage: true })
    await section('en-imported')
  })

  it('the officer changes it with a reason: the tag, its source and the audit trail say so', async () => {
    await h.page.getByTestId('rating-type-select').click()
    await h.page.locator('.n-base-select-option').filter({ hasText: 'Rapid' }).click()
    await h.page.getByTestId('rating-type-change').click()
    await h.page.getByTestId('reason-input').locator('textarea').fill('The organiser’s rules say 15′+10″')
    await h.page.getByTestId('reason-submit').click()
    await expect.poll(async () => (await h.page.getByTestId('rating-type').innerText()).trim(), { timeout: 30000 }).toBe('Rapid')
    expect(await h.page.getByTestId('rating-type-source').innerText()).toBe('decided by the office')
    const audit = await h.page.getByTestId('audit-tournament.ratingType').innerText()
    expect(audit).toContain('rating type changed')
    expect(audit).toContain('Standard → Rapid')
    expect(audit).toContain('The organiser’s rules say 15′+10″')
    await h.page.getByTestId('reason-dialog').waitFor({ state: 'hidden' })
    await h.page.screenshot({ path: join(shots, 'review-en-changed.png'), fullPage: true })
    await section('en-changed')
  }, 60_000)

  it('records the QC approval of the 45′+30″ event: its time-control findings give way to the approval', async () => {
    await review(2)
    await h.page.getByTestId('rule-check.timeControl.gameBelowMinimum').waitFor()
    await h.page.getByTestId('qc-input').locator('input').fill('QC decision 2026/14')
    await h.page.getByTestId('qc-record').click()
    await h.page.getByTestId('reason-input').locator('textarea').fill('Letter of the QC of 12 February 2026')
    await h.page.getByTestId('reason-submit').click()
    await expect.poll(async () => (await h.page.getByTestId('qc-reference').innerText()).trim(), { timeout: 30000 }).toBe('QC decision 2026/14')
    await h.page.getByTestId('rule-check.timeControl.qcApproved').waitFor()
    expect(await h.page.getByTestId('rule-check.timeControl.gameBelowMinimum').count()).toBe(0)
    expect(await h.page.getByTestId('audit-tournament.qcApproval').innerText()).toContain('— → QC decision 2026/14')
    await h.page.getByTestId('reason-dialog').waitFor({ state: 'hidden' })
    await h.page.screenshot({ path: join(shots, 'review-en-qc.png'), fullPage: true })
    await section('en-qc')
  }, 60_000)

  it('in French', async () => {
    await setLocale('fr')
    await review(1)
    expect(await h.page.getByTestId('rating-type').innerText()).toBe('Rapide')
    expect(await h.page.getByTestId('rating-type-source').innerText()).toBe('décidée par le bureau')
    await h.page.screenshot({ path: join(shots, 'review-fr-changed.png'), fullPage: true })
    await section('fr-changed')
    await review(2)
    const rule = h.page.getByTestId('rule-check.timeControl.qcApproved')
    await rule.getByText('Homologué par la Commission de qualification').click()
    await expect.poll(async () => await rule.innerText()).toContain('Homologué par la Commission de qualification pour la liste standard (QC decision 2026/14)')
    await h.page.screenshot({ path: join(shots, 'review-fr-qc.png'), fullPage: true })
    await section('fr-qc')
  }, 60_000)
})
