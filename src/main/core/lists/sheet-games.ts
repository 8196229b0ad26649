// A player's tournaments on his calculation sheet: the tournament's part made when it is rated, its games built from
// the tournament's compact figures only when his line is written.
import type { Edition, Note } from '../../../shared/contract/rating'
import type { RateTournamentResult, RatedPlayerResult } from '../engine/tournament'
import { fromHundredths, to2 } from '../engine/rounding'
import { PLAYED_CODES } from '../model/tournament'
import type { PeriodPlayer, PeriodTournament, SheetGame, SheetTournament } from './types'

const CODE_REASON: Record<string, string> = { '+': 'forfeit', '-': 'forfeit', W: 'unplayed', D: 'unplayed', L: 'unplayed' }

/** A player's rounds by round number (as reported they usually are: then the same array). */
export function inOrder(rounds: PeriodPlayer['rounds']): PeriodPlayer['rounds'] {
  for (let i = 1; i < rounds.length; i++) if (rounds[i - 1]!.round > rounds[i]!.round) return [...rounds].sort((a, b) => a.round - b.round)
  return rounds
}

/**
 * A tournament's per-game figures, kept compact from its rating until each player's line is written: at FIDE scale
 * (15,000 tournaments, two million game sides) one object per game for every tournament held at once was most of the
 * generation's memory. `sheetGames` builds a player's games from it exactly as they were computed.
 */
export interface TournamentGames {
  t: PeriodTournament
  e: Edition
  /** A start rank's index in t.players (the engine's results are in the same order). */
  byRank: ReadonlyMap<number, number>
  excluded: ReadonlyMap<string, string>
  treatedAsSwiss: boolean
  /** Per player: his rating in the engine's result (NaN: none). */
  rating: Float64Array
  /** Per player: 1 rated in the event (We computed), 2 his first event below the threshold (ignored). */
  state: Uint8Array
  /** Per player: where his rated games start in `figs` (FIGS numbers a game); one more for the end. */
  from: Int32Array
  /** Per rated game, in the engine's order: round, opponent's start rank, the engine's figures, counted and capped.
   *  Integers (every figure in practice: 32 bits, null as NULL_I32), else doubles (null as NaN). */
  figs: Int32Array | Float64Array
  /** Per rated game, the engine's note; null when no game has one. */
  notes: (string | null)[] | null
}

const FIGS = 9
const [ROUND, OPP, OPP_RATING, RATING_USED, D, PD, CHG, COUNTED, CAPPED] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
const RATED = 1
const IGNORED = 2
const NO_GAMES_YET: SheetGame[] = Object.freeze([]) as unknown as SheetGame[]

const NULL_I32 = -0x80000000
const num = (v: number | null): number => (v === null ? NaN : v)
/** A figure as stored back to its value: NaN (doubles) or NULL_I32 (integers) is null. */
const figure = (figs: Int32Array | Float64Array, at: number): number | null => {
  const v = figs[at]!
  return v !== v || (v === NULL_I32 && figs instanceof Int32Array) ? null : v
}
/** An integer the 32-bit figures hold exactly (not their null, not -0: JSON would not tell, a test would). */
const int32 = (v: number): boolean => v !== v || (v === (v | 0) && v !== NULL_I32 && !Object.is(v, -0))

/**
 * One copy of each text of the games' notes, for one generation: a capped difference's note is a template, a chain of
 * pieces per game held until the line is written, and a million games have a few hundred distinct texts.
 */
type NoteTexts = Map<string, string>

/** What `tournamentGames` reuses from one tournament to the next: the notes' texts, a buffer of figures as doubles. */
export interface Scratch {
  texts: NoteTexts
  wide: Float64Array
}

export function newScratch(): Scratch {
  return { texts: new Map(), wide: new Float64Array(0) }
}

function interned(texts: NoteTexts, text: string): string {
  const known = texts.get(text)
  if (known !== undefined) return known
  texts.set(text, text)
  return text
}

