// What replacing a stored tournament by a file would change (rounds, players, results) and what the officer must be told
// first: an older report, fewer rounds, players or games, a tournament already rated. A replacement is proposed, never silent.
import { formatDay } from '../../../shared/formats'
import { RATING_TYPE_WORDS } from '../../../shared/words'
import type { Db } from '../db/open'
import type { ParsedTrf } from '../trf/index'
import type { TrfHeader } from '../trf/types'
import type { TournamentPlayer } from '../model/tournament'
import { diffTournaments, type TournamentDiff } from './diff'
import { loadTournamentModel } from '../data/tournament-model'
import { currentTournamentFile, tournamentStatus } from '../data/tournaments'
import { reviewFacts } from '../data/review'
import { listsRating } from '../data/list-history'
import { playerOverlap, SAME_TOURNAMENT_OVERLAP } from './import'
import { UserError } from '../util/errors'

export type ReplacementWarningCode = 'older' | 'receivedEarlier' | 'fewerRounds' | 'fewerPlayers' | 'fewerGames' | 'rated'

/** One side of a replacement: the stored version, or the file that would replace it. */
export interface ReplacementSide {
  fileName: string
  version: number
  rounds: number
  players: number
  games: number
  receivedDate: string | null
  /** The date of the last round with results (from the round dates, 132 or 2026's): how far the report goes. */
  lastRoundDate: string | null
}

export interface Replacement {
  tournamentId: number
  name: string | null
  startDate: string | null
  status: string
  current: ReplacementSide
  incoming: ReplacementSide
  changes: { header: number; playersAdded: number; playersRemoved: number; playerFields: number; roundEntries: number }
  warnings: { code: ReplacementWarningCode; params: Record<string, string | number> }[]
  diff: TournamentDiff
}

/** Games played (a pairing with an opponent), each told from both sides in the data. */
function gamesOf(players: readonly TournamentPlayer[]): number {
  let n = 0
  for (const p of players) for (const r of p.rounds) if (r.opponent !== null) n++
  return n / 2
}

/** The date of the last round with data, when the file dates its rounds. */
export function lastRoundDate(header: Pick<TrfHeader, 'roundDates'>, rounds: number): string | null {
  const dates = header.roundDates.slice(0, rounds).filter((d): d is string => d !== null)
  return dates.length ? dates.reduce((a, b) => (b > a ? b : a)) : null
}

/**
 * What replacing stored tournament `tournamentId` by `parsed` would change, and the warnings: the report is older (its
 * last round is dated earlier, or it reached the office earlier), has fewer rounds, players or games, or the tournament
 * was rated on a published list (it stays replaceable, as before: the lists that rated it are then corrected).
 */
