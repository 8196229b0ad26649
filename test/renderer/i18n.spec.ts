// The interface languages: English and French carry the same keys, and the error catalogue reads as plain text.
import { beforeAll, describe, expect, it } from 'vitest'
import { stubBrowser } from './setup-browser'
import type * as I18nModule from '../../src/renderer/src/i18n'

type Tree = { [k: string]: string | Tree }
let mod: typeof I18nModule

beforeAll(async () => {
  stubBrowser()
  mod = await import('../../src/renderer/src/i18n')
  await mod.loadMessages()
})

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)))
}

describe('renderer i18n', () => {
  it('has every English key in French and no French key missing in English', async () => {
    const { en, fr } = await mod.buildMessages()
    const enKeys = keys(en).sort()
    const frKeys = keys(fr).sort()
    expect(frKeys.filter((k) => !enKeys.includes(k))).toEqual([])
    expect(enKeys.filter((k) => !frKeys.includes(k))).toEqual([])
    // the shell's own sections are all there
    for (const k of ['nav.players', 'nav.rules', 'home.title', 'lists.title', 'archive.title', 'checks.title', 'settings.title', 'jobs.cancel']) {
      expect(enKeys).toContain(k)
    }
  })

  it('names the navigation in French', async () => {
    const { fr } = await mod.buildMessages()
    expect((fr.nav as Tree).players).toBe('Joueurs')
    expect((fr.nav as Tree).tournaments).toBe('Tournois')
  })

  it('nests the shared error catalogue under errors.* and translates with parameters', () => {
    const { t } = mod.i18n.global
    mod.i18n.global.locale.value = 'fr'
    expect(t('errors.lists.notFound', { listId: 12 })).toBe('Il n’existe pas de liste de classement 12.')
    mod.i18n.global.locale.value = 'en'
    expect(t('errors.contract.unknownCall', { name: 'x:y' })).toBe('Unknown call “x:y”.')
    expect(t('errors.network', { reason: 'ECONNREFUSED' })).toBe('Cannot reach the Rating Office server: ECONNREFUSED')
  })

  it('keeps @ and | of catalogue texts as plain characters', async () => {
    const tree = (await import('../../src/renderer/src/i18n-errors')).errorMessages('en')
    expect(JSON.stringify(tree)).not.toMatch(/(?<!\{')[@|](?!'\})/)
  })

  it('remembers the chosen language for the next first paint', () => {
    mod.setUiLocale('fr')
    expect(localStorage.getItem(mod.LOCALE_KEY)).toBe('fr')
    expect(mod.initialLocale()).toBe('fr')
    mod.setUiLocale('en')
  })
})
