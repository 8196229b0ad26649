// Which list a tournament belongs to, worked out from its dates and the published lists (pure): the list that rated
// it, the list it will go into, or none; and the list date an officer is offered to generate next.
import type { Edition } from '../../../shared/contract/rating'
import { isListMonth } from './calendar'
import { addDays } from '../util/dates'
import type { ListEditionLookup } from './types'

/**
 * A tournament's list. 'rated': the published office list whose generation took its last rounds, in the version in
 * force of that date (a correction published as a new version rated it again; the earlier version stays in the
 * archive). 'due': the list it will go into once approved and generated. No list (null): a rejected tournament that no
 * published list rated, or one whose dates no edition covers.
 */
export type TournamentList = { state: 'rated'; listId: number; listDate: string; version: number } | { state: 'due'; listDate: string }

/** The published office lists of one chain and rating type: their dates, and the latest. */
export interface PublishedDates {
  dates: ReadonlySet<string>
  latest: string | null
}

export function publishedDates(dates: readonly string[]): PublishedDates {
  let latest: string | null = null
  for (const d of dates) if (latest === null || d > latest) latest = d
  return { dates: new Set(dates), latest }
}

/** The first of the month after `date`'s month. */
function nextMonth(date: string): string {
  let y = Number(date.slice(0, 4))
  let m = Number(date.slice(5, 7)) + 1
  if (m > 12) {
    m = 1
    y++
  }
  return `${y}-${String(m).padStart(2, '0')}-01`
}

/** The lookup's edition on a list date; before the first edition, `fallback`'s. */
function listEditionOn(lookup: ListEditionLookup, date: string, fallback: Edition): Edition {
  try {
    return lookup(date)
  } catch {
    return fallback
  }
}

/**
 * The list a tournament not yet rated goes into: the first list date of the calendar (the list edition's: monthly
 * since 2014, every other month in 2010, quarterly in 2005 — regulations.md § 1) whose closing date (list date − the
 * edition's cutoff, § 5) is on or after both its end and the day its report came, and that comes after every list of
 * its chain already published: a tournament that ended before the closing date of a published list is late and is
 * rated on the next list (FIDE Rating Regulations 2014, § 7.13; regulations.md § 5: the tournaments that ended on or
 * before the closing date *and were received* count). `fallback`: the tournament's own edition, for dates before the
 * first edition. (The generation itself takes every approved tournament ended by the closing date, whenever its report
 * came: a report received after the closing date of a list not generated yet is named for the next list here.)
 */
export function dueListDate(end: string, received: string, published: PublishedDates, lookup: ListEditionLookup, fallback: Edition): string {
  const from = end > received ? end : received
  let date = `${from.slice(0, 7)}-01`
  for (let i = 0; i < 120; i++, date = nextMonth(date)) {
    const e = listEditionOn(lookup, date, fallback)
    if (!isListMonth(e.list.periodMonths, Number(date.slice(5, 7)))) continue
    if (published.latest !== null && date <= published.latest) continue
    if (addDays(date, -e.list.cutoffDays) >= from && !published.dates.has(date)) return date
  }
  throw new Error(`no list date within ten years of ${from}`)
}

/** The first list date of the calendar after `date`. */
export function listDateAfter(date: string, lookup: ListEditionLookup, fallback: Edition): string {
  let d = nextMonth(date)
  for (let i = 0; i < 24; i++, d = nextMonth(d)) if (isListMonth(listEditionOn(lookup, d, fallback).list.periodMonths, Number(d.slice(5, 7)))) return d
  throw new Error(`no list date within two years after ${date}`)
}

/** The first list date of the calendar on or after `date`. */
export function listDateFrom(date: string, lookup: ListEditionLookup, fallback: Edition): string {
  const first = `${date.slice(0, 7)}-01`
  return first === date && isListMonth(listEditionOn(lookup, date, fallback).list.periodMonths, Number(date.slice(5, 7))) ? date : listDateAfter(date, lookup, fallback)
}
