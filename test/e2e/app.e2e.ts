// The application frame in a real browser: it loads, shows the database's figures, switches language,
// and every section of the navigation opens; a screenshot of each is kept in test-results/e2e.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startHarness, artifacts, type Harness } from './harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness((db) => {
    const insert = db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation, status) VALUES (?, ?, ?, ?, ?, 'active')")
    const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', '2025-11-01', 'standard', 'FIDE', 'reference')").run().lastInsertRowid
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
    const names = [['Carlsen', 'Magnus', 'NOR', 1503014, 2839], ['Müller', 'Jürgen', 'GER', 4600002, 2104], ['Łukasz', 'Nowak', 'POL', 1100003, 1987]] as const
    for (const [s, g, f, id, r] of names) {
      const p = insert.run(id, s, g, `${s} ${g}`.toLowerCase(), f).lastInsertRowid
      entry.run(list, p, r)
    }
  })
})
afterAll(async () => {
  await h?.close()
})

const sections = ['home', 'players', 'tournaments', 'checks', 'lists', 'archive', 'rules', 'settings'] as const

describe('browser mode', () => {
  it('loads and shows the figures that are in the database', async () => {
    await h.page.goto(h.url)
    await h.page.getByTestId('home-players-count').waitFor()
    expect((await h.page.getByTestId('home-players-count').innerText()).replace(/\D/g, '')).toBe('3')
    expect((await h.page.getByTestId('home-reference-lists').innerText()).replace(/\D/g, '')).toBe('1')
    expect(await h.page.getByTestId('home-empty-state').count()).toBe(0)
  })

  it('reaches every section from the navigation', async () => {
    for (const s of sections) {
      await h.page.getByTestId(`nav-${s}`).click()
      const title = h.page.getByTestId('page-title')
      await title.waitFor()
      await expect.poll(() => new URL(h.page.url()).hash.replace(/^#/, '') || '/').toMatch(s === 'home' ? /^\/$/ : new RegExp(`^/${s}`))
      // a real screen, not the router's fallback
      expect((await title.innerText()).trim()).not.toMatch(/not found/i)
      expect(await h.page.getByTestId('not-found').count()).toBe(0)
      await h.page.screenshot({ path: join(artifacts, `section-${s}.png`), fullPage: true })
    }
  })

  it('switches to French and keeps the choice after a reload', async () => {
    await h.page.goto(h.url)
    await h.page.getByTestId('nav-players').waitFor()
    expect((await h.page.getByTestId('nav-players').innerText()).trim()).toBe('Players')
    const sw = h.page.getByTestId('locale-switch')
    if ((await sw.evaluate((el) => el.tagName)) === 'SELECT') await sw.selectOption('fr')
    else {
      await sw.click()
      const option = h.page.getByText('Français', { exact: true })
      if (await option.count()) await option.last().click()
    }
    await expect.poll(async () => (await h.page.getByTestId('nav-players').innerText()).trim()).toBe('Joueurs')
    await h.page.reload()
    await h.page.getByTestId('nav-players').waitFor()
    expect((await h.page.getByTestId('nav-players').innerText()).trim()).toBe('Joueurs')
    await h.page.screenshot({ path: join(artifacts, 'home-fr.png'), fullPage: true })
  })
})
