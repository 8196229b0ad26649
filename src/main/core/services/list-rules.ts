// What every use case of the office's lists shares: the rules a list is computed under (its profile or the FIDE
// edition in force, the tournaments' own, the cutoff), its calendar, the engine's version written with it, the job
// hooks, and the list's audit entry.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { RatingType } from '../model/tournament'
import { listCalendar } from '../lists/calendar'
import { editionForDate } from '../rules/editions'
import { findEdition } from './rating'
import { UserError } from '../util/errors'
import { appVersion } from '../util/version'
import { appendAudit } from '../data/audit'

/** Written with every office list: the code that computed it. */
export const ENGINE_VERSION = `rating-office ${appVersion}`

export interface JobHooks {
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

/** A list's audit entry: what was done to it, why, and the figures that prove it. */
export function auditList(db: Db, action: 'list.generate' | 'list.publish' | 'list.correct', entityId: number, reason: string | null, data: unknown): void {
  appendAudit(db, { action, entity: 'rating_list', entityId, reason, data })
}

/** The rule set of a list: the named profile (or shipped edition), else the FIDE edition in force on its date. */
export function profileEdition(db: Db, profile: string | undefined): Edition | null {
  if (profile === undefined) return null
  const e = findEdition(db, profile)
  if (!e) throw new UserError('engine.unknownEdition', { id: profile, known: 'fide-2005 … fide-2024, fse, or a saved profile' })
  return e
}

export interface Rules {
  list: (date: string) => Edition
  tournament: (date: string, id: string | null) => Edition
  cutoff: (date: string) => number
}

export function rulesFor(db: Db, profile: Edition | null): Rules {
  const list = (date: string): Edition => profile ?? editionForDate(date)
  return {
    list,
    tournament: (date, id) => (id ? (findEdition(db, id) ?? list(date)) : (profile ?? editionForDate(date))),
    cutoff: (date) => list(date).list.cutoffDays
  }
}

export function calendar(db: Db, year: number, ratingType: RatingType, profile?: string): { listDate: string; closingDate: string; edition: string }[] {
  const rules = rulesFor(db, profileEdition(db, profile))
  return listCalendar(rules.list, year, ratingType).map((c) => ({ listDate: c.listDate, closingDate: c.closingDate, edition: c.edition }))
}

/** The calendar entry of a list date, or a clear error naming the dates of that year. */
export function calendarEntry(rules: Rules, listDate: string, ratingType: RatingType): { closingDate: string } {
  const year = Number(listDate.slice(0, 4))
  const dates = listCalendar(rules.list, year, ratingType)
  const hit = dates.find((c) => c.listDate === listDate)
  if (!hit) throw new UserError('lists.offCalendar', { listDate, dates: dates.map((c) => c.listDate).join(', ') })
  return hit
}
