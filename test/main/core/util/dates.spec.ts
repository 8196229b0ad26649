import { describe, expect, it } from 'vitest'
import { addDays, dateParts } from '../../../../src/main/core/util/dates'

describe('addDays (the one day arithmetic of the core: calendar, closing dates, checks, draft base lists)', () => {
  it('crosses month, year and leap-day boundaries, both ways', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01')
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01')
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31')
    // a closing date: list date 1 March 2024 minus a 3-day cutoff
    expect(addDays('2024-03-01', -3)).toBe('2024-02-27')
    expect(addDays('2024-01-01', 0)).toBe('2024-01-01')
  })

  it('refuses anything but YYYY-MM-DD with a message naming the value', () => {
    expect(() => addDays('2024-3-1', 1)).toThrow('expected a date YYYY-MM-DD, got "2024-3-1"')
    expect(() => dateParts('2024')).toThrow(RangeError)
    expect(dateParts('2024-03-01')).toEqual([2024, 3, 1])
  })
})
