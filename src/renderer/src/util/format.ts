// The one formatter of dates and numbers on screen, in the interface language (vue-i18n's global locale, so a
// change of language redraws them): the contract's ISO days and timestamps never reach the screen as written.
import { i18n } from '@renderer/i18n'
import { editionName } from '@shared/citations'
import { formatDay as sharedDay, formatFigure as sharedFigure, formatPeriod as sharedPeriod, formatRating as sharedRating, type DayStyle, type FormatLocale } from '@shared/formats'

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: 'd' | 'n', options: Intl.DateTimeFormatOptions | Intl.NumberFormatOptions, make: (locale: string) => T): T {
  // reading the locale here makes every caller's render depend on it
  const locale = i18n.global.locale.value === 'fr' ? 'fr-FR' : 'en-GB'
  const key = `${kind}:${locale}:${JSON.stringify(options)}`
  let f = cache.get(key)
  if (!f) cache.set(key, (f = make(locale)))
  return f as T
}
const dateFormat = (options: Intl.DateTimeFormatOptions) => formatter('d', options, (l) => new Intl.DateTimeFormat(l, options))

const uiLocale = (): FormatLocale => (i18n.global.locale.value === 'fr' ? 'fr' : 'en')

/**
 * A calendar day of the contract ('2025-09-30', also '2025-09' or a bare year), in the user's language
 * ('30 Sept 2025', '30 sept. 2025'): the shared formatDay (src/shared/formats.ts) the PDFs and messages use too.
 */
export function formatDay(iso: string | null | undefined, style: DayStyle = 'medium'): string {
  return sharedDay(iso, uiLocale(), style)
}

/** Two days as a period ('2–9 Sept 2025'), either end possibly missing. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  return sharedPeriod(start, end, uiLocale(), 'medium')
}

/** A rating (or a rating average) with no thousands separator, whatever the language: "2543", never "2,543". */
export function formatRating(n: number | null | undefined, digits?: number): string {
  return sharedRating(n, uiLocale(), digits)
}

/**
 * Rules by their name in the interface language ("FIDE Rating Regulations 2024", "Réglementation du classement de la
 * FIDE 2024"), never by their id: a FIDE edition or the Swiss profile by the shared name, a federation's profile by
 * `ownName`.
 */
export function formatEdition(editionId: string, ownName?: string | null): string {
  return editionName(editionId, uiLocale(), ownName)
}

/**
 * A figure as the calculation sheet writes it (the language's decimal mark, a real minus sign, no grouping): "−20,6",
 * "2498"; a text (a flag) as it is; nothing as "—".
 */
export function formatFigureOrText(v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '—'
  return typeof v === 'number' ? sharedFigure(v, uiLocale()) : v
}

/** A moment (an ISO timestamp of the audit log, a backup, a decision) in local time: day and hour. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** A count or a figure with the user's grouping and decimal mark (1 234 / 1,234; 0,5 / 0.5). */
export function formatNumber(n: number | null | undefined, options: Intl.NumberFormatOptions = {}): string {
  if (n === null || n === undefined || Number.isNaN(n)) return ''
  return formatter('n', options, (l) => new Intl.NumberFormat(l, options)).format(n)
}

/**
 * Builds the interface language's number and day formatters ahead, in a task of their own (main.ts): the first Intl
 * formatter of a page loads the language's data, 20-35 ms that fell in the players table's first mount.
 */
export function prepareFormatters(): void {
  formatNumber(0)
  formatDay('2000-01-01')
}
