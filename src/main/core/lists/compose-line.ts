// One player's line on the list and his calculation sheet, composed in named steps: a rated player's new rating or an
// unrated player's window and first rating; then his status (compression, floor, inactivity, K); his entry; his sheet.
import type { Edition, Note } from '../../../shared/contract/rating'
import { periodTotal } from '../engine/period'
import { firstRating, monthsBetween, type UnratedEvent } from '../engine/unrated'
import { fromHundredths } from '../engine/rounding'
import { compressRating } from '../rules/amendments'
import { kFor, kNote, kRule, type PlayerState } from '../rules/k'
import type { ChecksumStream } from './checksum'
import { NONE, ownWork, type PlayerWork, type RatedRow } from './rate-period'
import { withGames } from './sheet-games'
import { unlistedPart, type WindowState } from './unlisted'
import type { BaseEntry, CalculationSheet, GenerationCounters, GenerationInput, ListEntry, ListGames, PlayerFacts, UnratedWindow, WindowEvent } from './types'

// The references a sheet stores for its notes: keys of the frozen sheet format (sheet-format.ts) that the screens, the
// PDFs and the site show as the paragraphs of the edition in force (shared/citations.ts); their text is part of the
// stored sheets' bytes, so it stays as written.
const FLOOR_REF = 'regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)'
const INACTIVE_REF = 'regulations.md § 5 (inactivity: 2005 § 9.23a–c, 2010 § 7.23a–c, 2014 § 7.23a–b)'
const TITLED_REF = 'regulations.md § 5 (2005 § 9.22, 2010 § 7.22, 2014 § 7.22)'
const STANDARD_REF = 'regulations.md § 1 (2024 rapid and blitz)'

