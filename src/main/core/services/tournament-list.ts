// "Which list does this tournament belong to", answered once for every surface (the dashboard and `tournaments list`,
// the tournaments' page, the review panel, the check report), and the list date the generate form and
// `lists generate` offer by default, from the same rule.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import { RATING_TYPES, type RatingType } from '../model/tournament'
import { editionForDate } from '../rules/editions'
import { findEdition } from './rating'
import { editionChain, FIDE_CHAIN, type ListChain } from '../data/lists'
import { approvedTournamentIds, latestReferenceDate, listsThatRated, publishedOfficeDates, tournamentListFacts, type RatedInList, type TournamentListFacts } from '../data/tournament-lists'
import { dueListDate, listDateAfter, listDateFrom, publishedDates, type PublishedDates, type TournamentList } from '../lists/tournament-list'
import type { ListEditionLookup } from '../lists/types'
import { closingDate } from '../lists/calendar'
import { UserError } from '../util/errors'

export type { TournamentList } from '../lists/tournament-list'

/** The edition a tournament is checked and rated under: the officer's choice, else FIDE's in force at its start. */
function tournamentEdition(db: Db, f: TournamentListFacts): Edition | null {
  if (f.edition) return findEdition(db, f.edition) ?? null
  return editionForDate(f.start)
}

/** The list calendar of a rule set: a federation's profile keeps its own for every date; FIDE's editions follow the list date. */
function listLookup(edition: Edition): ListEditionLookup {
  return edition.kind === 'fide' ? editionForDate : () => edition
}

/**
 * The list a tournament not yet rated goes into, under its edition (its list calendar: a profile's own, else FIDE's by
 * date) given its chain's published lists: the review's checks (services/checks.ts) and tournamentLists take it here.
 */
export function dueListOf(edition: Edition, end: string, received: string, published: PublishedDates): string {
  return dueListDate(end, received, published, listLookup(edition), edition)
}

/** The published dates of a chain and type, read once per call. */
function publishedReader(db: Db): (ratingType: string, chain: ListChain) => PublishedDates {
  const cache = new Map<string, PublishedDates>()
  return (ratingType, chain) => {
    const key = `${ratingType} ${chain}`
    let p = cache.get(key)
    if (!p) cache.set(key, (p = publishedDates(publishedOfficeDates(db, ratingType, chain))))
    return p
  }
}

/**
 * The list of each of these tournaments (services' one answer; see lists/tournament-list.ts):
 * - rated: the published office list that took its last rounds — of its own chain (FIDE's list for FIDE's rules, the
 *   federation's for its profile), else of the other chain that rated it — in the version in force of that date;
 *   whatever its state now (a corrected file under review, even a rejection afterwards, leaves the published list as
 *   it was);
 * - rejected and rated by no list: none;
 * - otherwise (imported, checked, approved): the list it will go into, dueListDate.
 * An id that is not a tournament is absent from the map.
 */
export function tournamentLists(db: Db, ids: readonly number[]): Map<number, TournamentList | null> {
  const rated = new Map<number, RatedInList[]>()
  for (const r of listsThatRated(db, ids)) {
    const all = rated.get(r.tournamentId)
    if (all) all.push(r)
    else rated.set(r.tournamentId, [r])
  }
  const published = publishedReader(db)
  const out = new Map<number, TournamentList | null>()
  for (const f of tournamentListFacts(db, ids)) {
    let edition: Edition | null = null
    try {
      edition = tournamentEdition(db, f)
    } catch {
      // a start no edition covers, without a chosen profile: no list to name
    }
    const chain = edition ? editionChain(edition) : FIDE_CHAIN
    const lists = rated.get(f.id) ?? []
    const hit = lists.find((l) => l.source === chain) ?? lists[0]
    if (hit) out.set(f.id, { state: 'rated', listId: hit.listId, listDate: hit.listDate, version: hit.version })
    else if (f.status === 'rejected' || !edition) out.set(f.id, null)
    else out.set(f.id, { state: 'due', listDate: dueListOf(edition, f.end ?? f.start, f.receivedDate, published(f.ratingType ?? 'standard', chain)) })
  }
  return out
}

