// One office list from its base list and the period's tournaments: rated players, first ratings, flags, compression, sheets.
//
// Pure and deterministic: the same input gives the same entries in the same order and the same checksum. The maths is
// the engine's (rateTournament per tournament, periodTotal for K × ΣΔR over the period, firstRating for the window,
// kFor for K, compressRating for 1 March 2024); this module only decides what goes in and composes the list.
import type { Edition, Note } from '../../../shared/contract/rating'
import { rateTournament, type RateTournamentResult, type RatedPlayerResult } from '../engine/tournament'
import { periodTotal } from '../engine/period'
import { firstRating, monthsBetween, type FirstRating, type UnratedEvent } from '../engine/unrated'
import { fromHundredths, to2 } from '../engine/rounding'
import { PLAYED_CODES, type TournamentPlayer } from '../model/tournament'
import { compressionBetween, compressRating, ratedWithStandard } from '../rules/amendments'
import { kFor, kNote, kRule, type PlayerState } from '../rules/k'
import { UserError } from '../util/errors'
import { addMonths } from './calendar'
import { addDays } from '../util/dates'
import { checksumStream, type ChecksumStream } from './checksum'
import { inactivityYearStart } from './look-back'
import { tallyGames } from './rated-games'
import type {
  BaseEntry,
  CalculationSheet,
  GenerationCounters,
  GenerationInput,
  GenerationSink,
  GenerationResult,
  ListEntry,
  ListGames,
  PeriodPlayer,
  PeriodTournament,
  PlayerFacts,
  SheetGame,
  SheetTournament,
  SheetUnlisted,
  UnlistedReason,
  UnratedWindow,
  WindowEvent
} from './types'

/** A rated player's result in one tournament of the period. */
interface RatedRow {
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
interface PendingSheet {
  sheet: SheetTournament
  games: TournamentGames
  at: number
}

interface PlayerWork {
  rated: RatedRow[]
  unrated: PendingSheet[]
  events: WindowEvent[]
  /** 2024 rapid/blitz: the standard rating he was first rated with in this period. */
  standardBase: number | null
}

const FLOOR_REF = 'regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)'
const INACTIVE_REF = 'regulations.md § 5 (inactivity: 2005 § 9.23a–c, 2010 § 7.23a–c, 2014 § 7.23a–b)'
const TITLED_REF = 'regulations.md § 5 (2005 § 9.22, 2010 § 7.22, 2014 § 7.22)'

const CODE_REASON: Record<string, string> = { '+': 'forfeit', '-': 'forfeit', W: 'unplayed', D: 'unplayed', L: 'unplayed' }

const NONE: never[] = Object.freeze([]) as never[]
const NO_WORK: PlayerWork = Object.freeze({ rated: NONE, unrated: NONE, events: NONE, standardBase: null }) as PlayerWork

/** `list` with `x` added: a one-item array first (a pushed empty array reserves 17 slots; most players play once). */
function added<T>(list: T[], x: T): T[] {
  if (list === NONE) return [x]
  list.push(x)
  return list
}

/** A player's rounds by round number (as reported they usually are: then the same array). */
function inOrder(rounds: PeriodPlayer['rounds']): PeriodPlayer['rounds'] {
  for (let i = 1; i < rounds.length; i++) if (rounds[i - 1]!.round > rounds[i]!.round) return [...rounds].sort((a, b) => a.round - b.round)
  return rounds
}

/** The birth year the list prints from a registry birth date ('YYYY-MM-DD' or 'YYYY'); undefined when not a year. */
export function birthYearOf(birth: string | null | undefined): number | undefined {
  if (!birth) return undefined
  const y = Number(birth.slice(0, 4))
  return Number.isInteger(y) && y > 1800 ? y : undefined
}


function chronological(a: PeriodTournament, b: PeriodTournament): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1
  if (a.end !== b.end) return a.end < b.end ? -1 : 1
  if (a.tournamentId !== b.tournamentId) return a.tournamentId - b.tournamentId
  const am = a.slice?.month ?? ''
  const bm = b.slice?.month ?? ''
  return am < bm ? -1 : am > bm ? 1 : 0
}

function woman(sex: 'M' | 'F' | null): boolean {
  return sex === 'F'
}

function flagsOf(sex: 'M' | 'F' | null, inactive: boolean): string | null {
  // constants, not a concatenation: at FIDE scale two million new strings otherwise
  if (woman(sex)) return inactive ? 'wi' : 'w'
  return inactive ? 'i' : null
}


/**
 * The base list by player id: its lines sorted by id — as read from the database, then without a copy — looked up at
 * the line after the last one found (the lines are asked in ascending order while the list is written), else by
 * bisection of their ids. At FIDE scale a Map of the 1.9 M lines cost about 60 MB beside them, and its building.
 * `release` drops a line (the list's walk has passed it: it is never asked again).
 */