/** What composing a player's line needs beyond his base line, his registry facts and his period's work. */
export interface LineComposition {
  edition: Edition
  listDate: string
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

/** A player's line while its steps work it out: who he is, then what each step found (the next step reads it). */
interface Line {
  id: number
  base: BaseEntry | undefined
  /** His base line when it is rated with a rating (else he is unrated, or rated with his standard rating). */
  ratedBase: BaseEntry | undefined
  work: PlayerWork
  facts: PlayerFacts | undefined
  title: string | null
  federation: string | null
  birthYear: number | null
  sex: 'M' | 'F' | null
  notes: Note[]
  /** The sheet's figures, gathered as they are computed; the sheet itself is built only when there is one to show. */
  figures: Pick<CalculationSheet, 'changeExact' | 'change' | 'compression' | 'firstRating'>
  /** The rated and unrated steps: his rating (null: none), his games, his state carried to the next list. */
  rating: number | null
  periodGames: number
  ratedGamesToDate: number | null
  highest: number | null
  trackedSince: string | null
  newlyRated: boolean
  /** An unrated player's window as this list leaves it (for the sheet of a player who gets no line). */
  windowState: WindowState | null
  /** The status step: his status (null: no line), inactivity, recent games, the K printed and the state it is of. */
  status: ListEntry['status'] | null
  inactive: boolean
  recentGames: ListGames[]
  kNext: ReturnType<typeof kRule> | null
  kState: PlayerState | null
}

/** The birth year the list prints from a registry birth date ('YYYY-MM-DD' or 'YYYY'); undefined when not a year. */
export function birthYearOf(birth: string | null | undefined): number | undefined {
  if (!birth) return undefined
  const y = Number(birth.slice(0, 4))
  return Number.isInteger(y) && y > 1800 ? y : undefined
}

function flagsOf(sex: 'M' | 'F' | null, inactive: boolean): string | null {
  // constants, not a concatenation: at FIDE scale two million new strings otherwise
  if (sex === 'F') return inactive ? 'wi' : 'w'
  return inactive ? 'i' : null
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
 * One player's line on the list and his calculation sheet (null when there is nothing to show), from his base line,
 * his registry facts (given only where they differ from the base line) and his period's work; it adds to the list's
 * counters, window and checksum.
 */
export function composeLine(list: LineComposition, id: number, base: BaseEntry | undefined, facts: PlayerFacts | undefined, held: PlayerWork): { entry: ListEntry | null; sheet: CalculationSheet | null } {
  const line = startLine(id, base, facts, ownWork(held))
  if (line.ratedBase || line.work.standardBase !== null) rateRatedPlayer(list, line)
  else rateUnratedPlayer(list, line)
  settleStatus(list, line)
  const entry = line.status !== null ? listEntry(list, line) : null
  return { entry, sheet: calculationSheet(list, line, entry) }
}

/** The line before any step: his facts (the registry's where given, else the base line's), nothing computed. */
function startLine(id: number, base: BaseEntry | undefined, facts: PlayerFacts | undefined, work: PlayerWork): Line {
  return {
    id,
    base,
    ratedBase: base && base.status === 'rated' && base.rating !== null ? base : undefined,
    work,
    facts,
    title: facts ? facts.title : (base?.title ?? null),
    federation: facts ? facts.federation : (base?.federation ?? null),
    birthYear: facts ? (birthYearOf(facts.birthDate) ?? null) : (base?.birthYear ?? null),
    sex: facts ? facts.sex : (base?.sex ?? null),
    notes: [],
    figures: { changeExact: null, change: null, compression: null, firstRating: null },
    rating: null,
    periodGames: 0,
    ratedGamesToDate: null,
    highest: null,
    trackedSince: null,
    newlyRated: false,
    windowState: null,
    status: null,
    inactive: false,
    recentGames: [],
    kNext: null,
    kState: null
  }
}

/** A published rating at or above the edition's high-K threshold: the highest known, or this one. */
function reachedHigh(edition: Edition, highest: number | null, rating: number): boolean {
  return Math.max(highest ?? rating, rating) >= edition.k.high.threshold
}

/**
 * The rated step: a rated player's new rating, base rating + K × ΣΔR over the period, rounded once (FIDE 2024 § 8.3.4);
 * in 2024 rapid and blitz, a player unrated on the base list is rated with his standard rating.
 */
function rateRatedPlayer(list: LineComposition, line: Line): void {
  const ratedBase = line.ratedBase
  const baseRating = ratedBase ? ratedBase.rating! : line.work.standardBase!
  if (!ratedBase) line.notes.push({ ref: STANDARD_REF, text: `unrated on the base list, rated with his standard rating ${baseRating}` })
  const gamesBase = gamesBeforePeriod(list, line)
  const rows = line.work.rated.map((row) => {
    const k = tournamentK(list, line, row, baseRating, gamesBase)
    if (row.via === 'later') row.sheet.notes.push({ ref: row.e.refs.unrated, text: `unrated at the start, rated since: rated with ${row.rating} for his own change, still unrated for his opponents (§ 8.4 / 10.4)` })
    if (row.via === 'standard') row.sheet.notes.push({ ref: STANDARD_REF, text: `no ${row.t.ratingType} rating: rated with his standard rating ${row.rating}` })
    return { e: row.e, k, chgH: row.chgH, row }
  })
  line.periodGames = rows.reduce((s, x) => s + x.row.n, 0)
  const change = rows.length > 0 ? periodChange(list, line, rows) : 0
  line.figures.change = change
  line.rating = baseRating + change
  line.ratedGamesToDate = gamesBase === null ? null : gamesBase + line.periodGames
  line.highest = ratedBase ? (ratedBase.highestRating ?? ratedBase.rating) : null
  line.trackedSince = ratedBase ? (ratedBase.trackedSince ?? list.baseListDate ?? list.listDate) : list.listDate
}

/**
 * His rated games before the period (null: unknown, then treated as established). Unknown on an imported list: there
 * K new-player (and not the junior rule) means fewer than its limit, counted from 0 at the base list.
 */
function gamesBeforePeriod(list: LineComposition, line: Line): number | null {
  const { edition } = list
  const ratedBase = line.ratedBase
  if (!ratedBase) return 0
  if (ratedBase.ratedGamesToDate !== null || ratedBase.k === null || ratedBase.k !== edition.k.newPlayer.k) return ratedBase.ratedGamesToDate
  const atBase = kFor(edition, { rating: ratedBase.rating, reachedHigh: reachedHigh(edition, ratedBase.highestRating, ratedBase.rating!), birthYear: line.birthYear ?? undefined }, list.baseListDate ?? list.listDate)
  if (atBase.rule === 'junior') return null
  line.notes.push({ ref: edition.refs.k, text: `games so far unknown; K ${ratedBase.k} on the base list means fewer than ${edition.k.newPlayer.untilGames}: counted from 0 at the base list` })
  return 0
}

/** His K in one tournament of the period, its note on the tournament's sheet: the base list's K, else his state's. */
function tournamentK(list: LineComposition, line: Line, row: RatedRow, baseRating: number, gamesBase: number | null): number {
  const ratedBase = line.ratedBase
  if (ratedBase && ratedBase.k !== null) {
    row.sheet.notes.push({ ref: row.e.refs.k, text: `K ${ratedBase.k} from the base list${list.baseListId !== null ? ` (list ${list.baseListId})` : ''}: the K printed for this period` })
    return ratedBase.k
  }
  const state = { rating: baseRating, ratedGames: gamesBase ?? undefined, reachedHigh: ratedBase ? reachedHigh(list.edition, ratedBase.highestRating, baseRating) : false, birthYear: line.birthYear ?? undefined }
  const dec = kFor(row.e, state, row.t.start)
  row.sheet.notes.push(dec.note)
  return dec.k
}

/** The period's change, K × ΣΔR summed over its tournaments and rounded (each tournament's sheet shows its part). */
function periodChange(list: LineComposition, line: Line, rows: { e: Edition; k: number; chgH: number; row: RatedRow }[]): number {
  const total = periodTotal(rows, line.periodGames, list.edition.refs.rounding)
  rows.forEach((x, i) => {
    const o = total.rows[i]!
    const s = x.row.sheet
    if (o.knNote) s.notes.push(o.knNote)
    s.k = o.k
    s.kChg = fromHundredths(o.kChgH)
    s.notes.push({ ref: x.e.refs.change, text: `W ${s.w} − We ${s.we} = ${s.chg}; K × ΣΔR = ${o.k} × ${s.chg} = ${s.kChg}` })
    if (o.roundNote) s.notes.push(o.roundNote)
  })
  line.figures.changeExact = fromHundredths(total.totalH)
  line.notes.push(total.note)
  return total.change
}

/**
 * The unrated step: the period's events join his window, older ones leave it; a first rating when the edition's
 * minimum is reached; what stays goes to the window the list leaves.
 */
function rateUnratedPlayer(list: LineComposition, line: Line): void {
  const { edition, listDate } = list
  const work = line.work
  for (const row of work.rated) row.sheet.notes.push({ ref: 'regulations.md § 5', text: `rated at the start (${row.rating}) but not rated on the base list: no rating to change, these games give him none` })
  const carried = list.windowIn.get(line.id)
  let keep: WindowEvent[] = []
  const windowEvents = [...(carried?.events ?? []), ...work.events].filter((ev) => monthsBetween(ev.start, listDate) < edition.unrated.windowMonths)
  const dropped = (carried?.events.length ?? 0) + work.events.length - windowEvents.length
  if (dropped > 0) line.notes.push({ ref: edition.refs.firstRating, text: `${dropped} event(s) older than ${edition.unrated.windowMonths} months left the window` })
  const windowState: WindowState = { first: null, keep: NONE, dropped, withheld: null }
  line.windowState = windowState
  if (windowEvents.length > 0) keep = firstRatingOf(list, line, windowEvents, windowState) ?? keep
  windowState.keep = keep
  // his games stay in the window; once past his first event, the first-event rules are not his any more
  const done = list.firstDone(line.id) || keep.length > 0
  if (!line.newlyRated && done) list.window.push({ playerId: line.id, firstEventDone: true, events: keep })
}

/**
 * His first rating from his window's events, published when the edition's rules and the list allow it (then he is
 * newly rated); the events that counted when it is not published (they stay in the window), else null.
 */
function firstRatingOf(list: LineComposition, line: Line, windowEvents: WindowEvent[], windowState: WindowState): WindowEvent[] | null {
  const { edition, listDate } = list
  const evs: UnratedEvent[] = windowEvents.map((ev) => ({ name: ev.name, start: ev.start, edition: list.editionOf(ev.editionId), n: ev.n, w: ev.w, sumOpponents: ev.sumOpponents, ru: ev.ru, teamChampionship: ev.teamChampionship }))
  const whyNone: Note[] = []
  const first = firstRating(edition, evs, { reducedMinimum: line.facts?.reducedMinimum, firstEventDone: list.doneBefore(line.id), whyNone })
  if (!first) {
    line.notes.push(...whyNone, { ref: edition.refs.unrated, text: 'no event counts towards a first rating' })
    return null
  }
  line.notes.push(...first.notes)
  const counted = first.counted
  // a first rating this list may not publish (no FIDE ID on FIDE's list): worked out, shown, not published
  const barred = first.published && list.unpublishable.has(line.id)
  const reason = barred ? 'no FIDE ID: published on the national list only' : first.reason
  if (barred) {
    line.notes.push({ ref: edition.refs.firstRating, text: `first rating ${first.ru} not published: no FIDE ID (the federation's own list only); the games stay in the window` })
    windowState.withheld = 'no-fide-id'
  }
  line.figures.firstRating = { window: windowEvents.map((ev, i) => ({ ...ev, counted: counted[i]! })), ra: first.ra, p: first.p, dp: first.dp, ru: first.ru, games: first.games, published: first.published && !barred, reason }
  windowState.first = first
  if (!first.published || barred) return windowEvents.filter((_, i) => counted[i])
  line.rating = first.ru
  line.newlyRated = true
  line.periodGames = windowEvents.reduce((s, ev, i) => s + (counted[i] && ev.listDate === listDate ? ev.n : 0), 0)
  line.ratedGamesToDate = first.games
  line.highest = null
  line.trackedSince = listDate
  return null
}

/** The status step: a rating is rated or delisted (below the floor), active or not, with its K; no rating, titled or no line. */
function settleStatus(list: LineComposition, line: Line): void {
  if (line.rating !== null) ratedStatus(list, line, line.rating)
  else if (line.title !== null) {
    line.status = 'titled-unrated'
    line.notes.push({ ref: TITLED_REF, text: `titled (${line.title}) and unrated: listed apart` })
  }
  if (line.base?.status === 'delisted') line.notes.push({ ref: FLOOR_REF, text: 'delisted on the base list: now treated as any unrated player' })
}

/** A rating's line: compressed (1 March 2024), above the floor or delisted, active or inactive, and the K printed. */
function ratedStatus(list: LineComposition, line: Line, computed: number): void {
  const { edition, listDate } = list
  const rating = list.compress ? compressed(list, line, computed) : computed
  line.rating = rating
  const highest = Math.max(line.highest ?? rating, rating)
  line.highest = highest
  if (rating < edition.list.floor) {
    line.status = 'delisted'
    line.notes.push({ ref: FLOOR_REF, text: `${rating} is below the floor ${edition.list.floor}: shown once as delisted, then unrated` })
  } else line.status = 'rated'
  settleInactivity(list, line)
  // the K printed: the K for the next period, from the player's state after this list
  // its note is written only on a sheet (most rated lines have none)
  line.kState = { rating, ratedGames: line.ratedGamesToDate ?? undefined, reachedHigh: highest >= edition.k.high.threshold, birthYear: line.birthYear ?? undefined }
  line.kNext = kRule(edition, line.kState, listDate)
}

/** The rating after FIDE's compression of 1 March 2024 (ratings under 2000 raised), its figures on the sheet when it moves. */
function compressed(list: LineComposition, line: Line, rating: number): number {
  const { edition } = list
  const after = compressRating(edition, rating, list.ratingType)
  const cmp = edition.amendments.compression!
  if (after === rating) return rating
  line.figures.compression = { before: rating, after, ref: `compression of ${cmp.date}` }
  line.notes.push({ ref: `compression of ${cmp.date} (regulations.md § 1)`, text: `${rating} below ${cmp.below}: ${rating} + ${cmp.factor} × (${cmp.below} − ${rating}) = ${after}` })
  return after
}

/**
 * Inactivity: fewer than the minimum of rated games within a year (2005 § 9.23a: 4; 2010 § 7.23a, 2014 § 7.23a: 1),
 * the months before the office's own lists counted from the games columns of the imported lists.
 */
function settleInactivity(list: LineComposition, line: Line): void {
  const { edition, listDate, yearAgo } = list
  const ratedBase = line.ratedBase
  const before = line.base?.recentGames ?? []
  const periodGames = line.periodGames
  line.recentGames = periodGames === 0 && before.every((g) => g.listDate > yearAgo) ? before : [...before, ...(periodGames > 0 ? [{ listDate: listDate, games: periodGames }] : [])].filter((g) => g.listDate > yearAgo)
  const imported = ratedBase?.imported ?? null
  const yearGames = line.recentGames.reduce((s, g) => s + g.games, 0) + (imported?.games ?? 0)
  const known = (line.trackedSince !== null && line.trackedSince <= yearAgo) || (imported !== null && imported.since <= yearAgo)
  const wasInactive = ratedBase !== undefined && (ratedBase.flags ?? '').includes('i')
  line.inactive = line.status === 'rated' && yearGames < edition.list.inactivityMinGames && (known || wasInactive)
  const fromImported = imported ? ` (${imported.games} on the imported lists before the office's own, since ${imported.since})` : ''
  if (line.inactive && !wasInactive) line.notes.push({ ref: INACTIVE_REF, text: `${yearGames} rated game(s) since ${yearAgo}${fromImported}, fewer than ${edition.list.inactivityMinGames}: inactive (i)` })
  if (!line.inactive && wasInactive) line.notes.push({ ref: INACTIVE_REF, text: `${yearGames} rated game(s) since ${yearAgo}${fromImported}: active again` })
}

/** The entry step: his line on the list, added to the checksum and the list's counters. */
function listEntry(list: LineComposition, line: Line): ListEntry {
  const status = line.status!
  const titled = status === 'titled-unrated'
  const entry: ListEntry = {
    playerId: line.id,
    rating: titled ? null : line.rating,
    games: line.periodGames,
    k: status === 'rated' ? line.kNext!.k : null,
    flags: titled ? null : flagsOf(line.sex, line.inactive),
    status,
    title: line.title,
    federation: line.federation,
    birthYear: line.birthYear,
    sex: line.sex,
    ratedGamesToDate: titled ? null : line.ratedGamesToDate,
    highestRating: titled ? null : line.highest,
    trackedSince: titled ? null : line.trackedSince,
    recentGames: titled ? [] : line.recentGames
  }
  list.checksum.add(entry)
  const n = list.counters
  const ratedBase = line.ratedBase
  n.players++
  if (status === 'rated') n.rated++
  if (status === 'delisted') n.delisted++
  if (titled) n.titledUnrated++
  if (line.inactive) n.inactive++
  // new on this list: a first rating, or (2024 rapid/blitz) rated with his standard rating (the preview's 'new')
  if ((line.newlyRated || (!ratedBase && line.work.standardBase !== null)) && status === 'rated') n.newlyRated++
  if (ratedBase && status === 'rated' && line.rating !== ratedBase.rating) n.changed++
  return entry
}

/**
 * The sheet step: his calculation sheet when there is one to show — his period's games, a line that changes, a note —
 * or, without a line, why not when the period touched him.
 */
function calculationSheet(list: LineComposition, line: Line, entry: ListEntry | null): CalculationSheet | null {
  const { edition, listDate } = list
  const { base, work, status } = line
  const played = work.rated.length > 0 || work.unrated.length > 0
  // no line: a sheet says why when the period touched him (games, a line on the base list, an event leaving his
  // window); a window carried with nothing new gets none (his sheet is on the list where it last changed)
  const unlisted = status === null && (played || base !== undefined || (line.windowState?.dropped ?? 0) > 0) ? unlistedPart(edition, line.id, work, base, line.windowState) : null
  // a title change too (a kind of change of lists/change-kinds.ts): every player whose line changes in a way the
  // preview counts has a sheet, so that its counts and pages are the sheets' (data/draft-writer.ts, storeDraftCounts)
  const changedLine =
    !base || status !== base.status || entry?.flags !== base.flags || entry?.rating !== base.rating || entry?.k !== base.k || (entry !== null && (entry.title ?? '') !== (base.title ?? ''))
  if (!(status !== null ? played || changedLine || line.figures.firstRating !== null || line.notes.length > 0 : unlisted !== null)) return null
  const out: CalculationSheet = {
    playerId: line.id,
    listDate,
    edition: edition.id,
    base: { listId: list.baseListId, rating: base?.rating ?? null, k: base?.k ?? null, status: base?.status ?? null, flags: base?.flags ?? null },
    tournaments: [...work.rated.map(withGames), ...work.unrated.map(withGames)].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : x.tournamentId - y.tournamentId)),
    periodGames: line.periodGames,
    ...line.figures,
    rating: entry?.rating ?? null,
    status: entry?.status ?? null,
    flags: entry?.flags ?? null,
    kNext: { k: entry?.k ?? null, note: entry?.status === 'rated' ? kNote(edition, line.kState!, line.kNext!.rule) : null },
    notes: line.notes
  }
  if (unlisted) out.unlisted = unlisted
  return out
}