/** One tournament's list (null: none; see tournamentLists). */
export function tournamentList(db: Db, id: number): TournamentList | null {
  return tournamentLists(db, [id]).get(id) ?? null
}

/** Why a list date is offered first. */
export type NextDateReason = 'approved' | 'afterPublished' | 'afterReference' | 'today'

export interface NextListDate {
  listDate: string
  reason: NextDateReason
  /** The approved tournaments not yet rated that go into that list (reason 'approved'). */
  tournaments: number
  /** Its closing date under the list rules of the chain (list date − the cutoff of the edition in force on it). */
  closingDate: string
}

/**
 * The list date the officer is offered to generate next, for a rating type and a chain (a federation's profile, else
 * FIDE's list): the earliest list due with approved tournaments that no published list of the chain rated (each
 * tournament's list as tournamentLists works it out, for this chain); else the list after the last one published; else
 * the list after the latest imported list (the first the office computes from it); else the first list date from today.
 */
export function nextListDate(db: Db, ratingType: RatingType, profile?: string): NextListDate {
  const chosen = profile === undefined ? null : (findEdition(db, profile) ?? null)
  if (profile !== undefined && !chosen) throw new UserError('engine.unknownEdition', { id: profile, known: 'fide-2005 … fide-2024, fse, or a saved profile' })
  const chain = chosen ? editionChain(chosen) : FIDE_CHAIN
  // the list rules of the chain, as rulesFor (services/list-rules.ts) takes them
  const lookup: ListEditionLookup = chosen ? () => chosen : editionForDate
  const published = publishedDates(publishedOfficeDates(db, ratingType, chain))
  const ids = approvedTournamentIds(db, ratingType)
  const ratedHere = new Set(listsThatRated(db, ids).filter((r) => r.source === chain).map((r) => r.tournamentId))
  const due = new Map<string, number>()
  for (const f of tournamentListFacts(db, ids)) {
    if (ratedHere.has(f.id)) continue
    let edition: Edition | null = null
    try {
      edition = tournamentEdition(db, f)
    } catch {
      continue
    }
    // FIDE's rules go into every chain; a federation's profile into its own only (periodTournamentRows)
    if (!edition || (edition.kind !== 'fide' && edition.id !== chain)) continue
    const date = dueListDate(f.end ?? f.start, f.receivedDate, published, lookup, edition)
    due.set(date, (due.get(date) ?? 0) + 1)
  }
  const offer = (listDate: string, reason: NextDateReason, tournaments: number): NextListDate => ({ listDate, reason, tournaments, closingDate: closingDate(lookup, listDate) })
  const earliest = [...due.keys()].sort()[0]
  if (earliest) return offer(earliest, 'approved', due.get(earliest)!)
  const fallback = (date: string): Edition => chosen ?? editionForDate(date)
  if (published.latest) return offer(listDateAfter(published.latest, lookup, fallback(published.latest)), 'afterPublished', 0)
  const reference = latestReferenceDate(db, ratingType, chain)
  if (reference) return offer(listDateAfter(reference, lookup, fallback(reference)), 'afterReference', 0)
  const today = new Date().toISOString().slice(0, 10)
  return offer(listDateFrom(today, lookup, fallback(today)), 'today', 0)
}

/**
 * The lists due next, as the home screen says them: the standard list always (nextListDate's offer), a rapid or blitz
 * list only when approved tournaments wait for it (FIDE's chain; the generate form offers the same dates).
 */
export function listsDue(db: Db): (NextListDate & { ratingType: RatingType })[] {
  const out: (NextListDate & { ratingType: RatingType })[] = []
  for (const ratingType of RATING_TYPES) {
    const next = nextListDate(db, ratingType)
    if (ratingType === 'standard' || next.reason === 'approved') out.push({ ratingType, ...next })
  }
  return out
}
