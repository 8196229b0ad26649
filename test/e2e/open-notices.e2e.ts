// The checks on opening seen in the window (issue 13): browser mode opened on a database holding a row that points
// nowhere shows an error banner above every screen, in the interface language, that cannot be dismissed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness((db) => {
    const player = db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation, status) VALUES (1503014, 'Carlsen', 'Magnus', 'carlsen magnus', 'NOR', 'active')").run().lastInsertRowid
    // written as another program would, links unchecked: an entry of a list that does not exist
    db.pragma('foreign_keys = OFF')
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (9999, ?, 2839, 0, 10)').run(player)
  })
})
afterAll(async () => {
  await h?.close()
})

describe('checks on opening, in the window', () => {
  it('shows what was found and what to do, on every screen, and it cannot be closed', async () => {
    await h.page.goto(h.url)
    const banner = h.page.getByTestId('open-notice-error')
    await banner.waitFor()
    const text = await banner.innerText()
    expect(text).toContain('The database needs your attention')
    expect(text).toContain('holds 1 rows that point to rows that no longer exist (rating_list_entries → rating_lists)')
    expect(text).toContain('restore the latest backup')
    expect(await banner.locator('.n-base-close').count()).toBe(0)
    await h.page.getByTestId('nav-players').click()
    await h.page.getByTestId('page-title').waitFor()
    expect(await h.page.getByTestId('open-notice-error').count()).toBe(1)
  })
})
