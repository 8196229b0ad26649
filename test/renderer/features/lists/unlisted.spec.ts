// Why a player has no line, worded by the renderer from the sheet's reason and figures: every reason the contract knows
// has its sentence in English and French, with the figures in it, and what happens to his games next.
import { beforeAll, describe, expect, it } from 'vitest'
import { stubBrowser } from '../../setup-browser'
import type * as I18nModule from '../../../../src/renderer/src/i18n'
import type * as UnlistedModule from '../../../../src/renderer/src/features/lists/unlisted'
import { unlistedReason as reasons, type SheetUnlisted } from '../../../../src/shared/contract/office-lists'

let i18n: typeof I18nModule
let words: typeof UnlistedModule

beforeAll(async () => {
  stubBrowser()
  i18n = await import('../../../../src/renderer/src/i18n')
  // the features' messages are loaded before the app mounts (main.ts), not with the module
  await i18n.loadMessages()
  words = await import('../../../../src/renderer/src/features/lists/unlisted')
})

const u = (over: Partial<SheetUnlisted>): SheetUnlisted => ({ reason: 'too-few-games', games: 3, minGames: 5, ru: 1740, floor: 1400, carried: 1, windowUntil: '2027-12-10', text: '', ...over })

describe('the reason a player has no line, in the UI’s languages', () => {
  it('words every reason of the contract in both languages, never the bare key', () => {
    const { t } = i18n.i18n.global
    for (const locale of ['en', 'fr'] as const) {
      i18n.i18n.global.locale.value = locale
      for (const reason of reasons.options) {
        const text = words.unlistedReason(t, u({ reason }))
        expect(text, `${locale} ${reason}`).not.toContain('officeLists.')
        expect(text.length).toBeGreaterThan(10)
      }
    }
  })

  it('puts the figures in: games and minimum, Ru and floor; and the date until which his games wait', () => {
    const { t } = i18n.i18n.global
    i18n.i18n.global.locale.value = 'en'
    expect(words.unlistedReason(t, u({}))).toBe('3 games towards a first rating, fewer than the 5 required')
    expect(words.unlistedReason(t, u({ reason: 'below-floor', games: 5, ru: 1284 }))).toBe('first rating 1284, below the floor 1400')
    expect(words.unlistedReason(t, u({ reason: 'no-fide-id', games: 7, ru: 1560 }))).toBe('first rating 1560 over 7 games, not published on FIDE’s list: no FIDE ID (the federation’s own list publishes it)')
    expect(words.unlistedNext(t, u({}))).toBe('His games stay in the window (1 event); the earliest counts for the lists dated before 10 Dec 2027.')
    expect(words.unlistedNext(t, u({ reason: 'no-counted-event', carried: 0, windowUntil: null }))).toBe('No games carried to the next list.')
    i18n.i18n.global.locale.value = 'fr'
    expect(words.unlistedReason(t, u({ reason: 'below-floor', games: 5, ru: 1284 }))).toBe('premier classement 1284, sous le plancher 1400')
    expect(words.unlistedNext(t, u({}))).toBe('Ses parties restent dans la fenêtre (1 tournoi)\u00a0; il compte pour les listes datées d’avant le 10 déc. 2027.')
    i18n.i18n.global.locale.value = 'en'
  })
})
