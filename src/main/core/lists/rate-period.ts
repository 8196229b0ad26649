// The period's tournaments rated, in chronological order: what each gives each of its players before his line is
// written (a rated row, an unrated event for his window, the sheet's tournament with its games held compact).
import type { Edition } from '../../../shared/contract/rating'
import { rateTournament, type RateTournamentResult } from '../engine/tournament'
import type { TournamentPlayer } from '../model/tournament'
import { ratedWithStandard } from '../rules/amendments'
import type { BaseLines } from './base-lines'
import { tallyGames } from './rated-games'
import { inOrder, newScratch, sheetTournament, tournamentGames, type Scratch, type TournamentGames } from './sheet-games'
import type { BaseEntry, GenerationInput, GenerationResult, PeriodTournament, SheetTournament, WindowEvent } from './types'

/** A rated player's result in one tournament of the period. */
export interface RatedRow {
  t: PeriodTournament
  e: Edition
  /** His rating in it, his counted games, ΣΔR in hundredths (the engine's per-game results live on in the sheet only). */
  rating: number
  n: number
  chgH: number
  sheet: SheetTournament
  /** Where the sheet's games are built from when his line is written: the tournament's figures, his index in it. */
  games: TournamentGames
  at: number
  /** Rated with his standard rating (2024 rapid/blitz) or his rating published since the start (§ 8.4 / 10.4). */
  via: 'list' | 'standard' | 'later'
}

/** A tournament of the sheet whose games are built when the player's line is written. */
export interface PendingSheet {
  sheet: SheetTournament
  games: TournamentGames
  at: number
}

/** What the period gave one player: his rated rows, his unrated events' sheets and window events. */
export interface PlayerWork {
  rated: RatedRow[]
  unrated: PendingSheet[]
  events: WindowEvent[]
  /** 2024 rapid/blitz: the standard rating he was first rated with in this period. */
  standardBase: number | null
}

export const NONE: never[] = Object.freeze([]) as never[]
/** The work of a player the period did not touch. */
export const NO_WORK: PlayerWork = Object.freeze({ rated: NONE, unrated: NONE, events: NONE, standardBase: null }) as PlayerWork

/** `list` with `x` added: a one-item array first (a pushed empty array reserves 17 slots; most players play once). */
function added<T>(list: T[], x: T): T[] {
  if (list === NONE) return [x]
  list.push(x)
  return list
}

function chronological(a: PeriodTournament, b: PeriodTournament): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1
  if (a.end !== b.end) return a.end < b.end ? -1 : 1
  if (a.tournamentId !== b.tournamentId) return a.tournamentId - b.tournamentId
  const am = a.slice?.month ?? ''
  const bm = b.slice?.month ?? ''
  return am < bm ? -1 : am > bm ? 1 : 0
}

/** The period rated: each player's work, each tournament's figures, and who is past his first rated event. */
export interface RatedPeriod {
  work: Map<number, PlayerWork>
  tournaments: GenerationResult['tournaments']
  /** Past his first rated event before this period (on the base list, or so in his window). */
  doneBefore: (id: number) => boolean
  /** The same, this period's events counted. */
  firstDone: (id: number) => boolean
}

/**
 * Rates the period's tournaments one after the other, chronologically (an unrated player's first event is the first
 * one he plays), and gathers each player's work from them.
 */
export function ratePeriod(input: GenerationInput, editionOf: (id: string) => Edition, base: BaseLines): RatedPeriod {
  // unrated players whose first event is behind them (from the window, then as this period's events are counted)
  // (a player on the base list, rated or delisted, has played rated events before)
  const windowDone: ReadonlySet<number> = new Set(input.window.filter((w) => w.firstEventDone).map((w) => w.playerId))
  const doneNow = new Set<number>()
  const doneBefore = (id: number): boolean => base.has(id) || windowDone.has(id)
  const firstDone = (id: number): boolean => doneBefore(id) || doneNow.has(id)
  const period: RatedPeriod = { work: new Map(), tournaments: [], doneBefore, firstDone }
  const scratch = newScratch()
  for (const t of [...input.tournaments].sort(chronological)) {
    const rated = rateOneTournament(t, editionOf(t.editionId), base, firstDone, scratch)
    period.tournaments.push({ tournamentId: t.tournamentId, complete: t.slice === null || t.slice.last, players: t.players.length, games: rated.ratedGames })
    addPlayersWork(rated, input.listDate, period.work, doneNow, base)
  }
  return period
}

/** His line on the base list when it is rated with a rating. */
function ratedOnBase(base: BaseLines, id: number): BaseEntry | undefined {
  const b = base.get(id)
  return b && b.status === 'rated' && b.rating !== null ? b : undefined
}

/** One tournament as the engine rated it, with what its players' work is made of. */
interface RatedTournament {
  t: PeriodTournament
  e: Edition
  /** Rated as a Swiss event when a month slice. */
  system: PeriodTournament['system']
  res: RateTournamentResult
  /** A start rank's player: his index in t.players (the engine's results come in the same order). */
  byRank: Map<number, number>
  /** How a player unrated at the start was rated, by start rank: his standard rating, or his rating since. */
  via: Map<number, RatedRow['via']>
  figures: TournamentGames
  ratedGames: number
}

