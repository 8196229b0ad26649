// The input of a tournament's regulation checks, built from the database: the facts, the players with their ratings at
// the start, the arbiters matched in the registry, the edition that applies and the lists the tournament may go into.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { CheckArbiter, CheckInput, CheckPlayer, TournamentFlags } from '../checks/index'
import { editionForDate } from '../rules/editions'
import { ratedWithStandard } from '../rules/amendments'
import { findEdition } from './rating'
import { editionChain, ratingsAtStart } from '../data/lists'
import { loadTournamentModel, type StoredPlayers } from '../data/tournament-model'
import { foldName, nameSimilarity } from '../registry/names'
import { getArbiter } from '../data/arbiters'
import { UserError } from '../util/errors'
import type { TrfHeader } from '../trf/index'
import { dueListOf } from './tournament-list'
import { publishedDates } from '../lists/tournament-list'
import { addDays } from '../util/dates'
import {
  hasEarlierEvent,
  playerLinks,
  publishedLists,
  arbitersNamed,
  arbiterNameCandidates,
  reviewFacts,
  roundDates,
  tournamentArbiters,
  type ReviewFacts
} from '../data/review'

/** The tournament's review facts; an unknown id is the officer's error, said so. */
export function requireFacts(db: Db, id: number): ReviewFacts {
  const t = reviewFacts(db, id)
  if (!t) throw new UserError('tournaments.notFound', { id })
  return t
}

/** A rated tournament is published: nothing of its review changes any more. */
export function refuseIfRated(t: ReviewFacts): void {
  if (t.status === 'rated') throw new UserError('checks.rated', { id: t.id })
}

/** The date the checks treat as the start: 042, else the first round date, else the day the report came. */
export function startOf(t: ReviewFacts, dates: readonly (string | null)[]): string {
  return t.startDate ?? dates.find((d) => d !== null) ?? t.receivedDate
}

/** The edition the checks apply: the one the officer chose, else the FIDE edition in force at the start. */
export function reviewEdition(db: Db, t: ReviewFacts, start: string): Edition {
  if (t.edition) {
    const e = findEdition(db, t.edition)
    if (!e) throw new UserError('engine.unknownEdition', { id: t.edition, known: 'rules list' })
    return e
  }
  return editionForDate(start)
}


/**
 * Registry matches of the report's arbiters: by FIDE ID, else by exact name (the players' name index); close names
 * offered when unknown, from the registry arbiters sharing a name word with the report's (the name index again: a
 * scan of every arbiter for every report was a month's import's largest constant cost at FIDE scale).
 */
function checkArbiters(db: Db, id: number): CheckArbiter[] {
  return tournamentArbiters(db, id).map((a) => {
    let reg = a.fideId !== null ? getArbiter(db, a.fideId) : null
    const folded = foldName(a.name)
    if (!reg && a.fideId === null && folded) {
      const same = arbitersNamed(db, folded)
      if (same.length === 1) reg = getArbiter(db, same[0]!)
    }
    let suggestions: { fideId: string; name: string }[] = []
    const words = [...new Set(folded.split(' ').filter((w) => w.length >= 2))]
    if (!reg && words.length) {
      suggestions = arbiterNameCandidates(db, words.map((w) => `"${w}"`).join(' OR '))
        .map((n) => ({ n, score: nameSimilarity(a.name, n.name) }))
        .filter((x) => x.score >= 0.75)
        .sort((x, y) => y.score - x.score || x.n.fideId - y.n.fideId)
        .slice(0, 3)
        .map((x) => ({ fideId: String(x.n.fideId), name: x.n.name }))
    }
    return {
      role: a.role,
      name: a.name,
      fideId: a.fideId === null ? null : String(a.fideId),
      title: a.title,
      registry: reg ? { fideId: String(reg.fideId), name: reg.name, title: reg.title, licences: [{ validFrom: reg.validFrom, validTo: reg.validTo, status: reg.status }] } : null,
      suggestions
    }
  })
}

/** The tournament's flags as the officer set them (national championship, women's event); unreadable flags are none. */
export function flagsOf(t: ReviewFacts): TournamentFlags {
  try {
    const f = JSON.parse(t.flags) as Record<string, unknown>
    return { ...(f.nationalChampionship === true ? { nationalChampionship: true } : {}), ...(f.womenEvent === true ? { womenEvent: true } : {}) }
  } catch {
    return {}
  }
}

export interface BuiltCheckInput {
  input: CheckInput
  listDate: string | null
}

/** Where the players' ratings come from: the date, the rating type and the chain of lists the edition reads. */
interface RatingSource {
  start: string
  ratingType: 'standard' | 'rapid' | 'blitz'
  chain: ReturnType<typeof editionChain>
}

/**
 * The players as the checks read them: each one's rating at the start from the tournament's own chain (FIDE's list
 * for FIDE's rules, the national list for a national profile), whether the registry knows him, and for the unrated
 * whether this is his first event.
 */
