// Restore from the Settings screen in browser mode: back up now, change the settings, put the backup back after a
// confirmation; the window reloads on the restored database and the copy taken before the restore is listed among
// the backups. Then an office with archived lists (FIDE's lists of January and February 2024, the office's own of
// March): the closed year 2024 sealed into its archive file from the Settings screen with the keyboard alone (the
// archive answers as before), backed up, a later FIDE list imported, the backup restored; the archive answers as it
// did before and the sealed period is still there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, importListFromPlayers, openIn, startHarness, transitionsOver, type Harness } from './harness'
import { seedArchive, type ArchiveIds } from './archive-seed'
import { fixture } from '../helpers/fixtures'

let h: Harness
let ids: ArchiveIds

beforeAll(async () => {
  h = await startHarness((db) => {
    ids = seedArchive(db)
    // a second record of Anna Müller, made later from a report without her FIDE ID (her name typed without the umlaut)
    db.prepare("INSERT INTO players (surname, given_names, name_folded, federation, sex, birth_date, title) VALUES ('Muller', 'Anna', 'muller anna', 'GER', 'F', '2001', 'WFM')").run()
  })
})
afterAll(async () => {
  await h?.close()
})

async function saveOfficer(name: string): Promise<void> {
  await h.page.getByTestId('settings-officer').locator('input').fill(name)
  await h.page.getByTestId('settings-save').click()
  await expect.poll(async () => await h.page.getByTestId('settings-save').isDisabled()).toBe(true)
}

/** The backups' file names the Settings screen lists. */
async function backupNames(): Promise<string[]> {
  return await h.page.getByTestId('settings-backups-list').locator('code').allInnerTexts()
}

/** What the archive answers about the seeded lists: the lists it offers, Müller's history and rated tournaments (under `record`), February's list. */
async function archiveLookups(record = 'Müller, Anna'): Promise<Record<'lists' | 'history' | 'tournaments' | 'february', string>> {
  await h.page.goto(h.url + '#/archive')
  await h.page.getByTestId('archive-list-pick').click()
  await h.page.locator('.n-base-select-option').first().waitFor()
  const lists = (await h.page.locator('.n-base-select-option').allInnerTexts()).join(' | ')
  await h.page.keyboard.press('Escape')
  await h.page.getByTestId('archive-search').locator('input').fill('muller')
  await h.page.getByTestId('archive-results').getByRole('link', { name: record, exact: true }).click()
  await expect.poll(async () => await h.page.getByTestId('archive-tournaments').innerText(), { timeout: 20_000 }).toContain('Bundesliga Open')
  const history = await h.page.getByTestId('archive-history').innerText()
  const tournaments = await h.page.getByTestId('archive-tournaments').innerText()
  await h.page.goto(`${h.url}#/lists/${ids.feb}`)
  await expect.poll(async () => await h.page.getByTestId('list-entries').innerText()).toContain('Carlsen, Magnus')
  return { lists, history, tournaments, february: await h.page.getByTestId('list-entries').innerText() }
}

/** The text of the element that has the keyboard's focus. */
async function focusedText(): Promise<string> {
  return await h.page.evaluate(() => (document.activeElement as { textContent: string | null } | null)?.textContent?.trim() ?? '')
}
declare const document: { activeElement: unknown }

/** What the archive card says, its lines joined. */
async function archiveCard(): Promise<string> {
  return (await h.page.getByTestId('settings-archive').innerText()).replace(/\s+/g, ' ')
}

