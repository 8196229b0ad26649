// The archive in a real browser: choose a past list, compare it with another, open a player from the comparison
// (his history, the tournaments the office's lists rated with their change, a calculation sheet), set the
// federation's name and logo, and download the list as PDF (with the logo) and as CSV from the list's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startHarness, artifacts, pick, type Harness } from './harness'
import { seedArchive, type ArchiveIds } from './archive-seed'
import { deflateSync, crc32 } from 'node:zlib'

let h: Harness
let ids: ArchiveIds

/** A real 24 × 12 PNG (blue), written here: the logo the officer uploads. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), 8 + data.length)
    return out
  }
  const [w, h] = [24, 12]
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const raw = Buffer.alloc(h * (1 + 3 * w))
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw[y * (1 + 3 * w) + 3 + 3 * x] = 200
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

beforeAll(async () => {
  h = await startHarness((db) => {
    ids = seedArchive(db)
  })
})
afterAll(async () => {
  await h?.close()
})

describe('the archive in the browser', () => {
  it('chooses a past list by date and opens it', async () => {
    await h.page.goto(h.url + '#/archive')
    await pick(h.page, 'archive-list-pick', '1 Jan 2024')
    await h.page.getByTestId('archive-list-open').click()
    await expect.poll(async () => (await h.page.getByTestId('page-title').innerText()).trim()).toContain('1 Jan 2024')
    await expect.poll(async () => await h.page.getByTestId('list-entries').innerText()).toContain('Carlsen, Magnus')
    // opened from the archive, it stays in the archive: its section in the navigation, its way back
    expect((await h.page.getByTestId('list-back').innerText()).trim()).toBe('← Archive')
    expect((await h.page.locator('.n-menu-item-content--selected').innerText()).trim()).toBe('Archive')
  })

  it('compares it with the next list: counts by kind, then the new players', async () => {
    await h.page.goto(h.url + '#/archive')
    await pick(h.page, 'archive-list-pick', '1 Feb 2024')
    await h.page.getByTestId('archive-list-compare').click()
    expect((await h.page.getByTestId('compare-back').innerText()).trim()).toBe('← Archive')
    await pick(h.page, 'compare-from', '1 Jan 2024')
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
    await expect.poll(async () => await h.page.getByTestId('archive-history').innerText()).toContain('1450')
    expect(await h.page.locator('canvas').count()).toBeGreaterThan(0)
  })

  it("lists the tournaments the office's lists rated for a player, with the change, and opens the sheet", async () => {
    await h.page.goto(h.url + '#/archive')
    await h.page.getByTestId('archive-search').locator('input').fill('muller')
    await h.page.getByTestId('archive-results').getByRole('link', { name: 'Müller, Anna' }).click()
    await expect.poll(async () => await h.page.getByTestId('archive-tournaments').innerText()).toContain('Bundesliga Open')
    const rated = await h.page.getByTestId('archive-tournaments').innerText()
    expect(rated).toContain('1 Mar 2024')
    expect(rated).toContain('1872')
    expect(rated).toContain('+18.0')
    expect(await h.page.getByTestId('archive-history').innerText()).toContain('1890')
    await h.page.getByTestId('archive-open-sheet').first().click()
    await expect.poll(async () => await h.page.locator('.n-drawer').innerText()).toContain('Bundesliga Open')
    await h.page.screenshot({ path: join(artifacts, 'archive-player.png'), fullPage: true })
    await h.page.keyboard.press('Escape')
  })

  it("sets the federation's name and logo for printed lists", async () => {
    await h.page.goto(h.url + '#/settings')
    await h.page.getByTestId('settings-federation-name').locator('input').fill('Deutscher Schachbund')
    await h.page.getByTestId('settings-save').click()
    await expect.poll(async () => await h.page.locator('.n-message').allInnerTexts()).toContain('Saved')
    await h.page.getByTestId('settings-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() })
    await expect.poll(async () => await h.page.getByTestId('settings-logo-preview').count()).toBe(1)
    // a file that is not an image is refused with the reason, the logo kept
    await h.page.getByTestId('settings-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') })
    await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' ')).toContain('PNG or JPEG')
    expect(await h.page.getByTestId('settings-logo-preview').count()).toBe(1)
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
    const pdfBytes = readFileSync(pdfPath)
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-')
    // FIDE's list is FIDE's: the office's logo heads only the office's own lists (issue 35 item 4)
    expect(pdfBytes.includes('/Subtype /Image')).toBe(false)

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
