// `tournaments:rate`: a stored tournament (or a report file) rated with the ratings of the list in force at its start,
// games taken out by regulation findings left out, every player's calculation laid out game by game. Writes nothing.
import type { Handler } from './dispatch'
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { TournamentRating } from '../../../shared/contract/tournament-rating'
import type { PairingSystem, RatingType, TournamentPlayer } from '../model/tournament'
import { findEdition } from './rating'
import { editionChain, ratingsAtStart, ratingsPublishedSince } from '../data/lists'
import { loadTournamentModel } from '../data/tournament-model'
import { matchedFideIds, tournamentRatingFacts } from '../data/tournament-rating'
import { gameExclusions } from '../data/findings'
import { readReport } from '../trf/bounds'
import { parsedOffMain } from './parse-queue'
import { rateTournament } from '../engine/tournament'
import { explainRating, type ExcludedGame } from '../engine/explain'
import { BUILTIN_EDITIONS, editionForDate } from '../rules/editions'
import { UserError } from '../util/errors'
import { findingTitlesText } from '../../../shared/finding-titles'

export interface RatingRequest {
  tournamentId: number | null
  name: string | null
  start: string
  ratingType: RatingType
  system: PairingSystem
  /** The rule set asked for, else the tournament's, else the one in force at the start. */
  edition: { id: string; from: 'asked' | 'tournament' } | null
  /** As reported; a player's FIDE ID is the one of the registry player he is matched to when there is one. */
  players: readonly TournamentPlayer[]
  excluded: readonly ExcludedGame[]
}

function editionOf(db: Db, req: RatingRequest): { edition: Edition; from: TournamentRating['editionFrom'] } {
  if (!req.edition) return { edition: editionForDate(req.start), from: 'startDate' }
  const e = findEdition(db, req.edition.id)
  if (!e) throw new UserError('engine.unknownEdition', { id: req.edition.id, known: BUILTIN_EDITIONS.map((x) => x.id).join(', ') })
  return { edition: e, from: req.edition.from }
}

/** Rates the players with the list in force at the start (their rating and K), as the office would. */
export function rateWithLists(db: Db, req: RatingRequest): TournamentRating {
  const { edition, from } = editionOf(db, req)
  // the ratings of the rule set's own chain: FIDE's list for FIDE's rules, the national list for a national profile
  const chain = editionChain(edition)
  const { list, byFideId } = ratingsAtStart(db, req.start, req.ratingType, chain, req.players.map((p) => p.fideId ?? ''))
  const states = new Map<number, { k?: number; birthYear?: number; rating: number | null }>()
  const ratingFrom = new Map<number, TournamentRating['players'][number]['ratingFrom']>()
  const players = req.players.map((p) => {
    const entry = p.fideId ? byFideId.get(p.fideId) : undefined
    const rating = entry?.rating ?? null
    states.set(p.startRank, { rating, ...(entry?.k != null ? { k: entry.k } : {}), ...(entry?.birthYear != null ? { birthYear: entry.birthYear } : {}) })
    ratingFrom.set(p.startRank, rating === null ? 'none' : 'list')
    return { ...p, rating }
  })
  const unratedIds = players.filter((p) => p.rating === null && p.fideId).map((p) => p.fideId!)
  const since = ratingsPublishedSince(db, req.start, req.ratingType, chain, unratedIds)
  const laterRatings = new Map<number, number>()
  for (const p of players) {
    if (p.rating !== null || !p.fideId || !since.has(p.fideId)) continue
    laterRatings.set(p.startRank, since.get(p.fideId)!)
    ratingFrom.set(p.startRank, 'publishedSince')
  }
  // a game a finding takes out is not given to the engine at all, from either side
  const out = new Set(req.excluded.map((x) => `${x.round}:${x.startRank}`))
  const forEngine = out.size ? players.map((p) => ({ ...p, rounds: p.rounds.filter((r) => !out.has(`${r.round}:${p.startRank}`)) })) : players
  const result = rateTournament({ edition, start: req.start, system: req.system, ratingType: req.ratingType, players: forEngine, states, laterRatings })
  return {
    tournamentId: req.tournamentId,
    name: req.name,
    start: req.start,
    ratingType: req.ratingType,
    edition: result.edition,
    editionFrom: from,
    system: result.system,
    treatedAsSwiss: result.treatedAsSwiss,
    list: list ? { id: list.id, listDate: list.listDate, kind: list.kind } : null,
    excludedGames: out.size,
    notes: result.notes,
    players: explainRating({ edition, players, result, excluded: req.excluded, ratingFrom })
  }
}

/** A stored tournament as the engine takes it: the officer's facts, the stored rounds, the findings' exclusions. */
function storedRequest(db: Db, id: number, edition: string | undefined): RatingRequest {
  const facts = tournamentRatingFacts(db, id)
  if (!facts) throw new UserError('tournaments.notFound', { id })
  const model = loadTournamentModel(db, id)
  const start = facts.startDate ?? model.header.startDate ?? model.header.roundDates.find((d) => d !== null) ?? null
  if (!start) throw new UserError('tournaments.noStartDate', { id })
  const linked = matchedFideIds(db, id)
  const chosen = edition ?? facts.edition ?? undefined
  return {
    tournamentId: id,
    name: facts.name,
    start,
    ratingType: facts.ratingType ?? 'standard',
    system: facts.system,
    edition: chosen === undefined ? null : { id: chosen, from: edition !== undefined ? 'asked' : 'tournament' },
    players: model.players.map((p) => ({ ...p, fideId: linked.get(p.startRank) ?? p.fideId })),
    excluded: gameExclusions(db, id)
  }
}

interface ReportInput {
  report: { fileName: string; base64: string }
  start?: string
  system?: PairingSystem
  edition?: string
}

/** A report file read as the import would, not stored: no findings to honour, ratings from the lists. */
function reportRequest(input: ReportInput): RatingRequest {
  const parsed = readReport(new Uint8Array(Buffer.from(input.report.base64, 'base64')), input.report.fileName)
  const fatal = parsed.findings.find((f) => f.fatal)
  if (fatal) throw new UserError('tournaments.unreadableReport', { file: input.report.fileName, line: fatal.location.line ?? '?', column: fatal.location.column ?? '?', what: findingTitlesText([fatal.code]), expected: fatal.expected })
  if (parsed.players.length === 0) throw new UserError('tournaments.noPlayers', { file: input.report.fileName })
  const start = parsed.header.startDate ?? parsed.header.roundDates.find((d) => d !== null) ?? input.start
  if (!start) throw new UserError('tournaments.reportNoStartDate', { file: input.report.fileName })
  return {
    tournamentId: null,
    name: parsed.header.name,
    start,
    ratingType: parsed.header.ratingType ?? 'standard',
    system: input.system ?? parsed.system,
    edition: input.edition === undefined ? null : { id: input.edition, from: 'asked' },
    players: parsed.players,
    excluded: []
  }
}

/** A report file rated as it is (the calculator's upload), on the connection given: the worker job's read-only one. */
export function rateReport(db: Db, input: ReportInput): TournamentRating {
  return rateWithLists(db, reportRequest(input))
}

// a stored tournament is rated here; an outside file is read in a worker where other calls are served meanwhile
// (parsedOffMain), as the import and the preview read theirs
export const rateHandler: Handler<'tournaments:rate'> = (input, ctx) =>
  'id' in input
    ? rateWithLists(ctx.db, storedRequest(ctx.db, input.id, input.edition))
    : parsedOffMain(ctx, 'tournaments:rate', input, () => rateReport(ctx.db, input))
