// The import queue's replacement in a real browser (issue 35, item 9): the Gros open is stored with 5 rounds; its
// 4-round report dropped in the queue is held, showing what it changes and "fewer rounds", in English and French; the
// officer keeps the stored tournament once, then replaces it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startHarness, type Harness } from './harness'
import { importReports } from '../../src/main/core/services/tournaments'
import { TRF_DIR } from '../helpers/fixtures'

const shots = process.env.SHOTS_DIR ?? join(process.cwd(), 'test-results', 'e2e')
const FOUR = 'py4swiss_javafo_example.trf'

let h: Harness
beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  h = await startHarness((db) => {
    const file = 'echecsjs_javafo_sample2.trf'
    const [r] = importReports(db, { files: [{ fileName: file, base64: readFileSync(join(TRF_DIR, file)).toString('base64'), receivedDate: '2010-10-04' }] })
    if (!r?.ok) throw new Error('seed import failed')
  })
})
afterAll(async () => {
  await h?.close()
})

async function setLocale(locale: 'en' | 'fr'): Promise<void> {
  await h.page.getByTestId('locale-switch').selectOption(locale)
  // the page's language follows the switch (a browser global: this file is typed for Node)
  await h.page.waitForFunction((l) => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang === l, locale)
}

/** The queue's card at the top of the window: its header, what the import did, then the preview. */
async function shot(item: ReturnType<Harness['page']['getByTestId']>, name: string): Promise<void> {
  await item.evaluate((el: { scrollIntoView(o: { block: string }): void }) => el.scrollIntoView({ block: 'start' }))
  await h.page.screenshot({ path: join(shots, `${name}.png`) })
}

async function dropFour(): Promise<void> {
  await h.page.getByTestId('file-input').setInputFiles([join(TRF_DIR, FOUR)])
  const item = h.page.getByTestId(`queue-${FOUR}`)
  await expect.poll(async () => (await item.getByTestId('queue-state').innerText()).trim(), { timeout: 30000 }).toMatch(/ready|prêt/i)
  await h.page.getByTestId('import-all').click()
  await item.getByTestId('replacement').waitFor({ timeout: 30000 })
}

describe('a replacement in the import queue', () => {
  it('holds the 4-round report with its changes and warning; the officer keeps the stored tournament', async () => {
    await h.page.goto(h.url + '#/tournaments/import')
    await setLocale('en')
    await dropFour()
    const item = h.page.getByTestId(`queue-${FOUR}`)
    expect((await item.getByTestId('queue-state').innerText()).trim()).toBe('replacement to confirm')
    const panel = item.getByTestId('replacement')
    expect(await panel.innerText()).toContain('This file would replace tournament 1 “XX Open Internacional de Gros” — nothing imported yet')
    expect((await item.getByTestId('replacement-changes').innerText()).replace(/\s+/g, ' ')).toContain('Rounds 5 4 Players 52 52 Games 93 93')
    expect(await item.getByTestId('replacement-warnings').innerText()).toBe('fewer rounds: 4 instead of 5')
    await shot(item, 'replacement-held-en')
    await item.getByTestId('replacement-discard').click()
    await item.getByTestId('import-discarded').waitFor()
    expect((await item.getByTestId('queue-state').innerText()).trim()).toBe('replacement discarded')
  })

  it('in French, then replaced on confirmation', async () => {
    await h.page.getByRole('button', { name: /Clear imported files/ }).click()
    await setLocale('fr')
    await dropFour()
    const item = h.page.getByTestId(`queue-${FOUR}`)
    expect(await item.getByTestId('replacement').innerText()).toContain('Ce fichier remplacerait le tournoi 1 «\u00a0XX Open Internacional de Gros\u00a0» — rien n’est encore importé')
    expect(await item.getByTestId('replacement-warnings').innerText()).toBe('moins de rondes : 4 au lieu de 5')
    await shot(item, 'replacement-held-fr')
    await item.getByTestId('replacement-confirm').click()
    await item.getByTestId('import-result').waitFor({ timeout: 30000 })
    expect(await item.getByTestId('import-result').innerText()).toContain('Tournoi 1 remplacé (version 2).')
    await shot(item, 'replacement-done-fr')
  })
})
