// The monthly list in a real browser: approve a tournament, generate the draft as a job with its progress bar, open a
// player's calculation sheet, see the newcomer who gets no line and why (in English and French), publish after the
// confirmation, then find the list published and the tournament rated (among the lists, the tournaments and in the
// archive), and replay the published list from the Lists screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { mkdirSync, readFileSync } from 'node:fs'
import { pdfText } from '../helpers/pdf-text'
import { startHarness, artifacts, pick, type Harness } from './harness'
import { importFideList } from '../../src/main/core/registry/import'
import { tournamentsHandlers } from '../../src/main/core/services/tournaments'
import { checksHandlers } from '../../src/main/core/services/checks'
import type { ServiceContext } from '../../src/main/core/services/context'
import { openDatabase } from '../../src/main/core/db/open'
import { writeCombinedList } from '../helpers/synthetic-list'
import { tempDir } from '../helpers/temp-db'
import { roundRobinTrf } from '../main/cli/trf-writer'
import { swissReport, type Who } from '../main/core/services/edition-scenario'

const files = tempDir('rating-office-e2e-lists-')
// FIDE list of 1 October 2026: four players with rating and K (figures as in the office-lists integration test)
const PLAYERS = [
  { id: 5000001, name: 'Alpha, Anna', sex: 'F' as const, rating: 2000, k: 20, birth: 1980 },
  { id: 5000002, name: 'Bravo, Ben', sex: 'M' as const, rating: 1900, k: 20, birth: 1985 },
  { id: 5000003, name: 'Charlie, Cleo', sex: 'F' as const, rating: 1800, k: 40, birth: 2010 },
  { id: 5000004, name: 'Delta, Dan', sex: 'M' as const, rating: 2450, k: 10, birth: 1975 }
]
const ROWS = ['x1=0', '0x1=', '=0x1', '1=0x']
// a newcomer in the registry, on no list, who plays three of them in a Swiss (regulations.md § 4.3, FIDE 2024): ½ against
// 2000, 1 against 1900, 0 against 1800 — Ra (5700 + 2 × 1800) / 5 = 1860, p 2.5 / 5 = .50, dp 0: 1860 over 3 games, fewer
// than the 5 a first rating needs: no line, his games in the window until 15 December 2028 (26 months). The rated
// players' games against him do not count (§ 3): their figures are the round robin's alone.
const ECHO: Who = { id: 5000099, name: 'Echo, Eva', rating: null, sex: 'F' }
const who = (i: number): Who => ({ id: PLAYERS[i]!.id, name: PLAYERS[i]!.name, rating: PLAYERS[i]!.rating, sex: PLAYERS[i]!.sex })

let h: Harness
/** The drawer once it has slid in (its left edge stops moving), for a screenshot of the whole of it. */
const settled = async (drawer: ReturnType<Harness['page']['getByTestId']>): Promise<void> => {
  let last = -1
  await expect.poll(async () => {
    const x = (await drawer.boundingBox())?.x ?? -2
    const still = x === last
    last = x
    return still
  }, { timeout: 10000 }).toBe(true)
}
// the sheet's screens in English and French, for a person to look at
const shots = process.env.SHOTS_DIR ?? artifacts
mkdirSync(shots, { recursive: true })
let tournamentId = 0
beforeAll(async () => {
  h = await startHarness((db) => {
    const list = writeCombinedList(
      files.file('players_list_foa.txt'),
      PLAYERS.map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: p.sex, standard: { rating: p.rating, games: 0, k: p.k }, birthYear: p.birth }))
    )
    importFideList(db, { file: list, listDate: '2026-10-01' })
    const trf = roundRobinTrf('Autumn Round Robin', '2026-10-10', 'Round robin standard', PLAYERS.map((p, i) => ({ name: p.name, rating: p.rating, fideId: p.id, results: ROWS[i]!.split('') }))).replace(/^052 .*$/m, '052 2026/10/12')
    // the CLI's way: the reports parsed on this thread (no job runner in this seed)
    const ctx = { db, host: 'cli' } as unknown as ServiceContext
    const [r] = tournamentsHandlers['tournaments:import']({ files: [{ fileName: 'autumn.trf', base64: Buffer.from(trf).toString('base64') }] }, ctx) as { ok: boolean; tournamentId: number }[]
    tournamentId = r!.tournamentId
    // a report written by hand: whatever would block approval is decided by the office beforehand
    const errors = db.prepare("SELECT id FROM tournament_findings WHERE tournament_id = ? AND active = 1 AND level = 'error' AND decision IS NULL").pluck().all(tournamentId) as number[]
    for (const id of errors) db.prepare("UPDATE tournament_findings SET decision = 'overridden', decision_reason = 'test report', decided_by = 'e2e', decided_at = '2026-10-20T00:00:00Z' WHERE id = ?").run(id)
    // the newcomer's Swiss, matched by his FIDE ID and approved by the office beforehand
    db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex) VALUES (?, 'Echo', 'Eva', 'echo eva', 'SUI', 'F')").run(ECHO.id)
    const swiss = swissReport('Autumn Swiss', '2026-10-15', '2026-10-17', [[1, ECHO, who(0), '='], [2, ECHO, who(1), '1-0'], [3, who(2), ECHO, '1-0']])
    const [w] = tournamentsHandlers['tournaments:import']({ files: [{ fileName: 'swiss.trf', base64: Buffer.from(swiss).toString('base64') }] }, ctx) as { ok: boolean; tournamentId: number }[]
    checksHandlers['checks:approve']({ id: w!.tournamentId, reason: 'checked by the office', overrideErrors: true }, ctx)
  })
}, 120_000)
afterAll(async () => {
  await h?.close()
  files.cleanup()
})

