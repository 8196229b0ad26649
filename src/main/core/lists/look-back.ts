// The rated games a player played before the office's own lists, from the games columns of the imported reference lists
// — the inactivity rule looks a year back (2005 § 9.23a: fewer than 4 rated games in a year; 2010
// § 7.23a, 2014 § 7.23a: none), and in the office's first year part of that year is only on the lists it imported.
import type { Edition } from '../../../shared/contract/rating'
import { addMonths, previousListDate } from './calendar'
import type { ListEditionLookup } from './types'

/** One imported reference list of the look-back: its games column holds the games of (periodStart, listDate]. */
export interface ImportedList {
  listId: number
  listDate: string
  /** The date of the calendar's list before it: where the period its games column counts starts. */
  periodStart: string
}

/** A player's rated games on the imported lists of the look-back, and the date from which they are all known. */
export interface ImportedGames {
  games: number
  /** Every rated game after this date is known (on the imported lists, then on the office's own). */
  since: string
}

/** Where the inactivity rule's year starts for a list: the list date less the edition's inactivity months. */
export function inactivityYearStart(E: Edition, listDate: string): string {
  return addMonths(listDate, -E.list.inactivityMonths)
}

/** Where an imported list's games column starts counting: the calendar's list before it. */
export function periodStartOf(lookup: ListEditionLookup, listDate: string): string {
  return previousListDate(lookup, listDate) ?? addMonths(listDate, -lookup(listDate).list.periodMonths)
}

/**
 * A player's games on the imported lists before the office knows his games itself (`trackedSince`: games on lists
 * after it are the office's), walking back from that date through the imported lists one period at a time: the list
 * dated `trackedSince` counts the games of its period, the list dated at that period's start the one before, and so on
 * until the year of the inactivity rule is covered. A missing list, or a list without his line or without a games
 * column, ends the walk: the games before it are not known. `lists` newest first; `gamesOn(i)`: his games on lists[i],
 * null when not known. Null: nothing to add (the office knows the year itself, or no imported list is dated
 * `trackedSince`). The result is shared between players with the same figures (`shared`): at FIDE scale two million
 * lines take a few hundred objects.
 */
export function importedGames(
  yearStart: string,
  trackedSince: string | null,
  lists: readonly ImportedList[],
  gamesOn: (i: number) => number | null,
  shared: Map<string, ImportedGames> = new Map()
): ImportedGames | null {
  if (trackedSince === null || trackedSince <= yearStart || lists.length === 0) return null
  let since = trackedSince
  let games = 0
  let took = false
  for (let i = 0; i < lists.length && since > yearStart; i++) {
    const l = lists[i]!
    if (l.listDate > since) continue
    if (l.listDate < since) break
    const g = gamesOn(i)
    if (g === null) break
    games += g
    took = true
    since = l.periodStart
  }
  if (!took) return null
  const key = `${since} ${games}`
  let out = shared.get(key)
  if (!out) shared.set(key, (out = Object.freeze({ games, since })))
  return out
}
