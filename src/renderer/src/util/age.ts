// Birth-date privacy: a birth year shown as a FIDE age category of the list's year (U8…U20, 50+, 65+).

export type AgeCategory = 'U8' | 'U10' | 'U12' | 'U14' | 'U16' | 'U18' | 'U20' | 'adult' | '50+' | '65+'

/**
 * The category of a player born in `birthYear` for events of `year`: youth categories go by the year of
 * birth (U8 in 2024 = born in 2016 or later), seniors by the age reached during the year.
 */
export function ageCategory(birthYear: number, year: number): AgeCategory {
  const age = year - birthYear
  for (const limit of [8, 10, 12, 14, 16, 18, 20] as const) if (age <= limit) return `U${limit}` as AgeCategory
  if (age >= 65) return '65+'
  if (age >= 50) return '50+'
  return 'adult'
}