describe('the monthly list in the browser', () => {
  it('approves the tournament', async () => {
    // approval is the review's: the tournament page's Review tab, with the reason recorded
    await h.page.goto(`${h.url}#/tournaments/${tournamentId}?tab=review`)
    await h.page.getByTestId('review-panel').waitFor({ timeout: 30000 })
    await h.page.getByTestId('review-approve').click()
    await h.page.getByTestId('reason-input').locator('textarea').fill('checked by the office')
    await h.page.getByTestId('reason-submit').click()
    await expect.poll(async () => (await h.page.getByTestId('review-status').innerText()).trim(), { timeout: 30000 }).toMatch(/approved/i)
  }, 120_000)

  it('generates the draft of 1 November 2026 as a job with a progress bar', async () => {
    await h.page.goto(`${h.url}#/lists`)
    await h.page.getByTestId('lists-generate').click()
    await h.page.getByTestId('generate-year').locator('input').fill('2026')
    await h.page.getByTestId('generate-year').locator('input').blur()
    await h.page.getByTestId('generate-date').click()
    // each date names the rules it is computed under as the officer reads them, never by their id
    await h.page.getByText('1 Nov 2026 (closing 29 Oct 2026, FIDE Rating Regulations 2024)').click()
    await h.page.getByTestId('generate-run').click()
    const progress = h.page.getByTestId('generate-progress')
    await progress.waitFor({ timeout: 30000 })
    await expect.poll(async () => await progress.getAttribute('data-state'), { timeout: 60000 }).toBe('done')
    expect(await progress.locator('.n-progress').count()).toBe(1)
    expect(await h.page.getByTestId('generate-result').innerText()).toMatch(/4 players, 4 rated, 0 newly rated, 0 delisted, from 2 tournament/)
    await h.page.screenshot({ path: join(artifacts, 'lists-generate.png'), fullPage: true })
    await h.page.getByTestId('generate-open').click()
  })

  it("shows the changes and opens a player's calculation sheet", async () => {
    await h.page.getByTestId('preview-counts').waitFor()
    expect(await h.page.getByTestId('preview-count-up').innerText()).toMatch(/2$/)
    expect(await h.page.getByTestId('preview-count-down').innerText()).toMatch(/1$/)
    await h.page.getByText('Charlie, Cleo').click()
    const sheet = h.page.getByTestId('sheet')
    await sheet.waitFor()
    // C 1800, K 40: (½ − .24) + (0 − .36) + (1 − .08) = .82 × 40 = 32.8 → +33
    expect(await sheet.getByTestId('sheet-rating').innerText()).toBe('1833')
    expect(await sheet.getByTestId('sheet-change').innerText()).toContain('32.80 → +33')
    // opponents by name and FIDE ID, each rating with the date of its list; the capped −400 explained under its table
    const roundRobin = sheet.getByTestId('sheet-tournament').filter({ hasText: 'Autumn Round Robin' })
    const opponents = await roundRobin.getByTestId('sheet-opponent').allInnerTexts()
    expect(opponents.map((o) => o.trim())).toEqual(['Bravo, Ben · 5000002', 'Alpha, Anna · 5000001', 'Delta, Dan · 5000004'])
    expect(await roundRobin.getByTestId('sheet-opponent-list').allInnerTexts()).toEqual(['list of 1 Oct 2026', 'list of 1 Oct 2026', 'list of 1 Oct 2026'])
    // the newcomer of the Swiss is named too, though unrated and not counted (rounds 1 and 2 had no game for her)
    const swiss = sheet.getByTestId('sheet-tournament').filter({ hasText: 'Autumn Swiss' })
    expect((await swiss.getByTestId('sheet-opponent').allInnerTexts()).map((o) => o.trim())).toEqual(['', '', 'Echo, Eva · 5000099'])
    expect(await sheet.getByTestId('sheet-cap-legend').innerText()).toBe('* D capped: a rating difference of more than 400 points counts as 400 (FIDE Rating Regulations 2024, § 8.3.1).')
    await h.page.screenshot({ path: join(artifacts, 'lists-sheet.png'), fullPage: false })
    await settled(sheet)
    await h.page.screenshot({ path: join(shots, 'sheet-en.png'), fullPage: false })
    // printed for the player: a download in browser mode, the PDF read back
    const [download] = await Promise.all([h.page.waitForEvent('download'), sheet.getByTestId('sheet-print').click()])
    expect(download.suggestedFilename()).toMatch(/^calculation-sheet-charlie-cleo-\d{4}-\d{2}-\d{2}\.pdf$/)
    await download.saveAs(join(shots, 'sheet-en.pdf'))
    const pdf = (await pdfText(readFileSync(await download.path()))).pages.join('\n')
    expect(pdf).toContain('Delta, Dan (5000004)')
    expect(pdf).toContain('list of 1 Oct 2026')
    expect(pdf).toContain('New rating 1833')
    // the sheet's figures written by one function on the screen and in the PDF: PD and ΔR with two decimals, a real minus
    const figures = async (): Promise<string[]> => [...(await roundRobin.getByTestId('sheet-pd').allInnerTexts()), ...(await roundRobin.getByTestId('sheet-chg').allInnerTexts())].map((c) => c.trim())
    const english = await figures()
    expect(english).toEqual(['0.36', '0.24', '0.08', '−0.36', '+0.26', '+0.92'])
    for (const figure of english) expect(pdf).toContain(figure)
    await h.page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    // the same in French
    await h.page.getByTestId('locale-switch').selectOption('fr')
    await h.page.getByText('Charlie, Cleo').click()
    await sheet.waitFor()
    expect(await roundRobin.getByTestId('sheet-opponent-list').allInnerTexts()).toEqual(['liste du 1er oct. 2026', 'liste du 1er oct. 2026', 'liste du 1er oct. 2026'])
    expect(await sheet.getByTestId('sheet-cap-legend').innerText()).toBe('* D plafonné\u00a0: un écart de classement de plus de 400 points compte pour 400 (Réglementation du classement de la FIDE 2024, § 8.3.1).')
    await settled(sheet)
    await h.page.screenshot({ path: join(shots, 'sheet-fr.png'), fullPage: false })
    const [fr] = await Promise.all([h.page.waitForEvent('download'), sheet.getByTestId('sheet-print').click()])
    expect(fr.suggestedFilename()).toMatch(/^fiche-de-calcul-charlie-cleo-/)
    await fr.saveAs(join(shots, 'sheet-fr.pdf'))
    const frPdf = (await pdfText(readFileSync(await fr.path()))).pages.join('\n')
    expect(frPdf).toContain('liste du 1er octobre 2026')
    const french = await figures()
    expect(french).toEqual(['0,36', '0,24', '0,08', '−0,36', '+0,26', '+0,92'])
    for (const figure of french) expect(frPdf).toContain(figure)
    await h.page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    await h.page.getByTestId('locale-switch').selectOption('en')
  })

  it('shows the newcomer who gets no line apart, with why and until when his games wait, in English and French', async () => {
    const filter = h.page.getByTestId('preview-count-unlisted')
    expect((await filter.innerText()).trim()).toBe('Not on the list · 1')
    await filter.click()
    const row = h.page.locator('[data-testid^="preview-row-"]', { hasText: 'Echo, Eva' })
    await row.waitFor({ timeout: 30000 })
    // the filtered page replaces the whole preview's, on which Echo was already a row: its count settles after
    await expect.poll(async () => await h.page.locator('[data-testid^="preview-row-"]').count(), { timeout: 30000 }).toBe(1)
    expect(await row.innerText()).toContain('3 games towards a first rating, fewer than the 5 required')
    expect(await row.innerText()).toContain('Autumn Swiss')
    await row.getByText('Echo, Eva').click()
    const sheet = h.page.getByTestId('sheet')
    await sheet.waitFor()
    expect(await sheet.getByTestId('sheet-rating').innerText()).toBe('not on this list')
    expect(await sheet.getByTestId('sheet-unlisted').innerText()).toContain(
      '3 games towards a first rating, fewer than the 5 required. His games stay in the window (1 event); the earliest counts for the lists dated before 15 Dec 2028.'
    )
    expect(await sheet.getByTestId('sheet-first-rating').innerText()).toContain('Ra 1860.00, p 0.50, dp 0 → 1860 over 3 games')
    await h.page.screenshot({ path: join(artifacts, 'lists-sheet-unlisted.png'), fullPage: false })
    await h.page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    // the same in French: the reason is worded from its code and figures
    await h.page.getByTestId('locale-switch').selectOption('fr')
    await expect.poll(async () => (await h.page.getByTestId('preview-count-unlisted').innerText()).trim(), { timeout: 30000 }).toBe('Absent de la liste · 1')
    expect(await row.innerText()).toContain('3 parties pour un premier classement, moins que les 5 requises')
    await row.getByText('Echo, Eva').click()
    await sheet.waitFor()
    expect(await sheet.getByTestId('sheet-rating').innerText()).toBe('absent de cette liste')
    expect(await sheet.getByTestId('sheet-unlisted').innerText()).toContain('Ses parties restent dans la fenêtre (1 tournoi)\u00a0; il compte pour les listes datées d’avant le 15 déc. 2028.')
    await h.page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    await h.page.getByTestId('locale-switch').selectOption('en')
    await h.page.getByTestId('preview-counts').getByRole('button', { name: 'All' }).click()
  })

  it('publishes after the confirmation', async () => {
    await h.page.getByTestId('publish-open').click()
    await h.page.getByTestId('publish-reason').locator('input').fill('November list')
    // the first publication names the federation that publishes (saved to the settings)
    await h.page.getByTestId('publish-federation-name').locator('input').fill('Schweizerischer Schachbund')
    await h.page.getByTestId('publish-federation-code').locator('input').fill('sui')
    await h.page.locator('.n-dialog__action').getByRole('button', { name: 'Publish' }).click()
    // publication is a worker job (lists:publish), as the generation is: the same wait as for it
    await expect.poll(async () => (await h.page.getByTestId('preview-status').innerText()).trim(), { timeout: 60000 }).toBe('Published')
    expect(await h.page.getByTestId(`tournament-state-${tournamentId}`).innerText()).toContain('rated in this list')
    await h.page.screenshot({ path: join(artifacts, 'lists-published.png'), fullPage: true })
  })

  it('finds the list published among the lists and the tournament rated', async () => {
    await h.page.goto(`${h.url}#/lists`)
    const table = h.page.getByTestId('lists-table')
    await table.getByText('1 Nov 2026').first().waitFor()
    const row = table.locator('tr', { hasText: '1 Nov 2026' })
    expect(await row.innerText()).toMatch(/Office[\s\S]*Published/)
    // each filter is captioned with what it filters, and filters: "Status: Draft" leaves the published list out
    const status = h.page.getByTestId('lists-filter-status').locator('xpath=..')
    expect(await status.locator('.filter-label').innerText()).toBe('Status')
    await expect.poll(async () => await h.page.getByRole('combobox', { name: 'Status' }).count()).toBe(1)
    await pick(h.page, 'lists-filter-status', 'Draft')
    await expect.poll(async () => await row.count()).toBe(0)
    await pick(h.page, 'lists-filter-status', 'All')
    await expect.poll(async () => await row.count()).toBe(1)
    await h.page.goto(`${h.url}#/tournaments`)
    const t = h.page.getByTestId('tournaments-table').locator('tr', { hasText: 'Autumn Round Robin' })
    await t.waitFor()
    expect(await t.innerText()).toMatch(/\brated\b/)
  })

  it("shows the published list in the archive: the player's line on it and the tournament it rated", async () => {
    await h.page.goto(`${h.url}#/archive?q=Charlie`)
    await h.page.getByTestId('archive-results').getByText('Charlie, Cleo').click()
    const history = h.page.getByTestId('archive-history')
    await history.getByText('1 Nov 2026').first().waitFor({ timeout: 30000 })
    expect(await history.locator('tr', { hasText: '1 Nov 2026' }).innerText()).toMatch(/Published[\s\S]*1,?833/)
    const rated = h.page.getByTestId('archive-tournaments').locator('tr', { hasText: 'Autumn Round Robin' })
    await rated.waitFor()
    // rated in the list of 1 November with her 1800 at the start, 1.5 points, K 40
    expect(await rated.innerText()).toMatch(/1 Nov 2026[\s\S]*1,?800[\s\S]*1\.5[\s\S]*40/)
  })

  it('replays the published list from the Lists screen as a job with its progress bar: reproduced', async () => {
    await h.page.goto(`${h.url}#/lists`)
    await h.page.getByTestId('lists-replay').click()
    await h.page.getByTestId('replay-run').click()
    const progress = h.page.getByTestId('replay-progress')
    await progress.waitFor({ timeout: 30000 })
    await expect.poll(async () => await progress.getAttribute('data-state'), { timeout: 60000 }).toBe('done')
    expect(await progress.locator('.n-progress').count()).toBe(1)
    const summary = h.page.getByTestId('replay-summary')
    expect(await summary.getAttribute('data-ok')).toBe('true')
    expect(await summary.innerText()).toContain('The published list is reproduced (1 checked)')
    expect(await h.page.getByTestId('replay-table').locator('tr', { hasText: '1 Nov 2026' }).innerText()).toMatch(/Reproduced[\s\S]*intact/)
    expect(await h.page.getByTestId('replay-difference').count()).toBe(0)
    await h.page.screenshot({ path: join(artifacts, 'lists-replay.png'), fullPage: true })
  }, 120_000)

  it('names the first difference and its cause when a stored game no longer is the rated file’s (in French too)', async () => {
    // behind the office's back: start rank 1 (Alpha) beat start rank 2 in the stored games; now she lost
    const db = openDatabase(h.dbPath)
    try {
      db.prepare("UPDATE tournament_games SET code = '0' WHERE tournament_id = ? AND start_rank = 1 AND code = '1'").run(tournamentId)
    } finally {
      db.close()
    }
    await h.page.getByTestId('replay-run').click()
    const summary = h.page.getByTestId('replay-summary')
    await expect.poll(async () => await summary.getAttribute('data-ok').catch(() => null), { timeout: 60000 }).toBe('false')
    expect(await h.page.getByTestId('replay-table').locator('tr', { hasText: '1 Nov 2026' }).innerText()).toContain('Differs')
    const cause = h.page.getByTestId('replay-causes').locator('li').first()
    expect(await cause.getAttribute('data-code')).toBe('game-changed')
    expect(await cause.innerText()).toMatch(/Autumn Round Robin\), round \d, start rank 1: stored 0 against 2, the rated file says 1 against 2/)
    expect(await h.page.getByTestId('replay-entries').innerText()).toContain('Alpha, Anna')
    // the same report in French: the cause is translated from its code and parameters
    await h.page.getByTestId('locale-switch').selectOption('fr')
    await expect.poll(async () => await cause.innerText(), { timeout: 30000 }).toMatch(/^Tournoi \d+ \(Autumn Round Robin\), ronde \d, numéro de départ 1\u00a0:/)
    expect(await h.page.getByTestId('replay-table').locator('tr', { hasText: '1er nov. 2026' }).innerText()).toContain('Diffère')
    await h.page.getByTestId('locale-switch').selectOption('en')
  }, 180_000)
})
