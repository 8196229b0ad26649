// The rating preview in a real browser: a four-player Swiss imported through the API, its tournament page's
// "Rating preview" tab shows each player's rating from the list in force, K and change, and why a game does not count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startHarness, artifacts, type Harness } from './harness'
import { SWISS_OF_FOUR_TRF, seedSwissOfFourLists } from '../helpers/swiss-of-four'

let h: Harness
let id = 0
beforeAll(async () => {
  h = await startHarness(seedSwissOfFourLists)
  const res = await fetch(new URL('/api/call/tournaments:import', h.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ files: [{ fileName: 'four.trf', base64: Buffer.from(SWISS_OF_FOUR_TRF).toString('base64') }] })
  })
  const reply = (await res.json()) as { ok: boolean; value: { tournamentId: number }[] }
  expect(reply.ok).toBe(true)
  id = reply.value[0]!.tournamentId
})
afterAll(async () => {
  await h?.close()
})

describe('the rating preview of a tournament', () => {
  it('shows each player’s calculation with the list in force at the start (2010 § 8.1, § 8.54, § 8.56)', async () => {
    await h.page.goto(`${h.url}#/tournaments/${id}`)
    await h.page.locator('.n-tabs-tab', { hasText: 'Rating preview' }).click()
    await expect.poll(async () => await h.page.getByTestId('rating-list').innerText(), { timeout: 20000 }).toBe('the FIDE list of 1 Mar 2011')
    // A: 2210 from the list (not the file's 2200), K 15: (+.08 − .27) × 15 = −2.85
    expect(await h.page.getByTestId('rating-player-1').innerText()).toBe('2210 · list')
    expect(await h.page.getByTestId('rating-change-1').innerText()).toBe('−2.85')
    expect(await h.page.getByTestId('rating-change-2').innerText()).toBe('+7.65')
    expect(await h.page.getByTestId('rating-change-3').innerText()).toBe('−9.60')
    expect(await h.page.getByTestId('rating-player-4').innerText()).toBe('— · unrated')
  })

  it('opens a player’s sheet: the capped game and the forfeit that never counts', async () => {
    const row = h.page.getByTestId('rating-table').locator('tbody tr').first()
    await row.locator('.n-data-table-expand-trigger').click()
    const sheet = h.page.getByTestId('rating-sheet-1')
    await expect.poll(async () => await sheet.isVisible(), { timeout: 10000 }).toBe(true)
    expect(await h.page.getByTestId('game-1-1').innerText()).toContain('difference 410 counted as 400 (FIDE Rating Regulations 2010, § 8.54)')
    expect(await h.page.getByTestId('game-1-3').innerText()).toContain('not played over the board')
    await h.page.screenshot({ path: join(artifacts, 'rating-preview.png'), fullPage: true })
  })
})
