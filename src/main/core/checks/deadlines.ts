// Deadlines: registration before the start (2014 § 0.2, December 2023 amendment), report in 7 days and upload in 30 (2014 § 9.1).
import { daysBetween, finding, isoOrNull } from './common'
import type { CheckFinding, CheckInput } from './types'

export function checkDeadlines(input: CheckInput): CheckFinding[] {
  const t = input.tournament
  if (t.historical) return []
  const c = input.edition.checks
  const start = isoOrNull(t.startDate)
  const end = isoOrNull(t.endDate) ?? start
  const out: CheckFinding[] = []

  const registered = isoOrNull(t.registeredDate)
  if (start !== null && registered !== null) {
    const rule = c.deadlines.registration.filter((r) => r.from === null || r.from <= start).at(-1)
    if (rule) {
      const strictBy = rule.strict
        ? input.players.filter((p) => p.ratingAtStart !== null && (p.ratingAtStart > rule.strict!.ratingAbove || (p.sex === 'F' && p.ratingAtStart > rule.strict!.womanRatingAbove)))
        : []
      const required = strictBy.length > 0 ? rule.strict!.days : rule.days
      const before = daysBetween(registered, start)
      if (before < required) {
        out.push(
          finding(
            input,
            'check.deadline.registration',
            'warning',
            rule.ref,
            { registered, start, daysBefore: before, required, strict: strictBy.length > 0 },
            strictBy.length > 0 ? { startRanks: strictBy.map((p) => p.startRank) } : {}
          )
        )
      }
    }
  }

  const received = isoOrNull(t.receivedDate)
  if (end !== null && received !== null) {
    const after = daysBetween(end, received)
    if (c.deadlines.reportDays !== null && after > c.deadlines.reportDays) {
      out.push(finding(input, 'check.deadline.report', 'warning', c.refs.report, { end, received, daysAfter: after, allowed: c.deadlines.reportDays }))
    }
    if (c.deadlines.uploadDays !== null && after > c.deadlines.uploadDays) {
      out.push(finding(input, 'check.deadline.upload', 'error', c.refs.upload, { end, received, daysAfter: after, allowed: c.deadlines.uploadDays }))
    }
  }
  return out
}
