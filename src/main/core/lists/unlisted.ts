// Why a player the period touched gets no line on the list, with the figures, and what happens to his games next.
import type { Edition } from '../../../shared/contract/rating'
import { monthsBetween, type FirstRating } from '../engine/unrated'
import { addDays } from '../util/dates'
import { addMonths } from './calendar'
import { NONE, type PlayerWork } from './rate-period'
import type { BaseEntry, SheetUnlisted, UnlistedReason, WindowEvent } from './types'

/** An unrated player's window as a list leaves it: the first rating worked out (null: none), the events carried, those that left. */
export interface WindowState {
  first: FirstRating | null
  keep: WindowEvent[]
  dropped: number
  /** A first rating the engine publishes but this list does not: the list rule's reason ('no-fide-id'). */
  withheld: UnlistedReason | null
}

/**
 * The first date from which an event that started on `start` no longer counts in a window of `months` (a list dated on
 * or after it leaves it out: monthsBetween(start, list date) ≥ months). `start + months` when that day exists, else the
 * first of the next month (31 December + 26 months: 1 March, as 28 February is still a month short).
 */
export function windowLeavesOn(start: string, months: number): string {
  const d = addMonths(start, months)
  return monthsBetween(start, d) >= months ? d : addDays(d, 1)
}

/** Why a player the period touched gets no line on the list, with the figures, and what happens to his games next. */
export function unlistedPart(E: Edition, id: number, w: PlayerWork, b: BaseEntry | undefined, ws: WindowState | null): SheetUnlisted {
  const fr = ws?.first ?? null
  const keep = ws?.keep ?? NONE
  const floor = E.list.floor
  const earliest = keep.reduce<string | null>((m, ev) => (m === null || ev.start < m ? ev.start : m), null)
  const windowUntil = earliest === null ? null : windowLeavesOn(earliest, E.unrated.windowMonths)
  let reason: UnlistedReason
  if (fr && fr.games < fr.minGames) reason = 'too-few-games'
  else if (fr && fr.ru < floor) reason = 'below-floor'
  // a first rating the engine publishes but the list does not: the rule that withholds it names its own reason
  else if (fr && ws?.withheld) reason = ws.withheld
  else if (fr) throw new Error(`player ${id}: first rating ${fr.ru} withheld from the list without a reason`)
  else if (w.rated.length > 0) reason = 'not-on-base'
  else if (w.unrated.length > 0) reason = 'no-counted-event'
  else if ((ws?.dropped ?? 0) > 0) reason = 'window-expired'
  else reason = b?.status === 'titled-unrated' ? 'was-titled-unrated' : 'was-delisted'
  const why: Record<UnlistedReason, string> = {
    'too-few-games': `${fr?.games} game(s) towards a first rating, fewer than the ${fr?.minGames} required`,
    'below-floor': `first rating ${fr?.ru} below the floor ${floor}`,
    'no-fide-id': `first rating ${fr?.ru} over ${fr?.games} games not published: no FIDE ID (FIDE's list publishes no first rating without one; the federation's own list does)`,
    'no-counted-event': 'no event of his counts towards a first rating',
    'window-expired': `his events left the window (${E.unrated.windowMonths} months)`,
    'not-on-base': 'rated at the start of his tournaments but not rated on the base list: no rating to change',
    'was-delisted': 'shown once as delisted on the base list: now unrated',
    'was-titled-unrated': 'titled unrated on the base list, without a title now: unrated'
  }
  const next =
    windowUntil !== null
      ? `his games stay in the window (${keep.length} event(s)); the earliest counts for the lists dated before ${windowUntil}`
      : 'no games carried to the next list'
  return { reason, games: fr?.games ?? null, minGames: fr?.minGames ?? null, ru: fr?.ru ?? null, floor, carried: keep.length, windowUntil, text: `not on the list: ${why[reason]}; ${next}` }
}
