// How a long event is cut into the month slices a list rates (FIDE practice for events of more than 30 days, reported
// and rated month by month): pure date and round arithmetic, given the event's dates, its rounds with their dates and
// the rounds an earlier list rated.

/** An event lasting more than this many days is rated month by month, each month with the list valid then. */
export const MONTHLY_SLICE_DAYS = 30

/** What the cut reads of a period's tournament: its dates and the rounds already rated in published lists. */
export interface SlicedEvent {
  startDate: string
  endDate: string
  ratedThrough: number
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

export interface Slice {
  month: string | null
  /** The rounds taken; null: the whole tournament's rounds not rated yet, known once its games are read. */
  rounds: number[] | null
  last: boolean
  /** The date whose list gives the ratings: the start, or the first round of the month. */
  ratingDate: string
}

/** A tournament's rounds (sorted) past those rated on an earlier list. */
export function notRatedYet(t: Pick<SlicedEvent, 'ratedThrough'>, rounds: readonly number[]): number[] {
  return rounds.filter((r) => r > t.ratedThrough)
}

/** Whether an event is rated whole (30 days or less): its rounds are then those of its games, read with them. */
export function takenWhole(t: SlicedEvent): boolean {
  return daysBetween(t.startDate, t.endDate) <= MONTHLY_SLICE_DAYS
}

/** The one slice of an event taken whole: every round not rated yet, with the list in force at its start. */
export function wholeSlice(t: SlicedEvent): Slice {
  return { month: null, rounds: null, last: true, ratingDate: t.startDate }
}

/**
 * A long event's slices: one per calendar month of its rounds not rated yet and played by the closing date, each
 * with the list valid for that month (the date of its first round); the event whole, for its rounds not rated yet,
 * when a round of its games has no date.
 */
export function monthSlices(t: SlicedEvent, rounds: readonly { round: number; date: string | null }[], allRounds: readonly number[], closingDate: string): Slice[] {
  const dated = rounds.filter((r) => r.date !== null).length === allRounds.length && allRounds.length > 0
  if (!dated) return [{ month: null, rounds: notRatedYet(t, allRounds), last: true, ratingDate: t.startDate }]
  const dateOf = new Map(rounds.map((r) => [r.round, r.date!]))
  const lastRound = allRounds[allRounds.length - 1]!
  const byMonth = new Map<string, number[]>()
  for (const r of allRounds) {
    if (r <= t.ratedThrough) continue
    const d = dateOf.get(r)!
    if (d > closingDate) continue
    const m = d.slice(0, 7)
    if (!byMonth.has(m)) byMonth.set(m, [])
    byMonth.get(m)!.push(r)
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, rs]) => ({ month, rounds: rs, last: rs.includes(lastRound), ratingDate: dateOf.get(rs[0]!)! }))
}
