// Age categories shown instead of birth years when the office hides birth dates.
import { describe, expect, it } from 'vitest'
import { ageCategory } from '../../../src/renderer/src/util/age'

describe('ageCategory', () => {
  it('puts youth in the smallest U-category their birth year allows', () => {
    expect(ageCategory(2016, 2024)).toBe('U8')
    expect(ageCategory(2015, 2024)).toBe('U10')
    expect(ageCategory(2014, 2024)).toBe('U10')
    expect(ageCategory(2013, 2024)).toBe('U12')
    expect(ageCategory(2004, 2024)).toBe('U20')
    expect(ageCategory(2030, 2024)).toBe('U8')
  })

  it('gives adults, 50+ and 65+ by the age reached during the year', () => {
    expect(ageCategory(2003, 2024)).toBe('adult')
    expect(ageCategory(1975, 2024)).toBe('adult')
    expect(ageCategory(1974, 2024)).toBe('50+')
    expect(ageCategory(1960, 2024)).toBe('50+')
    expect(ageCategory(1959, 2024)).toBe('65+')
  })
})