class BaseLines {
  readonly lines: (BaseEntry | undefined)[]
  private readonly ids: Float64Array
  private at = 0
  constructor(entries: BaseEntry[]) {
    let sorted = true
    for (let i = 1; i < entries.length && sorted; i++) sorted = entries[i - 1]!.playerId < entries[i]!.playerId
    if (sorted) this.lines = entries
    else {
      // a stable sort; of two lines of one player the later counts (as a map filled in order would keep it)
      const out: BaseEntry[] = []
      for (const e of [...entries].sort((a, b) => a.playerId - b.playerId)) {
        if (out.length && out[out.length - 1]!.playerId === e.playerId) out[out.length - 1] = e
        else out.push(e)
      }
      this.lines = out
    }
    this.ids = new Float64Array(this.lines.length)
    for (let i = 0; i < this.lines.length; i++) this.ids[i] = this.lines[i]!.playerId
  }
  private find(id: number): number {
    const ids = this.ids
    const c = this.at
    if (c < ids.length && ids[c] === id) return c
    if (c + 1 < ids.length && ids[c + 1] === id) return (this.at = c + 1)
    let lo = 0
    let hi = ids.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const p = ids[mid]!
      if (p < id) lo = mid + 1
      else if (p > id) hi = mid - 1
      else return (this.at = mid)
    }
    return -1
  }
  get(id: number): BaseEntry | undefined {
    const i = this.find(id)
    return i < 0 ? undefined : this.lines[i]
  }
  has(id: number): boolean {
    return this.find(id) >= 0
  }
  /** Drops a player's line (the walk of the list is past it). */
  release(id: number): void {
    const i = this.find(id)
    if (i >= 0) this.lines[i] = undefined
  }
  get size(): number {
    return this.ids.length
  }
  playerIds(): Float64Array {
    return this.ids
  }
}

/**
 * The sheet of a line the period gave no games: its base and its line, nothing computed. A later step (a correction
 * carried into the list, a merge folded into the base) writes its note on it.
 */
export function gamelessSheet(entry: ListEntry, base: BaseEntry | undefined, listDate: string, edition: string, baseListId: number | null): CalculationSheet {
  return {
    playerId: entry.playerId,
    listDate,
    edition,
    base: { listId: baseListId, rating: base?.rating ?? null, k: base?.k ?? null, status: base?.status ?? null, flags: base?.flags ?? null },
    tournaments: [],
    periodGames: 0,
    changeExact: null,
    change: null,
    compression: null,
    firstRating: null,
    rating: entry.rating,
    status: entry.status,
    flags: entry.flags,
    kNext: { k: entry.k, note: null },
    notes: []
  }
}
/**
 * The list of `input.listDate`. With a `sink`, each player's line and sheet go to it in playerId order as soon as they
 * are computed, and the result's `entries` and `sheets` stay empty (the checksum, counters and window are the same):
 * at FIDE scale two million entries and their sheets are then never held together.
 */
