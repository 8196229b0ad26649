// Rates one tournament from the shared model: rated players' changes, unrated players' Ru (Swiss Rc or round-robin iteration).
import type { Edition, Note } from '../../../shared/contract/rating'
import { PLAYED_CODES, type PairingSystem, type RatingType, type TournamentPlayer } from '../model/tournament'
import { resolveEdition } from '../rules/editions'
import { applyKnMax, kFor, type PlayerState } from '../rules/k'
import { rateRatedTournament, type RatedGame } from './rated'
import { roundRobinUnrated, type RrPlayer } from './round-robin'
import { classicRu, virtualDrawsRu } from './unrated'
import { fromHundredths, to2 } from './rounding'

export interface RateTournamentInput {
  edition?: string | Edition
  start: string
  system: PairingSystem
  ratingType?: RatingType
  players: readonly TournamentPlayer[]
  /** K or the player's state per start rank (e.g. the K column of the previous list); else derived from the rating. */
  states?: ReadonlyMap<number, PlayerState & { k?: number }>
  /**
   * Players unrated at the start who have a published rating by the time the event is rated (2005 § 10.4, 2010 § 8.4):
   * rated with it for their own change, still unrated for their opponents.
   */
  laterRatings?: ReadonlyMap<number, number>
  /** Treat each unrated player as in his first rated event (first-event zero rule); default true. */
  assumeFirstEvent?: boolean
  /** Unrated players (start ranks) who have played an event before: the first-event rule is not theirs here. */
  notFirstEvent?: ReadonlySet<number>
  /** Leave K out (k and kChg null): the caller applies K over a whole period (list generation). */
  withoutK?: boolean
}

export interface RatedPlayerResult {
  startRank: number
  fideId: string | null
  name: string
  rating: number | null
  ru: number | null
  /** Unrated: Rc (Swiss: average of the rated opponents) or Rc(new) of the round robin's last pass. */
  ra: number | null
  /** Unrated: the sum of the counted opponents' ratings (Swiss: exact; round robin: Rc(new) × n). */
  sumOpponents: number | null
  n: number
  w: number
  we: number | null
  k: number | null
  kChg: number | null
  games: RatedGame[]
  /** Round and opponent's start rank of each game of `games`, in the same order. */
  played: Array<{ round: number; opponent: number }>
  /** Unrated, first event below the threshold: not counted, nor his opponents' games against him. */
  firstEventIgnored: boolean
  notes: Note[]
}

export interface RateTournamentResult {
  edition: string
  system: PairingSystem
  /** The system given, when a round robin with unplayed games was treated as a Swiss. */
  treatedAsSwiss: boolean
  players: RatedPlayerResult[]
  notes: Note[]
}

interface Played {
  round: number
  opponent: number
  score: number
}

function playedGames(p: TournamentPlayer, known: ReadonlySet<number>): Played[] {
  const out: Played[] = []
  for (const r of p.rounds) {
    if (r.opponent === null || !PLAYED_CODES.has(r.code) || !known.has(r.opponent)) continue
    out.push({ round: r.round, opponent: r.opponent, score: r.code === '1' ? 1 : r.code === '=' ? 0.5 : 0 })
  }
  return out
}

/** A round robin is rated as one only when every pair met over the board and no game was forfeited. */
export function roundRobinComplete(players: readonly TournamentPlayer[]): boolean {
  const met = new Set<string>()
  const ranks = new Set(players.map((p) => p.startRank))
  for (const p of players) {
    for (const r of p.rounds) {
      if (r.opponent === null) continue
      if (!PLAYED_CODES.has(r.code)) return false
      if (ranks.has(r.opponent)) met.add(p.startRank < r.opponent ? `${p.startRank}-${r.opponent}` : `${r.opponent}-${p.startRank}`)
    }
  }
  const n = players.length
  return met.size === (n * (n - 1)) / 2
}

function birthYearOf(birth: string | null): number | undefined {
  if (!birth) return undefined
  const y = Number(birth.slice(0, 4))
  return Number.isInteger(y) && y > 1800 ? y : undefined
}

/**
 * A player's result, its properties written one by one in one order. Built by spreads (`{ ...base, rating, ...fields,
 * n, … }`), the results of a FIDE-sized month (15,000 tournaments) cost 2.3 GB of allocation, 55 % of it moved to V8's
 * old generation and collected there, though each lives for one tournament; written so, 600 MB and none kept
 * (docs/history/performance-log.md).
 */
function playerResult(p: TournamentPlayer, f: Omit<RatedPlayerResult, 'startRank' | 'fideId' | 'name'>): RatedPlayerResult {
  return {
    startRank: p.startRank,
    fideId: p.fideId,
    name: p.name,
    rating: f.rating,
    played: f.played,
    firstEventIgnored: f.firstEventIgnored,
    ru: f.ru,
    ra: f.ra,
    sumOpponents: f.sumOpponents,
    n: f.n,
    w: f.w,
    we: f.we,
    k: f.k,
    kChg: f.kChg,
    games: f.games,
    notes: f.notes
  }
}

