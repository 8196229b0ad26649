// Error messages in every UI language, keyed; one catalogue per domain, merged here.
import { coreErrors } from './core'
import { engineErrors } from './engine'
import { trfErrors } from './trf'
import { registryErrors } from './registry'
import { listsErrors } from './lists'
import { checksErrors } from './checks'
import { exportsErrors } from './exports'
import { reviewErrors } from './review'
import { demoErrors } from './demo'
import { filesErrors } from './files'
import { limitsErrors } from './limits'
import { untranslated } from './untranslated'
import { formatDay, formatRating } from '../formats'

export type Locale = 'en' | 'fr'
export type ErrorCatalogue = Record<string, { en: string; fr: string }>

export const errorCatalogue: ErrorCatalogue = {
  ...coreErrors,
  ...engineErrors,
  ...trfErrors,
  ...registryErrors,
  ...listsErrors,
  ...checksErrors,
  ...exportsErrors,
  ...reviewErrors,
  ...demoErrors,
  ...filesErrors,
  ...limitsErrors
}

/**
 * A parameter in the message's language: given in every language (the input issues, issues.ts), its text; a calendar
 * day, in words ("3 March 2025", "3 mars 2025"), never ISO; a fraction with the language's decimal mark ("2,5"). An
 * integer is written as is: it may be a rating, a FIDE ID, a year or a line, none of which takes a separator.
 */
function paramText(v: unknown, locale: Locale): string {
  if (v !== null && typeof v === 'object' && typeof (v as Record<string, unknown>)[locale] === 'string' && typeof (v as Record<string, unknown>).en === 'string') return (v as Record<Locale, string>)[locale]
  if (typeof v === 'string' && ISO_DAY.test(v)) return formatDay(v, locale)
  if (typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v)) return formatRating(v, locale)
  return String(v)
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The word that agrees with a count, `{count|error|errors}`: the singular for 1 in English, for 0 and 1 in French
 * ("0 erreur", "1 erreur", "2 erreurs"), as vue-i18n's rules do on the screens.
 */
function agreeing(n: unknown, one: string, other: string, locale: Locale): string {
  const count = typeof n === 'number' ? n : Number(n)
  const singular = locale === 'fr' ? Math.abs(count) < 2 : count === 1
  return singular ? one : other
}

/** Fills {name} placeholders and {name|one|other} agreements; unknown keys fall back to the key and its parameters, never to nothing. */
export function translateError(key: string, params: Record<string, unknown> = {}, locale: Locale = 'en'): string {
  const entry = errorCatalogue[key]
  if (!entry) return untranslated(key, params)
  return entry[locale]
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, name: string, one: string, other: string) => (name in params ? agreeing(params[name], one, other, locale) : whole))
    .replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? paramText(params[name], locale) : `{${name}}`))
}