export function tournamentGames(t: PeriodTournament, e: Edition, res: RateTournamentResult, byRank: ReadonlyMap<number, number>, excluded: ReadonlyMap<string, string>, scratch: Scratch): TournamentGames {
  const n = res.players.length
  const rating = new Float64Array(n)
  const state = new Uint8Array(n)
  const from = new Int32Array(n + 1)
  let total = 0
  res.players.forEach((r, i) => {
    rating[i] = num(r.rating)
    state[i] = (r.we !== null ? RATED : 0) | (r.firstEventIgnored ? IGNORED : 0)
    from[i] = total
    if (r.we !== null) total += r.games.length
  })
  from[n] = total
  // the figures as doubles first (a buffer kept from one tournament to the next), then as integers when they all are
  if (scratch.wide.length < total * FIGS) scratch.wide = new Float64Array(Math.max(total * FIGS, 2 * scratch.wide.length))
  const wide = scratch.wide
  let ints = true
  let notes: (string | null)[] | null = null
  res.players.forEach((r, i) => {
    if (r.we === null) return
    for (let g = 0, at = from[i]!; g < r.games.length; g++, at++) {
      const rg = r.games[g]!
      const pl = r.played[g]!
      const f = at * FIGS
      wide[f + ROUND] = pl.round
      wide[f + OPP] = pl.opponent
      wide[f + OPP_RATING] = num(rg.opponentRating)
      wide[f + RATING_USED] = num(rg.ratingUsed)
      wide[f + D] = num(rg.d)
      wide[f + PD] = num(rg.pd)
      wide[f + CHG] = num(rg.chg)
      wide[f + COUNTED] = rg.counted ? 1 : 0
      wide[f + CAPPED] = rg.capped ? 1 : 0
      for (let x = f; x < f + FIGS; x++) if (!int32(wide[x]!)) ints = false
      if (rg.note !== null) (notes ??= new Array<string | null>(total).fill(null))[at] = interned(scratch.texts, rg.note)
    }
  })
  const size = total * FIGS
  let figs: Int32Array | Float64Array
  if (ints) {
    figs = new Int32Array(size)
    for (let x = 0; x < size; x++) figs[x] = wide[x]! !== wide[x]! ? NULL_I32 : wide[x]!
  } else figs = wide.slice(0, size)
  return { t, e, byRank, excluded, treatedAsSwiss: res.treatedAsSwiss, rating, state, from, figs, notes }
}

/** A tournament of a player's sheet with its games, built now from the tournament's compact figures. */
export function withGames(x: { sheet: SheetTournament; games: TournamentGames; at: number }): SheetTournament {
  x.sheet.games = sheetGames(x.games, x.at)
  return x.sheet
}

type Round = PeriodPlayer['rounds'][number]

/** One player's games in a tournament of his sheet: every round as reported, counted or not, and why. */
function sheetGames(tg: TournamentGames, at: number): SheetGame[] {
  const { t, byRank } = tg
  const p = t.players[at]!
  // his results: those of his start rank (the engine's order is t.players')
  const me = byRank.get(p.startRank)!
  // the engine's games follow the player's rounds in order: walk them alongside
  let next = tg.from[me]!
  const end = tg.from[me + 1]!
  const games: SheetGame[] = []
  for (const round of inOrder(p.rounds)) {
    const oi = round.opponent === null ? undefined : byRank.get(round.opponent)
    const opp = oi === undefined ? undefined : t.players[oi]!
    const g = reportedGame(tg, round, oi, opp)
    games.push(g)
    if (oi === undefined || !ratedByEngine(tg, me, p, round, oi, g)) continue
    next = engineGameAt(tg.figs, next, end, round.round, opp!.startRank)
    if (next === end || tg.figs[next * FIGS + ROUND]! !== round.round || tg.figs[next * FIGS + OPP]! !== opp!.startRank) {
      g.notCounted = 'unplayed'
      continue
    }
    copyEngineFigures(tg, next, g)
    next++
  }
  return games
}

/** A round as reported, before anything says whether it counted: a bye until an opponent is known. */
function reportedGame(tg: TournamentGames, round: Round, oi: number | undefined, opp: PeriodPlayer | undefined): SheetGame {
  return {
    round: round.round,
    opponentId: opp?.playerId ?? null,
    opponentRating: oi !== undefined ? figure(tg.rating, oi) : null,
    opponentListId: opp?.ratingListId ?? null,
    score: round.code === '1' ? 1 : round.code === '=' ? 0.5 : 0,
    counted: false,
    notCounted: oi === undefined ? 'bye' : null,
    ratingUsed: null,
    capped: false,
    d: null,
    pd: null,
    chg: null,
    note: null
  }
}