export function generateList(input: GenerationInput, sink?: GenerationSink): GenerationResult {
  const E = input.edition
  const L = input.listDate
  const editions = new Map<string, Edition>(input.editions.map((e) => [e.id, e]))
  if (!editions.has(E.id)) editions.set(E.id, E)
  const editionOf = (id: string): Edition => {
    const e = editions.get(id)
    if (!e) throw new UserError('engine.unknownEdition', { id, known: [...editions.keys()].sort().join(', ') })
    return e
  }
  const base = new BaseLines(input.base.entries)
  const facts = new Map<number, PlayerFacts>()
  for (const p of input.players) facts.set(p.playerId, p)
  const windowIn = new Map<number, UnratedWindow>(input.window.map((w) => [w.playerId, w]))
  const unpublishable: ReadonlySet<number> = new Set(input.unpublishable ?? [])
  const ratedOnBase = (id: number): BaseEntry | undefined => {
    const b = base.get(id)
    return b && b.status === 'rated' && b.rating !== null ? b : undefined
  }
  const work = new Map<number, PlayerWork>()
  const workOf = (id: number): PlayerWork => {
    let w = work.get(id)
    if (!w) work.set(id, (w = { rated: NONE, unrated: NONE, events: NONE, standardBase: null }))
    return w
  }
  // unrated players whose first event is behind them (from the window, then as this period's events are counted)
  // (a player on the base list, rated or delisted, has played rated events before)
  const windowDone: ReadonlySet<number> = new Set(input.window.filter((w) => w.firstEventDone).map((w) => w.playerId))
  const doneNow = new Set<number>()
  const doneBefore = (id: number): boolean => base.has(id) || windowDone.has(id)
  const firstDone = (id: number): boolean => doneBefore(id) || doneNow.has(id)

  const tournamentsOut: GenerationResult['tournaments'] = []
  const scratch: Scratch = { texts: new Map(), wide: new Float64Array(0) }
  for (const t of [...input.tournaments].sort(chronological)) {
    const e = editionOf(t.editionId)
    // a start rank's player: his index in t.players (the engine's results come in the same order)
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
      } else if (rating === null && ratedOnBase(p.playerId)) {
        laterRatings.set(p.startRank, ratedOnBase(p.playerId)!.rating!)
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
    tournamentsOut.push({ tournamentId: t.tournamentId, complete: t.slice === null || t.slice.last, players: t.players.length, games: tally.rated })
    const figures = tournamentGames(t, e, res, byRank, excluded, scratch)

    for (let i = 0; i < t.players.length; i++) {
      const p = t.players[i]!
      const r = res.players[byRank.get(p.startRank)!]!
      const sheet = sheetTournament(t, e, p, r, res.notes)
      const w = workOf(p.playerId)
      if (r.we === null) {
        // unrated in this event: its games go to his window
        w.unrated = added(w.unrated, { sheet, games: figures, at: i })
        if (r.firstEventIgnored) {
          doneNow.add(p.playerId)
          continue
        }
        if (r.n > 0 && r.sumOpponents !== null) {
          const ev: WindowEvent = { tournamentId: t.tournamentId, name: t.name, start: t.start, editionId: e.id, listDate: L, n: r.n, w: r.w, sumOpponents: r.sumOpponents }
          if (system === 'round-robin' && r.ru !== null) ev.ru = r.ru
          if (t.teamChampionship) ev.teamChampionship = true
          w.events = added(w.events, ev)
          doneNow.add(p.playerId)
        }
        continue
      }
      const how = via.get(p.startRank) ?? 'list'
      if (how === 'standard' && w.standardBase === null && !ratedOnBase(p.playerId)) w.standardBase = r.rating!
      w.rated = added(w.rated, { t, e, rating: r.rating!, n: r.n, chgH: r.games.reduce((s, g) => s + (g.chg ?? 0), 0), sheet, games: figures, at: i, via: how })
    }
  }

  // every player of the base list, every player of the period, every unrated player of the window
  const ids = new Float64Array(base.size + work.size + windowIn.size)
  let nIds = 0
  for (const id of base.playerIds()) ids[nIds++] = id
  for (const id of work.keys()) if (!base.has(id)) ids[nIds++] = id
  for (const id of windowIn.keys()) if (!base.has(id) && !work.has(id)) ids[nIds++] = id
  const order = ids.subarray(0, nIds).sort()
  const entries: ListEntry[] = []
  const sheets: CalculationSheet[] = []
  const checksum = checksumStream()
  const windowOut: UnratedWindow[] = []
  const counters = emptyCounters(new Set(input.tournaments.map((t) => t.tournamentId)).size)

  const c: LineComposition = {
    E,
    L,
    ratingType: input.ratingType,
    baseListId: input.base.listId,
    baseListDate: input.base.listDate,
    compress: compressionApplies(E, input.ratingType, input.base.listDate, L),
    yearAgo: inactivityYearStart(E, L),
    editionOf,
    windowIn,
    unpublishable,
    doneBefore,
    firstDone,
    counters,
    window: windowOut,
    checksum
  }
  for (const id of order) {
    const b = base.get(id)
    const w = work.get(id) ?? NO_WORK
    // his tournaments' sheets leave the map with his line (a sink then lets them go)
    work.delete(id)
    const { entry, sheet } = composeLine(c, id, b, facts.get(id), w)
    if (!sink) {
      if (entry) entries.push(entry)
      if (sheet) sheets.push(sheet)
    }
    if (sink && (entry || sheet)) sink.line(entry, sheet, b)
    // the caller gave the base lines up: his is not needed any more (the sink has taken what it needed)
    if (input.releaseBase) base.release(id)
  }

  return {
    listDate: L,
    ratingType: input.ratingType,
    edition: E.id,
    baseListId: input.base.listId,
    entries,
    sheets,
    counters,
    window: windowOut,
    tournaments: tournamentsOut,
    checksum: checksum.digest()
  }
}

/** What composing a player's line needs beyond his base line, his registry facts and his period's work. */
interface LineComposition {
  E: Edition
  L: string
  ratingType: GenerationInput['ratingType']
  baseListId: number | null
  baseListDate: string | null
  /** The compression of 1 March 2024 falls between the base list and this one, for this rating type. */
  compress: boolean
  /** The list date less the edition's inactivity months. */
  yearAgo: string
  editionOf: (id: string) => Edition
  windowIn: ReadonlyMap<number, UnratedWindow>
  unpublishable: ReadonlySet<number>
  /** Past his first rated event before this period (on the base list, or so in his window). */
  doneBefore: (id: number) => boolean
  /** The same, this period's events counted. */
  firstDone: (id: number) => boolean
  /** Added to by each line: the list's counters, the window it leaves, the checksum of its entries. */
  counters: GenerationCounters
  window: UnratedWindow[]
  checksum: Pick<ChecksumStream, 'add'>
}

/**
 * A player's period work as new objects, before his line writes into it (notes, K, games). The work was made while the
 * period was rated and, held for seconds, sits in V8's old generation: new objects written into it stayed reachable
 * from it for the young collections after the line was written, and were moved to the old generation with it until a
 * full collection found both dead (at FIDE scale 465 MB of sheet games; docs/history/performance-log.md). Copies
 * made here are young and die with the line. Each copy keeps its original's keys in their order (the sheet's
 * encoder writes a tournament by its shape only when they are).
 */
