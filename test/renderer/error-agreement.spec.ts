// Messages whose words agree with their counts ({count|error|errors}): English takes the singular for 1, French for
// 0 and 1, as the screens' vue-i18n rules do; no "(s)" is left in the catalogue, and the screens' copy of the
// catalogue (vue-i18n) keeps a plain plural instead of the agreement's syntax.
import { describe, expect, it } from 'vitest'
import { errorCatalogue, translateError } from '../../src/shared/errors/index'
import { errorMessages } from '../../src/renderer/src/i18n-errors'

describe('words agreeing with their counts', () => {
  it('reads 0, 1 and 2 in both languages', () => {
    const unplayed = (count: number, locale: 'en' | 'fr') => translateError('check.games.unplayedRoundRobin', { count, paragraph: '§ 1' }, locale)
    expect(errorCatalogue['check.games.unplayedRoundRobin']).toBeDefined()
    expect([0, 1, 2].map((n) => unplayed(n, 'en').split(';')[0])).toEqual(['The round robin has 0 unplayed games', 'The round robin has 1 unplayed game', 'The round robin has 2 unplayed games'])
    expect([0, 1, 2].map((n) => unplayed(n, 'fr').split(' ;')[0])).toEqual(['Le tournoi toutes rondes a 0 partie non jouée', 'Le tournoi toutes rondes a 1 partie non jouée', 'Le tournoi toutes rondes a 2 parties non jouées'])
  })

  it('agrees the verb and the pronoun too', () => {
    const open = (count: number, locale: 'en' | 'fr') => translateError('checks.openErrors', { id: 4, count, codes: { en: 'Arbiter without a licence', fr: 'Arbitre sans licence' } }, locale)
    expect(open(1, 'en')).toBe('Tournament 4 cannot be approved: 1 error still open (Arbiter without a licence). Decide it, or approve with the override of every open error and a reason.')
    expect(open(2, 'fr')).toContain('2 erreurs encore ouvertes (Arbitre sans licence). Décidez-les,')
    expect(open(1, 'fr')).toContain('1 erreur encore ouverte (Arbitre sans licence). Décidez-la,')
  })

  it('leaves no "(s)" in the catalogue, and gives the screens plain text', () => {
    const hedged = Object.entries(errorCatalogue).filter(([, m]) => /\w\((s|e?s|x)\)/.test(m.en) || /\w\((s|e?s|x)\)/.test(m.fr)).map(([k]) => k)
    // a list of missing tables is named as it comes
    expect(hedged).toEqual(['db.restoreNotOffice'])
    const fr = JSON.stringify(errorMessages('fr'))
    expect(fr).not.toMatch(/\{\w+\|/)
    expect(fr).toContain('parties non jouées')
  })
})
