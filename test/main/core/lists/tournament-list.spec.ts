// The list a tournament goes into (pure): the calendar of the list's edition, its closing date, the day the report came
// and the lists already published — worked by hand from regulations.md § 1 (list dates, cutoff) and § 5 (closing date,
// late tournaments on the next list; 2014 § 7.13).
import { describe, expect, it } from 'vitest'
import { editionForDate, builtinEdition } from '../../../../src/main/core/rules/editions'
import { dueListDate, listDateAfter, listDateFrom, publishedDates } from '../../../../src/main/core/lists/tournament-list'

const none = publishedDates([])
const fide = editionForDate
const e2024 = editionForDate('2025-01-01')

describe('dueListDate', () => {
  it('2024: monthly lists closing 3 days before their date', () => {
    // 1 October 2025 closes on 28 September: a tournament ended on the 28th goes in, one ended on the 29th does not
    expect(dueListDate('2025-09-28', '2025-09-28', none, fide, e2024)).toBe('2025-10-01')
    expect(dueListDate('2025-09-29', '2025-09-29', none, fide, e2024)).toBe('2025-11-01')
    // ended on the 7th, its report came on the 30th, after the closing date: the next list
    expect(dueListDate('2025-09-07', '2025-09-30', none, fide, e2024)).toBe('2025-11-01')
  })

  it('a tournament that ended before the closing date of a published list goes into the next list to come (2014 § 7.13)', () => {
    expect(dueListDate('2025-09-07', '2025-09-16', publishedDates(['2025-10-01']), fide, e2024)).toBe('2025-11-01')
    // never a list dated before the last published one, even when that list was not published itself
    expect(dueListDate('2025-09-07', '2025-09-16', publishedDates(['2025-09-01', '2025-12-01']), fide, e2024)).toBe('2026-01-01')
  })

  it('2010: six lists a year (odd months), closing 7 days before', () => {
    const e2010 = editionForDate('2012-01-01')
    // 1 March 2012 closes on 23 February (2012 is a leap year: 1 March − 7 days)
    expect(dueListDate('2012-02-23', '2012-02-23', none, fide, e2010)).toBe('2012-03-01')
    expect(dueListDate('2012-02-24', '2012-02-24', none, fide, e2010)).toBe('2012-05-01')
  })

  it('2005: four lists a year (January, April, July, October), closing 30 days before', () => {
    const e2005 = editionForDate('2006-01-01')
    // 1 April 2006 closes on 2 March 2006 (1 April − 30 days)
    expect(dueListDate('2006-03-02', '2006-03-02', none, fide, e2005)).toBe('2006-04-01')
    expect(dueListDate('2006-03-03', '2006-03-03', none, fide, e2005)).toBe('2006-07-01')
  })

  it("a federation's profile keeps its own calendar (FSE, seed 004: two-month periods, cutoff 3 days)", () => {
    const fse = builtinEdition('fse')!
    // 1 January 2026 closes on 29 December 2025; after a published January, the next is 1 March
    expect(dueListDate('2025-12-12', '2025-12-14', none, () => fse, fse)).toBe('2026-01-01')
    expect(dueListDate('2025-12-12', '2025-12-14', publishedDates(['2026-01-01']), () => fse, fse)).toBe('2026-03-01')
  })
})

describe('the next list date of a calendar', () => {
  it('after a date, and from a date', () => {
    expect(listDateAfter('2025-10-01', fide, e2024)).toBe('2025-11-01')
    expect(listDateAfter('2025-12-01', fide, e2024)).toBe('2026-01-01')
    // the 2010 calendar: after 1 January 2012 comes 1 March
    expect(listDateAfter('2012-01-01', fide, e2024)).toBe('2012-03-01')
    expect(listDateFrom('2025-10-01', fide, e2024)).toBe('2025-10-01')
    expect(listDateFrom('2025-10-02', fide, e2024)).toBe('2025-11-01')
  })
})
