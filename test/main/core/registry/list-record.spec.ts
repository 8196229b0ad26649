// The flag column of a list line, read and written: FIDE's flags (i inactive, w woman, wi) and the office's delisted
// mark (d, wd; the spreadsheet exports' word), which a player under the floor carries once, with no rating
// (FIDE 2005 § 9.34: "listed in the next list as delisted; thereafter treated as any unrated player").
import { describe, expect, it } from 'vitest'
import { dropDelistedRating, readFlag, writeFlag } from '../../../../src/main/core/registry/list-record'
import { EXPORT_LABELS } from '../../../../src/main/core/exports/labels'
import type { ListRating } from '../../../../src/main/core/registry/list-record'

describe('the flag column', () => {
  it("reads FIDE's flags as before and the delisted mark in every form the office writes", () => {
    expect(readFlag('')).toEqual({ flags: null, delisted: false })
    expect(readFlag(' i ')).toEqual({ flags: 'i', delisted: false })
    expect(readFlag('wi')).toEqual({ flags: 'wi', delisted: false })
    expect(readFlag('IW')).toEqual({ flags: 'wi', delisted: false })
    expect(readFlag('d')).toEqual({ flags: null, delisted: true })
    expect(readFlag('wd')).toEqual({ flags: 'w', delisted: true })
    expect(readFlag('dw')).toEqual({ flags: 'w', delisted: true })
    // the words of the CSV and XLSX exports, English and French, after a woman's w
    expect(readFlag(EXPORT_LABELS.en.delisted)).toEqual({ flags: null, delisted: true })
    expect(readFlag(`w ${EXPORT_LABELS.fr.delisted}`)).toEqual({ flags: 'w', delisted: true })
    expect(readFlag('Délisté')).toEqual({ flags: null, delisted: true })
  })

  it('refuses what is none of these, and "inactive" beside "delisted" (a delisted player is unrated)', () => {
    for (const bad of ['x', 'ii', 'wx', 'di', 'wdi', 'inactive']) expect(readFlag(bad), bad).toBeUndefined()
  })

  it('writes the mark for a delisted line (no i: he is unrated), and reads back what it wrote', () => {
    expect(writeFlag(null, true)).toBe('d')
    expect(writeFlag('w', true)).toBe('wd')
    expect(writeFlag('wi', true)).toBe('wd')
    expect(writeFlag('wi', false)).toBe('wi')
    expect(writeFlag(null, false)).toBe('')
    for (const [flags, delisted] of [[null, true], ['w', true], ['i', false], ['wi', false], [null, false]] as const) {
      const back = readFlag(writeFlag(flags, delisted))!
      expect(back).toEqual({ flags: delisted ? (flags === 'w' ? 'w' : null) : flags, delisted })
    }
  })

  it('drops the rating a delisted line carries, telling what it found', () => {
    const ratings: Partial<Record<'standard' | 'rapid', ListRating>> = { standard: { rating: 1394, games: 4, k: null }, rapid: { rating: 1500, games: 0, k: 20 } }
    const found: string[] = []
    dropDelistedRating(ratings, 'standard', (f) => found.push(f))
    expect(ratings).toEqual({ rapid: { rating: 1500, games: 0, k: 20 } })
    expect(found).toEqual(['1394'])
    dropDelistedRating(ratings, 'standard', (f) => found.push(f))
    expect(found).toEqual(['1394'])
  })
})
