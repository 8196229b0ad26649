// The registry in a real browser: a FIDE XML list imported from the Players screen runs as a worker job with
// progress, the players table fills, search ignores accents and case, and a player's page shows his ratings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startHarness, artifacts, importListFromPlayers, type Harness } from './harness'
import { fixture } from '../helpers/fixtures'

const list = fixture('ratinglists', 'sanichi_icu_ratings_app__spec__files__players_list.xml')

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('the player registry in the browser', () => {
  it('imports a FIDE list from the Players screen as a background job', async () => {
    await importListFromPlayers(h.page, h.url, list, '2025-11-01', 'Mamedyarov')
    await h.page.screenshot({ path: join(artifacts, 'players-table.png'), fullPage: false })
  })

  it('searches without caring for case or accents, and opens the player page with his ratings', async () => {
    await h.page.getByTestId('players-search').locator('input').fill('MAMEDYAROV')
    await expect.poll(async () => await h.page.getByTestId('player-link').count(), { timeout: 20000 }).toBe(1)
    await h.page.getByTestId('player-link').first().click()
    await expect.poll(async () => (await h.page.getByTestId('page-title').innerText()).trim()).toMatch(/Mamedyarov/)
    const ratings = await h.page.getByTestId('player-ratings').innerText()
    expect(ratings).toMatch(/\b2\d{3}\b/)
    await h.page.screenshot({ path: join(artifacts, 'player-page.png'), fullPage: true })
  })

  it('counts the players on the home screen', async () => {
    await h.page.getByTestId('nav-home').click()
    await expect.poll(async () => Number((await h.page.getByTestId('home-players-count').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(10)
  })
})
