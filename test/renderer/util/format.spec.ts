// The one formatter of dates and numbers on screen: the contract's ISO days and timestamps in the interface language.
import { beforeAll, describe, expect, it } from 'vitest'
import { stubBrowser } from '../setup-browser'
import type * as Format from '../../../src/renderer/src/util/format'
import type * as I18nModule from '../../../src/renderer/src/i18n'

let f: typeof Format
let i18n: typeof I18nModule

beforeAll(async () => {
  stubBrowser()
  i18n = await import('../../../src/renderer/src/i18n')
  f = await import('../../../src/renderer/src/util/format')
})

const inLocale = <T>(locale: 'en' | 'fr', run: () => T): T => {
  i18n.i18n.global.locale.value = locale
  return run()
}
// Intl's spacing varies with its ICU version (narrow or plain no-break spaces, spaces around a range's dash)
const plain = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ').replace(/ ?– ?/g, '–')

describe('formatDay', () => {
  it('writes a calendar day in the interface language, never in ISO form', () => {
    expect(inLocale('en', () => f.formatDay('2025-09-30'))).toBe('30 Sept 2025')
    expect(inLocale('fr', () => f.formatDay('2025-09-30'))).toBe('30 sept. 2025')
    expect(inLocale('fr', () => f.formatDay('2025-09-30', 'long'))).toBe('30 septembre 2025')
  })

  it('keeps the calendar day whatever the time zone (1 January stays 1 January)', () => {
    expect(inLocale('en', () => f.formatDay('2026-01-01'))).toBe('1 Jan 2026')
  })

  it('writes a month or a bare year, and gives back what is not a day', () => {
    expect(inLocale('en', () => f.formatDay('2025-09'))).toBe('Sept 2025')
    expect(inLocale('en', () => f.formatDay('1987'))).toBe('1987')
    expect(f.formatDay(null)).toBe('')
    expect(f.formatDay('soon')).toBe('soon')
  })
})

describe('formatPeriod', () => {
  it('writes a tournament from its first to its last day as one range', () => {
    expect(plain(inLocale('en', () => f.formatPeriod('2025-09-02', '2025-09-09')))).toBe('2–9 Sept 2025')
    expect(plain(inLocale('fr', () => f.formatPeriod('2025-09-02', '2025-09-09')))).toBe('2–9 sept. 2025')
  })

  it('writes one day once, and a missing end as the start alone', () => {
    expect(inLocale('en', () => f.formatPeriod('2025-09-13', '2025-09-13'))).toBe('13 Sept 2025')
    expect(inLocale('en', () => f.formatPeriod('2025-09-13', null))).toBe('13 Sept 2025')
    expect(f.formatPeriod(null, null)).toBe('')
  })
})

describe('formatWhen and formatNumber', () => {
  it('writes a moment with its hour', () => {
    expect(inLocale('en', () => f.formatWhen('2025-10-02T09:30:00'))).toBe('2 Oct 2025, 09:30')
    expect(f.formatWhen('not a date')).toBe('not a date')
  })

  it('groups thousands and marks decimals as the language does', () => {
    expect(inLocale('en', () => f.formatNumber(1234567.5))).toBe('1,234,567.5')
    expect(plain(inLocale('fr', () => f.formatNumber(1234567.5)))).toBe('1 234 567,5')
    expect(f.formatNumber(null)).toBe('')
  })
})

describe('formatFigureOrText', () => {
  it("writes a reconciliation's figures as the calculation sheet does: the language's decimal mark, a real minus sign, no grouping", () => {
    // the rounding difference of the demo's planted player: the office's exact change against FIDE's
    expect(inLocale('en', () => [f.formatFigureOrText(-20.6), f.formatFigureOrText(-20)])).toEqual(['−20.6', '−20'])
    expect(inLocale('fr', () => [f.formatFigureOrText(-20.6), f.formatFigureOrText(-20)])).toEqual(['−20,6', '−20'])
    expect(inLocale('fr', () => f.formatFigureOrText(2498))).toBe('2498')
  })

  it('gives a flag as it is and nothing as a dash', () => {
    expect(f.formatFigureOrText('wi')).toBe('wi')
    expect(f.formatFigureOrText(null)).toBe('—')
  })
})

describe('formatEdition', () => {
  it('names rules in the interface language, never by their id; a federation profile by its own name', () => {
    expect(inLocale('en', () => f.formatEdition('fide-2024'))).toBe('FIDE Rating Regulations 2024')
    expect(inLocale('fr', () => f.formatEdition('fide-2024'))).toBe('Réglementation du classement de la FIDE 2024')
    expect(inLocale('en', () => f.formatEdition('ffe-2025', 'FFE national profile'))).toBe('FFE national profile')
  })
})
