// The one formatting of days, ratings and counts for every surface (the screens through util/format.ts, the PDFs, the
// messages): a day in the reader's words, never ISO; a rating as written on FIDE's lists (no thousands separator);
// a quantity with the language's grouping.

export type FormatLocale = 'en' | 'fr'

const TAG: Record<FormatLocale, string> = { en: 'en-GB', fr: 'fr-FR' }
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function dateFormat(locale: FormatLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${locale}:${JSON.stringify(options)}`
  let f = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(TAG[locale], options)))
  return f
}
function numberFormat(locale: FormatLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`
  let f = cache.get(key) as Intl.NumberFormat | undefined
  if (!f) cache.set(key, (f = new Intl.NumberFormat(TAG[locale], options)))
  return f
}

/** Day styles: 'long' "1 November 2025" / "1er novembre 2025"; 'medium' "1 Nov 2025" / "1 nov. 2025". */
export type DayStyle = 'long' | 'medium'

/** French writes the first of a month "1er" ("1er novembre", "1er–3 novembre"). */
const premier = (text: string, locale: FormatLocale): string => (locale === 'fr' ? text.replace(/(^|\s)1(?=[\s–])/g, '$11er') : text)

const ISO_DAY = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:T.*)?$/

/**
 * A calendar day of the contract ('2025-11-01', also '2025-11' or a bare year, or the day of a timestamp) in the
 * reader's language; French writes the first of the month "1er". The day is a calendar day, never shifted by the time
 * zone. Anything else is returned as given.
 */
export function formatDay(iso: string | null | undefined, locale: FormatLocale, style: DayStyle = 'long'): string {
  if (!iso) return ''
  const m = ISO_DAY.exec(iso)
  if (!m) return iso
  const [, y, mo, d] = m
  if (!mo) return y!
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d ?? 1)))
  if (Number.isNaN(date.getTime())) return iso
  if (!d) return dateFormat(locale, { month: style === 'long' ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' }).format(date)
  return premier(dateFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date), locale)
}

/** Two days as a period ("2–9 November 2025"), either end possibly missing. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined, locale: FormatLocale, style: DayStyle = 'long'): string {
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (start && end && day.test(start) && day.test(end) && start !== end) {
    const utc = (s: string) => new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))))
    return premier(dateFormat(locale, { dateStyle: style, timeZone: 'UTC' }).formatRange(utc(start), utc(end)), locale)
  }
  return [start, end].filter((x, i, all) => x && all.indexOf(x) === i).map((x) => formatDay(x, locale, style)).join(' – ')
}

/** A moment (an ISO timestamp: a decision, a backup) as day and hour in UTC, the office's clock of record. */
export function formatMoment(iso: string | null | undefined, locale: FormatLocale): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${premier(dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(date), locale)} UTC`
}

/**
 * A rating (or a rating average, a Ru, an Rc) as FIDE's lists write it: never a thousands separator ("2543", not
 * "2,543" or "2 543", which read as quantities); a fraction with the language's decimal mark ("2184,17").
 */
export function formatRating(n: number | null | undefined, locale: FormatLocale, digits?: number): string {
  if (n === null || n === undefined || Number.isNaN(n)) return ''
  const options: Intl.NumberFormatOptions = { useGrouping: false, ...(digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits }) }
  return numberFormat(locale, options).format(n)
}

/** A quantity (players, entries, games) with the language's grouping: "12,345" / "12 345". */
export function formatCount(n: number | null | undefined, locale: FormatLocale, options: Intl.NumberFormatOptions = {}): string {
  if (n === null || n === undefined || Number.isNaN(n)) return ''
  return numberFormat(locale, options).format(n)
}

/**
 * French typography: the space before ":", ";", "!", "?" and "»" and after "«" is a no-break space (U+00A0), so a
 * line never begins with the sign ("Lieu :" stays whole). Texts are written with ordinary spaces; the screens
 * (vue-i18n's postTranslation), the messages (translateError) and the PDFs pass them through this.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/[ \u202f](?=[:;!?»])/g, '\u00a0').replace(/«[ \u202f]/g, '«\u00a0')
}

/**
 * A figure of a calculation sheet (a score, D, PD, ΔR, W, We, Ra, Ru) as every surface writes it (the sheet's drawer,
 * its PDF, the public site): the language's decimal mark, `digits` decimals when given, a real minus sign ("−0,11"),
 * and "–" when there is no figure. No thousands separator: a sheet's figures are ratings and their differences.
 */
export function formatFigure(n: number | null | undefined, locale: FormatLocale, digits?: number): string {
  if (n === null || n === undefined) return '–'
  let s = digits === undefined ? String(n) : n.toFixed(digits)
  if (locale === 'fr' && s.includes('.')) s = s.replace('.', ',')
  return s.charCodeAt(0) === 45 ? `−${s.slice(1)}` : s
}

/** A sheet's change with its sign ("+0,48", "−0,11"): formatFigure with a plus before a gain. */
export function formatSigned(n: number | null | undefined, locale: FormatLocale, digits?: number): string {
  if (n === null || n === undefined) return '–'
  return n > 0 ? `+${formatFigure(n, locale, digits)}` : formatFigure(n, locale, digits)
}
