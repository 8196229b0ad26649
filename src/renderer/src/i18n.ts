// Interface languages: shell strings + every feature's i18n.ts + the shared error catalogue under errors.*.
import { createI18n } from 'vue-i18n'
import { frenchSpacing } from '@shared/formats'
import { pluralIndex } from '@shared/words'

export type UiLocale = 'en' | 'fr'
export const LOCALE_KEY = 'rating-office.locale'

export type Tree = { [key: string]: string | Tree }
export type Messages = { en: Tree; fr: Tree }

const shell: Messages = {
  en: {
    app: { name: 'Rating Office', tagline: 'Players, tournaments and rating lists' },
    nav: {
      home: 'Home',
      players: 'Players',
      tournaments: 'Tournaments',
      checks: 'Checks',
      lists: 'Lists',
      archive: 'Archive',
      rules: 'Rules',
      audit: 'Audit log',
      settings: 'Settings',
      help: 'Help'
    },
    header: { language: 'Language', theme: 'Theme', readOnly: 'Read-only archive', skipToContent: 'Skip to the screen' },
    notices: { info: 'Note', warning: 'On opening the database', error: 'The database needs your attention' },
    theme: { light: 'Light', dark: 'Dark', system: 'System' },
    locale: { en: 'English', fr: 'Français' },
    common: {
      loading: 'Loading…',
      retry: 'Try again',
      none: '—',
      yes: 'Yes',
      no: 'No',
      cancel: 'Cancel',
      confirm: 'Confirm',
      save: 'Save',
      saved: 'Saved',
      search: 'Search',
      all: 'All',
      back: 'Back',
      decrease: 'Decrease',
      increase: 'Increase',
      rowDetails: 'Details of this row'
    },
    ratingType: { standard: 'Standard', rapid: 'Rapid', blitz: 'Blitz' },
    notFound: { title: 'Page not found', text: 'There is no screen at {path}.', home: 'Back to the home screen' }
  },
  fr: {
    app: { name: 'Rating Office', tagline: 'Joueurs, tournois et listes de classement' },
    nav: {
      home: 'Accueil',
      players: 'Joueurs',
      tournaments: 'Tournois',
      checks: 'Contrôles',
      lists: 'Listes',
      archive: 'Archives',
      rules: 'Règlements',
      audit: 'Journal',
      settings: 'Paramètres',
      help: 'Aide'
    },
    header: { language: 'Langue', theme: 'Thème', readOnly: 'Archive en lecture seule', skipToContent: 'Aller à l’écran' },
    notices: { info: 'À noter', warning: 'À l’ouverture de la base', error: 'La base de données demande votre attention' },
    theme: { light: 'Clair', dark: 'Sombre', system: 'Système' },
    locale: { en: 'English', fr: 'Français' },
    common: {
      loading: 'Chargement…',
      retry: 'Réessayer',
      none: '—',
      yes: 'Oui',
      no: 'Non',
      cancel: 'Annuler',
      confirm: 'Confirmer',
      save: 'Enregistrer',
      saved: 'Enregistré',
      search: 'Rechercher',
      all: 'Tous',
      back: 'Retour',
      decrease: 'Diminuer',
      increase: 'Augmenter',
      rowDetails: 'Détail de cette ligne'
    },
    ratingType: { standard: 'Standard', rapid: 'Rapide', blitz: 'Blitz' },
    notFound: { title: 'Page introuvable', text: 'Aucun écran à l’adresse {path}.', home: 'Retour à l’accueil' }
  }
}

function isMessages(v: unknown): v is Messages {
  return typeof v === 'object' && v !== null && 'en' in v && 'fr' in v
}

/**
 * Each feature's messages, a chunk of its own, loaded before the first mount (loadMessages): in the entry chunk they
 * were about a fifth of its bytes, evaluated with everything else in the start-up's first long task.
 */
const featureModules = import.meta.glob('./features/*/i18n.ts') as Record<string, () => Promise<Record<string, unknown>>>

/** Each feature's module exports its { en, fr } messages as default or as any named export. */
async function featureMessages(): Promise<Messages[]> {
  const out: Messages[] = []
  for (const mod of await Promise.all(Object.values(featureModules).map((load) => load()))) {
    for (const value of Object.values(mod)) if (isMessages(value)) out.push(value)
  }
  return out
}

/** Merges b into a, key by key, so that two features sharing a top-level key both keep their strings. */
function deepMerge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k]
    out[k] = typeof v === 'object' && typeof prev === 'object' ? deepMerge(prev, v) : v
  }
  return out
}

/** The shared catalogue's translator, once its chunk has loaded (with the messages, before the first mount). */
let errorTextOf: ((key: string, params: Record<string, unknown>, locale: UiLocale) => string | null) | null = null

/** A failed reply's message in the interface language by the shared function; null before the catalogue or for an unknown key. */
export function sharedErrorText(key: string, params: Record<string, unknown>): string | null {
  return errorTextOf ? errorTextOf(key, params, i18n.global.locale.value as UiLocale) : null
}

export async function buildMessages(): Promise<Record<UiLocale, Tree>> {
  const [features, { errorMessages, errorText }] = await Promise.all([featureMessages(), import('./i18n-errors')])
  errorTextOf = errorText
  let en: Tree = { ...shell.en }
  let fr: Tree = { ...shell.fr }
  for (const m of features) {
    en = deepMerge(en, m.en)
    fr = deepMerge(fr, m.fr)
  }
  en.errors = errorMessages('en')
  fr.errors = errorMessages('fr')
  return { en, fr }
}

export function initialLocale(): UiLocale {
  const stored = localStorage.getItem(LOCALE_KEY)
  if (stored === 'en' || stored === 'fr') return stored
  return navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en'
}

/**
 * French plurals: 0 and 1 take the singular ("0 erreur", "1 erreur", "2 erreurs"). A message of three forms keeps
 * its own word for none ("aucun tournoi | {n} tournoi | {n} tournois"). English keeps vue-i18n's rule ("0 warnings").
 */
export function frenchPlural(choice: number, choicesLength: number): number {
  const n = Math.abs(choice)
  if (choicesLength === 3) return n === 0 ? 0 : n < 2 ? 1 : 2
  return Math.min(pluralIndex(n, 'fr'), choicesLength - 1)
}

/** French typography on every French message: a no-break space before ":", ";", "!", "?", "»" and after "«". */
function typeset<T>(text: T): T {
  return typeof text === 'string' && currentLocale() === 'fr' ? (frenchSpacing(text) as T) : text
}
function currentLocale(): string {
  return i18n.global.locale.value
}

export const i18n = createI18n({
  legacy: false,
  locale: initialLocale(),
  fallbackLocale: 'en',
  pluralRules: { fr: frenchPlural },
  postTranslation: typeset,
  // the shell's strings; the features' and the error catalogue's come with loadMessages, before the first mount
  messages: { en: shell.en, fr: shell.fr },
  missingWarn: false,
  fallbackWarn: false
})

/** Loads every feature's messages and the error catalogue into i18n (main.ts waits for it before mounting the application). */
export async function loadMessages(): Promise<void> {
  const all = await buildMessages()
  for (const locale of ['en', 'fr'] as const) i18n.global.setLocaleMessage(locale, all[locale])
}

export function setUiLocale(locale: UiLocale): void {
  i18n.global.locale.value = locale
  localStorage.setItem(LOCALE_KEY, locale)
  document.documentElement.lang = locale
}