/** What every step of one tournament's rating reads: its edition and system, each player's counted games and notes. */
interface Rating {
  input: RateTournamentInput
  e: Edition
  /** The system it is rated as (a round robin with unplayed games: a Swiss). */
  system: PairingSystem
  /** Each player's games over the board, by start rank (without those against a first event set aside). */
  games: Map<number, Played[]>
  /** A player's rating at the start, by start rank (null: unrated). */
  rating: (rank: number) => number | null
  playerNotes: Map<number, Note[]>
}

/** An unrated player's event figures: counted games, score, Ra (or the last pass's Rc) and the opponents' sum. */
interface EventDetail {
  n: number
  w: number
  ra: number
  sum: number
}

export function rateTournament(input: RateTournamentInput): RateTournamentResult {
  const e: Edition = typeof input.edition === 'object' ? input.edition : resolveEdition(input.start, input.edition)
  const notes: Note[] = []
  const { system, treatedAsSwiss } = systemRated(input, e, notes)
  const known = new Set(input.players.map((p) => p.startRank))
  const byRank = new Map(input.players.map((p) => [p.startRank, p]))
  const t: Rating = {
    input,
    e,
    system,
    games: new Map(input.players.map((p) => [p.startRank, playedGames(p, known)])),
    rating: (rank) => byRank.get(rank)?.rating ?? null,
    playerNotes: new Map<number, Note[]>(input.players.map((p) => [p.startRank, []]))
  }
  const excluded = (input.assumeFirstEvent ?? true) ? firstEventsIgnored(t) : new Set<number>()
  const { ru, ruDetail, iterative } = eventRatings(t, excluded, notes)

  const players: RatedPlayerResult[] = []
  for (const p of input.players) {
    const later = p.rating === null ? input.laterRatings?.get(p.startRank) : undefined
    if (p.rating === null && later === undefined) {
      const d = ruDetail.get(p.startRank)
      players.push(playerResult(p, { rating: p.rating, played: [], firstEventIgnored: excluded.has(p.startRank), ru: ru.get(p.startRank) ?? null, ra: d && d.n > 0 ? d.ra : null, sumOpponents: d && d.n > 0 ? d.sum : null, n: d?.n ?? 0, w: d?.w ?? 0, we: null, k: null, kChg: null, games: [], notes: t.playerNotes.get(p.startRank)! }))
    } else players.push(ratedPlayer(t, p, later, ru, iterative))
  }
  return { edition: e.id, system, treatedAsSwiss, players, notes }
}

/** A round robin is rated as one only when complete; with unplayed games, as a Swiss (the Swiss paragraph). */
function systemRated(input: RateTournamentInput, e: Edition, notes: Note[]): { system: PairingSystem; treatedAsSwiss: boolean } {
  if (input.system !== 'round-robin' || roundRobinComplete(input.players)) return { system: input.system, treatedAsSwiss: false }
  notes.push({ ref: e.refs.swiss, text: 'round robin with unplayed games: rated as a Swiss tournament' })
  return { system: 'swiss', treatedAsSwiss: true }
}

/**
 * The first-event zero rule (2005 § 10.21, 2010 § 8.21): an unrated player below the threshold in his first event is
 * removed, with his opponents' games against him. Returns those players' start ranks; their games leave `t.games`.
 */
function firstEventsIgnored(t: Rating): Set<number> {
  const { e, input } = t
  const excluded = new Set<number>()
  for (const p of input.players) {
    // a player published since has had rated events before: this one is not his first
    if (p.rating !== null || input.laterRatings?.has(p.startRank) || input.notFirstEvent?.has(p.startRank)) continue
    const g = t.games.get(p.startRank)!
    const countable = t.system === 'swiss' || e.roundRobin.unratedOpponents === 'not-counted' ? g.filter((x) => t.rating(x.opponent) !== null) : g
    const w = countable.reduce((s, x) => s + x.score, 0)
    if (countable.length > 0 && w < e.unrated.firstEventIgnoredBelow) {
      excluded.add(p.startRank)
      t.playerNotes.get(p.startRank)!.push({ ref: e.refs.unrated, text: `first event with ${w} point(s), below ${e.unrated.firstEventIgnoredBelow}: not counted, nor his opponents' games against him` })
    }
  }
  if (excluded.size) for (const [rank, g] of t.games) t.games.set(rank, g.filter((x) => !excluded.has(x.opponent)))
  return excluded
}

/**
 * The event ratings (Ru) of the unrated players: the iterative method in a round robin whose edition counts unrated
 * opponents (2005 § 10.54, 2010 § 8.58), else Rc, the average of the rated opponents (the unrated-player paragraph).
 */
