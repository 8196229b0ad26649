// Duration: 90 days (2005 § 4.1, 2014 § 4.1); the 30-day monthly-slice practice of the later profiles (regulations.md § 5).
import { describe, expect, it } from 'vitest'
import { checkDuration } from '../../../../src/main/core/checks/duration'
import { input } from './build'

describe('duration check', () => {
  it('2014 § 4.1: 90 days counted from start to end inclusive are allowed, 91 are not', () => {
    expect(checkDuration(input('fide-2014', { startDate: '2015-01-01', endDate: '2015-03-31' }))).toEqual([])
    const f = checkDuration(input('fide-2014', { startDate: '2015-01-01', endDate: '2015-04-01' }))
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ code: 'check.duration.tooLong', level: 'error', paragraph: '2014 § 4.1', params: { days: 91, maxDays: 90, slices: 4 } })
  })

  it('2022: the 30-day practice refuses a 31-day event and proposes monthly slices', () => {
    expect(checkDuration(input('fide-2022', { startDate: '2023-01-01', endDate: '2023-01-30' }))).toEqual([])
    const f = checkDuration(input('fide-2022', { startDate: '2023-01-15', endDate: '2023-02-14' }))
    expect(f[0]!.params).toMatchObject({ days: 31, maxDays: 30, slices: 2, practice: true })
    // the same dates under 2014 are within its 90 days
    expect(checkDuration(input('fide-2014', { startDate: '2015-01-15', endDate: '2015-02-14' }))).toEqual([])
  })

  it('says nothing without both dates', () => {
    expect(checkDuration(input('fide-2014', { endDate: null }))).toEqual([])
  })
})
