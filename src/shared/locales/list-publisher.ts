// How a list names who publishes it and how it was obtained, in English and French: one wording for the exports
// (PDF heading and properties, file names), the command line and the screens, from the list's `publisher`.
import type { ListPublisher } from '../contract/lists'

export type PublisherLocale = 'en' | 'fr'

const WORDS = {
  en: {
    unnamed: 'Federation not named',
    computed: 'Computed by the office',
    fide: 'Imported from FIDE’s rating list download',
    national: (code: string) => `Imported from the federation list of ${code}`,
    fideRules: (year: string) => `Computed under the FIDE Rating Regulations ${year}`,
    nationalRules: (name: string) => `Computed under the national profile “${name}”`,
    otherRules: (name: string) => `Computed under the rules “${name}”`
  },
  fr: {
    unnamed: 'Fédération non nommée',
    computed: 'Calculée par le bureau',
    fide: 'Importée du téléchargement de la liste FIDE',
    national: (code: string) => `Importée de la liste fédérale ${code}`,
    fideRules: (year: string) => `Calculée selon la Réglementation du classement de la FIDE ${year}`,
    nationalRules: (name: string) => `Calculée selon le profil national « ${name} »`,
    otherRules: (name: string) => `Calculée selon le règlement « ${name} »`
  }
} as const

/** A shipped FIDE edition's id ('fide-2024') gives the year of its regulations; any other rule set is named by its name. */
const FIDE_EDITION = /^fide-(\d{4})$/

/** The publisher's name as headings print it: the federation's (or FIDE's) name, else its code, else "not named". */
export function publisherName(p: ListPublisher, locale: PublisherLocale): string {
  return p.name ?? p.code ?? WORDS[locale].unnamed
}

/** The name with the code beside it when both are known and differ: "Fédération Française des Échecs (FRA)". */
export function publisherLabel(p: ListPublisher, locale: PublisherLocale): string {
  return p.name && p.code && p.name !== p.code ? `${p.name} (${p.code})` : publisherName(p, locale)
}

/** The stem export file names start with: the publisher's code ('FIDE', 'FRA'); 'OFFICE' while the office's is not given. */
export function publisherFileStem(p: ListPublisher): string {
  return p.code ?? 'OFFICE'
}

/** How the list was obtained: imported from FIDE or a federation, or computed under which regulations or profile. */
export function listProvenance(p: ListPublisher, locale: PublisherLocale): string {
  const w = WORDS[locale]
  if (p.origin === 'fide') return w.fide
  if (p.origin === 'national') return w.national(p.code ?? '')
  if (!p.rules) return w.computed
  const year = FIDE_EDITION.exec(p.rules.id)?.[1]
  if (p.rules.kind === 'fide' && year) return w.fideRules(year)
  return p.rules.kind === 'national' ? w.nationalRules(p.rules.name) : w.otherRules(p.rules.name)
}
