// The citations of a calculation sheet: the rating-difference cap under its games ("FIDE Rating Regulations 2024,
// § 8.3.1") and the period's rounding, in English and French. A stand-in: the citation formatter of core/rules/citations.ts (being written) replaces it.
import type { Edition } from '../../../shared/contract/rating'

/** The cap's paragraph per edition where the edition's refs hold a summary instead of a paragraph (2022 and 2024
 *  number the cap 8.3.1; 2005 is § 10.51, 2010 and 2014 § 8.54, from the seeds, held in refs.cap already). */
const PARAGRAPH: Record<'cap' | 'rounding', Record<string, string>> = { cap: { 'fide-2022': '8.3.1', 'fide-2024': '8.3.1' }, rounding: {} }

const TITLE = { en: 'FIDE Rating Regulations', fr: 'Règlement du classement FIDE' } as const

/** "FIDE Rating Regulations 2014, § 8.54"; an edition whose paragraph is not known is named with its year only. */
export function ruleCitation(e: Edition, rule: 'cap' | 'rounding', locale: 'en' | 'fr'): string {
  const ref = e.refs[rule]
  const own = /^(\d{4}) § (\S+)$/.exec(ref)
  const year = own?.[1] ?? /\b(\d{4})\b/.exec(ref)?.[1] ?? /\b(\d{4})\b/.exec(e.name)?.[1] ?? null
  const paragraph = own?.[2] ?? PARAGRAPH[rule][e.id] ?? (e.basedOn ? PARAGRAPH[rule][e.basedOn] : undefined) ?? null
  if (!year) return e.name
  return `${TITLE[locale]} ${year}${paragraph ? `, § ${paragraph}` : ''}`
}
