// The list calendar: list dates and closing dates of a year, each from the edition or profile in force on its date.
import { editionForDate } from '../rules/editions'
import type { RatingType } from '../model/tournament'
import type { CalendarEntry, ListEditionLookup } from './types'
import { addDays, dateParts, isoOfTime } from '../util/dates'

/** date + n months, clamped to the month's last day (31 Mar − 1 month = 28/29 Feb). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = dateParts(date)
  const first = new Date(Date.UTC(y, m - 1 + n, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return isoOfTime(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)))
}

/**
 * Lists fall on the first of a month whose index (January = 0) is a multiple of the period: quarterly 2005
 * (Jan/Apr/Jul/Oct, 2005 § 9.11), six a year 2010 (odd months, 2010 § 7.11), monthly from 2014 (2014 § 7.11).
 * A two-monthly national profile (seed 004: six periods of two months) follows the 2010 pattern.
 */
export function isListMonth(periodMonths: number, month: number): boolean {
  return (month - 1) % periodMonths === 0
}

/** The edition in force on a FIDE list date (list mechanics follow the list date, regulations.md § 1). */
export const fideListEdition: ListEditionLookup = (listDate) => editionForDate(listDate)

/** Closing date of a list: list date − the cutoff of the edition in force on it (regulations.md § 5). */
export function closingDate(lookup: ListEditionLookup, listDate: string): string {
  return addDays(listDate, -lookup(listDate).list.cutoffDays)
}

/** True when the date is a list date of the calendar (the first of a list month under the edition then in force). */
export function isListDate(lookup: ListEditionLookup, date: string): boolean {
  const [, m, d] = dateParts(date)
  return d === 1 && isListMonth(lookup(date).list.periodMonths, m)
}

/** The list dates of a year with their closing dates; each date takes the edition or profile in force on it. */
export function listCalendar(lookup: ListEditionLookup, year: number, ratingType: RatingType = 'standard'): CalendarEntry[] {
  if (!Number.isInteger(year) || year < 1900 || year > 2999) throw new RangeError(`expected a year, got ${year}`)
  const out: CalendarEntry[] = []
  for (let m = 1; m <= 12; m++) {
    const listDate = `${year}-${String(m).padStart(2, '0')}-01`
    const e = lookup(listDate)
    if (!isListMonth(e.list.periodMonths, m)) continue
    out.push({ listDate, closingDate: addDays(listDate, -e.list.cutoffDays), ratingType, edition: e.id, periodMonths: e.list.periodMonths, cutoffDays: e.list.cutoffDays })
  }
  return out
}

/** The list date before this one on the calendar (searching back at most two years), or null. */
export function previousListDate(lookup: ListEditionLookup, listDate: string): string | null {
  const [y, m] = dateParts(listDate)
  for (let back = 1; back <= 24; back++) {
    const t = new Date(Date.UTC(y, m - 1 - back, 1))
    const date = isoOfTime(t.getTime())
    if (isListMonth(lookup(date).list.periodMonths, t.getUTCMonth() + 1)) return date
  }
  return null
}