function ownWork(w: PlayerWork): PlayerWork {
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

/** A list's counters before its first line. */
export function emptyCounters(tournaments: number): GenerationCounters {
  return { players: 0, rated: 0, newlyRated: 0, delisted: 0, inactive: 0, titledUnrated: 0, changed: 0, tournaments }
}

/** The counters of a list computed in two parts (its untouched lines apart): each count added. */
export function sumCounters(a: GenerationCounters, b: GenerationCounters): GenerationCounters {
  return {
    players: a.players + b.players,
    rated: a.rated + b.rated,
    newlyRated: a.newlyRated + b.newlyRated,
    delisted: a.delisted + b.delisted,
    inactive: a.inactive + b.inactive,
    titledUnrated: a.titledUnrated + b.titledUnrated,
    changed: a.changed + b.changed,
    tournaments: a.tournaments + b.tournaments
  }
}

/** Whether the compression of 1 March 2024 applies between a base list of that date and this list. */
function compressionApplies(E: Edition, ratingType: GenerationInput['ratingType'], baseListDate: string | null, L: string): boolean {
  return E.amendments.compression !== null && E.amendments.compression.ratingTypes.includes(ratingType) && compressionBetween(E, baseListDate ?? '', L)
}

/**
 * One player's line on the list and his calculation sheet (null when there is nothing to show), from his base line,
 * his registry facts (given only where they differ from the base line) and his period's work; it adds to the list's
 * counters, window and checksum.
 */
function composeLine(c: LineComposition, id: number, b: BaseEntry | undefined, f: PlayerFacts | undefined, held: PlayerWork): { entry: ListEntry | null; sheet: CalculationSheet | null } {
  const { E, L } = c
  const w = ownWork(held)
  const title = f ? f.title : (b?.title ?? null)
  const federation = f ? f.federation : (b?.federation ?? null)
  const birthYear = f ? (birthYearOf(f.birthDate) ?? null) : (b?.birthYear ?? null)
  const sex = f ? f.sex : (b?.sex ?? null)
  const notes: Note[] = []
  // the sheet's figures, gathered as they are computed; the sheet itself is built only when there is one to show
  const sheet: Pick<CalculationSheet, 'changeExact' | 'change' | 'compression' | 'firstRating'> = { changeExact: null, change: null, compression: null, firstRating: null }
  const rb = b && b.status === 'rated' && b.rating !== null ? b : undefined
  let rating: number | null = null
  let periodGames = 0
  let ratedGamesToDate: number | null = null
  let highest: number | null = null
  let trackedSince: string | null = null
  let newlyRated = false
  let kNext: ReturnType<typeof kRule> | null = null
  let kState: PlayerState | null = null
  // an unrated player's window as this list leaves it (for the sheet of a player who gets no line)
  let windowState: WindowState | null = null

  if (w.rated.length > 0 && !rb && w.standardBase === null) {
    for (const row of w.rated) row.sheet.notes.push({ ref: 'regulations.md § 5', text: `rated at the start (${row.rating}) but not rated on the base list: no rating to change, these games give him none` })
  }
  if (rb || w.standardBase !== null) {
    // a rated player: base rating + K × ΣΔR over the period (regulations.md § 4.1, § 5)
    const baseRating = rb ? rb.rating! : w.standardBase!
    if (!rb) notes.push({ ref: 'regulations.md § 1 (2024 rapid and blitz)', text: `unrated on the base list, rated with his standard rating ${baseRating}` })
    const reachedHigh = (h: number | null, r: number): boolean => Math.max(h ?? r, r) >= E.k.high.threshold
    // games so far: unknown on an imported list; K new-player there (and not the junior rule) means fewer than its limit
    let gamesBase = rb ? rb.ratedGamesToDate : 0
    if (rb && gamesBase === null && rb.k !== null && rb.k === E.k.newPlayer.k) {
      const atBase = kFor(E, { rating: rb.rating, reachedHigh: reachedHigh(rb.highestRating, rb.rating!), birthYear: birthYear ?? undefined }, c.baseListDate ?? L)
      if (atBase.rule !== 'junior') {
        gamesBase = 0
        notes.push({ ref: E.refs.k, text: `games so far unknown; K ${rb.k} on the base list means fewer than ${E.k.newPlayer.untilGames}: counted from 0 at the base list` })
      }
    }
    const rows = w.rated.map((row) => {
      let k: number
      if (rb && rb.k !== null) {
        k = rb.k
        row.sheet.notes.push({ ref: row.e.refs.k, text: `K ${k} from the base list${c.baseListId !== null ? ` (list ${c.baseListId})` : ''}: the K printed for this period` })
      } else {
        const dec = kFor(row.e, { rating: baseRating, ratedGames: gamesBase ?? undefined, reachedHigh: rb ? reachedHigh(rb.highestRating, baseRating) : false, birthYear: birthYear ?? undefined }, row.t.start)
        k = dec.k
        row.sheet.notes.push(dec.note)
      }
      if (row.via === 'later') row.sheet.notes.push({ ref: row.e.refs.unrated, text: `unrated at the start, rated since: rated with ${row.rating} for his own change, still unrated for his opponents (§ 8.4 / 10.4)` })
      if (row.via === 'standard') row.sheet.notes.push({ ref: 'regulations.md § 1 (2024 rapid and blitz)', text: `no ${row.t.ratingType} rating: rated with his standard rating ${row.rating}` })
      return { e: row.e, k, chgH: row.chgH, row }
    })
    periodGames = rows.reduce((s, x) => s + x.row.n, 0)
    let change = 0
    if (rows.length > 0) {
      const total = periodTotal(rows, periodGames, E.refs.rounding)
      rows.forEach((x, i) => {
        const o = total.rows[i]!
        const s = x.row.sheet
        if (o.knNote) s.notes.push(o.knNote)
        s.k = o.k
        s.kChg = fromHundredths(o.kChgH)
        s.notes.push({ ref: x.e.refs.change, text: `W ${s.w} − We ${s.we} = ${s.chg}; K × ΣΔR = ${o.k} × ${s.chg} = ${s.kChg}` })
        if (o.roundNote) s.notes.push(o.roundNote)
      })
      change = total.change
      sheet.changeExact = fromHundredths(total.totalH)
      notes.push(total.note)
    }
    sheet.change = change
    rating = baseRating + change
    ratedGamesToDate = gamesBase === null ? null : gamesBase + periodGames
    highest = rb ? (rb.highestRating ?? rb.rating) : null
    trackedSince = rb ? (rb.trackedSince ?? c.baseListDate ?? L) : L
  } else {
    // unrated: the period's events join his window; a first rating when the edition's minimum is reached
    const carried = c.windowIn.get(id)
    let keep: WindowEvent[] = []
    const windowEvents = [...(carried?.events ?? []), ...w.events].filter((ev) => monthsBetween(ev.start, L) < E.unrated.windowMonths)
    const dropped = (carried?.events.length ?? 0) + w.events.length - windowEvents.length
    if (dropped > 0) notes.push({ ref: E.refs.firstRating, text: `${dropped} event(s) older than ${E.unrated.windowMonths} months left the window` })
    windowState = { first: null, keep: NONE, dropped, withheld: null }
    if (windowEvents.length > 0) {
      const evs: UnratedEvent[] = windowEvents.map((ev) => ({ name: ev.name, start: ev.start, edition: c.editionOf(ev.editionId), n: ev.n, w: ev.w, sumOpponents: ev.sumOpponents, ru: ev.ru, teamChampionship: ev.teamChampionship }))
      const whyNone: Note[] = []
      const fr = firstRating(E, evs, { reducedMinimum: f?.reducedMinimum, firstEventDone: c.doneBefore(id), whyNone })
      if (fr) {
        notes.push(...fr.notes)
        const counted = fr.counted
        // a first rating this list may not publish (no FIDE ID on FIDE's list): worked out, shown, not published
        const barred = fr.published && c.unpublishable.has(id)
        const reason = barred ? 'no FIDE ID: published on the national list only' : fr.reason
        if (barred) {
          notes.push({ ref: E.refs.firstRating, text: `first rating ${fr.ru} not published: no FIDE ID (the federation's own list only); the games stay in the window` })
          windowState.withheld = 'no-fide-id'
        }
        sheet.firstRating = { window: windowEvents.map((ev, i) => ({ ...ev, counted: counted[i]! })), ra: fr.ra, p: fr.p, dp: fr.dp, ru: fr.ru, games: fr.games, published: fr.published && !barred, reason }
        if (fr.published && !barred) {
          rating = fr.ru
          newlyRated = true
          periodGames = windowEvents.reduce((s, ev, i) => s + (counted[i] && ev.listDate === L ? ev.n : 0), 0)
          ratedGamesToDate = fr.games
          highest = null
          trackedSince = L
        } else keep = windowEvents.filter((_, i) => counted[i])
        windowState.first = fr
      } else notes.push(...whyNone, { ref: E.refs.unrated, text: 'no event counts towards a first rating' })
    }
    windowState.keep = keep
    // his games stay in the window; once past his first event, the first-event rules are not his any more
    const done = c.firstDone(id) || keep.length > 0
    if (!newlyRated && done) c.window.push({ playerId: id, firstEventDone: true, events: keep })
  }

  let status: ListEntry['status'] | null = null
  let inactive = false
  let recentGames: ListGames[] = []
  if (rating !== null) {
    if (c.compress) {
      const after = compressRating(E, rating, c.ratingType)
      const cmp = E.amendments.compression!
      if (after !== rating) {
        sheet.compression = { before: rating, after, ref: `compression of ${cmp.date}` }
        notes.push({ ref: `compression of ${cmp.date} (regulations.md § 1)`, text: `${rating} below ${cmp.below}: ${rating} + ${cmp.factor} × (${cmp.below} − ${rating}) = ${after}` })
        rating = after
      }
    }
    highest = Math.max(highest ?? rating, rating)
    if (rating < E.list.floor) {
      status = 'delisted'
      notes.push({ ref: FLOOR_REF, text: `${rating} is below the floor ${E.list.floor}: shown once as delisted, then unrated` })
    } else status = 'rated'
    // inactivity: fewer than the minimum of rated games within a year (2005 § 9.23a: 4; 2010 § 7.23a, 2014 § 7.23a: 1)
    const before = b?.recentGames ?? []
    recentGames = periodGames === 0 && before.every((g) => g.listDate > c.yearAgo) ? before : [...before, ...(periodGames > 0 ? [{ listDate: L, games: periodGames }] : [])].filter((g) => g.listDate > c.yearAgo)
    // the months before the office's own lists: the games columns of the imported lists
    const imported = rb?.imported ?? null
    const yearGames = recentGames.reduce((s, g) => s + g.games, 0) + (imported?.games ?? 0)
    const known = (trackedSince !== null && trackedSince <= c.yearAgo) || (imported !== null && imported.since <= c.yearAgo)
    const wasInactive = rb !== undefined && (rb.flags ?? '').includes('i')
    inactive = status === 'rated' && yearGames < E.list.inactivityMinGames && (known || wasInactive)
    const fromImported = imported ? ` (${imported.games} on the imported lists before the office's own, since ${imported.since})` : ''
    if (inactive && !wasInactive) notes.push({ ref: INACTIVE_REF, text: `${yearGames} rated game(s) since ${c.yearAgo}${fromImported}, fewer than ${E.list.inactivityMinGames}: inactive (i)` })
    if (!inactive && wasInactive) notes.push({ ref: INACTIVE_REF, text: `${yearGames} rated game(s) since ${c.yearAgo}${fromImported}: active again` })
    // the K printed: the K for the next period, from the player's state after this list
    // its note is written only on a sheet (most rated lines have none)
    kState = { rating, ratedGames: ratedGamesToDate ?? undefined, reachedHigh: highest >= E.k.high.threshold, birthYear: birthYear ?? undefined }
    kNext = kRule(E, kState, L)
  } else if (title !== null) {
    status = 'titled-unrated'
    notes.push({ ref: TITLED_REF, text: `titled (${title}) and unrated: listed apart` })
  }
  if (b?.status === 'delisted') notes.push({ ref: FLOOR_REF, text: 'delisted on the base list: now treated as any unrated player' })

  const played = w.rated.length > 0 || w.unrated.length > 0
  // no line: a sheet says why when the period touched him (games, a line on the base list, an event leaving his
  // window); a window carried with nothing new gets none (his sheet is on the list where it last changed)
  const unlisted = status === null && (played || b !== undefined || (windowState?.dropped ?? 0) > 0) ? unlistedPart(E, id, w, b, windowState) : null
  let entry: ListEntry | null = null
  if (status !== null) {
    entry = {
      playerId: id,
      rating: status === 'titled-unrated' ? null : rating,
      games: periodGames,
      k: status === 'rated' ? kNext!.k : null,
      flags: status === 'titled-unrated' ? null : flagsOf(sex, inactive),
      status,
      title,
      federation,
      birthYear,
      sex,
      ratedGamesToDate: status === 'titled-unrated' ? null : ratedGamesToDate,
      highestRating: status === 'titled-unrated' ? null : highest,
      trackedSince: status === 'titled-unrated' ? null : trackedSince,
      recentGames: status === 'titled-unrated' ? [] : recentGames
    }
    c.checksum.add(entry)
    c.counters.players++
    if (status === 'rated') c.counters.rated++
    if (status === 'delisted') c.counters.delisted++
    if (status === 'titled-unrated') c.counters.titledUnrated++
    if (inactive) c.counters.inactive++
    // new on this list: a first rating, or (2024 rapid/blitz) rated with his standard rating (the preview's 'new')
    if ((newlyRated || (!rb && w.standardBase !== null)) && status === 'rated') c.counters.newlyRated++
    if (rb && status === 'rated' && rating !== rb.rating) c.counters.changed++
  }
  // a title change too (a kind of change of lists/change-kinds.ts): every player whose line changes in a way the
  // preview counts has a sheet, so that its counts and pages are the sheets' (data/office-lists.ts, storeDraftCounts)
  const changedLine =
    !b || status !== b.status || entry?.flags !== b.flags || entry?.rating !== b.rating || entry?.k !== b.k || (entry !== null && (entry.title ?? '') !== (b.title ?? ''))
  let out: CalculationSheet | null = null
  if (status !== null ? played || changedLine || sheet.firstRating !== null || notes.length > 0 : unlisted !== null) {
    out = {
      playerId: id,
      listDate: L,
      edition: E.id,
      base: { listId: c.baseListId, rating: b?.rating ?? null, k: b?.k ?? null, status: b?.status ?? null, flags: b?.flags ?? null },
      tournaments: [...w.rated.map(withGames), ...w.unrated.map(withGames)].sort((a, c) => (a.start < c.start ? -1 : a.start > c.start ? 1 : a.tournamentId - c.tournamentId)),
      periodGames,
      ...sheet,
      rating: entry?.rating ?? null,
      status: entry?.status ?? null,
      flags: entry?.flags ?? null,
      kNext: { k: entry?.k ?? null, note: entry?.status === 'rated' ? kNote(E, kState!, kNext!.rule) : null },
      notes
    }
    if (unlisted) out.unlisted = unlisted
  }
  return { entry, sheet: out }
}

/**
 * The lines of the base list's players the period did not touch (no games, no window, no correction, no merge), each
 * composed as generateList composes it (composeLine, without work): a big list's writer composes them itself while
 * the helper thread rates the period (services/office-lists.ts). Every line given is on the base list, so past its
 * player's first event. The counters, the window and the checksum's lines go to `into`.
 */
export function untouchedLines(
  o: { edition: Edition; listDate: string; ratingType: GenerationInput['ratingType']; baseListId: number; baseListDate: string },
  into: Pick<LineComposition, 'counters' | 'window' | 'checksum'>
): (b: BaseEntry, f: PlayerFacts | undefined) => { entry: ListEntry | null; sheet: CalculationSheet | null } {
  const E = o.edition
  const L = o.listDate
  const c: LineComposition = {
    E,
    L,
    ratingType: o.ratingType,
    baseListId: o.baseListId,
    baseListDate: o.baseListDate,
    compress: compressionApplies(E, o.ratingType, o.baseListDate, L),
    yearAgo: inactivityYearStart(E, L),
    // without games nor a window, no event is read and no first rating is worked out
    editionOf: (id) => {
      throw new Error(`untouched line: edition ${id} asked`)
    },
    windowIn: new Map(),
    unpublishable: new Set(),
    doneBefore: () => true,
    firstDone: () => true,
    ...into
  }
  return (b, f) => composeLine(c, b.playerId, b, f, NO_WORK)
}

/** An unrated player's window as a list leaves it: the first rating worked out (null: none), the events carried, those that left. */
interface WindowState {
  first: FirstRating | null
  keep: WindowEvent[]
  dropped: number
  /** A first rating the engine publishes but this list does not: the list rule's reason ('no-fide-id'). */
  withheld: UnlistedReason | null
}

/**
 * The first date from which an event that started on `start` no longer counts in a window of `months` (a list dated on
 * or after it leaves it out: monthsBetween(start, list date) ≥ months). `start + months` when that day exists, else the
 * first of the next month (31 December + 26 months: 1 March, as 28 February is still a month short).
 */
export function windowLeavesOn(start: string, months: number): string {
  const d = addMonths(start, months)
  return monthsBetween(start, d) >= months ? d : addDays(d, 1)
}

/** Why a player the period touched gets no line on the list, with the figures, and what happens to his games next. */
function unlistedPart(E: Edition, id: number, w: PlayerWork, b: BaseEntry | undefined, ws: WindowState | null): SheetUnlisted {
  const fr = ws?.first ?? null
  const keep = ws?.keep ?? NONE
  const floor = E.list.floor
  const earliest = keep.reduce<string | null>((m, ev) => (m === null || ev.start < m ? ev.start : m), null)
  const windowUntil = earliest === null ? null : windowLeavesOn(earliest, E.unrated.windowMonths)
  let reason: UnlistedReason
  if (fr && fr.games < fr.minGames) reason = 'too-few-games'
  else if (fr && fr.ru < floor) reason = 'below-floor'
  // a first rating the engine publishes but the list does not: the rule that withholds it names its own reason
  else if (fr && ws?.withheld) reason = ws.withheld
  else if (fr) throw new Error(`player ${id}: first rating ${fr.ru} withheld from the list without a reason`)
  else if (w.rated.length > 0) reason = 'not-on-base'
  else if (w.unrated.length > 0) reason = 'no-counted-event'
  else if ((ws?.dropped ?? 0) > 0) reason = 'window-expired'
  else reason = b?.status === 'titled-unrated' ? 'was-titled-unrated' : 'was-delisted'
  const why: Record<UnlistedReason, string> = {
    'too-few-games': `${fr?.games} game(s) towards a first rating, fewer than the ${fr?.minGames} required`,
    'below-floor': `first rating ${fr?.ru} below the floor ${floor}`,
    'no-fide-id': `first rating ${fr?.ru} over ${fr?.games} games not published: no FIDE ID (FIDE's list publishes no first rating without one; the federation's own list does)`,
    'no-counted-event': 'no event of his counts towards a first rating',
    'window-expired': `his events left the window (${E.unrated.windowMonths} months)`,
    'not-on-base': 'rated at the start of his tournaments but not rated on the base list: no rating to change',
    'was-delisted': 'shown once as delisted on the base list: now unrated',
    'was-titled-unrated': 'titled unrated on the base list, without a title now: unrated'
  }
  const next =
    windowUntil !== null
      ? `his games stay in the window (${keep.length} event(s)); the earliest counts for the lists dated before ${windowUntil}`
      : 'no games carried to the next list'
  return { reason, games: fr?.games ?? null, minGames: fr?.minGames ?? null, ru: fr?.ru ?? null, floor, carried: keep.length, windowUntil, text: `not on the list: ${why[reason]}; ${next}` }
}

/**
 * A tournament's per-game figures, kept compact from its rating until each player's line is written: at FIDE scale
 * (15,000 tournaments, two million game sides) one object per game for every tournament held at once was most of the
 * generation's memory. `sheetGames` builds a player's games from it exactly as they were computed.
 */
interface TournamentGames {
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

function tournamentGames(t: PeriodTournament, e: Edition, res: RateTournamentResult, byRank: ReadonlyMap<number, number>, excluded: ReadonlyMap<string, string>, scratch: Scratch): TournamentGames {
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

/**
 * One copy of each text of the games' notes, for one generation: a capped difference's note is a template, a chain of
 * pieces per game held until the line is written, and a million games have a few hundred distinct texts.
 */
type NoteTexts = Map<string, string>

/** What `tournamentGames` reuses from one tournament to the next: the notes' texts, a buffer of figures as doubles. */
interface Scratch {
  texts: NoteTexts
  wide: Float64Array
}
function interned(texts: NoteTexts, text: string): string {
  const known = texts.get(text)
  if (known !== undefined) return known
  texts.set(text, text)
  return text
}

/** A tournament of a player's sheet with its games, built now from the tournament's compact figures. */
function withGames(x: { sheet: SheetTournament; games: TournamentGames; at: number }): SheetTournament {
  x.sheet.games = sheetGames(x.games, x.at)
  return x.sheet
}

/** One player's games in a tournament of his sheet: every round as reported, counted or not, and why. */
function sheetGames(tg: TournamentGames, at: number): SheetGame[] {
  const { t, e, byRank, excluded, figs } = tg
  const p = t.players[at]!
  // his results: those of his start rank (the engine's order is t.players')
  const me = byRank.get(p.startRank)!
  const rated = (tg.state[me]! & RATED) !== 0
  const ignored = (tg.state[me]! & IGNORED) !== 0
  // the engine's games follow the player's rounds in order: walk them alongside
  let next = tg.from[me]!
  const end = tg.from[me + 1]!
  const games: SheetGame[] = []
  for (const round of inOrder(p.rounds)) {
    const oi = round.opponent === null ? undefined : byRank.get(round.opponent)
    const opp = oi === undefined ? undefined : t.players[oi]!
    const g: SheetGame = {
      round: round.round,
      opponentId: opp?.playerId ?? null,
      opponentRating: oi !== undefined ? figure(tg.rating, oi) : null,
      opponentListId: opp?.ratingListId ?? null,
      score: round.code === '1' ? 1 : round.code === '=' ? 0.5 : 0,
      counted: false,
      notCounted: null,
      ratingUsed: null,
      capped: false,
      d: null,
      pd: null,
      chg: null,
      note: null
    }
    games.push(g)
    if (round.opponent === null || oi === undefined) {
      g.notCounted = 'bye'
      continue
    }
    const ex = excluded.get(`${round.round}:${p.startRank}`)
    if (ex !== undefined) {
      g.notCounted = 'finding'
      g.note = ex
      continue
    }
    if (!PLAYED_CODES.has(round.code)) {
      g.notCounted = CODE_REASON[round.code] ?? 'unplayed'
      continue
    }
    if (ignored || (tg.state[oi]! & IGNORED) !== 0) {
      g.notCounted = 'first-event'
      g.note = ignored ? 'his first event, below the threshold: not counted' : 'the opponent’s first event, below the threshold: not counted'
      continue
    }
    if (!rated) {
      // unrated: games against rated opponents (round robin: against Ru-rated ones too) make his event
      const oppRated = !Number.isNaN(tg.rating[oi]!)
      g.counted = oppRated || (t.system === 'round-robin' && !t.slice && !tg.treatedAsSwiss && e.roundRobin.unratedOpponents === 'iterative')
      if (!g.counted) g.notCounted = 'unrated-opponent'
      continue
    }
    while (next < end && (figs[next * FIGS + ROUND]! < round.round || (figs[next * FIGS + ROUND]! === round.round && figs[next * FIGS + OPP]! !== opp!.startRank))) next++
    const hit = next < end && figs[next * FIGS + ROUND]! === round.round && figs[next * FIGS + OPP]! === opp!.startRank
    if (!hit) {
      g.notCounted = 'unplayed'
      continue
    }
    const f = next * FIGS
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
    g.note = tg.notes?.[next] ?? null
    next++
    if (!counted) g.notCounted = oppRating === null ? 'unrated-opponent' : 'fast-game'
  }
  return games
}

/** One player's tournament in the sheet, its games left to `sheetGames` (built when his line is written). */
function sheetTournament(t: PeriodTournament, e: Edition, p: PeriodPlayer, r: RatedPlayerResult, tournamentNotes: readonly Note[]): SheetTournament {
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
