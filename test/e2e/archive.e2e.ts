// The archive in a real browser: choose a past list, compare it with another, open a player from the comparison,
// and download the list as PDF and as CSV from the list's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startHarness, artifacts, type Harness } from './harness'
import type { Db } from '../../src/main/core/db/open'

let h: Harness
const ids: Record<string, number> = {}

function seed(db: Db): void {
  const player = (fideId: number, surname: string, given: string, fed: string, sex: string, birth: string, title: string | null = null): number =>
    Number(
      db
        .prepare('INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date, title) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(fideId, surname, given, `${surname} ${given}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''), fed, sex, birth, title).lastInsertRowid
    )
  const list = (date: string): number =>
    Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(date).lastInsertRowid)
  const entry = (l: number, p: number, rating: number, games: number, k: number): void => {
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, ?)').run(l, p, rating, games, k)
  }
  const carlsen = player(1503014, 'Carlsen', 'Magnus', 'NOR', 'M', '1990', 'GM')
  const muller = player(4600010, 'Müller', 'Anna', 'GER', 'F', '2001', 'WFM')
  const martin = player(651002, 'Martin', 'Léa', 'FRA', 'F', '2010')
  ids.jan = list('2024-01-01')
  entry(ids.jan, carlsen, 2830, 0, 10)
  entry(ids.jan, muller, 1850, 9, 40)
  ids.feb = list('2024-02-01')
  entry(ids.feb, carlsen, 2830, 0, 10)
  entry(ids.feb, muller, 1872, 7, 40)
  entry(ids.feb, martin, 1450, 12, 40)
}

/** Picks an option of a Naive UI select by its visible text. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click()
  await page.locator('.n-base-select-option').filter({ hasText: text }).first().click()
}

beforeAll(async () => {
  h = await startHarness(seed)
})
afterAll(async () => {
  await h?.close()
})

describe('the archive in the browser', () => {
  it('chooses a past list by date and opens it', async () => {
    await h.page.goto(h.url + '#/archive')
    await pick(h.page, 'archive-list-pick', '2024-01-01')
    await h.page.getByTestId('archive-list-open').click()
    await expect.poll(async () => (await h.page.getByTestId('page-title').innerText()).trim()).toContain('2024-01-01')
    await expect.poll(async () => await h.page.getByTestId('list-entries').innerText()).toContain('Carlsen, Magnus')
  })

  it('compares it with the next list: counts by kind, then the new players', async () => {
    await h.page.goto(h.url + '#/archive')
    await pick(h.page, 'archive-list-pick', '2024-02-01')
    await h.page.getByTestId('archive-list-compare').click()
    await pick(h.page, 'compare-from', '2024-01-01')
    await expect.poll(async () => await h.page.getByTestId('compare-kinds').innerText(), { timeout: 20000 }).toContain('Up (1)')
    expect(await h.page.getByTestId('compare-kinds').innerText()).toContain('New (1)')
    await expect.poll(async () => await h.page.getByTestId('compare-rows').innerText()).toContain('Müller, Anna')
    expect(await h.page.getByTestId('compare-rows').innerText()).toContain('+22')
    await h.page.getByTestId('compare-kind-new').click()
    await expect.poll(async () => await h.page.getByTestId('compare-rows').innerText()).toContain('Martin, Léa')
    await h.page.screenshot({ path: join(artifacts, 'archive-compare.png'), fullPage: true })
  })

  it('opens a player from the comparison: his history as a chart and a table', async () => {
    await h.page.getByTestId('compare-rows').getByRole('link', { name: 'Martin, Léa' }).click()
    await expect.poll(async () => (await h.page.getByTestId('archive-player-name').innerText()).trim()).toContain('Martin, Léa')
    await expect.poll(async () => await h.page.getByTestId('archive-history').innerText()).toContain('1,450')
    expect(await h.page.locator('canvas').count()).toBeGreaterThan(0)
  })

  it('downloads the list as PDF and as CSV', async () => {
    await h.page.goto(`${h.url}#/lists/${ids.feb}`)
    await expect.poll(async () => await h.page.getByTestId('list-entries').innerText()).toContain('Carlsen, Magnus')
    // the top list on screen: women only
    await pick(h.page, 'top-category', 'Women')
    await expect.poll(async () => await h.page.getByTestId('top-rows').innerText()).not.toContain('Carlsen')
    expect(await h.page.getByTestId('top-rows').innerText()).toMatch(/Müller, Anna[\s\S]*Martin, Léa/)
    const pdfDownload = h.page.waitForEvent('download')
    await h.page.getByTestId('export-run').click()
    const pdf = await pdfDownload
    expect(pdf.suggestedFilename()).toBe('FIDE-standard-2024-02-01-v1.pdf')
    const pdfPath = join(artifacts, 'archive-list.pdf')
    await pdf.saveAs(pdfPath)
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-')

    await pick(h.page, 'export-format', 'CSV')
    const csvDownload = h.page.waitForEvent('download')
    await h.page.getByTestId('export-run').click()
    const csv = await csvDownload
    expect(csv.suggestedFilename()).toBe('FIDE-standard-2024-02-01-v1.csv')
    const csvPath = join(artifacts, 'archive-list.csv')
    await csv.saveAs(csvPath)
    const text = readFileSync(csvPath, 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    expect(text.slice(1).split('\r\n').slice(0, 4)).toEqual([
      'Rank,FIDE ID,Name,Title,Fed,Sex,Born,Rating,Games,K,Flag',
      '1,1503014,"Carlsen, Magnus",GM,NOR,M,1990,2830,0,10,',
      '2,4600010,"Müller, Anna",WFM,GER,F,2001,1872,7,40,',
      '3,651002,"Martin, Léa",,FRA,F,2010,1450,12,40,'
    ])
  })
})
