// Duration: start to end (both days counted) within the edition's maximum, or the monthly-slice practice (2014 § 4.1, regulations.md § 5).
import { daysBetween, isoOrNull } from './common'
import { finding } from './common'
import type { CheckFinding, CheckInput } from './types'

/** Calendar months touched by [start, end]: the slices a long event is rated in. */
function monthsTouched(start: string, end: string): number {
  const m = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1
  return m(end) - m(start) + 1
}

export function checkDuration(input: CheckInput): CheckFinding[] {
  const start = isoOrNull(input.tournament.startDate)
  const end = isoOrNull(input.tournament.endDate)
  if (start === null || end === null || end < start) return []
  const d = input.edition.checks.duration
  const days = daysBetween(start, end) + 1
  const max = d.monthlySliceDays ?? d.maxDays
  if (days <= max) return []
  return [
    finding(input, 'check.duration.tooLong', 'error', input.edition.checks.refs.duration, {
      days,
      maxDays: max,
      start,
      end,
      slices: monthsTouched(start, end),
      practice: d.monthlySliceDays !== null
    })
  ]
}
