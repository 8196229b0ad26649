// The one formatter of dates and numbers on screen, in the interface language (vue-i18n's global locale, so a
// change of language redraws them): the contract's ISO days and timestamps never reach the screen as written.
import { i18n } from '@renderer/i18n'

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

/**
 * A calendar day of the contract ('2025-09-30', also '2025-09' or a bare year), in the user's language
 * ('30 Sept 2025', '30 sept. 2025'); anything else is returned as given. The day is a calendar day, never shifted
 * by the time zone.
 */
export function formatDay(iso: string | null | undefined, style: 'medium' | 'long' = 'medium'): string {
  if (!iso) return ''
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(iso)
  if (!m) return iso
  const [, y, mo, d] = m
  if (!mo) return y!
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d ?? 1)))
  return d
    ? dateFormat({ dateStyle: style, timeZone: 'UTC' }).format(date)
    : dateFormat({ month: style === 'long' ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' }).format(date)
}

/** Two days as a period ('2–9 Sept 2025'), either end possibly missing. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (start && end && day.test(start) && day.test(end) && start !== end) {
    const toUtc = (s: string) => new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))))
    return dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).formatRange(toUtc(start), toUtc(end))
  }
  return [start, end].filter((x, i, all) => x && all.indexOf(x) === i).map((x) => formatDay(x)).join(' – ')
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
