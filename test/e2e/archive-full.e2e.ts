// An office that has filled its nine archive slots (a year a file, 2015 to 2023) seals 2024 from the Settings screen:
// the card says beforehand that the five oldest periods are merged into one file first, the confirmation says it
// again, and after the seal the card lists six files, the first one the merged 2015–2019; the archive reads every list
// as before. In English and in French, with the keyboard alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, openIn, startHarness, transitionsOver, type Harness } from './harness'
import { sealPeriod } from '../../src/main/core/data/archive-periods'
import { storeListCounts } from '../../src/main/core/data/list-pages'
import { backupFolder } from '../../src/main/core/db/backup'
import { readSettings } from '../../src/main/core/data/settings'

let h: Harness

beforeAll(async () => {
  h = await startHarness((db) => {
    const players = ['Dupont', 'Martin', 'Bernard', 'Petit'].map((surname, i) =>
      Number(db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation) VALUES (?, ?, 'Anne', ?, 'FRA')").run(651100 + i, surname, `${surname.toLowerCase()} anne`).lastInsertRowid)
    )
    for (let y = 2015; y <= 2024; y++) {
      for (const month of ['03', '09']) {
        const id = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(`${y}-${month}-01`).lastInsertRowid)
        players.forEach((p, i) => db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, 20)').run(id, p, 1500 + (y - 2015) * 10 + i * 50, i))
        storeListCounts(db, id)
      }
    }
    const backups = backupFolder(db.name, readSettings(db).backupDir)
    for (let y = 2015; y <= 2023; y++) sealPeriod(db, db.name, backups, { firstYear: y, lastYear: y }, `${y + 1}-02-01`)
  })
})
afterAll(async () => {
  await h?.close()
})

const card = async (): Promise<string> => (await h.page.getByTestId('settings-archive').innerText()).replace(/\s+/g, ' ')
const focusedText = (): Promise<string> => h.page.evaluate(() => document.activeElement?.innerText?.trim() ?? '')
declare const document: { activeElement: { innerText?: string } | null }

/** The ratings of Anne Martin on every list, as the archive shows them. */
async function history(): Promise<string> {
  await h.page.goto(h.url + '#/archive')
  await h.page.getByTestId('archive-search').locator('input').fill('martin')
  await h.page.getByTestId('archive-results').getByRole('link', { name: 'Martin, Anne', exact: true }).click()
  await expect.poll(async () => await h.page.getByTestId('archive-history').innerText(), { timeout: 20_000 }).toContain('1560')
  return await h.page.getByTestId('archive-history').innerText()
}

describe('an office with every archive slot taken', () => {
  it('says the oldest periods are merged first, seals 2024 with the keyboard alone, and reads every list as before', async () => {
    const before = await history()
    await openIn(h.page, h.url, '/settings', 'fr')
    await expect.poll(card, { timeout: 20_000 }).toContain('Les 9 emplacements d’archive sont pris (SQLite ouvre au plus dix fichiers à la fois) : le scellement réunit d’abord les périodes')
    expect(await h.page.getByTestId('settings-archive-merge-first').innerText()).toMatch(/périodes 1er mars 2015 – 1er sept\. 2019 \(5 fichiers\)/)
    await h.page.getByTestId('settings-archive-merge-first').scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-full-fr.png'), fullPage: true })

    await openIn(h.page, h.url, '/settings', 'en')
    await expect.poll(card, { timeout: 20_000 }).toContain('All 9 archive slots are taken (SQLite opens at most ten files at once): the seal first merges the periods 1 Mar 2015 – 1 Sept 2019 (5 files) into one file')
    await h.page.getByTestId('settings-archive-merge-first').scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-full-en.png'), fullPage: true })

    await h.page.getByTestId('settings-archive-seal').focus()
    await h.page.keyboard.press('Enter')
    const dialog = h.page.locator('.n-dialog')
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('the seal first merges the periods 1 Mar 2015 – 1 Sept 2019 (5 files) into one file')
    await transitionsOver(h.page)
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-full-confirm-en.png') })
    for (let i = 0; i < 6 && (await focusedText()) !== 'Seal 2024'; i++) await h.page.keyboard.press('Tab')
    expect(await focusedText()).toBe('Seal 2024')
    await h.page.keyboard.press('Enter')
    await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' '), { timeout: 60_000 }).toMatch(/The periods 1 Mar 2015 – 1 Sept 2019 \(5 files\) were first merged into 2015-03-01-to-2019-09-01-[0-9a-f]{16}\.db\./)
    await expect.poll(card).toContain('No closed year is waiting to be sealed.')
    const sealed = await h.page.getByTestId('settings-archive-sealed').innerText()
    expect(sealed.match(/\.db/g)).toHaveLength(6)
    expect(sealed).toMatch(/1 Mar 2015 – 1 Sept 2019\s+2015-03-01-to-2019-09-01-[0-9a-f]{16}\.db\s+10\s+40/)
    expect(await card()).not.toContain('slots are taken')
    await expect.poll(async () => await h.page.locator('.n-dialog').count()).toBe(0)
    await h.page.getByTestId('settings-archive').scrollIntoViewIfNeeded()
    await transitionsOver(h.page)
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-full-sealed-en.png'), fullPage: true })
    expect(await history()).toBe(before)
  })
})
