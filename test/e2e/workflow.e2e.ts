// An officer's first day in a real browser: import a FIDE list's players and a tournament report, see the
// tournament's crosstable and its findings on the Checks dashboard, and the home figures follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startHarness, artifacts, type Harness } from './harness'
import { FIXTURES_DIR } from '../helpers/fixtures'

const fixtures = FIXTURES_DIR
const report = join(fixtures, 'trf-real', 'erral_fidetournament__tests__test_demo.trf')
const broken = join(fixtures, 'trf', 'py4swiss_too_many_results.trf')

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('importing a tournament report in the browser', () => {
  it('starts on the empty state of a new office', async () => {
    await h.page.goto(h.url)
    await h.page.getByTestId('home-empty-state').waitFor()
    await h.page.screenshot({ path: join(artifacts, 'workflow-empty.png'), fullPage: true })
  })

  it('previews the files, refuses the broken one with its line, imports the good one', async () => {
    await h.page.goto(h.url + '#/tournaments/import')
    await h.page.getByTestId('page-title').waitFor()
    await h.page.getByTestId('file-input').setInputFiles([report, broken])
    const good = h.page.getByTestId('queue-erral_fidetournament__tests__test_demo.trf')
    const bad = h.page.getByTestId('queue-py4swiss_too_many_results.trf')
    await expect.poll(async () => (await good.getByTestId('queue-state').innerText()).trim(), { timeout: 30000 }).toMatch(/ready/i)
    await expect.poll(async () => await bad.innerText(), { timeout: 30000 }).toMatch(/line 2\b|:2:/i)
    // the preview shows the crosstable before anything is stored, on demand (one line per file until asked)
    await good.getByTestId('queue-toggle-crosstable').click()
    await good.getByTestId('queue-crosstable').waitFor()
    expect(await good.innerText()).toContain('Arias Cusio, Oscar')
    await h.page.getByTestId('import-all').click()
    await good.getByTestId('import-result').waitFor({ timeout: 30000 })
    expect(await good.getByTestId('import-result').innerText()).toMatch(/137/)
    await h.page.screenshot({ path: join(artifacts, 'workflow-import.png'), fullPage: true })
  })

  it('lists the tournament, shows its crosstable, and counts it on the home screen', async () => {
    await h.page.goto(h.url + '#/tournaments')
    const table = h.page.getByTestId('tournaments-table')
    await table.getByText('XXX Torneo San Viator').first().waitFor()
    await table.getByText('XXX Torneo San Viator').first().click()
    await expect.poll(async () => (await h.page.getByTestId('page-title').innerText()).trim()).toContain('XXX Torneo San Viator - Memorial Pepe Domaica (B)')
    expect(await h.page.getByText('Arias Cusio, Oscar').count()).toBeGreaterThan(0)
    await h.page.screenshot({ path: join(artifacts, 'workflow-tournament.png'), fullPage: false })
    await h.page.getByTestId('nav-home').click()
    await expect.poll(async () => (await h.page.getByTestId('home-tournaments-count').innerText()).replace(/\D/g, '')).toBe('1')
  })

  it('shows the findings on the Checks dashboard', async () => {
    await h.page.getByTestId('nav-checks').click()
    await h.page.getByText('XXX Torneo San Viator - Memorial Pepe Domaica (B)').first().waitFor()
    await h.page.screenshot({ path: join(artifacts, 'workflow-checks.png'), fullPage: true })
  })
})
