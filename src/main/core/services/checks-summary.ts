// What the review screens show: a tournament's summary (facts, edition in force, list) and the dashboard's page.
import type { Db } from '../db/open'
import type { DashboardRow } from '../../../shared/contract/checks'
import { blockingErrors } from '../data/findings'
import { dashboardRows, roundDates, type DashboardFilter } from '../data/review'
import { tournamentList, tournamentLists } from './tournament-list'
import { flagsOf, requireFacts, reviewEdition, startOf } from './checks-input'
import { findingsToDecide } from './checks-decisions'

/** The tournament page's summary (reviewSummary). */
export type ReviewSummary = ReturnType<typeof reviewSummary>

/** For the tournament page: the facts, the edition the checks apply, its list (tournament-list.ts: rated, due or none). */
export function reviewSummary(db: Db, id: number) {
  const t = requireFacts(db, id)
  let editionInForce: string | null = null
  try {
    editionInForce = reviewEdition(db, t, startOf(t, roundDates(db, id))).id
  } catch {
    // no edition covers the start (a date before 2005 without a chosen profile): the page says so by a null
  }
  const list = tournamentList(db, id)
  return {
    id,
    status: t.status,
    receivedDate: t.receivedDate,
    registeredDate: t.registeredDate,
    historical: t.historical === 1,
    flags: flagsOf(t),
    timeControlOverride: t.timeControlOverride,
    edition: t.edition,
    ratingType: t.ratingType,
    ratingTypeSource: t.ratingTypeSource,
    qcReference: t.qcReference,
    editionInForce,
    listDate: list?.listDate ?? null,
    list,
    blockingErrors: blockingErrors(db, id).length,
    toDecide: findingsToDecide(db, id)
  }
}

/** The dashboard's page, each row with its list (tournament-list.ts: the one that rated it, or the one it goes into). */
export function dashboard(db: Db, filter: DashboardFilter): { total: number; rows: DashboardRow[] } {
  const page = dashboardRows(db, filter)
  const lists = tournamentLists(db, page.rows.map((r) => r.id))
  return {
    total: page.total,
    rows: page.rows.map(({ receivedDate: _received, edition: _edition, historical, ...r }) => {
      const list = lists.get(r.id) ?? null
      return { ...r, historical: historical === 1, listDate: list?.listDate ?? null, list }
    })
  }
}