/** A tournament rated by the engine, each player with the rating he is rated with, the games findings took out left out. */
function rateOneTournament(t: PeriodTournament, e: Edition, base: BaseLines, firstDone: (id: number) => boolean, scratch: Scratch): RatedTournament {
  const byRank = new Map<number, number>(t.players.map((p, i) => [p.startRank, i]))
  const excluded = new Map<string, string>(t.excluded.map((x) => [`${x.round}:${x.startRank}`, `${x.code}: ${x.reason}`]))
  const useStandard = ratedWithStandard(e, t.ratingType)
  const players: TournamentPlayer[] = []
  const laterRatings = new Map<number, number>()
  const notFirst = new Set<number>()
  const via = new Map<number, RatedRow['via']>()
  for (const p of t.players) {
    let rating = p.rating
    if (rating === null && useStandard && p.standardRating != null) {
      rating = p.standardRating
      via.set(p.startRank, 'standard')
    } else if (rating === null && ratedOnBase(base, p.playerId)) {
      laterRatings.set(p.startRank, ratedOnBase(base, p.playerId)!.rating!)
      via.set(p.startRank, 'later')
    }
    if (rating === null && firstDone(p.playerId)) notFirst.add(p.startRank)
    const rounds = inOrder(p.rounds).map((r) =>
      r.opponent !== null && excluded.has(`${r.round}:${p.startRank}`) ? { round: r.round, opponent: null, color: null, code: ' ' as const } : { round: r.round, opponent: r.opponent, color: null, code: r.code }
    )
    players.push({ startRank: p.startRank, fideId: null, name: String(p.playerId), sex: null, title: null, federation: null, birth: null, rating, points: null, rank: null, rounds })
  }
  // a month slice holds part of the crosstable only: it is rated as a Swiss event (its games, that month's list)
  const system = t.slice ? 'swiss' : t.system
  const res = rateTournament({ edition: e, start: t.start, system, ratingType: t.ratingType, players, laterRatings, notFirstEvent: notFirst, withoutK: true })
  // the games it rates: counted for at least one of the two players (lists/rated-games.ts, as the check counts them)
  const iterative = system === 'round-robin' && !res.treatedAsSwiss && e.roundRobin.unratedOpponents === 'iterative'
  const tally = tallyGames(t.players.map((p, i) => ({ startRank: p.startRank, known: true, rating: players[i]!.rating, rounds: p.rounds })), res, excluded, iterative)
  const figures = tournamentGames(t, e, res, byRank, excluded, scratch)
  return { t, e, system, res, byRank, via, figures, ratedGames: tally.rated }
}

/** Each player's part of a rated tournament added to his work: a rated row, or an event and a sheet for his window. */
function addPlayersWork(rated: RatedTournament, listDate: string, work: Map<number, PlayerWork>, doneNow: Set<number>, base: BaseLines): void {
  const { t, e, res, system, figures } = rated
  for (let i = 0; i < t.players.length; i++) {
    const p = t.players[i]!
    const r = res.players[rated.byRank.get(p.startRank)!]!
    const sheet = sheetTournament(t, e, p, r, res.notes)
    let w = work.get(p.playerId)
    if (!w) work.set(p.playerId, (w = { rated: NONE, unrated: NONE, events: NONE, standardBase: null }))
    if (r.we === null) {
      // unrated in this event: its games go to his window
      w.unrated = added(w.unrated, { sheet, games: figures, at: i })
      if (r.firstEventIgnored) {
        doneNow.add(p.playerId)
        continue
      }
      if (r.n > 0 && r.sumOpponents !== null) {
        const ev: WindowEvent = { tournamentId: t.tournamentId, name: t.name, start: t.start, editionId: e.id, listDate, n: r.n, w: r.w, sumOpponents: r.sumOpponents }
        if (system === 'round-robin' && r.ru !== null) ev.ru = r.ru
        if (t.teamChampionship) ev.teamChampionship = true
        w.events = added(w.events, ev)
        doneNow.add(p.playerId)
      }
      continue
    }
    const how = rated.via.get(p.startRank) ?? 'list'
    if (how === 'standard' && w.standardBase === null && !ratedOnBase(base, p.playerId)) w.standardBase = r.rating!
    w.rated = added(w.rated, { t, e, rating: r.rating!, n: r.n, chgH: r.games.reduce((s, g) => s + (g.chg ?? 0), 0), sheet, games: figures, at: i, via: how })
  }
}

/**
 * A player's period work as new objects, before his line writes into it (notes, K, games). The work was made while the
 * period was rated and, held for seconds, sits in V8's old generation: new objects written into it stayed reachable
 * from it for the young collections after the line was written, and were moved to the old generation with it until a
 * full collection found both dead (at FIDE scale 465 MB of sheet games; docs/history/performance-log.md). Copies
 * made here are young and die with the line. Each copy keeps its original's keys in their order (the sheet's
 * encoder writes a tournament by its shape only when they are).
 */
export function ownWork(w: PlayerWork): PlayerWork {
  if (w.rated.length === 0 && w.unrated.length === 0) return w
  return {
    rated: w.rated.map((r) => ({ t: r.t, e: r.e, rating: r.rating, n: r.n, chgH: r.chgH, sheet: sheetCopy(r.sheet), games: r.games, at: r.at, via: r.via })),
    unrated: w.unrated.map((u) => ({ sheet: sheetCopy(u.sheet), games: u.games, at: u.at })),
    events: w.events,
    standardBase: w.standardBase
  }
}

function sheetCopy(s: SheetTournament): SheetTournament {
  return {
    tournamentId: s.tournamentId,
    name: s.name,
    start: s.start,
    end: s.end,
    edition: s.edition,
    system: s.system,
    late: s.late,
    slice: s.slice,
    rating: s.rating,
    ratingListId: s.ratingListId,
    n: s.n,
    w: s.w,
    we: s.we,
    chg: s.chg,
    k: s.k,
    kChg: s.kChg,
    event: s.event,
    games: s.games,
    notes: s.notes.slice()
  }
}