export function proposeReplacement(db: Db, tournamentId: number, parsed: ParsedTrf, incoming: { fileName: string; receivedDate: string | null }): Replacement {
  const t = tournamentStatus(db, tournamentId)
  if (!t) throw new UserError('tournaments.notFound', { id: tournamentId })
  const model = loadTournamentModel(db, tournamentId)
  const file = currentTournamentFile(db, tournamentId)
  const facts = reviewFacts(db, tournamentId)
  const rounds = facts?.rounds ?? model.players.reduce((m, p) => Math.max(m, p.rounds.length), 0)
  const current: ReplacementSide = {
    fileName: file?.fileName ?? '',
    version: file?.version ?? 1,
    rounds,
    players: model.players.length,
    games: gamesOf(model.players),
    receivedDate: facts?.receivedDate ?? null,
    lastRoundDate: lastRoundDate(model.header, rounds)
  }
  const next: ReplacementSide = {
    fileName: incoming.fileName,
    version: current.version + 1,
    rounds: parsed.roundsInData,
    players: parsed.players.length,
    games: gamesOf(parsed.players),
    receivedDate: incoming.receivedDate,
    lastRoundDate: lastRoundDate(parsed.header, parsed.roundsInData)
  }
  const diff = diffTournaments(model, parsed)
  const warnings: Replacement['warnings'] = []
  if (next.lastRoundDate && current.lastRoundDate && next.lastRoundDate < current.lastRoundDate) {
    warnings.push({ code: 'older', params: { after: next.lastRoundDate, before: current.lastRoundDate } })
  }
  if (next.receivedDate && current.receivedDate && next.receivedDate < current.receivedDate) {
    warnings.push({ code: 'receivedEarlier', params: { after: next.receivedDate, before: current.receivedDate } })
  }
  if (next.rounds < current.rounds) warnings.push({ code: 'fewerRounds', params: { after: next.rounds, before: current.rounds } })
  if (next.players < current.players) warnings.push({ code: 'fewerPlayers', params: { after: next.players, before: current.players } })
  if (next.games < current.games) warnings.push({ code: 'fewerGames', params: { after: next.games, before: current.games } })
  if (t.status === 'rated') {
    const lists = listsRating(db, tournamentId)
    // the lists in each language, their days in words (the message's French text takes listsFr)
    const named = (loc: 'en' | 'fr') => lists.map((l) => `${(RATING_TYPE_WORDS[loc][l.ratingType as 'standard'] ?? l.ratingType).toLowerCase()} ${formatDay(l.listDate, loc)}`).join(', ')
    warnings.push({ code: 'rated', params: { lists: named('en'), listsFr: named('fr') } })
  }
  return {
    tournamentId,
    name: model.header.name,
    startDate: model.header.startDate,
    status: t.status,
    current,
    incoming: next,
    changes: { header: diff.header.length, playersAdded: diff.playersAdded.length, playersRemoved: diff.playersRemoved.length, playerFields: diff.players.length, roundEntries: diff.rounds.length },
    warnings,
    diff
  }
}

/** A file of one import, as the batch's grouping sees it. */
export interface BatchFile {
  index: number
  fileName: string
  parsed: ParsedTrf
  receivedDate: string | null
  /** The stored tournament it would replace (named by the officer, or found by name, start and players). */
  target: number | null
}

/**
 * Which of several files of one import for the same tournament goes forward: the longest report (most rounds with
 * results, then most games), then the latest dated (last round), then the latest received, then the last given.
 */
export function laterReport(a: BatchFile, b: BatchFile): BatchFile {
  const key = (f: BatchFile): [number, number, string, string, number] => [f.parsed.roundsInData, gamesOf(f.parsed.players), lastRoundDate(f.parsed.header, f.parsed.roundsInData) ?? '', f.receivedDate ?? '', f.index]
  const ka = key(a)
  const kb = key(b)
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! > kb[i]! ? a : b
  return b
}

/** Two files of a batch are reports of one new tournament: same name, start and place, and mostly the same players. */
function sameEvent(a: ParsedTrf, b: ParsedTrf): boolean {
  const h = a.header
  const k = b.header
  // the test findExisting makes against the stored tournaments (tournamentsNamed, playerOverlap), here between two files
  if (!h.name || !h.startDate || h.name !== k.name || h.startDate !== k.startDate || (h.city ?? '') !== (k.city ?? '')) return false
  const an = a.players.map((p) => p.name)
  const bn = b.players.map((p) => p.name)
  return Math.max(playerOverlap(an, bn), playerOverlap(bn, an)) >= SAME_TOURNAMENT_OVERLAP
}

/**
 * The files of one import grouped by the tournament they report (a stored one, or a new one reported twice): in each
 * group of several, the later report (laterReport) goes forward and the others are set aside, reported, never chained
 * one over the other. Returns, per file index set aside, the file that goes forward instead.
 */
export function setAsideInBatch(files: readonly BatchFile[]): Map<number, BatchFile> {
  const groups: BatchFile[][] = []
  for (const f of files) {
    const g = groups.find((x) => (f.target !== null ? x[0]!.target === f.target : x[0]!.target === null && sameEvent(x[0]!.parsed, f.parsed)))
    if (g) g.push(f)
    else groups.push([f])
  }
  const out = new Map<number, BatchFile>()
  for (const g of groups) {
    if (g.length < 2) continue
    const best = g.reduce((a, b) => laterReport(a, b))
    for (const f of g) if (f !== best) out.set(f.index, best)
  }
  return out
}
