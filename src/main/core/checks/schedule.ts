// Schedule: rounds a day (3 in 2005 § 3.1 / 2010 § 3.1) and hours a day (12, counted on the 60-move basis on both clocks, 2014 § 3.1).
import { readTimeControl } from '../trf/time-control-read'
import { finding, isoOrNull } from './common'
import type { CheckFinding, CheckInput } from './types'

export function checkSchedule(input: CheckInput): CheckFinding[] {
  const t = input.tournament
  const c = input.edition.checks
  if (t.ratingType !== null && !c.schedule.ratingTypes.includes(t.ratingType)) return []
  if (c.schedule.maxRoundsPerDay === null && c.schedule.maxHoursPerDay === null) return []
  const byDate = new Map<string, number[]>()
  t.roundDates.forEach((d, i) => {
    const date = isoOrNull(d)
    if (date === null) return
    const list = byDate.get(date) ?? []
    list.push(i + 1)
    byDate.set(date, list)
  })
  if (byDate.size === 0) {
    return t.rounds > 0 ? [finding(input, 'check.schedule.noRoundDates', 'warning', c.refs.roundsPerDay, { rounds: t.rounds })] : []
  }
  const tc = readTimeControl(t)
  // one game's length for 60 moves on both clocks
  const gameMinutes = tc.understood ? 2 * tc.minutesFor60 : null
  const out: CheckFinding[] = []
  for (const [date, rounds] of [...byDate].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const roundList = rounds.join(', ')
    if (c.schedule.maxRoundsPerDay !== null && rounds.length > c.schedule.maxRoundsPerDay) {
      out.push(finding(input, 'check.schedule.roundsPerDay', 'error', c.refs.roundsPerDay, { date, count: rounds.length, max: c.schedule.maxRoundsPerDay, roundList }, { rounds }))
    }
    if (c.schedule.maxHoursPerDay !== null && gameMinutes !== null) {
      const minutes = rounds.length * gameMinutes
      if (minutes > c.schedule.maxHoursPerDay * 60) {
        out.push(
          finding(input, 'check.schedule.hoursPerDay', 'error', c.refs.hoursPerDay, { date, hours: Math.round((minutes / 60) * 100) / 100, max: c.schedule.maxHoursPerDay, minutes: gameMinutes, count: rounds.length, roundList }, { rounds })
        )
      }
    }
  }
  return out
}
