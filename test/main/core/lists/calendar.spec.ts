// The list calendar: list dates and closing dates per edition in force on the list date (regulations.md § 1, § 5).
import { describe, expect, it } from 'vitest'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { addDays } from '../../../../src/main/core/util/dates'
import { addMonths, closingDate, fideListEdition, isListDate, listCalendar, previousListDate } from '../../../../src/main/core/lists/calendar'

const dates = (y: number) => listCalendar(fideListEdition, y).map((c) => c.listDate.slice(5, 7))

describe('listCalendar', () => {
  it('2006: quarterly lists, closing about a month before (2005 § 9.11, § 9.13: cutoff 30 days)', () => {
    const c = listCalendar(fideListEdition, 2006)
    expect(c.map((x) => x.listDate)).toEqual(['2006-01-01', '2006-04-01', '2006-07-01', '2006-10-01'])
    // 1 Jan − 30 days = 2 Dec; 1 Apr − 30 days = 2 Mar (2006 is not a leap year)
    expect(c.map((x) => x.closingDate)).toEqual(['2005-12-02', '2006-03-02', '2006-06-01', '2006-09-01'])
    expect(new Set(c.map((x) => x.edition))).toEqual(new Set(['fide-2005']))
  })

  it('2009: two quarterly lists, then six a year from 1 July 2009 (2010 § 7.11, cutoff 7 days § 7.13)', () => {
    expect(dates(2009)).toEqual(['01', '04', '07', '09', '11'])
    const c = listCalendar(fideListEdition, 2009)
    expect(c[1]).toMatchObject({ listDate: '2009-04-01', closingDate: '2009-03-02', edition: 'fide-2005' })
    expect(c[2]).toMatchObject({ listDate: '2009-07-01', closingDate: '2009-06-24', edition: 'fide-2010' })
  })

  it('2014: odd months to May, then monthly from 1 July 2014 with a 3-day cutoff (2014 § 7.11, § 7.13)', () => {
    expect(dates(2014)).toEqual(['01', '03', '05', '07', '08', '09', '10', '11', '12'])
    const c = listCalendar(fideListEdition, 2014)
    expect(c[3]).toMatchObject({ listDate: '2014-07-01', closingDate: '2014-06-28', edition: 'fide-2014' })
  })

  it('2024: monthly, 1 March 2024 under the 2024 edition, closing 27 Feb (leap year)', () => {
    const c = listCalendar(fideListEdition, 2024, 'rapid')
    expect(c).toHaveLength(12)
    expect(c[1]).toMatchObject({ listDate: '2024-02-01', closingDate: '2024-01-29', edition: 'fide-2022', ratingType: 'rapid' })
    expect(c[2]).toMatchObject({ listDate: '2024-03-01', closingDate: '2024-02-27', edition: 'fide-2024' })
  })

  it('the FSE profile: six two-month periods a year (seed 004), cutoff 3 days', () => {
    const fse = builtinEdition('fse')!
    const c = listCalendar(() => fse, 2021)
    expect(c.map((x) => x.listDate)).toEqual(['2021-01-01', '2021-03-01', '2021-05-01', '2021-07-01', '2021-09-01', '2021-11-01'])
    expect(c[1]!.closingDate).toBe('2021-02-26')
  })

  it("a federation's own profile: its own period and cutoff", () => {
    const own = { ...builtinEdition('fse')!, id: 'own-profile', list: { ...builtinEdition('fse')!.list, periodMonths: 4, cutoffDays: 10 } }
    const c = listCalendar(() => own, 2022)
    expect(c.map((x) => [x.listDate, x.closingDate])).toEqual([
      ['2022-01-01', '2021-12-22'],
      ['2022-05-01', '2022-04-21'],
      ['2022-09-01', '2022-08-22']
    ])
  })

  it('list dates, closing dates and the previous list date', () => {
    expect(isListDate(fideListEdition, '2006-04-01')).toBe(true)
    expect(isListDate(fideListEdition, '2006-05-01')).toBe(false)
    expect(isListDate(fideListEdition, '2024-05-02')).toBe(false)
    expect(closingDate(fideListEdition, '2010-03-01')).toBe('2010-02-22')
    expect(previousListDate(fideListEdition, '2009-07-01')).toBe('2009-04-01')
    expect(previousListDate(fideListEdition, '2014-07-01')).toBe('2014-05-01')
    expect(previousListDate(fideListEdition, '2024-01-01')).toBe('2023-12-01')
  })

  it('date arithmetic', () => {
    expect(addDays('2024-03-01', -3)).toBe('2024-02-27')
    expect(addDays('2023-03-01', -3)).toBe('2023-02-26')
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29')
    expect(addMonths('2023-01-15', 26)).toBe('2025-03-15')
    expect(() => listCalendar(fideListEdition, 1.5)).toThrow(RangeError)
  })
})