/**
 * Whether the engine rated this game for the player (then its figures say the rest); if not, the game says why not
 * (a finding, unplayed, a first event below the threshold), or, his event being unrated, whether it counts towards it.
 */
function ratedByEngine(tg: TournamentGames, me: number, p: PeriodPlayer, round: Round, oi: number, g: SheetGame): boolean {
  const { t, e } = tg
  const ignored = (tg.state[me]! & IGNORED) !== 0
  const ex = tg.excluded.get(`${round.round}:${p.startRank}`)
  if (ex !== undefined) {
    g.notCounted = 'finding'
    g.note = ex
  } else if (!PLAYED_CODES.has(round.code)) g.notCounted = CODE_REASON[round.code] ?? 'unplayed'
  else if (ignored || (tg.state[oi]! & IGNORED) !== 0) {
    g.notCounted = 'first-event'
    g.note = ignored ? 'his first event, below the threshold: not counted' : 'the opponent’s first event, below the threshold: not counted'
  } else if ((tg.state[me]! & RATED) === 0) {
    // unrated: games against rated opponents (round robin: against Ru-rated ones too) make his event
    const oppRated = !Number.isNaN(tg.rating[oi]!)
    g.counted = oppRated || (t.system === 'round-robin' && !t.slice && !tg.treatedAsSwiss && e.roundRobin.unratedOpponents === 'iterative')
    if (!g.counted) g.notCounted = 'unrated-opponent'
  } else return true
  return false
}

/** The engine's game of this round against this opponent: from `next`, past the games of earlier rounds (or `end`). */
function engineGameAt(figs: Int32Array | Float64Array, next: number, end: number, round: number, opponent: number): number {
  while (next < end && (figs[next * FIGS + ROUND]! < round || (figs[next * FIGS + ROUND]! === round && figs[next * FIGS + OPP]! !== opponent))) next++
  return next
}

/** The engine's figures of a rated game, as it computed them, into the sheet's game. */
function copyEngineFigures(tg: TournamentGames, at: number, g: SheetGame): void {
  const figs = tg.figs
  const f = at * FIGS
  const counted = figs[f + COUNTED]! === 1
  const oppRating = figure(figs, f + OPP_RATING)
  const pd = figure(figs, f + PD)
  const chg = figure(figs, f + CHG)
  g.counted = counted
  g.opponentRating = oppRating
  g.ratingUsed = figure(figs, f + RATING_USED)
  g.capped = figs[f + CAPPED]! === 1
  g.d = figure(figs, f + D)
  g.pd = pd === null ? null : pd / 100
  g.chg = chg === null ? null : fromHundredths(chg)
  g.note = tg.notes?.[at] ?? null
  if (!counted) g.notCounted = oppRating === null ? 'unrated-opponent' : 'fast-game'
}

/** One player's tournament in the sheet, its games left to `sheetGames` (built when his line is written). */
export function sheetTournament(t: PeriodTournament, e: Edition, p: PeriodPlayer, r: RatedPlayerResult, tournamentNotes: readonly Note[]): SheetTournament {
  const rated = r.we !== null
  const notes: Note[] = [...tournamentNotes, ...r.notes]
  if (t.late) notes.unshift({ ref: e.refs.change, text: 'late tournament: rated now with the ratings of the list in force at its start (regulations.md § 5)' })
  if (t.slice) notes.unshift({ ref: 'regulations.md § 5', text: `event longer than 30 days: the rounds of ${t.slice.month} (${t.slice.rounds.join(', ')}), with the list valid for that month${t.slice.last ? '; its last month' : ''}` })
  return {
    tournamentId: t.tournamentId,
    name: t.name,
    start: t.start,
    end: t.end,
    edition: e.id,
    system: t.system,
    late: t.late,
    slice: t.slice,
    rating: r.rating,
    ratingListId: rated ? p.ratingListId : null,
    n: r.n,
    w: r.w,
    we: r.we,
    chg: rated ? fromHundredths(r.games.reduce((s, g) => s + (g.chg ?? 0), 0)) : null,
    k: null,
    kChg: null,
    event: rated ? null : r.ra === null ? null : { ra: to2(r.ra), ru: r.ru, n: r.n, w: r.w },
    games: NO_GAMES_YET,
    notes
  }
}
