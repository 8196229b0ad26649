// A calculation sheet's stored notes read in French (src/shared/sheet-notes.ts): each template the engine writes, its
// figures kept (decimal comma in French), its days in the reader's form, an unknown note left as written.
import { describe, expect, it } from 'vitest'
import { noteInLanguage } from '../../src/shared/sheet-notes'

const day = (iso: string) => `<${iso}>`

describe('noteInLanguage', () => {
  it('reads the period rounding in French, with the decimal comma (2024 § 8.3.4)', () => {
    expect(noteInLanguage('period change 8.8 rounded to 9 (0.5 away from zero)', 'fr', day)).toBe('variation de la période 8,8 arrondie à 9 (une demie s’arrondit en s’éloignant de zéro)')
    expect(noteInLanguage('period change -2.5 rounded to -3 (0.5 away from zero)', 'fr', day)).toBe('variation de la période -2,5 arrondie à -3 (une demie s’arrondit en s’éloignant de zéro)')
  })

  it('keeps a note as the engine wrote it in English, its days in the reader’s form', () => {
    expect(noteInLanguage('period change 8.8 rounded to 9 (0.5 away from zero)', 'en', day)).toBe('period change 8.8 rounded to 9 (0.5 away from zero)')
    expect(noteInLanguage('3 rated game(s) since 2024-10-01, fewer than 5: inactive (i)', 'en', day)).toBe('3 rated game(s) since <2024-10-01>, fewer than 5: inactive (i)')
  })

  it('reads K, floor, inactivity and first-rating notes in French with their figures and days', () => {
    expect(noteInLanguage('K 20 from the base list (list 1): the K printed for this period', 'fr', day)).toBe('K 20 de la liste de base (liste 1) : le K imprimé pour cette période')
    expect(noteInLanguage('1394 is below the floor 1400: shown once as delisted, then unrated', 'fr', day)).toBe('1394 est sous le plancher 1400 : affiché une fois comme délisté, puis non classé')
    expect(noteInLanguage('3 rated game(s) since 2024-10-01, fewer than 5: inactive (i)', 'fr', day)).toBe('3 partie(s) comptabilisée(s) depuis le <2024-10-01>, moins de 5 : inactif (i)')
    expect(noteInLanguage("7 rated game(s) since 2024-10-01 (2 on the imported lists before the office's own, since 2024-10-01): active again", 'fr', day)).toBe(
      '7 partie(s) comptabilisée(s) depuis le <2024-10-01> (dont 2 sur les listes importées avant celles du bureau, depuis le <2024-10-01>) : de nouveau actif'
    )
    expect(noteInLanguage('late tournament: rated now with the ratings of the list in force at its start (regulations.md § 5)', 'fr', day)).toBe(
      'tournoi tardif : compté maintenant avec les classements de la liste en vigueur à son début (regulations.md § 5)'
    )
  })

  it('names the rules a tournament was rated under, with the start day in the reader’s form', () => {
    expect(noteInLanguage('FIDE 2024: in force for a start on 2025-09-01', 'fr', day)).toBe('FIDE 2024 : en vigueur pour un début le <2025-09-01>')
    expect(noteInLanguage('FIDE 2024: in force for a start on 2025-09-01', 'en', day)).toBe('FIDE 2024: in force for a start on <2025-09-01>')
  })

  it('leaves a note it does not know as written, formulas included', () => {
    expect(noteInLanguage('W 4.5 − We 3.9 = 0.6; K × ΣΔR = 20 × 0.6 = 12', 'fr', day)).toBe('W 4.5 − We 3.9 = 0.6; K × ΣΔR = 20 × 0.6 = 12')
  })
})
