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

/** A parameter given in every language (the input issues, issues.ts): the message's language picks its text. */
function paramText(v: unknown, locale: Locale): string {
  if (v !== null && typeof v === 'object' && typeof (v as Record<string, unknown>)[locale] === 'string' && typeof (v as Record<string, unknown>).en === 'string') return (v as Record<Locale, string>)[locale]
  return String(v)
}

/** Fills {name} placeholders; unknown keys fall back to the key and its parameters, never to nothing. */
export function translateError(key: string, params: Record<string, unknown> = {}, locale: Locale = 'en'): string {
  const entry = errorCatalogue[key]
  if (!entry) return untranslated(key, params)
  return entry[locale].replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? paramText(params[name], locale) : `{${name}}`))
}
