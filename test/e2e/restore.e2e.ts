// Restore from the Settings screen in browser mode (issue 13): back up now, change the settings, put the backup
// back after a confirmation; the window reloads on the restored database and the copy taken before the restore
// is listed among the backups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, startHarness, type Harness } from './harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h?.close()
})

async function saveOfficer(name: string): Promise<void> {
  await h.page.getByTestId('settings-officer').locator('input').fill(name)
  await h.page.getByTestId('settings-save').click()
  await expect.poll(async () => await h.page.getByTestId('settings-save').isDisabled()).toBe(true)
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
})
