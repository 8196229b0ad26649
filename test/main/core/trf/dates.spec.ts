// Date dialects of TRF files: header dates, round dates and birth dates as programs write them.
import { describe, expect, it } from 'vitest'
import { parseBirthDate, parseEventDate, toTrfDate } from '../../../../src/main/core/trf/dates'

describe('TRF dates', () => {
  it.each([
    ['2024/11/23', '2024-11-23', null],
    ['2011-11-25', '2011-11-25', 'date-separators'],
    ['24/09/2010', '2010-09-24', 'date-day-first'],
    ['25.02.2011', '2011-02-25', 'date-day-first'],
    ['28. 07. 2005', '2005-07-28', 'date-day-first'],
    ['May 29, 2020', '2020-05-29', 'date-month-name'],
    ['10.09.13', '2010-09-13', null]
  ])('event date %s → %s', (raw, iso, repair) => {
    expect(parseEventDate(raw)).toEqual({ iso, repair })
  })
  it('refuses impossible dates instead of guessing', () => {
    expect(parseEventDate('2023/02/29')).toBeNull()
    expect(parseEventDate('moves/time')).toBeNull()
  })
  it.each([
    ['1987/07/05', '1987-07-05', null],
    ['1987/00/00', '1987', null],
    ['1978', '1978', 'birth-year-only'],
    ['1969.12.06', '1969-12-06', 'birth-date-dialect'],
    ['1975.  .', '1975', 'birth-date-dialect'],
    ['69/12/06', '1969-12-06', 'birth-date-dialect'],
    ['05/03/01', '2005-03-01', 'birth-date-dialect']
  ])('birth date %s → %s', (raw, iso, repair) => {
    expect(parseBirthDate(raw)).toEqual({ iso, repair })
  })
  it('writes YYYY/MM/DD and YYYY/00/00 back', () => {
    expect(toTrfDate('1969-12-06')).toBe('1969/12/06')
    expect(toTrfDate('1978')).toBe('1978/00/00')
    expect(toTrfDate(null)).toBe('')
  })
})
