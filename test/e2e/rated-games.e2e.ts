// Issue 35, item 8 in a real browser: a real Krause file whose players the registry does not know (the Bunratty Masters
// 2011) shows, in its review, the error that it would rate no game with the figures (100 games held, 0 rated, all with
// a player the registry does not know); approved over it, the draft of the list marks it as rating no game, in English
// and in French.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startHarness, artifacts, type Harness } from './harness'
import { importFideList } from '../../src/main/core/registry/import'
import { importReports } from '../../src/main/core/services/tournaments'
import { approveTournament } from '../../src/main/core/services/checks'
import { generateDraft } from '../../src/main/core/services/list-generation'
import { writeCombinedList } from '../helpers/synthetic-list'
import { REAL_DIR } from '../helpers/fixtures'
import { tempDir } from '../helpers/temp-db'

const FILE = 'sanichi_icu_ratings_app__spec__files__bunratty_masters_2011.tab'
const tmp = tempDir('rating-office-e2e-rated-')
const shots = process.env.SHOTS_DIR ?? artifacts
let h: Harness
let listId = 0

beforeAll(async () => {
  h = await startHarness((db) => {
    const list = writeCombinedList(join(tmp.dir, 'players_list.txt'), [{ id: 2500001, name: 'Other, Oscar', fed: 'IRL', sex: 'M', standard: { rating: 2100, games: 0, k: 15 }, birthYear: 1970 }])
    importFideList(db, { file: list, listDate: '2011-01-01' })
    const [r] = importReports(db, { files: [{ fileName: FILE, base64: readFileSync(REAL_DIR + FILE).toString('base64') }] })
    const id = (r as { tournamentId: number }).tournamentId
    approveTournament(db, id, 'rated by the national federation only', true, 'e2e')
    listId = generateDraft(db, { listDate: '2011-05-01', ratingType: 'standard' }).listId
  })
})
afterAll(async () => {
  await h?.close()
  tmp.cleanup()
})

describe('a tournament that rates no game', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`is an error in its review and marked in the draft (${lang})`, async () => {
      await h.page.goto(h.url + '#/checks')
      await h.page.getByTestId('locale-switch').selectOption(lang)
      await h.page.getByTestId('dashboard-row-1').waitFor({ timeout: 30000 })
      await h.page.getByText(lang === 'en' ? 'Tournament' : 'Tournoi', { exact: true }).first().waitFor({ timeout: 10000 })
      await h.page.screenshot({ path: join(shots, `dashboard-${lang}.png`), fullPage: true })
      await h.page.getByTestId('dashboard-open-1').click()
      await h.page.getByTestId('review-panel').waitFor({ timeout: 30000 })
      const rule = h.page.getByTestId('rule-check.games.noneRated')
      await rule.getByText(lang === 'en' ? 'No game would be rated' : 'Aucune partie ne serait comptabilisée').click()
      await expect
        .poll(async () => await rule.innerText(), { timeout: 10000 })
        .toContain(lang === 'en' ? '100 games held, 0 rated' : '100 parties appariées, 0 comptabilisée')
      await rule.scrollIntoViewIfNeeded()
      await h.page.screenshot({ path: join(shots, `review-${lang}.png`), fullPage: true })

      await h.page.goto(h.url + `#/lists/${listId}/preview`)
      const state = h.page.getByTestId('tournament-state-1')
      await state.waitFor({ timeout: 20000 })
      expect(await h.page.getByTestId('tournament-rates-1').innerText()).toBe(lang === 'en' ? 'rates no game' : 'aucune partie comptabilisée')
      expect(await h.page.getByTestId('tournament-games-1').innerText()).toBe(lang === 'en' ? '0 of 100' : '0 sur 100')
      expect(await h.page.getByTestId('preview-rating-little').innerText()).toContain(lang === 'en' ? '100 games held, 0 rated' : '100 parties appariées, 0 comptabilisée')
      await h.page.screenshot({ path: join(shots, `preview-${lang}.png`), fullPage: true })
    })
  }
})
