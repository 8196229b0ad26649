// Late tournaments: ended on or before the closing date of a list already published; rated on the next list with the ratings at its start (2014 § 7.13, regulations.md § 5).
import { finding, isoOrNull } from './common'
import type { CheckFinding, CheckInput } from './types'

export function checkList(input: CheckInput): CheckFinding[] {
  const t = input.tournament
  // an archive import fills past lists: being "late" for them says nothing
  if (t.historical) return []
  const end = isoOrNull(t.endDate) ?? isoOrNull(t.startDate)
  if (end === null) return []
  const missed = input.publishedLists.filter((l) => end <= l.closingDate).sort((a, b) => (a.listDate < b.listDate ? -1 : a.listDate > b.listDate ? 1 : 0))
  if (missed.length === 0) return []
  const first = missed[0]!
  const last = missed[missed.length - 1]!
  return [
    finding(
      input,
      'check.list.late',
      'info',
      input.listEdition.checks.refs.late,
      { end, listDate: first.listDate, closingDate: first.closingDate, lastPublished: last.listDate, missedLists: missed.length, start: t.startDate },
      { edition: input.listEdition.id }
    )
  ]
}
