// The citation under a calculation sheet's games for the rating-difference cap ("FIDE Rating Regulations 2024, § 8.3.1"),
// in English and French. A stand-in: the citation formatter of core/rules/citations.ts (being written) replaces it.
import type { Edition } from '../../../shared/contract/rating'

/** The cap's paragraph per edition where the edition's refs hold a summary instead of a paragraph (2022 and 2024
 *  number it 8.3.1; 2005 is § 10.51, 2010 and 2014 § 8.54, both from the seeds, held in refs.cap already). */
const CAP_PARAGRAPH: Record<string, string> = { 'fide-2022': '8.3.1', 'fide-2024': '8.3.1' }

const TITLE = { en: 'FIDE Rating Regulations', fr: 'Règlement du classement FIDE' } as const

/** "FIDE Rating Regulations 2014, § 8.54"; an edition whose paragraph is not known is named with its year only. */
export function capCitation(e: Edition, locale: 'en' | 'fr'): string {
  const own = /^(\d{4}) § (\S+)$/.exec(e.refs.cap)
  const year = own?.[1] ?? /\b(\d{4})\b/.exec(e.refs.cap)?.[1] ?? /\b(\d{4})\b/.exec(e.name)?.[1] ?? null
  const paragraph = own?.[2] ?? CAP_PARAGRAPH[e.id] ?? (e.basedOn ? CAP_PARAGRAPH[e.basedOn] : undefined) ?? null
  if (!year) return e.name
  return `${TITLE[locale]} ${year}${paragraph ? `, § ${paragraph}` : ''}`
}
