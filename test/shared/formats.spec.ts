// The one formatting of days, ratings and counts (src/shared/formats.ts) the screens, the PDFs and the messages share.
import { describe, expect, it } from 'vitest'
import { formatCount, formatDay, formatFigure, formatMoment, formatPeriod, formatRating, formatSigned, frenchSpacing } from '../../src/shared/formats'
import { translateError } from '../../src/shared/errors/index'

// Intl's spacing varies with its ICU version (narrow or plain no-break spaces)
const plain = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ')

describe('formatDay', () => {
  it('writes a list date in words in both languages, the first of the month "1er" in French', () => {
    expect(formatDay('2025-11-01', 'en')).toBe('1 November 2025')
    expect(formatDay('2025-11-01', 'fr')).toBe('1er novembre 2025')
    expect(formatDay('2025-11-21', 'fr')).toBe('21 novembre 2025')
    expect(formatDay('2025-11-01', 'fr', 'medium')).toBe('1er nov. 2025')
    expect(formatDay('2025-09-30', 'en', 'medium')).toBe('30 Sept 2025')
  })

  it('takes the day of a timestamp, a month or a year, and gives back what is no day', () => {
    expect(formatDay('2025-10-02T23:30:00.000Z', 'en')).toBe('2 October 2025')
    expect(formatDay('2025-09', 'fr')).toBe('septembre 2025')
    expect(formatDay('1987', 'fr')).toBe('1987')
    expect(formatDay('soon', 'en')).toBe('soon')
    expect(formatDay(null, 'en')).toBe('')
  })

  it('writes a period and a moment without an ISO date', () => {
    expect(plain(formatPeriod('2025-03-01', '2025-03-03', 'fr')).replace(/ ?– ?/, '–')).toBe('1er–3 mars 2025')
    expect(plain(formatPeriod('2025-03-01', '2025-03-03', 'en')).replace(/ ?– ?/, '–')).toBe('1–3 March 2025')
    expect(formatMoment('2025-11-01T14:05:00Z', 'en')).toBe('1 November 2025 at 14:05 UTC')
    expect(formatMoment('2025-11-01T14:05:00Z', 'fr')).toBe('1er novembre 2025 à 14:05 UTC')
  })
})

describe('ratings and counts', () => {
  it('writes a rating without a thousands separator in either language', () => {
    expect(formatRating(2543, 'en')).toBe('2543')
    expect(formatRating(2543, 'fr')).toBe('2543')
    expect(formatRating(2184.17, 'fr')).toBe('2184,17')
    expect(formatRating(2184.17, 'en')).toBe('2184.17')
    expect(formatRating(1400, 'fr', 1)).toBe('1400,0')
    expect(formatRating(null, 'en')).toBe('')
  })

  it('groups a quantity as the language does', () => {
    expect(formatCount(2543, 'en')).toBe('2,543')
    expect(plain(formatCount(2543, 'fr'))).toBe('2 543')
    expect(plain(formatCount(12345, 'fr'))).toBe('12 345')
    expect(formatCount(7, 'fr')).toBe('7')
  })
})

describe("a calculation sheet's figures", () => {
  // the drawer, the sheet's PDF and the public site write them with these two functions
  it('writes the language decimal mark, the digits asked, a real minus sign and a dash for no figure', () => {
    expect(formatFigure(0.5, 'en')).toBe('0.5')
    expect(formatFigure(0.5, 'fr')).toBe('0,5')
    expect(formatFigure(0.24, 'fr', 2)).toBe('0,24')
    expect(formatFigure(32.8, 'en', 2)).toBe('32.80')
    expect(formatFigure(-400, 'en')).toBe('−400')
    expect(formatFigure(-0.36, 'fr', 2)).toBe('−0,36')
    expect(formatFigure(2543, 'fr')).toBe('2543')
    expect(formatFigure(null, 'en')).toBe('–')
  })
  it('signs a change: a plus before a gain, the minus sign before a loss, nothing before zero', () => {
    expect(formatSigned(0.26, 'en', 2)).toBe('+0.26')
    expect(formatSigned(-0.11, 'fr', 2)).toBe('−0,11')
    expect(formatSigned(0, 'en')).toBe('0')
    expect(formatSigned(null, 'fr')).toBe('–')
  })
})

describe('French typography', () => {
  it('puts a no-break space before : ; ! ? » and after «', () => {
    expect(frenchSpacing('Lieu : Lyon ; vraiment ? oui ! « Open »')).toBe('Lieu\u00a0: Lyon\u00a0; vraiment\u00a0? oui\u00a0! «\u00a0Open\u00a0»')
    // a colon with no space before it (a time, an address) is left alone
    expect(frenchSpacing('14:05 https://fide.com')).toBe('14:05 https://fide.com')
  })
})

describe('messages', () => {
  it('write a day parameter in words and a fraction with the language decimal mark, an integer as is', () => {
    expect(translateError('tournaments.replace.warning.older', { after: '2018-05-13', before: '2018-05-27' }, 'en')).toBe('older report: its last round is dated 13 May 2018, the stored report’s 27 May 2018')
    expect(translateError('tournaments.replace.warning.older', { after: '2018-05-01', before: '2018-05-27' }, 'fr')).toBe('rapport plus ancien : sa dernière ronde date du 1er mai 2018, celle du rapport enregistré du 27 mai 2018')
    expect(translateError('tournaments.replace.warning.fewerGames', { after: 2543, before: 12345 }, 'fr')).toBe('moins de parties : 2543 au lieu de 12345')
  })
})

describe("the public site's sheet figures", () => {
  it('are the shared function’s, kept once written', async () => {
    const { num, signed } = await import('../../src/main/core/site/html')
    for (const n of [0.5, -0.36, 0.24, 32.8, -400, 2543, 0]) {
      for (const locale of ['en', 'fr'] as const) {
        for (const digits of [undefined, 2]) {
          expect(num(n, locale, digits)).toBe(formatFigure(n, locale, digits))
          expect(signed(n, locale, digits)).toBe(formatSigned(n, locale, digits))
          // the second time from the site's cache: the same text
          expect(num(n, locale, digits)).toBe(formatFigure(n, locale, digits))
        }
      }
    }
  })
})
