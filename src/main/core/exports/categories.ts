// Top-list categories (open, women, juniors and the age groups under 18 to under 8, seniors) as plain conditions on a
// list's rows, from the list's year.
import type { ExportCategory } from './types'

export interface CategoryCondition {
  sex?: 'F'
  /** Born in this year or later. */
  bornFrom?: number
  /** Born in this year or earlier. */
  bornUpTo?: number
}

/**
 * FIDE's top lists go by the year of birth alone: juniors (U20) are born in the list's year − 20 or later, an age
 * group under N (U18, U16, U14, U12, U10, U8: the youth championships' groups) in the year − N or later,
 * seniors 50+ (65+) in the year − 50 (− 65) or earlier, whatever the day. Women: sex F.
 */
export function categoryCondition(category: ExportCategory, listDate: string): CategoryCondition {
  const year = Number(listDate.slice(0, 4))
  switch (category) {
    case 'open':
      return {}
    case 'women':
      return { sex: 'F' }
    case 'juniors':
      return { bornFrom: year - 20 }
    case 'u18':
    case 'u16':
    case 'u14':
    case 'u12':
    case 'u10':
    case 'u8':
      return { bornFrom: year - Number(category.slice(1)) }
    case 'seniors':
      return { bornUpTo: year - 50 }
    case 'seniors65':
      return { bornUpTo: year - 65 }
  }
}

/** The same test on one row (screens and tests use it; the data layer turns the condition into SQL). */
export function inCategory(c: CategoryCondition, row: { sex: string | null; birthYear: number | null }): boolean {
  if (c.sex && row.sex !== c.sex) return false
  if (c.bornFrom !== undefined && (row.birthYear === null || row.birthYear < c.bornFrom)) return false
  if (c.bornUpTo !== undefined && (row.birthYear === null || row.birthYear > c.bornUpTo)) return false
  return true
}