function checkPlayers(db: Db, id: number, edition: Edition, t: ReviewFacts, source: RatingSource, stored?: StoredPlayers): CheckPlayer[] {
  const { start, ratingType, chain } = source
  const tournamentPlayers = stored?.players ?? loadTournamentModel(db, id).players
  const { byFideId } = ratingsAtStart(db, start, ratingType, chain, tournamentPlayers.map((p) => p.fideId ?? ''), stored?.listEntries)
  // 2024 rapid and blitz: the unrated with a standard rating are rated with it, as the list rates them (their
  // ratingAtStart is that rating; checks/rated.ts reads standardAtStart for the others, none of whom has one)
  const standard = ratedWithStandard(edition, t.ratingType)
    ? ratingsAtStart(db, start, 'standard', chain, tournamentPlayers.filter((p) => p.fideId && !byFideId.get(p.fideId)?.rating).map((p) => p.fideId!)).byFideId
    : null
  const links = new Map((stored?.links ?? playerLinks(db, id)).map((l) => [l.startRank, l]))
  return tournamentPlayers.map((p) => {
    const own = (p.fideId ? byFideId.get(p.fideId)?.rating : null) ?? null
    const std = own === null && standard && p.fideId ? (standard.get(p.fideId)?.rating ?? null) : null
    const ratingAtStart = own ?? std
    const link = links.get(p.startRank)
    const known = link && (link.playerId !== null || link.fideId !== null)
    return {
      startRank: p.startRank,
      name: p.name,
      fideId: p.fideId,
      sex: p.sex,
      birth: p.birth,
      ratingAtStart,
      ...(std !== null ? { ratedWithStandard: true } : {}),
      firstEvent: ratingAtStart !== null ? null : known ? !hasEarlierEvent(db, link.playerId, link.fideId, start, id) : null,
      rounds: p.rounds,
      inRegistry: link !== undefined && link.playerId !== null,
      ...(standard && ratingAtStart === null ? { standardAtStart: (p.fideId ? standard.get(p.fideId)?.rating : null) ?? null } : {})
    }
  })
}

/** The tournament's facts as the checks read them (its dates, rounds, time control, how and when it came). */
function checkTournament(t: ReviewFacts, header: TrfHeader, dates: (string | null)[]): CheckInput['tournament'] {
  return {
    name: t.name,
    startDate: t.startDate ?? dates.find((d) => d !== null) ?? null,
    endDate: t.endDate,
    system: t.system,
    ratingType: t.ratingType,
    rounds: Math.max(t.rounds, t.declaredRounds ?? 0),
    timeControl: t.timeControl,
    encodedTimeControl: header.encodedTimeControl ?? null,
    timeControlOverride: t.timeControlOverride,
    roundDates: dates,
    registeredDate: t.registeredDate,
    receivedDate: t.receivedDate,
    historical: t.historical === 1,
    flags: flagsOf(t),
    qcReference: t.qcReference
  }
}

/** The list the tournament is due in (by its end and the day it came), and the edition that list applies. */
function dueList(t: ReviewFacts, edition: Edition, dates: (string | null)[], start: string, published: { listDate: string }[]): { listDate: string | null; listEdition: Edition } {
  const end = t.endDate ?? dates.filter((d): d is string => d !== null).at(-1) ?? start
  const listDate = dueListOf(edition, end, t.receivedDate, publishedDates(published.map((l) => l.listDate)))
  let listEdition: Edition
  try {
    listEdition = t.edition ? edition : editionForDate(listDate)
  } catch {
    listEdition = edition
  }
  return { listDate, listEdition }
}

/** The office's published lists with their closing dates (each list's own edition's cutoff). */
function closingDates(published: { listDate: string }[], listEdition: Edition): CheckInput['publishedLists'] {
  return published.map((l) => {
    let cutoff = listEdition.list.cutoffDays
    try {
      cutoff = editionForDate(l.listDate).list.cutoffDays
    } catch {
      // a list older than every edition keeps the tournament's list edition's cutoff
    }
    return { listDate: l.listDate, closingDate: addDays(l.listDate, -cutoff) }
  })
}

/**
 * Everything the pure checks read about one stored tournament. `stored`: its players as the import has just written
 * them (the same values reading them back gives), so that an import does not read them again.
 */
export function buildCheckInput(db: Db, id: number, stored?: StoredPlayers): BuiltCheckInput {
  const t = requireFacts(db, id)
  const header = JSON.parse(t.header) as TrfHeader
  const dates = roundDates(db, id)
  const start = startOf(t, dates)
  const edition = reviewEdition(db, t, start)
  const ratingType = t.ratingType ?? 'standard'
  const chain = editionChain(edition)
  const players = checkPlayers(db, id, edition, t, { start, ratingType, chain }, stored)
  const published = publishedLists(db, ratingType, chain).filter((l) => l.kind === 'office')
  const { listDate, listEdition } = dueList(t, edition, dates, start, published)
  const input: CheckInput = {
    tournament: checkTournament(t, header, dates),
    players,
    arbiters: checkArbiters(db, id),
    edition,
    listEdition,
    publishedLists: closingDates(published, listEdition)
  }
  return { input, listDate }
}