describe('restore a backup from the Settings screen', () => {
  it('backs up, restores after a confirmation, and the screen shows the restored settings', async () => {
    await h.page.goto(h.url + '#/settings')
    await h.page.getByTestId('settings-backups').waitFor()
    await saveOfficer('Anne Before')
    await h.page.getByTestId('settings-backup-now').click()
    await expect.poll(async () => await h.page.getByTestId('settings-backup-restore').count(), { timeout: 60_000 }).toBe(1)
    await saveOfficer('Bruno After')

    await h.page.getByTestId('settings-backup-restore').click()
    // the confirmation says what will happen; nothing is done before it is accepted
    const dialog = h.page.locator('.n-dialog')
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Restore' }).click()
    await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' '), { timeout: 60_000 }).toContain('before-restore')
    await h.page.screenshot({ path: join(artifacts, 'settings-restored.png'), fullPage: true })

    // the window starts again on the restored database
    await expect.poll(async () => await h.page.getByTestId('settings-officer').locator('input').inputValue(), { timeout: 30_000 }).toBe('Anne Before')
    // the database as it was (with the later officer) is kept among the backups, as the copy before the restore
    await expect.poll(async () => await h.page.getByTestId('settings-backup-restore').count()).toBe(2)
    expect(await h.page.getByTestId('settings-backups-list').innerText()).toContain('before a restore')
  })

  it('seals the closed year 2024 from the Settings screen with the keyboard alone; the archive answers as before', async () => {
    const before = await archiveLookups()
    expect(before.lists).toContain('1 Mar 2024')
    expect(before.history).toMatch(/1850[\s\S]*1872[\s\S]*1890/)
    expect(before.tournaments).toContain('+18.0')

    // French first: the card as a francophone officer reads it
    await openIn(h.page, h.url, '/settings', 'fr')
    await expect.poll(archiveCard, { timeout: 20_000 }).toContain('2024 : 3 listes (1er janv. – 1er mars 2024), 8 lignes')
    expect(await archiveCard()).toContain('Aucune période n’est encore scellée')
    await h.page.getByTestId('settings-archive').scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-fr.png'), fullPage: true })

    await openIn(h.page, h.url, '/settings', 'en')
    await expect.poll(archiveCard, { timeout: 20_000 }).toContain('2024: 3 lists (1 Jan – 1 Mar 2024), 8 entries')
    expect(await archiveCard()).toContain('No period is sealed yet')
    const year = new Date().getUTCFullYear()
    expect(await archiveCard()).toContain(`The lists of ${year} stay in the database until the year ends`)
    await h.page.getByTestId('settings-archive').scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-en.png'), fullPage: true })

    // the keyboard alone: the button reached, the dialog opened with Enter, its own "Seal 2024" chosen with Tab (Cancel has the focus first)
    await h.page.getByTestId('settings-archive-seal').focus()
    await h.page.keyboard.press('Enter')
    const dialog = h.page.locator('.n-dialog')
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('The 3 lists of 2024 (1 Jan – 1 Mar 2024, 8 entries) will be written into an archive file')
    // the dialog's entrance finished before it is photographed
    await transitionsOver(h.page)
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-confirm-en.png') })
    expect(await focusedText()).toBe('Cancel')
    for (let i = 0; i < 6 && (await focusedText()) !== 'Seal 2024'; i++) await h.page.keyboard.press('Tab')
    expect(await focusedText()).toBe('Seal 2024')
    await h.page.keyboard.press('Enter')
    await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' '), { timeout: 60_000 }).toMatch(/Sealed 3 lists into 2024-01-01-to-2024-03-01-[0-9a-f]{16}\.db, its copy checked beside the backups\. The database file went from [\d.]+ MB to [\d.]+ MB\./)
    await expect.poll(archiveCard).toContain('No closed year is waiting to be sealed.')
    const sealed = await h.page.getByTestId('settings-archive-sealed').innerText()
    expect(sealed).toMatch(/1 Jan – 1 Mar 2024\s+2024-01-01-to-2024-03-01-[0-9a-f]{16}\.db\s+3\s+8\s+\d+ kB\s+\d/)
    // the focus is not lost on the page: the card holds it, the year's button gone
    await expect.poll(async () => await h.page.evaluate(() => (document.activeElement as { getAttribute(n: string): string | null } | null)?.getAttribute('data-testid')), { timeout: 15_000 }).toBe('settings-archive')
    await h.page.getByTestId('settings-archive').scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-sealed-en.png'), fullPage: true })
    await openIn(h.page, h.url, '/settings', 'fr')
    await expect.poll(archiveCard, { timeout: 20_000 }).toContain('Aucune année terminée n’attend d’être scellée.')
    await h.page.getByTestId('settings-archive').scrollIntoViewIfNeeded()
    await h.page.screenshot({ path: join(artifacts, 'settings-archive-sealed-fr.png'), fullPage: true })
    await openIn(h.page, h.url, '/settings', 'en')

    // the lists now read from the sealed file: the archive answers exactly as before
    expect(await archiveLookups()).toEqual(before)
  })

  it('restores an office with sealed lists: the archive answers as before, the later list gone, the period still sealed', async () => {
    const before = await archiveLookups()
    expect(before.lists).toContain('1 Mar 2024')
    expect(before.history).toMatch(/1850[\s\S]*1872[\s\S]*1890/)
    expect(before.tournaments).toContain('+18.0')

    await h.page.goto(h.url + '#/settings')
    await h.page.getByTestId('settings-backups-list').waitFor()
    const known = await backupNames()
    await h.page.getByTestId('settings-backup-now').click()
    await expect.poll(async () => (await backupNames()).length, { timeout: 60_000 }).toBe(known.length + 1)
    const ours = (await backupNames()).find((name) => !known.includes(name))!
    expect(ours).toMatch(/-manual\.db$/)

    // after the backup, FIDE's list of April 2024 imported: the archive offers a fourth list
    await importListFromPlayers(h.page, h.url, fixture('ratinglists', 'sanichi_icu_ratings_app__spec__files__players_list.xml'), '2024-04-01', 'Mamedyarov')
    const changed = await archiveLookups()
    expect(changed.lists).toContain('1 Apr 2024')

    await h.page.goto(h.url + '#/settings')
    await h.page.getByTestId('settings-backups-list').waitFor()
    await h.page.getByTestId('settings-backups-list').locator('.n-list-item').filter({ hasText: ours }).getByTestId('settings-backup-restore').click()
    await h.page.locator('.n-dialog').getByRole('button', { name: 'Restore' }).click()
    // the window starts again on the restored database; the office as it was before the restore is kept as a copy
    await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' '), { timeout: 60_000 }).toContain('before-restore')
    await expect.poll(async () => (await backupNames()).some((name) => name.endsWith('-before-restore.db') && !known.includes(name)), { timeout: 30_000 }).toBe(true)
    const after = await archiveLookups()
    expect(after).toEqual(before)
    expect(after.lists).not.toContain('1 Apr 2024')
    await h.page.screenshot({ path: join(artifacts, 'restore-archive.png'), fullPage: true })
    // the restored office still records its sealed period, its file in place
    await h.page.goto(h.url + '#/settings')
    await expect.poll(async () => await h.page.getByTestId('settings-archive-sealed').innerText(), { timeout: 20_000 }).toMatch(/1 Jan – 1 Mar 2024\s+2024-01-01-to-2024-03-01-[0-9a-f]{16}\.db\s+3\s+8/)
  })

  it('merges across the sealed period after the officer’s word, with the keyboard alone; the archive answers under the kept record', async () => {
    const before = await archiveLookups()
    await h.page.goto(h.url + '#/settings')
    const sealedBefore = await h.page.getByTestId('settings-archive-sealed').innerText()
    const fileBefore = /2024-01-01-to-2024-03-01-[0-9a-f]{16}\.db/.exec(sealedBefore)![0]

    await h.page.goto(h.url + '#/players/duplicates')
    await h.page.getByTestId('dup-scan').click()
    const card = h.page.getByTestId('dup-card').filter({ hasText: 'Müller, Anna' }).filter({ hasText: 'Muller, Anna' })
    await card.waitFor({ timeout: 30_000 })
    // the record kept is the later one (right): Anna Müller's entries on the sealed lists of 2024 move to it
    const keepRight = card.getByTestId('dup-keep-b')
    const confirmation = async (lang: 'en' | 'fr', shot: boolean): Promise<string> => {
      await keepRight.focus()
      await h.page.keyboard.press('Enter')
      await h.page.getByTestId('reason-input').locator('input').waitFor()
      await h.page.keyboard.type('one person, two records')
      for (let i = 0; i < 6 && (await focusedText()) !== (lang === 'en' ? 'Confirm' : 'Confirmer'); i++) await h.page.keyboard.press('Tab')
      await h.page.keyboard.press('Enter')
      const dialog = h.page.locator('.n-dialog').filter({ hasText: lang === 'en' ? 'Merge across a sealed period' : 'Fusion touchant une période scellée' })
      await dialog.waitFor()
      // every dialog's transition over (the reason's leaving, this one's entrance) before it is photographed
      await transitionsOver(h.page)
      if (shot) await h.page.screenshot({ path: join(artifacts, `merge-sealed-confirm-${lang}.png`) })
      return await dialog.innerText()
    }
    // in French first, then cancelled: nothing changes
    await openIn(h.page, h.url, '/players/duplicates', 'fr')
    await card.waitFor({ timeout: 30_000 })
    const fr = await confirmation('fr', true)
    expect(fr).toContain(`Müller, Anna et Muller, Anna ne sont pas encore fusionnés : Müller, Anna figure dans la liste du 1er janvier 2024, dont la période est scellée dans le fichier d’archive ${fileBefore}`)
    // the pair's score in words, never the core's codes
    expect(await card.innerText()).toContain('naissance même année · fédération même · sexe même')
    expect(fr).toContain('Réécrire le fichier et fusionner')
    await h.page.keyboard.press('Escape')
    await openIn(h.page, h.url, '/players/duplicates', 'en')
    await card.waitFor({ timeout: 30_000 })
    const en = await confirmation('en', true)
    expect(en).toContain(`Müller, Anna and Muller, Anna were not merged yet: Müller, Anna is on the list of 1 January 2024, whose period is sealed in the archive file ${fileBefore}. The merge writes that file anew`)
    expect(await card.innerText()).toContain('birth same year · federation same · sex same')
    expect(await focusedText()).toBe('Cancel')
    for (let i = 0; i < 6 && (await focusedText()) !== 'Write the file anew and merge'; i++) await h.page.keyboard.press('Tab')
    await h.page.keyboard.press('Enter')
    await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' '), { timeout: 60_000 }).toContain('Merged.')
    await expect.poll(async () => await h.page.locator('.n-dialog').count()).toBe(0)
    // the focus back where the officer was, not lost on the page
    expect(await h.page.evaluate(() => (document.activeElement as { tagName?: string } | null)?.tagName)).not.toBe('BODY')
    await h.page.screenshot({ path: join(artifacts, 'merge-sealed-done-en.png'), fullPage: true })

    // the period's file written anew under a new name; the office's check finds nothing wrong
    await h.page.goto(h.url + '#/settings')
    await expect.poll(async () => await h.page.getByTestId('settings-archive-sealed').innerText(), { timeout: 20_000 }).toMatch(/1 Jan – 1 Mar 2024\s+2024-01-01-to-2024-03-01-[0-9a-f]{16}\.db\s+3\s+8/)
    expect(await h.page.getByTestId('settings-archive-sealed').innerText()).not.toContain(fileBefore)
    // the archive: the same lists, the same history and tournaments, now under the kept record
    const after = await archiveLookups('Muller, Anna')
    expect(after.lists).toBe(before.lists)
    expect(after.february).toBe(before.february.replace('Müller, Anna', 'Muller, Anna'))
    expect(after.history).toBe(before.history)
    // her rated tournaments too: the sheets stay under the record they were computed for, the archive reads them with the kept one
    expect(after.tournaments).toBe(before.tournaments)
  })

  it('undoes that merge from the kept player’s page after the officer’s word; the archive answers under Müller again', async () => {
    const before = await archiveLookups('Muller, Anna')
    // the kept record's number, from the archive's link to it
    await h.page.goto(h.url + '#/archive')
    await h.page.getByTestId('archive-search').locator('input').fill('muller')
    const link = h.page.getByTestId('archive-results').getByRole('link', { name: 'Muller, Anna', exact: true })
    const keptId = /player=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]
    expect(keptId).toMatch(/^\d+$/)
    const undoOnce = async (lang: 'en' | 'fr'): Promise<string> => {
      await openIn(h.page, h.url, `/players/${keptId}`, lang)
      const line = h.page.getByTestId('player-merges')
      await expect.poll(async () => await line.innerText(), { timeout: 20_000 }).toContain(lang === 'en' ? 'Müller, Anna merged into Muller, Anna — one person, two records' : 'Müller, Anna fusionné dans Muller, Anna — one person, two records')
      await h.page.getByTestId('merge-undo').focus()
      await h.page.keyboard.press('Enter')
      await h.page.locator('.n-dialog input').waitFor()
      await h.page.keyboard.type('two people after all')
      // (in French the dialog's Cancel is "Annuler": its own button says what it undoes)
      for (let i = 0; i < 6 && (await focusedText()) !== (lang === 'en' ? 'Undo' : 'Annuler la fusion'); i++) await h.page.keyboard.press('Tab')
      await h.page.keyboard.press('Enter')
      const dialog = h.page.locator('.n-dialog').filter({ hasText: lang === 'en' ? 'Undo a merge across a sealed period' : 'Annulation d’une fusion touchant une période scellée' })
      await dialog.waitFor()
      await transitionsOver(h.page)
      await h.page.screenshot({ path: join(artifacts, `merge-sealed-undo-${lang}.png`) })
      return await dialog.innerText()
    }
    const fr = await undoOnce('fr')
    expect(fr).toContain('La fusion de Müller, Anna dans Muller, Anna n’est pas encore annulée : la liste du 1er janvier 2024, dont elle a déplacé des entrées, est scellée dans le fichier d’archive 2024-01-01-to-2024-03-01-')
    await h.page.keyboard.press('Escape')
    const en = await undoOnce('en')
    expect(en).toContain('The merge of Müller, Anna into Muller, Anna was not undone yet: the list of 1 January 2024, whose entries it moved, is sealed in the archive file 2024-01-01-to-2024-03-01-')
    expect(await focusedText()).toBe('Cancel')
    for (let i = 0; i < 6 && (await focusedText()) !== 'Write the file anew and undo'; i++) await h.page.keyboard.press('Tab')
    await h.page.keyboard.press('Enter')
    await expect.poll(async () => await h.page.getByTestId('player-merges').innerText(), { timeout: 60_000 }).toMatch(/\(undone /)
    await expect.poll(async () => await h.page.locator('.n-dialog').count()).toBe(0)
    await h.page.screenshot({ path: join(artifacts, 'merge-sealed-undone-en.png'), fullPage: true })
    // the entries back under Müller: the archive answers as before the merge
    const after = await archiveLookups()
    expect(after.history).toBe(before.history)
    expect(after.tournaments).toBe(before.tournaments)
    expect(after.february).toBe(before.february.replace('Muller, Anna', 'Müller, Anna'))
  })
  it('says what a backup read again: only what changed since the last verified backup, in English and in French', async () => {
    // a backup checked against the one before it (db/verified-pages.ts): the message says how much was read again
    const backUp = async (said: RegExp, shot: string, keyboard: boolean) => {
      await h.page.getByTestId('settings-backups-list').waitFor()
      if (keyboard) {
        // with the keyboard alone: the button reached by Tab, pressed with Enter
        const button = h.page.getByTestId('settings-backup-now')
        for (let i = 0; i < 40 && !(await button.evaluate((b) => b === (b.ownerDocument as { activeElement: unknown }).activeElement)); i++) await h.page.keyboard.press('Tab')
        await h.page.keyboard.press('Enter')
      } else await h.page.getByTestId('settings-backup-now').click()
      // French puts a narrow no-break space before a colon: spaces compared as spaces
      await expect.poll(async () => (await h.page.locator('.n-message').allInnerTexts()).join(' ').replace(/\s+/g, ' '), { timeout: 30_000 }).toMatch(said)
      await transitionsOver(h.page)
      await h.page.screenshot({ path: join(artifacts, shot) })
    }
    await openIn(h.page, h.url, '/settings', 'en')
    await backUp(/Backup made and verified\. Read again: only what changed since the last verified backup \([\d,]+ of [\d,]+ pages\)\./, 'settings-backup-verified-en.png', false)
    await openIn(h.page, h.url, '/settings', 'fr')
    await backUp(/Sauvegarde faite et vérifiée\. Relu : seulement ce qui a changé depuis la dernière sauvegarde vérifiée \([\d\s]+ sur [\d\s]+ pages\)\./, 'settings-backup-verified-fr.png', true)
    await openIn(h.page, h.url, '/settings', 'en')
  })
})