function eventRatings(t: Rating, excluded: ReadonlySet<number>, notes: Note[]): { ru: Map<number, number>; ruDetail: Map<number, EventDetail>; iterative: boolean } {
  const { e, input } = t
  const ru = new Map<number, number>()
  const ruDetail = new Map<number, EventDetail>()
  const iterative = t.system === 'round-robin' && e.roundRobin.unratedOpponents === 'iterative' && input.players.some((p) => p.rating === null && !excluded.has(p.startRank))
  if (iterative) {
    const rr: RrPlayer[] = input.players.filter((p) => !excluded.has(p.startRank)).map((p) => ({ id: p.startRank, rating: p.rating, games: t.games.get(p.startRank)! }))
    const res = roundRobinUnrated(e, rr)
    notes.push(...res.notes)
    for (const [id, u] of res.unrated) {
      ru.set(id, u.ru)
      ruDetail.set(id, { n: u.n, w: u.w, ra: u.rcNew, sum: u.rcNew * u.n })
      t.playerNotes.get(id)!.push(...u.notes)
    }
    return { ru, ruDetail, iterative }
  }
  for (const p of input.players) {
    if (p.rating !== null || excluded.has(p.startRank)) continue
    const vsRated = t.games.get(p.startRank)!.filter((x) => t.rating(x.opponent) !== null)
    const n = vsRated.length
    const w = vsRated.reduce((s, x) => s + x.score, 0)
    const sum = vsRated.reduce((s, x) => s + t.rating(x.opponent)!, 0)
    ruDetail.set(p.startRank, { n, w, ra: n > 0 ? sum / n : 0, sum })
    const need = Math.max(1, e.unrated.minRatedOpponentsPerEvent)
    if (n < need) {
      t.playerNotes.get(p.startRank)!.push({ ref: e.refs.unrated, text: `${n} rated opponent(s), fewer than ${need}: no event rating` })
      continue
    }
    const f = e.unrated.method === 'virtual-draws' ? virtualDrawsRu(e, sum, w, n) : classicRu(e, sum / n, w, n)
    t.playerNotes.get(p.startRank)!.push({ ref: e.refs.unrated, text: `Rc = ${sum} / ${n} = ${to2(sum / n)}` }, ...f.notes)
    ru.set(p.startRank, f.ru)
  }
  return { ru, ruDetail, iterative }
}

/**
 * A player rated for his own change: rated at the start, or published since (2005 § 10.4, 2010 § 8.4) and still
 * unrated for his opponents. His games game by game, then K for this event unless the list applies it over the period.
 */
function ratedPlayer(t: Rating, p: TournamentPlayer, later: number | undefined, ru: ReadonlyMap<number, number>, iterative: boolean): RatedPlayerResult {
  const { e, input } = t
  const pn = t.playerNotes.get(p.startRank)!
  const own = p.rating ?? later!
  if (later !== undefined) pn.push({ ref: e.refs.unrated, text: `unrated at the start, published ${later} since: rated with it, still unrated for his opponents${ru.has(p.startRank) ? ` (who count him at his Ru ${ru.get(p.startRank)})` : ''}` })
  const reason = t.system === 'swiss' ? `unrated opponent: not counted (${e.refs.swiss})` : `unrated opponent: not counted (${e.refs.unrated})`
  const games = t.games.get(p.startRank)!
  const gs = games.map((x) => {
    const r = t.rating(x.opponent)
    return { opponentRating: r ?? (iterative ? (ru.get(x.opponent) ?? null) : null), score: x.score }
  })
  const r = rateRatedTournament(e, own, gs, { start: input.start, ratingType: input.ratingType, unratedReason: reason })
  if (iterative) r.games.forEach((g, i) => { if (g.counted && t.rating(games[i]!.opponent) === null) g.note = `unrated opponent counted with his Ru ${g.opponentRating} (${e.refs.roundRobin})` })
  const played = games.map((x) => ({ round: x.round, opponent: x.opponent }))
  const ruLater = later !== undefined ? (ru.get(p.startRank) ?? null) : null
  // K for this event; the list's generation computes K over the period (withoutK: left null)
  const k = input.withoutK ? null : eventK(t, p, own, later, r.n, pn)
  pn.push(...r.notes)
  return playerResult(p, { rating: own, played, firstEventIgnored: false, ru: ruLater, ra: null, sumOpponents: null, n: r.n, w: r.w, we: fromHundredths(r.we), k, kChg: k === null ? null : fromHundredths(k * r.chg), games: r.games, notes: pn })
}

/** K for one event: the previous list's, else from his state (the K paragraph), then K × n ≤ max where the edition has it. */
function eventK(t: Rating, p: TournamentPlayer, own: number, later: number | undefined, n: number, pn: Note[]): number {
  const { e, input } = t
  const st = input.states?.get(p.startRank)
  let k0: number
  if (st?.k !== undefined) {
    k0 = st.k
    pn.push({ ref: e.refs.k, text: `K ${k0} from the previous list` })
  } else {
    const dec = kFor(e, { rating: own, birthYear: birthYearOf(p.birth), ...(later !== undefined ? { ratedGames: 0 } : {}), ...st }, input.start)
    k0 = dec.k
    pn.push(dec.note)
  }
  const kn = applyKnMax(e, k0, n)
  if (kn.note) pn.push(kn.note)
  return kn.k
}
