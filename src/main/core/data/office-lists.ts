// SQL of the office's own lists: the base list, the period's tournaments, the generation input built from them, the
// draft written in one transaction, publication, the preview rows and the calculation sheets.
import { createHash } from 'node:crypto'
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { ChangeKind, ListTournament, PreviewRow } from '../../../shared/contract/office-lists'
import type { RatingType, ResultCode } from '../model/tournament'
import type {
  BaseEntry,
  CalculationSheet,
  EntryStatus,
  GenerationCounters,
  GenerationInput,
  GenerationResult,
  GenerationSink,
  ListEntry,
  ListGames,
  PeriodPlayer,
  PeriodRound,
  PeriodTournament,
  PlayerFacts,
  UnratedWindow
} from '../lists/types'
import { birthYearOf, gamelessSheet } from '../lists/generate'
import { importedGames, inactivityYearStart, periodStartOf, type ImportedGames, type ImportedList } from '../lists/look-back'
import type { ListEditionLookup } from '../lists/types'
import { editionForDate } from '../rules/editions'
import { decodeSheet, encodeSheet } from '../lists/sheet-codec'
import type { CanonicalRun } from '../lists/checksum'
import { excludedGames } from './findings'
import { UserError } from '../util/errors'
import { addDays } from '../util/dates'
import { FIDE_CHAIN, chainCondition, listInForce, type ListChain } from './lists'
import { BUILTIN_EDITIONS } from '../rules/editions'
import { listEntryCount, storeListCounts } from './list-pages'
import { marksCover, writeListMarks } from './list-order-marks'
import { standingRecord } from './player-merges'
import { prepared, preparedPluck, preparedRaw, rowsForIds } from './statements'
import { ENTRIES_GUARD, liftTriggers } from './triggers'
import { DraftOrders } from './draft-orders'
import { diffCounts, kindPage, sheetKindPage, sheetMarks } from './list-compare'
import { emptyChangeCounts, marksOf, ratingKindOf, type KindLine } from '../lists/change-kinds'
import { deleteListEntries, liftByRatingInsert, ratedCountSql, writeListByRating } from './list-by-rating'
import { publishedRating } from './published-rating'
import { ORDER_CHUNK, unpackIds, writeListOrders, type ListOrders } from './list-orders'

/** A line without recent games: one shared empty array, not two million (never modified: a change makes a new array). */
const NO_GAMES: ListGames[] = Object.freeze([]) as unknown as ListGames[]

/** FIDE's shipped editions: a tournament rated under one of them goes into every chain (data/lists.ts). */
const FIDE_EDITION_IDS = JSON.stringify(BUILTIN_EDITIONS.filter((e) => e.kind === 'fide').map((e) => e.id))

/** An event lasting more than this many days is rated month by month (regulations.md § 5). */
export const MONTHLY_SLICE_DAYS = 30

export interface BaseListRef {
  id: number
  kind: 'reference' | 'office'
  listDate: string
  /** The closing date of that list (office lists keep it; for an imported list: its date minus the cutoff). */
  closingDate: string
  source: string
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

/**
 * The list a new office list starts from: the latest published office list of the type and source dated before it
 * (the newest version of it), else the latest imported list before that date — FIDE's download for a FIDE list, a
 * national list for a federation's profile, the other kind only when there is none. No base: a clear error, never an
 * empty list.
 */
export function findBaseList(db: Db, listDate: string, ratingType: RatingType, source: string, cutoffOf: (date: string) => number): BaseListRef {
  const office = db
    .prepare(
      `SELECT l.id, l.list_date AS listDate, l.source, m.closing_date AS closingDate FROM rating_lists l
         JOIN office_list_meta m ON m.list_id = l.id
        WHERE l.kind = 'office' AND l.status = 'published' AND l.rating_type = ? AND l.source = ? AND l.list_date < ?
        ORDER BY l.list_date DESC, l.version DESC, l.id DESC LIMIT 1`
    )
    .get(ratingType, source, listDate) as { id: number; listDate: string; source: string; closingDate: string } | undefined
  if (office) return { ...office, kind: 'office' }
  // FIDE's list and a national list of the same players are two chains: a FIDE list starts from FIDE's download, a
  // federation's profile from its own imported list; the other kind only when the office holds none of its own
  // (chainCondition, the rule of listInForce)
  const ref = db
    .prepare(
      `SELECT r.id, r.list_date AS listDate, r.source FROM rating_lists r
        WHERE r.kind = 'reference' AND r.rating_type = @type AND r.list_date < @date AND ${chainCondition('r')}
        ORDER BY r.list_date DESC, r.id DESC LIMIT 1`
    )
    .get({ type: ratingType, date: listDate, chain: source }) as { id: number; listDate: string; source: string } | undefined
  if (ref) return { ...ref, kind: 'reference', closingDate: addDays(ref.listDate, -cutoffOf(ref.listDate)) }
  throw new UserError('lists.noBaseList', { ratingType, listDate })
}

export interface PeriodTournamentRow {
  id: number
  name: string | null
  startDate: string
  endDate: string
  system: 'swiss' | 'round-robin'
  edition: string | null
  fileId: number | null
  sha256: string | null
  flags: string
  /** Rounds already rated in published lists (month slices of a long event). */
  ratedThrough: number
}

/**
 * Approved tournaments of the type that ended on or before the closing date and that no published list of the chain
 * rated in full; a long event (more than 30 days) also while it runs, for its rounds played up to the closing date.
 * FIDE's list and a national list are two chains (data/lists.ts): a tournament the other chain rated (status 'rated')
 * is still to be rated in this one — but only when it ended after `notBefore` (the closing date of this list's base):
 * one that ended earlier is in the base's own figures (a chain started from a federation's list does not rate again
 * every event of the other chain's history). A tournament the officer put under a federation's profile (its `edition`)
 * is a national event: rated in that profile's chain only, never in FIDE's list nor in another profile's; one under
 * FIDE's rules (or none chosen) goes into every chain.
 */
export function periodTournamentRows(db: Db, ratingType: RatingType, closingDate: string, chain: ListChain, notBefore: string): PeriodTournamentRow[] {
  return db
    .prepare(
      `SELECT t.id, t.name, t.start_date AS startDate, t.end_date AS endDate, t.system, t.edition,
              t.current_file_id AS fileId, f.sha256, t.flags,
              coalesce((SELECT max(olt.last_round) FROM office_list_tournaments olt JOIN rating_lists l ON l.id = olt.list_id
                         WHERE olt.tournament_id = t.id AND l.status = 'published' AND l.source = @chain), 0) AS ratedThrough
         FROM tournaments t LEFT JOIN tournament_files f ON f.id = t.current_file_id
        WHERE (t.status = 'approved'
               -- by the end-date index: the rated tournaments of the last periods, not every one the office ever rated
               OR t.id IN (SELECT r.id FROM tournaments r WHERE r.end_date > @notBefore AND +r.status = 'rated'))
          AND t.rating_type = @type AND t.start_date IS NOT NULL AND t.end_date IS NOT NULL
          AND (t.edition IS NULL OR t.edition = @chain OR t.edition IN (SELECT value FROM json_each(@fideEditions))
               OR t.edition IN (SELECT id FROM rating_profiles WHERE kind = 'fide'))
          AND (t.end_date <= @closing OR (julianday(t.end_date) - julianday(t.start_date) > ${MONTHLY_SLICE_DAYS} AND t.start_date <= @closing))
          AND NOT EXISTS (SELECT 1 FROM office_list_tournaments olt JOIN rating_lists l ON l.id = olt.list_id
                           WHERE olt.tournament_id = t.id AND olt.final = 1 AND l.status = 'published' AND l.source = @chain)
        ORDER BY t.end_date, t.id`
    )
    .all({ type: ratingType, closing: closingDate, chain, notBefore, fideEditions: FIDE_EDITION_IDS }) as PeriodTournamentRow[]
}

interface Slice {
  month: string | null
  /** The rounds taken; null: the whole tournament's rounds not rated yet, known once its games are read. */
  rounds: number[] | null
  last: boolean
  /** The date whose list gives the ratings: the start, or the first round of the month. */
  ratingDate: string
}

/**
 * How a tournament is cut for this list: whole (30 days or less), or one slice per calendar month of its rounds
 * not rated yet and played by the closing date, each with the list valid for that month.
 */
function slicesOf(db: Db, t: PeriodTournamentRow, closingDate: string): Slice[] {
  // a tournament taken whole: its rounds are those of its games (loadPeriodTournament), no query here (at FIDE scale
  // two queries for each of 15,000 tournaments)
  if (daysBetween(t.startDate, t.endDate) <= MONTHLY_SLICE_DAYS) return [{ month: null, rounds: null, last: true, ratingDate: t.startDate }]
  // statements prepared once per connection
  const rounds = prepared(db, 'SELECT round, date FROM tournament_rounds WHERE tournament_id = ? ORDER BY round').all(t.id) as { round: number; date: string | null }[]
  const allRounds = preparedPluck(db, 'SELECT DISTINCT round FROM tournament_games WHERE tournament_id = ? ORDER BY round').all(t.id) as number[]
  const dated = rounds.filter((r) => r.date !== null).length === allRounds.length && allRounds.length > 0
  if (!dated) return [{ month: null, rounds: notRatedYet(t, allRounds), last: true, ratingDate: t.startDate }]
  const dateOf = new Map(rounds.map((r) => [r.round, r.date!]))
  const lastRound = allRounds[allRounds.length - 1]!
  const byMonth = new Map<string, number[]>()
  for (const r of allRounds) {
    if (r <= t.ratedThrough) continue
    const d = dateOf.get(r)!
    if (d > closingDate) continue
    const m = d.slice(0, 7)
    if (!byMonth.has(m)) byMonth.set(m, [])
    byMonth.get(m)!.push(r)
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, rs]) => ({ month, rounds: rs, last: rs.includes(lastRound), ratingDate: dateOf.get(rs[0]!)! }))
}

/** A tournament's rounds (sorted) past those rated on an earlier list. */
function notRatedYet(t: PeriodTournamentRow, rounds: readonly number[]): number[] {
  return rounds.filter((r) => r > t.ratedThrough)
}

/** An entry's rating as a period's tournament takes it: its published rating (a delisted line counts as unrated). */
function asRating(rating: unknown, status: unknown): number | null {
  return publishedRating(rating as number | null, status)
}

/** Entries of one list by player id (rating, delisted ones as unrated), read once per list and kept. */
class RatingsCache {
  private readonly lists = new Map<number, Map<number, number | null>>()
  private readonly stmt
  private readonly many
  constructor(
    private readonly db: Db,
    private readonly replaced?: ReadonlyMap<number, ReadonlyMap<number, number | null>>
  ) {
    this.stmt = db.prepare('SELECT rating, entry_status FROM rating_list_entries WHERE list_id = ? AND player_id = ?').raw()
    this.many = db.prepare('SELECT e.player_id, e.rating, e.entry_status FROM json_each(?) j CROSS JOIN rating_list_entries e ON e.list_id = ? AND e.player_id = j.value').raw()
  }
  private of(listId: number): Map<number, number | null> {
    let m = this.lists.get(listId)
    if (!m) this.lists.set(listId, (m = new Map()))
    return m
  }
  /** The ratings of these players on a list, as its rows (player id, rating, entry status) give them (null: no row). */
  known(listId: number, playerIds: ArrayLike<number>, rows: Iterable<readonly unknown[]>): void {
    const m = this.of(listId)
    for (let i = 0; i < playerIds.length; i++) m.set(playerIds[i]!, null)
    for (const [id, rating, status] of rows) m.set(id as number, asRating(rating, status))
  }
  /** Reads the ratings of these players (sorted, distinct) on a list in batches, before they are asked one by one. */
  prefetch(listId: number, playerIds: readonly number[]): void {
    if (this.replaced?.has(listId)) return
    const m = this.of(listId)
    const wanted = playerIds.filter((id) => !m.has(id))
    const rows: unknown[][] = []
    rowsForIds(this.many, wanted, [listId], (row) => rows.push(row))
    this.known(listId, wanted, rows)
  }
  rating(listId: number | null, playerId: number): number | null {
    if (listId === null) return null
    const instead = this.replaced?.get(listId)
    if (instead) return instead.get(playerId) ?? null
    const m = this.of(listId)
    if (m.has(playerId)) return m.get(playerId)!
    const row = this.stmt.get(listId, playerId) as [number | null, string | null] | undefined
    const r = row ? asRating(row[0], row[1]) : null
    m.set(playerId, r)
    return r
  }
}

/** A period tournament's players (those the registry knows), in start rank order. */
function tournamentPlayers(db: Db, tournamentId: number): { startRank: number; playerId: number }[] {
  return prepared(db, 'SELECT start_rank AS startRank, player_id AS playerId FROM tournament_players WHERE tournament_id = ? AND player_id IS NOT NULL ORDER BY start_rank').all(
    tournamentId
  ) as { startRank: number; playerId: number }[]
}

/** A tournament's place linked to a player the registry does not hold: only a database written around its foreign
 *  keys comes to this. The officer is told which report and which place, not a reader's TypeError. */
function missingPlayer(db: Db, playerId: number): UserError {
  const at = prepared(db, 'SELECT t.id, t.name, tp.start_rank AS startRank FROM tournament_players tp JOIN tournaments t ON t.id = tp.tournament_id WHERE tp.player_id = ? ORDER BY t.id, tp.start_rank LIMIT 1').get(playerId) as
    | { id: number; name: string; startRank: number }
    | undefined
  return new UserError('lists.missingPlayer', { playerId, id: at?.id ?? '?', name: at?.name ?? '?', startRank: at?.startRank ?? '?' })
}

/** A slice of a period tournament to load: its players and the lists whose ratings it is rated with. */
interface SliceToLoad {
  t: PeriodTournamentRow
  slice: Slice
  late: boolean
  players: { startRank: number; playerId: number }[]
  /** The list of the chain in force at the slice's rating date, and the standard one for a rapid or blitz event. */
  list: { id: number } | null
  std: { id: number } | null
}

/** The period tournament as the engine takes it: players with their start-date ratings, rounds, excluded games. */
function loadPeriodTournament(db: Db, load: SliceToLoad, ratingType: RatingType, editionAt: (date: string, id: string | null) => Edition, ratings: RatingsCache): PeriodTournament | null {
  const { t, slice, late, players, list, std } = load
  const games = preparedRaw(db, 'SELECT start_rank AS startRank, round, opponent, code FROM tournament_games WHERE tournament_id = ? ORDER BY start_rank, round').all(t.id) as [number, number, number | null, string][]
  // taken whole: every round of its games not rated yet (none: nothing of it for this list)
  const rounds = slice.rounds ?? notRatedYet(t, [...new Set(games.map((g) => g[1]))].sort((a, b) => a - b))
  if (!rounds.length) return null
  const inSlice = new Set(rounds)
  const byRank = new Map<number, PeriodRound[]>()
  for (const [rank, round, opponent, code] of games) {
    if (!inSlice.has(round)) continue
    let rs = byRank.get(rank)
    if (!rs) byRank.set(rank, (rs = []))
    rs.push({ round, opponent, code: code as ResultCode })
  }
  // the ratings of the list's own chain: a FIDE list rates with FIDE's figures, a national profile with the national list's
  const out: PeriodPlayer[] = players.map((p) => {
    const rating = ratings.rating(list?.id ?? null, p.playerId)
    const pp: PeriodPlayer = { startRank: p.startRank, playerId: p.playerId, rating, ratingListId: rating === null ? null : (list?.id ?? null), rounds: byRank.get(p.startRank) ?? [] }
    if (std && rating === null) pp.standardRating = ratings.rating(std.id, p.playerId)
    return pp
  })
  const flags = JSON.parse(t.flags || '{}') as Record<string, unknown>
  const edition = editionAt(t.startDate, t.edition)
  return {
    tournamentId: t.id,
    name: t.name ?? `#${t.id}`,
    start: t.startDate,
    end: t.endDate,
    editionId: edition.id,
    system: t.system,
    ratingType,
    late,
    ...(flags.teamChampionship === true || flags.olympiad === true ? { teamChampionship: true } : {}),
    slice: slice.month === null ? null : { month: slice.month, rounds, last: slice.last },
    players: out,
    excluded: excludedGames(db, t.id)
      .filter((g) => inSlice.has(g.round))
      .map((g) => ({ round: g.round, startRank: g.startRank, code: 'finding', reason: 'excluded by a check finding (open or accepted)' }))
  }
}

export interface PendingAdjustment {
  id: number
  playerId: number
  delta: number
  reason: string
  sourceListId: number
}

/** The corrections' differences added up per player (what each base rating moves by before the list is computed). */
export function correctionDeltas(adjustments: readonly PendingAdjustment[]): Map<number, number> {
  const delta = new Map<number, number>()
  for (const a of adjustments) delta.set(a.playerId, (delta.get(a.playerId) ?? 0) + a.delta)
  return delta
}

export function pendingAdjustments(db: Db): PendingAdjustment[] {
  return db
    .prepare('SELECT id, player_id AS playerId, delta, reason, source_list_id AS sourceListId FROM office_list_adjustments WHERE applied_list_id IS NULL ORDER BY id')
    .all() as PendingAdjustment[]
}

export interface BuildOptions {
  listDate: string
  closingDate: string
  ratingType: RatingType
  edition: Edition
  source: string
  /** The edition or profile for a tournament starting on a date (the tournament's own choice when it made one). */
  editionAt: (date: string, id: string | null) => Edition
  cutoffOf: (date: string) => number
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
  /** A recomputation: these tournaments instead of the period's. */
  rows?: PeriodTournamentRow[]
  /** A recomputation: this base list (its id) instead of the one found by date. */
  baseListId?: number
  /** A recomputation of a later list: the corrected previous list, computed and not written. */
  base?: { ref: BaseListRef; entries: BaseEntry[]; window: UnratedWindow[] }
  /** A recomputation leaves the pending corrections to the next list. */
  noAdjustments?: boolean
  /** A recomputation of a list that carried corrections (FIDE practice): exactly those, not the pending ones. */
  adjustments?: PendingAdjustment[]
  /**
   * A big list computed on two threads (services/office-lists.ts): given the base and the period, the players whose
   * lines the generation computes (sorted); the others' lines are composed apart (untouchedLines) and not read here.
   */
  splitBase?: (base: BaseListRef, rows: readonly PeriodTournamentRow[], adjustments: readonly PendingAdjustment[], lookBack: LookBack) => Float64Array
  /** The calendar of the list's chain (the start of an imported list's period); default: FIDE's editions by date for a
   *  FIDE edition, the profile's own calendar for a federation's. */
  listEdition?: ListEditionLookup
  /** A recomputation of a chain: the earlier lists as recomputed (list id → rating by player, null: unrated or
   *  delisted), read instead of their stored entries for the ratings at a tournament's start. */
  replacedRatings?: ReadonlyMap<number, ReadonlyMap<number, number | null>>
}

/** A list as a base, by id (a recomputation starts from the base the list was computed from). */
export function baseListById(db: Db, listId: number, cutoffOf: (date: string) => number): BaseListRef {
  const l = db.prepare('SELECT id, kind, list_date AS listDate, source FROM rating_lists WHERE id = ?').get(listId) as { id: number; kind: 'reference' | 'office'; listDate: string; source: string } | undefined
  if (!l) throw new UserError('lists.notFound', { listId })
  const closing = db.prepare('SELECT closing_date FROM office_list_meta WHERE list_id = ?').pluck().get(listId) as string | undefined
  return { ...l, closingDate: closing ?? addDays(l.listDate, -cutoffOf(l.listDate)) }
}

export interface BuiltInput {
  input: GenerationInput
  base: BaseListRef
  rows: PeriodTournamentRow[]
  adjustments: PendingAdjustment[]
  inputsHash: string
}

/**
 * The players FIDE's list may not publish a first rating for (a federation's own player, without a FIDE ID,
 * is rated and published on the national list only): the ID-less players of the period's tournaments and of the base's
 * window — a window's record merged since counts as the record it went into (the generation folds his window there).
 * None on a national chain. Sorted: part of the draft's fingerprint, so a player given an ID since (a merge with the
 * record a FIDE list brought) makes the draft out of date. Read from the ID-less players (the few of the registry),
 * never from every player of the period.
 */
export function playersWithoutFideId(db: Db, chain: ListChain, rows: readonly { id: number }[], windowPlayers: Iterable<number>): number[] {
  if (chain !== FIDE_CHAIN) return []
  const out = new Set<number>(
    db
      .prepare(
        `SELECT DISTINCT p.id FROM players p INDEXED BY players_fide_id_status CROSS JOIN tournament_players tp ON tp.player_id = p.id
          WHERE p.fide_id IS NULL AND tp.tournament_id IN (SELECT value FROM json_each(?))`
      )
      .pluck()
      .all(JSON.stringify(rows.map((t) => t.id))) as number[]
  )
  const withoutId = db.prepare('SELECT fide_id IS NULL FROM players WHERE id = ?').pluck()
  for (const playerId of windowPlayers) {
    const id = standingRecord(db, playerId)
    if (withoutId.get(id) === 1) out.add(id)
  }
  return [...out].sort((a, b) => a - b)
}

/** The players of a stored list's window (unrated players whose games wait for a first rating). */
export function windowPlayers(db: Db, listId: number): number[] {
  return db.prepare('SELECT player_id FROM office_list_window WHERE list_id = ? ORDER BY player_id').pluck().all(listId) as number[]
}

/**
 * A fingerprint of what a draft was computed from: base list, every tournament with its file version, the rounds
 * taken and the games excluded, the pending corrections. A tournament approved since, a corrected file or a changed
 * decision changes it, and the draft is refused at publication until regenerated.
 */
export function inputsFingerprint(
  db: Db,
  base: BaseListRef,
  rows: readonly PeriodTournamentRow[],
  adjustments: readonly PendingAdjustment[],
  editionId: string,
  unpublishable: readonly number[] = [],
  lookBack: LookBack | null = null
): string {
  const h = createHash('sha256')
  h.update(`base ${base.id}\nedition ${editionId}\n`)
  // an imported list of the inactivity rule's look-back other than the base (only written when there are some): one
  // imported since makes the draft out of date
  const imported = (lookBack?.lists ?? []).filter((l) => l.listId !== base.id).map((l) => l.listId)
  if (imported.length) h.update(`imported ${imported.join(',')}\n`)
  // a player given a FIDE ID since makes the draft of FIDE's list out of date (only written when there are some)
  if (unpublishable.length) h.update(`no FIDE ID ${unpublishable.join(',')}\n`)
  for (const t of rows) {
    const ex = excludedGames(db, t.id).map((g) => `${g.round}.${g.startRank}`).join(',')
    h.update(`t ${t.id} file ${t.fileId ?? '-'} ${t.sha256 ?? '-'} through ${t.ratedThrough} end ${t.endDate} ex ${ex}\n`)
  }
  for (const a of adjustments) h.update(`adj ${a.id}\n`)
  return h.digest('hex')
}

/**
 * Whether a player's registry facts are his base line's, as differingFacts compares them; true only when differingFacts
 * would say so (the same texts byte for byte, a birth date whose first four characters are the line's year past 1800,
 * or neither), so a row it holds false for is compared again by differingFacts.
 */
const FACTS_AS_LINE = `p.sex IS e.sex AND p.title IS e.title AND p.federation IS e.federation
  AND ((p.birth_date IS NULL AND e.birth_year IS NULL)
    OR (e.birth_year > 1800 AND p.birth_date GLOB '[0-9][0-9][0-9][0-9]*' AND CAST(substr(p.birth_date, 1, 4) AS INTEGER) = e.birth_year))`

/**
 * A base list's line with its player's registry facts, as one raw row (baseLineReader reads it). The facts come as one
 * JSON array [birth date, sex, title, federation] and only when they may differ from the line (FACTS_AS_LINE): at FIDE
 * scale two million rows, nearly all of them as on the line, whose four texts need not be made at all. Then his games
 * column on each imported list of the look-back other than the base (null: no line there), by key.
 */
const BASE_LINE_COLUMNS = `e.player_id, e.rating, e.k, e.games, e.flags, e.title, e.federation, e.birth_year, e.sex, e.entry_status,
  e.rated_games, e.highest_rating, e.tracked_since, e.recent_games,
  CASE WHEN ${FACTS_AS_LINE} THEN NULL ELSE json_array(p.birth_date, p.sex, p.title, p.federation) END`
const BASE_LINE_FROM = 'FROM rating_list_entries e JOIN players p ON p.id = e.player_id'

/** The columns and joins of a base line with the look-back's imported lists (none: the statement as it always was). */
function baseLineSql(lookBack: LookBack | null, base: { id: number }): { columns: string; joins: string } {
  const others = (lookBack?.lists ?? []).filter((l) => l.listId !== base.id)
  return {
    columns: BASE_LINE_COLUMNS + others.map((_, i) => `, r${i}.games`).join(''),
    joins: others.map((l, i) => ` LEFT JOIN rating_list_entries r${i} ON r${i}.list_id = ${Number(l.listId)} AND r${i}.player_id = e.player_id`).join('')
  }
}

/**
 * What the inactivity rule of a list reads on the imported reference lists: the chain's imported
 * lists of the rating type dated within the rule's year and before the office's first list of the chain (the months
 * the office's own lists do not cover; one list a date, the latest stored), newest first, each with the start of the
 * period its games column counts. Empty when the office's own lists cover the year.
 */
export interface LookBack {
  yearStart: string
  lists: ImportedList[]
}

export function importedLookBack(db: Db, o: { listDate: string; ratingType: RatingType; chain: ListChain; edition: Edition; listEdition: ListEditionLookup }): LookBack {
  const yearStart = inactivityYearStart(o.edition, o.listDate)
  const firstOffice = db
    .prepare("SELECT min(list_date) FROM rating_lists WHERE kind = 'office' AND status = 'published' AND source = ? AND rating_type = ?")
    .pluck()
    .get(o.chain, o.ratingType) as string | null
  const before = firstOffice !== null && firstOffice < o.listDate ? firstOffice : o.listDate
  const rows = db
    .prepare(
      `SELECT max(a.id) AS listId, a.list_date AS listDate FROM rating_lists a
        WHERE a.kind = 'reference' AND a.status = 'reference' AND a.rating_type = @type AND ${chainCondition('a')}
          AND a.list_date > @from AND a.list_date < @before
        GROUP BY a.list_date ORDER BY a.list_date DESC`
    )
    .all({ type: o.ratingType, chain: o.chain, from: yearStart, before }) as { listId: number; listDate: string }[]
  return { yearStart, lists: rows.map((r) => ({ ...r, periodStart: periodStartOf(o.listEdition, r.listDate) })) }
}

/** The rules' calendar for a list's edition when the caller gives none: FIDE's editions by date, else the profile's. */
function defaultListEdition(edition: Edition): ListEditionLookup {
  return edition.kind === 'fide' ? editionForDate : () => edition
}

/**
 * A base line given in memory (a recomputed chain's previous list) with its games on the look-back's imported lists,
 * read by key; the line itself when none apply.
 */
function importedOfLine(db: Db, lookBack: LookBack, base: { id: number }): (b: BaseEntry) => BaseEntry {
  if (lookBack.lists.length === 0) return (b) => b
  const games = db.prepare('SELECT games FROM rating_list_entries WHERE list_id = ? AND player_id = ?').pluck()
  const shared = new Map<string, ImportedGames>()
  return (b) => {
    if (b.status !== 'rated' || b.rating === null) return b
    const imported = importedGames(lookBack.yearStart, b.trackedSince, lookBack.lists, (i) => {
      const l = lookBack.lists[i]!
      if (l.listId === base.id) return b.games
      return (games.get(l.listId, b.playerId) as number | null | undefined) ?? null
    }, shared)
    return imported ? { ...b, imported } : b
  }
}

/**
 * A rated base line's games on the look-back's imported lists (lists/look-back.ts) from its raw row: the base's own
 * games column when the base is one of them, the joined columns (baseLineSql) for the others.
 */
function importedOfRow(lookBack: LookBack | null, base: { id: number }, shared: Map<string, ImportedGames>): ((r: unknown[], trackedSince: string | null) => ImportedGames | null) | null {
  if (!lookBack || lookBack.lists.length === 0) return null
  const column = new Int32Array(lookBack.lists.length)
  let next = 15
  lookBack.lists.forEach((l, i) => (column[i] = l.listId === base.id ? 3 : next++))
  return (r, trackedSince) => importedGames(lookBack.yearStart, trackedSince, lookBack.lists, (i) => (r[column[i]!] as number | null) ?? null, shared)
}

/** A player's registry facts when they differ from his base line (generateList reads the line's own otherwise). */
function differingFacts(
  playerId: number,
  line: Pick<BaseEntry, 'title' | 'federation' | 'birthYear' | 'sex'>,
  birthDate: string | null,
  sex: 'M' | 'F' | null,
  title: string | null,
  federation: string | null
): PlayerFacts | null {
  if (sex === line.sex && title === line.title && federation === line.federation && (birthYearOf(birthDate) ?? null) === line.birthYear) return null
  return { playerId, birthDate, sex, title, federation }
}

/**
 * The base lines as the generation takes them, from raw rows of BASE_LINE_COLUMNS: the pending corrections added, an
 * imported line's status and date known from, the registry's facts where they differ; null for an imported line
 * without a rating of the type (the player is unrated for this list). At FIDE scale two million rows: short strings
 * are shared, not one copy per row.
 */
export function baseLineReader(base: BaseListRef, delta: ReadonlyMap<number, number>, lookBack: LookBack | null = null): (row: unknown[]) => { line: BaseEntry; facts: PlayerFacts | null } | null {
  const strings = new Map<string, string>()
  const importedOf = importedOfRow(lookBack, base, new Map())
  const shared = <T extends string | null>(v: T): T => {
    if (v === null) return v
    const known = strings.get(v)
    if (known !== undefined) return known as T
    strings.set(v, v)
    return v
  }
  const fromReference = base.kind === 'reference'
  return (r) => {
    const [playerId, rating0, k, games, flags, title, federation, birthYear, sex, status, ratedGames, highest, tracked, recent, registry] = r as [
      number, number | null, number | null, number | null, string | null, string | null, string | null, number | null, 'M' | 'F' | null, EntryStatus | null,
      number | null, number | null, string | null, string | null, string | null
    ]
    // the registry's facts, when they may differ from the line's (null: the line's own)
    const facts = registry === null ? null : (JSON.parse(registry) as [string | null, 'M' | 'F' | null, string | null, string | null])
    let entryStatus: EntryStatus
    if (status) entryStatus = status
    else if (rating0 !== null) entryStatus = 'rated'
    else if (title ?? (facts ? facts[2] : null)) entryStatus = 'titled-unrated'
    else return null
    const d = delta.get(playerId)
    const rating = rating0 !== null && d !== undefined && entryStatus === 'rated' ? rating0 + d : rating0
    const line: BaseEntry = {
      playerId,
      rating,
      k,
      games,
      flags: shared(flags),
      status: entryStatus,
      title: shared(title),
      federation: shared(federation),
      birthYear,
      sex: shared(sex),
      ratedGamesToDate: ratedGames,
      highestRating: highest,
      trackedSince: tracked === null ? (fromReference ? base.listDate : null) : shared(tracked),
      recentGames: recent ? (JSON.parse(recent) as ListGames[]) : NO_GAMES,
      imported: null
    }
    // the months before the office's own lists: his games on the imported lists (a rated line only)
    if (importedOf && entryStatus === 'rated' && rating !== null) line.imported = importedOf(r, line.trackedSince)
    if (facts === null) return { line, facts: null }
    const [pBirth, pSex, pTitle, pFed] = facts
    return { line, facts: differingFacts(playerId, line, pBirth, shared(pSex), shared(pTitle), shared(pFed)) }
  }
}

/**
 * The base lines of every player not in `skip` (sorted ids) from player `from` on and below `limit()` (asked again at
 * each line: the job's thread may hand the rest over while it reads), in player order, read a few thousand rows at a
 * time by their key: a big list's job thread reads them inside its write transaction, which one open iterator would
 * forbid. `between` runs after each full batch with the last player id it read (the thread's other work: the
 * helper's rows, a cancel check, the hand-over).
 */
export function readBaseLinesExcept(
  db: Db,
  base: BaseListRef,
  skip: Float64Array,
  delta: ReadonlyMap<number, number>,
  range: { from: number; limit: () => number; batch?: number },
  each: (line: BaseEntry, facts: PlayerFacts | null) => void,
  between: (lastId: number) => void,
  lookBack: LookBack | null = null
): void {
  const size = range.batch ?? 2048
  const sql = baseLineSql(lookBack, base)
  const batch = db.prepare(`SELECT ${sql.columns} ${BASE_LINE_FROM}${sql.joins} WHERE e.list_id = ? AND e.player_id > ? ORDER BY e.player_id LIMIT ?`).raw()
  const lineOf = baseLineReader(base, delta, lookBack)
  let after = range.from - 1
  let s = 0
  for (;;) {
    const rows = batch.all(base.id, after, size) as unknown[][]
    for (const r of rows) {
      const id = r[0] as number
      if (id >= range.limit()) return
      while (s < skip.length && skip[s]! < id) s++
      if (s < skip.length && skip[s] === id) continue
      const got = lineOf(r)
      if (got) each(got.line, got.facts)
    }
    if (rows.length < size) return
    after = rows[rows.length - 1]![0] as number
    between(after)
  }
}

/** The highest player id on a list (-1: none): where a list's id range ends. */
export function lastPlayerId(db: Db, listId: number): number {
  return (db.prepare('SELECT max(player_id) FROM rating_list_entries WHERE list_id = ?').pluck().get(listId) as number | null) ?? -1
}

/**
 * The players whose lines a big list's helper computes (sorted): every player of the period's tournaments, of the
 * base's window, of a merge, of a pending correction. Any other player's line depends on his base line and his
 * registry facts only (untouchedLines). More than needed is harmless: the helper computes those lines the same way.
 */
export function touchedPlayers(db: Db, base: BaseListRef, rows: readonly PeriodTournamentRow[], adjustments: readonly PendingAdjustment[], mergedIds: Iterable<number>): Float64Array {
  // every place of the period's tournaments (a player in several: several times), made distinct by a sort of the ids
  // here: SQLite's DISTINCT (a temporary B-tree) and a Set of 300,000 ids took 0.6–1 s of the helper's start at FIDE
  // scale, the sort 50 ms
  const places = db
    .prepare('SELECT player_id FROM tournament_players WHERE tournament_id IN (SELECT value FROM json_each(?)) AND player_id IS NOT NULL')
    .pluck()
    .all(JSON.stringify(rows.map((t) => t.id))) as number[]
  const more: number[] = []
  if (base.kind === 'office') more.push(...windowPlayers(db, base.id))
  for (const id of mergedIds) more.push(id)
  for (const a of adjustments) more.push(a.playerId)
  const ids = new Float64Array(places.length + more.length)
  ids.set(places)
  ids.set(more, places.length)
  ids.sort()
  let n = 0
  for (let i = 0; i < ids.length; i++) if (n === 0 || ids[i] !== ids[n - 1]) ids[n++] = ids[i]!
  return ids.slice(0, n)
}

/** Builds the generation input from the database (base list, period tournaments, window, facts). */
export function buildGenerationInput(db: Db, o: BuildOptions): BuiltInput {
  const base = o.base?.ref ?? (o.baseListId !== undefined ? baseListById(db, o.baseListId, o.cutoffOf) : findBaseList(db, o.listDate, o.ratingType, o.source, o.cutoffOf))
  const rows = o.rows ?? periodTournamentRows(db, o.ratingType, o.closingDate, o.source, base.closingDate)
  const adjustments = o.adjustments ?? (o.noAdjustments ? [] : pendingAdjustments(db))
  // the inactivity rule's months before the office's own lists, on the imported lists
  const lookBack = importedLookBack(db, { listDate: o.listDate, ratingType: o.ratingType, chain: o.source, edition: o.edition, listEdition: o.listEdition ?? defaultListEdition(o.edition) })
  const sql = baseLineSql(lookBack, base)
  // a big list's helper reads the lines of these players only (the job's thread writes the others): said at once
  const only = o.base ? null : (o.splitBase?.(base, rows, adjustments, lookBack) ?? null)
  const ratings = new RatingsCache(db, o.replacedRatings)
  const editions = new Map<string, Edition>([[o.edition.id, o.edition]])
  // the helper of a big list: the base lines of the players the period touched, by their keys, in player order, read
  // first: they also give the base list's ratings of the period's players (the list in force for most of a month's
  // tournaments), which would otherwise be read again
  const touchedLines: unknown[][] | null = only ? [] : null
  if (only && touchedLines) {
    const many = db
      .prepare(`SELECT ${sql.columns} FROM json_each(?) j CROSS JOIN rating_list_entries e ON e.list_id = ? AND e.player_id = j.value CROSS JOIN players p ON p.id = e.player_id${sql.joins}`)
      .raw()
    rowsForIds(many, only, [base.id], (r) => touchedLines.push(r))
    // (BASE_LINE_COLUMNS: the player id, the rating, …, the entry status tenth)
    ratings.known(base.id, only, touchedLines.map((r) => [r[0], r[1], r[9]]))
  }
  const tournaments: PeriodTournament[] = []
  const total = rows.length
  // first the slices, their players and their lists, then each list's ratings of those players read in batches (one
  // call per player cost the helper of a FIDE-sized month 2 s of its 8 s of reading), then each slice's games
  const loads: SliceToLoad[] = []
  const inForce = new Map<string, { id: number } | null>()
  const listOn = (date: string, type: RatingType): { id: number } | null => {
    const key = `${type} ${date}`
    if (!inForce.has(key)) inForce.set(key, listInForce(db, date, type, o.source))
    return inForce.get(key)!
  }
  const asked = new Map<number, Set<number>>()
  const ask = (list: { id: number } | null, players: readonly { playerId: number }[]): void => {
    if (!list) return
    let ids = asked.get(list.id)
    if (!ids) asked.set(list.id, (ids = new Set()))
    for (const p of players) ids.add(p.playerId)
  }
  rows.forEach((t, i) => {
    if ((i & 63) === 0) {
      o.throwIfCancelled?.()
      o.progress?.(i, 2 * total, 'tournaments')
    }
    const late = t.endDate <= base.closingDate
    const slices = slicesOf(db, t, o.closingDate).filter((slice) => slice.rounds === null || slice.rounds.length > 0)
    if (!slices.length) return
    const players = tournamentPlayers(db, t.id)
    for (const slice of slices) {
      const list = listOn(slice.ratingDate, o.ratingType)
      const std = o.ratingType !== 'standard' ? listOn(slice.ratingDate, 'standard') : null
      ask(list, players)
      ask(std, players)
      loads.push({ t, slice, late, players, list, std })
    }
  })
  for (const [listId, ids] of asked) ratings.prefetch(listId, [...ids].sort((a, b) => a - b))
  loads.forEach((load, i) => {
    if ((i & 63) === 0) {
      o.throwIfCancelled?.()
      o.progress?.(total + Math.floor((i * total) / loads.length), 2 * total, 'tournaments')
    }
    const pt = loadPeriodTournament(db, load, o.ratingType, o.editionAt, ratings)
    if (!pt) return
    editions.set(pt.editionId, o.editionAt(load.t.startDate, load.t.edition))
    tournaments.push(pt)
  })
  // no tournament in the period: the list is still due (inactivity, juniors' K at the year's end, the compression of
  // 1 March 2024, delistings): the base list with the edition's rules applied
  o.progress?.(2 * total, 2 * total, 'tournaments')

  // the base list's entries with the registry's facts, read in one pass in player order. At FIDE scale this is two
  // million rows: a base player's facts are given only when the registry differs from his line (generateList reads
  // them the same way then), short strings are shared, not one copy per row
  o.progress?.(0, 1, 'base')
  const delta = correctionDeltas(adjustments)
  const entries: BaseEntry[] = []
  const facts: PlayerFacts[] = []
  // players of the tournaments, until found on the base list: the others need their facts read one by one
  const notOnBase = new Set<number>()
  for (const t of tournaments) for (const p of t.players) notOnBase.add(p.playerId)
  const lineOf = baseLineReader(base, delta, lookBack)
  const take = (r: unknown[]): void => {
    const got = lineOf(r)
    if (!got) return // an imported line without a rating of this type: the player is unrated for this list
    entries.push(got.line)
    if (got.facts) facts.push(got.facts)
    notOnBase.delete(got.line.playerId)
  }
  // a player's registry facts, for the base lines given in memory and for the tournaments' players not on the base list
  const registryFacts = db.prepare('SELECT birth_date, sex, title, federation FROM players WHERE id = ?').raw()
  type RegistryFacts = [string | null, 'M' | 'F' | null, string | null, string | null]
  if (o.base) {
    const importedOf = importedOfLine(db, lookBack, base)
    for (const b0 of o.base.entries) {
      const b = importedOf(b0)
      const [birthDate, sex, title, federation] = registryFacts.get(b.playerId) as RegistryFacts
      const d = delta.get(b.playerId)
      entries.push(b.rating !== null && d !== undefined && b.status === 'rated' ? { ...b, rating: b.rating + d } : b)
      const f = differingFacts(b.playerId, b, birthDate, sex, title, federation)
      if (f) facts.push(f)
      notOnBase.delete(b.playerId)
    }
  } else if (touchedLines) {
    for (let i = 0; i < touchedLines.length; i++) {
      if ((i & 65535) === 65535) o.throwIfCancelled?.()
      take(touchedLines[i]!)
    }
  } else {
    let n = 0
    for (const r of db.prepare(`SELECT ${sql.columns} ${BASE_LINE_FROM}${sql.joins} WHERE e.list_id = ? ORDER BY e.player_id`).raw().iterate(base.id) as IterableIterator<unknown[]>) {
      if ((++n & 65535) === 0) o.throwIfCancelled?.()
      take(r)
    }
  }
  // players of the tournaments who are not on the base list
  for (const playerId of notOnBase) {
    const got = registryFacts.get(playerId) as RegistryFacts | undefined
    if (!got) throw missingPlayer(db, playerId)
    const [birthDate, sex, title, federation] = got
    facts.push({ playerId, birthDate, sex, title, federation })
  }
  facts.sort((a, b) => a.playerId - b.playerId)
  o.progress?.(1, 1, 'base')

  const window: UnratedWindow[] = o.base
    ? o.base.window
    : base.kind === 'office'
      ? (db.prepare('SELECT data FROM office_list_window WHERE list_id = ? ORDER BY player_id').pluck().all(base.id) as string[]).map((t) => JSON.parse(t) as UnratedWindow)
      : []
  for (const w of window) for (const e of w.events) if (!editions.has(e.editionId)) editions.set(e.editionId, o.editionAt(e.start, e.editionId))
  // FIDE's list publishes no first rating for a player without a FIDE ID (a federation's own player)
  const unpublishable = playersWithoutFideId(db, o.source, rows, window.map((w) => w.playerId))
  const input: GenerationInput = {
    listDate: o.listDate,
    ratingType: o.ratingType,
    edition: o.edition,
    editions: [...editions.values()],
    base: { listId: base.id, listDate: base.listDate, entries },
    tournaments,
    window,
    players: facts,
    ...(unpublishable.length ? { unpublishable } : {})
  }
  return { input, base, rows, adjustments, inputsHash: inputsFingerprint(db, base, rows, adjustments, o.edition.id, input.unpublishable, lookBack) }
}

/** The kind of the sheet of a player the period touched who has no line on the list (CalculationSheet.unlisted says why). */
export const UNLISTED = 'unlisted' satisfies ChangeKind

/** The tournaments behind a sheet, each once, as the preview names them. */
function sheetTournamentIds(s: CalculationSheet): number[] {
  return [...new Set(s.tournaments.map((t) => t.tournamentId))]
}

/** A sheet as stored: the compact form of lists/sheet-codec.ts (no deflate: JSON + deflate were half the time of writing the sheets). */
export function packSheet(sheet: unknown): Buffer {
  return encodeSheet(sheet)
}

/** A stored sheet as the UI and the CLI show it: the compact form, or the deflated JSON of databases written before it. */
export function unpackSheet(blob: Buffer): unknown {
  return decodeSheet(blob)
}

export interface DraftMeta {
  closingDate: string
  profileId: string
  params: Edition
  engineVersion: string
  inputsHash: string
  source: string
  adjustments: readonly PendingAdjustment[]
}

/** The draft of the same date, type and source, if any (the one a new generation replaces). */
function existingList(db: Db, listDate: string, ratingType: RatingType, source: string, status: 'draft' | 'published'): number | null {
  return (
    (db
      .prepare("SELECT id FROM rating_lists WHERE kind = 'office' AND list_date = ? AND rating_type = ? AND source = ? AND status = ? ORDER BY version DESC, id DESC LIMIT 1")
      .pluck()
      .get(listDate, ratingType, source, status) as number | undefined) ?? null
  )
}

/** Refuses a generation for a date that already has a published list of that type and source. */
export function assertNotPublished(db: Db, listDate: string, ratingType: RatingType, source: string): void {
  const id = existingList(db, listDate, ratingType, source, 'published')
  if (id !== null) throw new UserError('lists.alreadyPublished', { listId: id, listDate })
}

/** Deletes a draft's rows (entries, sheets, window, tournaments, meta); the rating_lists row stays. */
function clearDraft(db: Db, listId: number): void {
  for (const t of ['office_list_sheets', 'office_list_kind_counts', 'office_list_orders', 'office_list_window', 'office_list_tournaments', 'office_list_changelog', 'office_list_meta', 'list_marks']) {
    db.prepare(`DELETE FROM ${t} WHERE list_id = ?`).run(listId)
  }
  deleteListEntries(db, listId)
}

export interface WriteListOptions {
  status: 'draft'
  version?: number
  supersedesId?: number | null
  reason?: string | null
  /** A draft of the same date/type/source is replaced (its id kept); a new version never replaces. */
  replaceDraft: boolean
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

/**
 * Writes a generated list as a draft in one transaction (the caller's): the list row, every entry, the sheets with
 * their change kind, the carried window, the tournaments with their file hashes, the frozen parameters.
 */
export function writeGeneratedList(db: Db, built: BuiltInput, result: GenerationResult, meta: DraftMeta, o: WriteListOptions): number {
  const writer = openListWriter(db, built, meta, o)
  const sheets = new Map<number, CalculationSheet>(result.sheets.map((x) => [x.playerId, x]))
  // only the players with a sheet or a correction are looked up: at FIDE scale a map of the whole base list would
  // cost hundreds of megabytes for a few thousand lookups
  const wanted = new Set<number>(sheets.keys())
  for (const a of meta.adjustments) wanted.add(a.playerId)
  const baseById = new Map<number, BaseEntry>()
  for (const b of built.input.base.entries) if (wanted.has(b.playerId)) baseById.set(b.playerId, b)
  for (const e of result.entries) writer.line(e, sheets.get(e.playerId) ?? null, baseById.get(e.playerId))
  // the sheets of the players without a line (why they are not on the list)
  for (const x of result.sheets) if (x.status === null) writer.line(null, x, baseById.get(x.playerId))
  return writer.finish(result)
}


const ROWS_A_STATEMENT = 16

/**
 * Rows of one table gathered ROWS_A_STATEMENT at a time: each full group goes to `full` as one array of values (one
 * `INSERT … VALUES (…), (…), …`), the last rows come out of `rest`, one array each. `reuse`: the group's array is
 * filled again after `full` returned (a writer that runs it at once); otherwise each group is an array of its own
 * (a group sent to another thread).
 */
export class RowGroups {
  private values: unknown[]
  private n = 0
  /** Rows added so far. */
  count = 0
  constructor(
    private readonly columns: number,
    private readonly full: (values: unknown[]) => void,
    private readonly reuse: boolean
  ) {
    this.values = new Array<unknown>(ROWS_A_STATEMENT * columns)
  }

  add(...row: unknown[]): void {
    const at = this.n * this.columns
    for (let i = 0; i < this.columns; i++) this.values[at + i] = row[i]
    this.count++
    if (++this.n === ROWS_A_STATEMENT) {
      this.full(this.values)
      this.n = 0
      if (!this.reuse) this.values = new Array<unknown>(ROWS_A_STATEMENT * this.columns)
    }
  }

  /** The rows of the last group, not full (one array each); the groups start again empty. */
  rest(): unknown[][] {
    const out: unknown[][] = []
    for (let r = 0; r < this.n; r++) out.push(this.values.slice(r * this.columns, (r + 1) * this.columns))
    this.n = 0
    return out
  }
}

/** A table's inserts: a full group of ROWS_A_STATEMENT rows in one statement, or one row. */
interface RowInserts {
  group(values: unknown[]): void
  one(values: unknown[]): void
}

function rowInserts(db: Db, insert: string, row: string, inserted: (values: unknown[]) => void): RowInserts {
  const one = db.prepare(`${insert} ${row}`)
  const many = db.prepare(`${insert} ${Array.from({ length: ROWS_A_STATEMENT }, () => row).join(', ')}`)
  // the values go as the call's arguments, not as one array: better-sqlite3 reads an array's values one property
  // lookup at a time, the arguments directly (0.8 s less for a FIDE-sized list's 1.9 M entries, docs/performance.md).
  // Every value is a number, a string, null or bytes, each one parameter either way
  return {
    group: (v) => {
      many.run(...v)
      inserted(v)
    },
    one: (v) => {
      one.run(...v)
      inserted(v)
    }
  }
}

export const ENTRY_COLUMNS = 14
/** Where an entry row holds its status (entry_status): after player id, rating, games, K, flags, title, federation, birth year, sex. */
export const ENTRY_STATUS_AT = 9
export const SHEET_COLUMNS = 6

/**
 * A generated line as the rows the list stores (its GenerationSink): the entry (ENTRY_COLUMNS values) and, when he has
 * one or a correction, the sheet with its change kind (SHEET_COLUMNS values). Pure of the database: a big list's lines
 * are turned into rows on the thread that computes them (services/list-generator-thread.ts).
 */
export function lineRows(
  input: Pick<GenerationInput, 'listDate'> & { base: Pick<GenerationInput['base'], 'listId'> },
  meta: Pick<DraftMeta, 'params' | 'adjustments'>,
  entries: RowGroups,
  sheets: RowGroups
): GenerationSink['line'] {
  const edition = meta.params.id
  const adjusted = new Map<number, PendingAdjustment[]>()
  for (const a of meta.adjustments) adjusted.set(a.playerId, [...(adjusted.get(a.playerId) ?? []), a])
  return (e, sheet, b) => {
    if (!e) {
      // no line on the list: his sheet says why (kind 'unlisted'), beside the entries it has no place among
      if (!sheet) return
      sheets.add(sheet.playerId, UNLISTED, b?.rating ?? null, null, JSON.stringify(sheetTournamentIds(sheet)), packSheet(sheet))
      return
    }
    entries.add(e.playerId, e.rating, e.games, e.k, e.flags, e.title, e.federation, e.birthYear, e.sex, e.status, e.ratedGamesToDate, e.highestRating, e.trackedSince, e.recentGames.length ? JSON.stringify(e.recentGames) : null)
    const corrections = adjusted.get(e.playerId)
    if (!sheet && !corrections) return
    // a corrected player gets a sheet even without games: the correction is what changed his line
    const s = sheet ?? gamelessSheet(e, b, input.listDate, edition, input.base.listId)
    for (const a of corrections ?? []) s.notes.push({ ref: `correction of list ${a.sourceListId}`, text: `${a.delta > 0 ? '+' : ''}${a.delta} carried into this list (FIDE practice): ${a.reason}` })
    const before = b?.rating ?? null
    const undo = (corrections ?? []).reduce((x, a) => x + a.delta, 0)
    const printedBefore = before === null ? null : before - undo
    // his rating kind against the base line as printed (lists/change-kinds.ts: the diff's, by the same definition)
    sheets.add(s.playerId, ratingKindOf(b && printedBefore !== null ? { ...b, rating: printedBefore } : b, e), printedBefore, e.rating !== null && printedBefore !== null ? e.rating - printedBefore : null, JSON.stringify(sheetTournamentIds(s)), packSheet(s))
  }
}

/**
 * The canonical lines (lists/checksum.ts) of entry rows as lineRows lays them out (ENTRY_COLUMNS values a row, one
 * group or one row): a big list's job thread checksums the helper's lines from the rows it inserts.
 */
export function entryRowLines(values: readonly unknown[], run: CanonicalRun): void {
  for (let at = 0; at + ENTRY_COLUMNS <= values.length; at += ENTRY_COLUMNS) {
    run.add({
      playerId: values[at] as number,
      rating: values[at + 1] as number | null,
      games: values[at + 2] as number,
      k: values[at + 3] as number | null,
      flags: values[at + 4] as string | null,
      title: values[at + 5] as string | null,
      federation: values[at + 6] as string | null,
      birthYear: values[at + 7] as number | null,
      sex: values[at + 8] as 'M' | 'F' | null,
      status: values[at + 9] as EntryStatus
    })
  }
}

/** What a draft stores once its lines are written, as rows: pure of the database, computed where the list was. */
export interface FinishRows {
  edition: string
  checksum: string
  /** (player id, window as JSON) */
  window: [number, string][]
  /** (tournament id, file id, file sha256, first round, last round, late, final, games, players) */
  tournaments: unknown[][]
  /** office_list_meta's values after the list id, but the counters */
  meta: unknown[]
  /** The counters stored in the meta row, with the corrections the list carried (their ids). */
  counters: GenerationCounters
  adjustments: number[]
}

export function finishRows(built: BuiltInput, result: GenerationResult, meta: DraftMeta, reason: string | null): FinishRows {
  const { input } = built
  // one row per tournament (a long event's month slices of this list together)
  const rowById = new Map(built.rows.map((r) => [r.id, r]))
  const agg = new Map<number, { first: number; last: number; late: boolean; final: boolean; games: number; players: number }>()
  for (const t of input.tournaments) {
    const rounds = t.slice ? t.slice.rounds : t.players.flatMap((p) => p.rounds.map((r) => r.round))
    const first = rounds.length ? Math.min(...rounds) : 0
    const last = rounds.length ? Math.max(...rounds) : 0
    const a = agg.get(t.tournamentId) ?? { first, last, late: t.late, final: false, games: 0, players: 0 }
    a.first = Math.min(a.first, first)
    a.last = Math.max(a.last, last)
    if (!t.slice || t.slice.last) a.final = true
    agg.set(t.tournamentId, a)
  }
  for (const r of result.tournaments) {
    const a = agg.get(r.tournamentId)
    if (!a) continue
    a.games += r.games
    a.players = Math.max(a.players, r.players)
  }
  const tournaments: unknown[][] = []
  for (const [tid, a] of agg) {
    const row = rowById.get(tid)!
    tournaments.push([tid, row.fileId, row.sha256, a.first, a.last, a.late ? 1 : 0, a.final ? 1 : 0, a.games, a.players])
  }
  return {
    edition: result.edition,
    checksum: result.checksum,
    window: windowRows(result.window),
    tournaments,
    meta: [built.base.id, meta.closingDate, meta.profileId, JSON.stringify(meta.params), meta.engineVersion, meta.inputsHash, reason],
    counters: result.counters,
    adjustments: meta.adjustments.map((a) => a.id)
  }
}

/** The window a list leaves as the rows it stores: (player id, window as JSON). */
export function windowRows(window: readonly UnratedWindow[]): [number, string][] {
  return window.map((w) => [w.playerId, JSON.stringify(w)])
}

/** Two parts' window rows (each in player order) as one, in player order. */
export function mergedWindowRows(a: readonly [number, string][], b: readonly [number, string][]): [number, string][] {
  const out: [number, string][] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]![0] < b[j]![0]) ? a[i++]! : b[j++]!)
  return out
}

/** A draft being written in the caller's transaction: its list row, then its rows as they come, then `finish`. */
export interface DraftTarget {
  id: number
  entries: RowInserts
  sheets: RowInserts
  /** The last rows, then the window, the tournaments and the parameters; gives the list id. */
  finish(entriesRest: unknown[][], sheetsRest: unknown[][], rows: FinishRows): number
}

/** The insert guards of a list's entries and sheets (migrations 8 and 11), lifted while a draft's rows are written. */
export const DRAFT_ROW_GUARDS = [ENTRIES_GUARD, 'office_list_sheets_frozen_insert'] as const

/** Starts a draft of `listDate`/`ratingType`: the list row (replacing the earlier draft when asked, its id kept). */
export function openDraft(db: Db, list: { listDate: string; ratingType: RatingType }, meta: Pick<DraftMeta, 'params' | 'source'>, o: Pick<WriteListOptions, 'replaceDraft' | 'version' | 'supersedesId'>): DraftTarget {
  const edition = meta.params.id
  let listId: number | null = o.replaceDraft ? existingList(db, list.listDate, list.ratingType, meta.source, 'draft') : null
  if (listId !== null) {
    clearDraft(db, listId)
    // its counts cleared first: a counted list takes no new entries (migration 11), and the new lines are counted as written
    db.prepare("UPDATE rating_lists SET edition = ?, checksum = NULL, entry_count = NULL, rated_count = NULL, created_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(edition, listId)
  } else {
    listId = Number(
      db
        .prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, edition, status, version, supersedes_id, checksum) VALUES ('office', ?, ?, ?, ?, 'draft', ?, ?, NULL)")
        .run(list.listDate, list.ratingType, meta.source, edition, o.version ?? 1, o.supersedesId ?? null).lastInsertRowid
    )
  }
  const id = listId
  // the guards that refuse rows into a published list run a query for every row (about 2.6 s of CPU for a FIDE-sized
  // list's 1.9 M entries and 658,000 sheets); this draft's rows never meet them. They are lifted while its rows are
  // written and put back before its counts are stored, all in the caller's transaction (data/triggers.ts)
  const restoreGuards = liftTriggers(db, DRAFT_ROW_GUARDS)
  // and the trigger that keys each entry in the list's order by rating (migration 23): the keys are appended in
  // order once the last entry is in, from those `orders` sorted (3.3 s less of the writing thread at FIDE scale)
  const restoreByRating = liftByRatingInsert(db)
  // entries and sheets go in statements of ROWS_A_STATEMENT rows (the rest one by one at the end): one statement per
  // row paid its call, bindings, trigger set-up and statement journal for each of two million rows. Each row is also
  // told to `orders`, which gives the draft's orders and counts once its last row is in (storeDraftCounts)
  const orders = new DraftOrders()
  const entries = rowInserts(
    db,
    `INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex,
       entry_status, rated_games, highest_rating, tracked_since, recent_games) VALUES`,
    `(${id}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    (v) => orders.entryRows(v, ENTRY_COLUMNS, ENTRY_STATUS_AT)
  )
  const sheets = rowInserts(db, 'INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES', `(${id}, ?, ?, ?, ?, ?, ?)`, (v) =>
    orders.sheetRows(v, SHEET_COLUMNS)
  )
  const finish = (entriesRest: unknown[][], sheetsRest: unknown[][], rows: FinishRows): number => {
    for (const r of entriesRest) entries.one(r)
    for (const r of sheetsRest) sheets.one(r)
    writeListByRating(db, id, orders.byRating())
    restoreByRating()
    restoreGuards()
    db.prepare('UPDATE rating_lists SET edition = ?, checksum = ? WHERE id = ?').run(rows.edition, rows.checksum, id)
    const insWindow = db.prepare(`INSERT INTO office_list_window (list_id, player_id, data) VALUES (${id}, ?, ?)`)
    for (const w of rows.window) insWindow.run(w)
    const insT = db.prepare(
      `INSERT INTO office_list_tournaments (list_id, tournament_id, file_id, file_sha256, first_round, last_round, late, final, games, players) VALUES (${id}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    for (const t of rows.tournaments) insT.run(t)
    db.prepare(
      `INSERT INTO office_list_meta (list_id, base_list_id, closing_date, profile_id, params, engine_version, inputs_hash, reason, counters) VALUES (${id}, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(...rows.meta, JSON.stringify({ ...rows.counters, adjustments: rows.adjustments }))
    storeDraftCounts(db, id, orders)
    return id
  }
  return { id, entries, sheets, finish }
}

/** Writes a draft as generateList gives it, line by line (its GenerationSink), then the rest with `finish`. */
export interface ListWriter extends GenerationSink {
  /** The window, the tournaments, the parameters and the checksum, once every line is written; gives the list id. */
  finish(result: GenerationResult): number
}

/**
 * Starts writing a draft in the caller's transaction: the list row (its checksum set by `finish`), then each line as
 * it comes (entry, sheet with its change kind) so that a FIDE-sized list is written while it is computed, never held.
 */
export function openListWriter(db: Db, built: BuiltInput, meta: DraftMeta, o: WriteListOptions): ListWriter {
  const target = openDraft(db, built.input, meta, o)
  const entries = new RowGroups(ENTRY_COLUMNS, target.entries.group, true)
  const sheets = new RowGroups(SHEET_COLUMNS, target.sheets.group, true)
  const rowsOf = lineRows(built.input, meta, entries, sheets)
  // the base list's size: the number of lines to expect (new players come on top)
  const expected = Math.max(1, built.input.base.entries.length)
  const line = (e: ListEntry | null, sheet: CalculationSheet | null, b: BaseEntry | undefined): void => {
    if (e && (entries.count & 16383) === 0) {
      o.throwIfCancelled?.()
      o.progress?.(Math.min(entries.count, expected), expected, 'entries')
    }
    rowsOf(e, sheet, b)
  }
  const finish = (result: GenerationResult): number => {
    const entriesRest = entries.rest()
    const sheetsRest = sheets.rest()
    o.progress?.(expected, expected, 'entries')
    o.progress?.(sheets.count, sheets.count, 'sheets')
    return target.finish(entriesRest, sheetsRest, finishRows(built, result, meta, o.reason ?? null))
  }
  return { line, finish }
}

export interface OfficeListRow {
  id: number
  kind: 'reference' | 'office'
  listDate: string
  ratingType: RatingType
  source: string
  edition: string | null
  status: 'draft' | 'published' | 'reference'
  version: number
  supersedesId: number | null
  checksum: string | null
}

export function getList(db: Db, listId: number): OfficeListRow {
  const row = prepared(db, 'SELECT id, kind, list_date AS listDate, rating_type AS ratingType, source, edition, status, version, supersedes_id AS supersedesId, checksum FROM rating_lists WHERE id = ?')
    .get(listId) as OfficeListRow | undefined
  if (!row) throw new UserError('lists.notFound', { listId })
  return row
}

export interface MetaRow {
  baseListId: number
  closingDate: string
  profileId: string
  params: string
  engineVersion: string
  counters: string
  inputsHash: string
  generatedAt: string
  reason: string | null
}

export function getMeta(db: Db, listId: number): MetaRow | null {
  return (
    (db
      .prepare(
        'SELECT base_list_id AS baseListId, closing_date AS closingDate, profile_id AS profileId, params, engine_version AS engineVersion, counters, inputs_hash AS inputsHash, generated_at AS generatedAt, reason FROM office_list_meta WHERE list_id = ?'
      )
      .get(listId) as MetaRow | undefined) ?? null
  )
}

/** The entries of a list in canonical order (player id), as the engine's checksum reads them. */
export function listEntriesCanonical(db: Db, listId: number): ListEntry[] {
  const rows = db
    .prepare(
      `SELECT player_id, rating, games, k, flags, entry_status, title, federation, birth_year, sex, rated_games, highest_rating, tracked_since, recent_games
         FROM rating_list_entries WHERE list_id = ? ORDER BY player_id`
    )
    .raw()
    .iterate(listId) as IterableIterator<unknown[]>
  const out: ListEntry[] = []
  for (const r of rows) {
    out.push({
      playerId: r[0] as number,
      rating: r[1] as number | null,
      games: (r[2] as number | null) ?? 0,
      k: r[3] as number | null,
      flags: r[4] as string | null,
      status: (r[5] as EntryStatus | null) ?? 'rated',
      title: r[6] as string | null,
      federation: r[7] as string | null,
      birthYear: r[8] as number | null,
      sex: r[9] as 'M' | 'F' | null,
      ratedGamesToDate: r[10] as number | null,
      highestRating: r[11] as number | null,
      trackedSince: r[12] as string | null,
      recentGames: r[13] ? (JSON.parse(r[13] as string) as ListGames[]) : []
    })
  }
  return out
}

/** The tournaments a list rates, by end date then id: every one, or a page of them (`limit`, `offset`). */
/** A tournament's finding that it rates no game or far fewer than it holds (checks/rated.ts), as stored. */
export interface RatedGamesFinding {
  code: string
  level: 'error' | 'warning' | 'info'
  params: Record<string, unknown>
  decision: string | null
}

export function listTournaments(db: Db, listId: number, page?: { offset: number; limit: number }): (Omit<ListTournament, 'ratedGames'> & { ratedGames: RatedGamesFinding | null })[] {
  const rows = db
    .prepare(
      `SELECT olt.tournament_id AS tournamentId, t.name, t.start_date AS startDate, t.end_date AS endDate, olt.file_sha256 AS fileSha256,
              olt.first_round AS firstRound, olt.last_round AS lastRound, olt.late, olt.final, olt.games, olt.players,
              (SELECT json_object('code', f.code, 'level', f.level, 'params', json(f.params), 'decision', f.decision) FROM tournament_findings f
                WHERE f.tournament_id = t.id AND f.active = 1 AND f.code IN ('check.games.noneRated', 'check.games.fewRated')
                ORDER BY f.id DESC LIMIT 1) AS ratedGames
         FROM office_list_tournaments olt JOIN tournaments t ON t.id = olt.tournament_id
        WHERE olt.list_id = ? ORDER BY t.end_date, t.id${page ? ' LIMIT ? OFFSET ?' : ''}`
    )
    .all(listId, ...(page ? [page.limit, page.offset] : [])) as (Omit<ListTournament, 'late' | 'final' | 'ratedGames'> & { late: number; final: number; ratedGames: string | null })[]
  return rows.map((r) => ({ ...r, late: r.late === 1, final: r.final === 1, ratedGames: r.ratedGames === null ? null : (JSON.parse(r.ratedGames) as RatedGamesFinding) }))
}

/** How many tournaments a list rates. */
export function listTournamentCount(db: Db, listId: number): number {
  return preparedPluck(db, 'SELECT count(*) FROM office_list_tournaments WHERE list_id = ?').get(listId) as number
}

/** The federation recorded with a published list (migration 26), or null when it recorded none. */
export function recordedPublisher(db: Db, listId: number): { name: string; code: string } | null {
  const r = db.prepare('SELECT federation_name AS name, federation_code AS code FROM office_list_meta WHERE list_id = ?').get(listId) as { name: string | null; code: string | null } | undefined
  return r?.name && r.code ? { name: r.name, code: r.code } : null
}

/**
 * Marks a draft published and its completed tournaments rated; the caller checks and audits in its transaction. The
 * federation that publishes it is recorded with its parameters first (migration 26), while they may still change.
 */
export function markPublished(db: Db, listId: number, federation: { name: string; code: string }): { publishedAt: string; tournaments: number } {
  const publishedAt = new Date().toISOString()
  db.prepare('UPDATE office_list_meta SET federation_name = ?, federation_code = ? WHERE list_id = ?').run(federation.name, federation.code, listId)
  // frozen with its counts (migration 11): its entries will never change again (a draft's, stored as its generation
  // wrote its last line, are kept: a counted list takes no new entry)
  const frozen = db.prepare(
    `UPDATE rating_lists SET status = 'published', published_at = @publishedAt,
            entry_count = coalesce(entry_count, (SELECT count(*) FROM rating_list_entries WHERE list_id = @id)),
            rated_count = coalesce(rated_count, ${ratedCountSql('@id')})
      WHERE id = @id AND status = 'draft'`
  ).run({ publishedAt, id: listId }).changes
  // and its orders marked (migrations 13 and 15), unless its generation marked them already (storeDraftCounts)
  const entries = listEntryCount(db, listId)
  if (frozen && !marksCover(db, listId, entries)) writeListMarks(db, listId, entries)
  const rated = db
    .prepare(
      `UPDATE tournaments SET status = 'rated', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
        WHERE id IN (SELECT tournament_id FROM office_list_tournaments WHERE list_id = ? AND final = 1) AND status = 'approved'`
    )
    .run(listId).changes
  const meta = getMeta(db, listId)
  const ids = meta ? ((JSON.parse(meta.counters) as { adjustments?: number[] }).adjustments ?? []) : []
  const mark = db.prepare('UPDATE office_list_adjustments SET applied_list_id = ? WHERE id = ? AND applied_list_id IS NULL')
  for (const id of ids) mark.run(listId, id)
  return { publishedAt, tournaments: rated }
}

/**
 * The counts a draft holds, stored as its last line is written (migration 21): its entries and rated entries (what a
 * frozen list stores as it is frozen, migration 11), its sheets by kind of change (frozen with the list); its orders
 * marked (migrations 13 and 15), so that its pages by name or FIDE ID start near their offset as a frozen list's do;
 * and its preview's orders (migration 22). A draft's entries do not change once written (a counted list takes no new
 * entry; a new generation clears them and the marks first), and the triggers of migration 15 keep the marks right
 * through a rename, a new FIDE ID or a merge, as they do a frozen list's: its publication keeps them (markPublished).
 * `orders` saw every row go in; it is held to the counts SQLite finds before anything is written from it.
 */
function storeDraftCounts(db: Db, listId: number, orders: DraftOrders): void {
  // the counts and the marks as a reference list's import stores them (its counts were cleared before its lines)
  const base = db.prepare('SELECT base_list_id FROM office_list_meta WHERE list_id = ?').pluck().get(listId) as number | undefined
  storeListCounts(db, listId, base, orders)
  const sheets = db.prepare('SELECT count(*) FROM office_list_sheets WHERE list_id = ?').pluck().get(listId) as number
  if (sheets !== orders.sheets) throw new Error(`list ${listId}: its writer saw ${orders.sheets} sheets, the list holds ${sheets}`)
  // the players of each kind of change (lists/change-kinds.ts) are the lengths of the preview's orders by kind
  const preview = changeOrders(db, listId, base ?? 0, orders)
  const insert = db.prepare(`INSERT INTO office_list_kind_counts (list_id, kind, sheets) VALUES (${listId}, ?, ?)`)
  for (const [kind, ids] of preview.byKind) if (ids.length) insert.run(kind, ids.length)
  writeListOrders(db, listId, preview)
  const changes = emptyChangeCounts()
  for (const [kind, ids] of preview.byKind) changes[kind as ChangeKind] = ids.length
  changes.title = preview.titled
  const meta = getMeta(db, listId)!
  db.prepare('UPDATE office_list_meta SET counters = ? WHERE list_id = ?').run(JSON.stringify({ ...JSON.parse(meta.counters), changes, sheets }), listId)
}

/**
 * The preview's orders by kind of change (lists/change-kinds.ts) from the sheets' orders: every kind a sheet stores
 * (its rating kind) is its sheets' order, but 'unchanged', which holds the list's players without a sheet too (their
 * line is their base line: same rating, status and flag), all by player (no change); the marks 'inactive' and
 * 'reactivated' are read from the sheets' two lines (a flag change always gives a sheet), biggest change first, then by
 * player; the title changes (a sheet each) are counted, their page read by the comparison's SQL over the sheets.
 */
function changeOrders(db: Db, listId: number, baseId: number, orders: DraftOrders): ListOrders & { titled: number } {
  const sheetOrders = orders.previewOrders(db, listId)
  const byKind = new Map<string, ArrayLike<number>>(sheetOrders.byKind)
  const withSheet = new Set<number>()
  for (let i = 0; i < sheetOrders.all.length; i++) withSheet.add(sheetOrders.all[i]!)
  const entries = orders.playerIds() ?? Float64Array.from(db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = ? ORDER BY player_id').pluck().all(listId) as number[])
  const unchanged: number[] = Array.from(byKind.get('unchanged') ?? [])
  for (let i = 0; i < entries.length; i++) if (!withSheet.has(entries[i]!)) unchanged.push(entries[i]!)
  byKind.set('unchanged', unchanged.sort((a, b) => a - b))
  const marks = sheetMarks(db, baseId, listId)
  const bySize = (a: [number, number], b: [number, number]): number => b[1] - a[1] || a[0] - b[0]
  byKind.set('inactive', marks.inactive.sort(bySize).map((x) => x[0]))
  byKind.set('reactivated', marks.reactivated.sort(bySize).map((x) => x[0]))
  return { all: sheetOrders.all, byKind, titled: marks.title }
}

/** A list's sheets by the kind stored with each (its rating kind since lists/change-kinds.ts; migration 21). */
export function sheetCounts(db: Db, listId: number): Record<ChangeKind, number> {
  const counts = emptyChangeCounts()
  for (const [kind, n] of preparedRaw(db, 'SELECT kind, sheets FROM office_list_kind_counts WHERE list_id = ?').all(listId) as [ChangeKind, number][]) counts[kind] = n
  return counts
}

/**
 * A list's players by kind of change against its base (lists/change-kinds.ts), counted by the comparison's own SQL
 * (diffCounts) as its generation wrote its last line, and kept with its counters; null for a list generated before
 * (its preview counts them as the comparison does, at each call).
 */
function storedChanges(meta: MetaRow): Record<ChangeKind, number> | null {
  return (JSON.parse(meta.counters) as { changes?: Record<ChangeKind, number> }).changes ?? null
}

/** The kinds a sheet stores (a player's rating kind): their players are the sheets of that kind, the other kinds' are not only sheets. */
const SHEET_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['up', 'down', 'new', 'delisted', 'unlisted'])

/** A list's sheets, as its generation counted them (kept with its counters since lists/change-kinds.ts); null before. */
function storedSheets(meta: MetaRow): number | null {
  return (JSON.parse(meta.counters) as { sheets?: number }).sheets ?? null
}

/** The preview's order, biggest changes first then by player (stored in chunks since migration 22). */
const PREVIEW_ORDER = 'abs(coalesce(change, 0)) DESC, player_id'

/**
 * `count` player ids from position `offset` of a list's stored preview order (`kind` 'all' or one kind), read from the
 * one or two rows that hold them; null when the rows are not all there (the caller sorts the sheets itself).
 */
export function previewOrderSlice(db: Db, listId: number, kind: string, offset: number, count: number): number[] | null {
  if (count <= 0) return []
  const first = Math.floor(offset / ORDER_CHUNK)
  const last = Math.floor((offset + count - 1) / ORDER_CHUNK)
  const chunks = preparedRaw(db, 'SELECT chunk, players FROM office_list_orders WHERE list_id = ? AND kind = ? AND chunk BETWEEN ? AND ? ORDER BY chunk').all(listId, kind, first, last) as [number, Buffer][]
  if (chunks.length !== last - first + 1) return null
  const ids: number[] = []
  for (const [, b] of chunks) unpackIds(b, ids)
  const slice = ids.slice(offset - first * ORDER_CHUNK, offset - first * ORDER_CHUNK + count)
  return slice.length === count ? slice : null
}

/** The ids of one page of the list's sheets (every kind stored, or one), in the preview's order. */
function sheetPage(db: Db, listId: number, q: { kind?: ChangeKind; playerIds?: number[] | null; offset: number; limit: number }, total: number): number[] {
  const stored = q.playerIds ? null : previewOrderSlice(db, listId, q.kind ?? 'all', q.offset, Math.min(q.limit, total - q.offset))
  if (stored) return stored
  const where = ['list_id = ?']
  const params: (string | number)[] = [listId]
  if (q.kind) {
    where.push('kind = ?')
    params.push(q.kind)
  }
  if (q.playerIds) {
    where.push(`player_id IN (${q.playerIds.map(() => '?').join(',')})`)
    params.push(...q.playerIds)
  }
  return db.prepare(`SELECT player_id FROM office_list_sheets WHERE ${where.join(' AND ')} ORDER BY ${PREVIEW_ORDER} LIMIT ? OFFSET ?`).pluck().all(...params, q.limit, q.offset) as number[]
}

/**
 * A list's preview: its counts by kind of change against its base and one page of rows. Without a kind, the page is of
 * every player with a sheet (those the period touched or whose line changed), biggest changes first; with a kind, of
 * that kind's players as lists/change-kinds.ts defines it, the same players as the comparison of the two lists gives
 * (lists:diff): biggest changes first, then by player. `playerIds` narrows them to a search's players. The counts are
 * the comparison's (diffCounts), stored with the list as it was written.
 */
export function previewRows(
  db: Db,
  listId: number,
  q: { kind?: ChangeKind; playerIds?: number[] | null; offset: number; limit: number }
): { counts: Record<ChangeKind, number>; total: number; rows: PreviewRow[] } {
  const meta = getMeta(db, listId)
  const baseId = meta?.baseListId ?? 0
  const stored = meta ? storedChanges(meta) : null
  const counts = stored ?? (meta ? diffCounts(db, baseId, listId) : emptyChangeCounts())
  if (q.playerIds && !q.playerIds.length) return { counts, total: 0, rows: [] }
  let ids: number[]
  let total: number
  if (!q.kind) {
    // every sheet, biggest change first
    total = q.playerIds
      ? (db.prepare(`SELECT count(*) FROM office_list_sheets WHERE list_id = ? AND player_id IN (${q.playerIds.map(() => '?').join(',')})`).pluck().get(listId, ...q.playerIds) as number)
      : ((meta ? storedSheets(meta) : null) ?? Object.values(sheetCounts(db, listId)).reduce((a, b) => a + b, 0))
    ids = sheetPage(db, listId, q, total)
  } else if (stored && !q.playerIds && q.kind !== 'title') {
    // a list generated with the kinds' orders (storeDraftCounts): the kind's stored order
    total = counts[q.kind]
    ids = SHEET_KINDS.has(q.kind)
      ? sheetPage(db, listId, q, total)
      : (previewOrderSlice(db, listId, q.kind, q.offset, Math.min(q.limit, total - q.offset)) ?? kindPage(db, baseId, listId, q.kind, q).ids)
  } else if (stored && !q.playerIds) {
    // title changes: each has a sheet on such a list, found among them by the comparison's own condition
    total = counts.title
    ids = sheetKindPage(db, baseId, listId, 'title', q)
  } else {
    // a search, or a list generated before: the comparison's players of that kind
    const page = kindPage(db, baseId, listId, q.kind, q)
    ids = page.ids
    total = page.total ?? counts[q.kind]
  }
  return { counts, total, rows: previewRowsOf(db, baseId, listId, ids) }
}

type PreviewRaw = {
  playerId: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  fP: number | null
  fR: number | null
  fS: EntryStatus | null
  fF: string | null
  fT: string | null
  tP: number | null
  tR: number | null
  tS: EntryStatus | null
  tF: string | null
  tT: string | null
  games: number | null
  tournaments: string | null
  sheet: Buffer | null
}

/**
 * The preview's rows of the given players, in that order: each player's kind and marks from his lines on the two lists
 * (lists/change-kinds.ts), the tournaments behind his sheet, and for a player without a line why (his sheet). The page's
 * players are read by key from its ids (json_each first), never a scan of a list.
 */
function previewRowsOf(db: Db, baseId: number, listId: number, ids: readonly number[]): PreviewRow[] {
  if (!ids.length) return []
  const rows = db
    .prepare(
      `WITH page AS (SELECT value AS player_id, key AS n FROM json_each(?))
       SELECT page.player_id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, coalesce(t.federation, f.federation, p.federation) AS federation,
              f.player_id AS fP, f.rating AS fR, f.entry_status AS fS, f.flags AS fF, f.title AS fT,
              t.player_id AS tP, t.rating AS tR, t.entry_status AS tS, t.flags AS tF, t.title AS tT, t.games,
              s.tournaments,
              -- why a player has no line is in his sheet (a page of them decoded, never the list's)
              CASE WHEN t.player_id IS NULL THEN s.sheet END AS sheet
         FROM page CROSS JOIN players p ON p.id = page.player_id
         LEFT JOIN rating_list_entries t ON t.list_id = ? AND t.player_id = page.player_id
         LEFT JOIN rating_list_entries f ON f.list_id = ? AND f.player_id = page.player_id
         LEFT JOIN office_list_sheets s ON s.list_id = ? AND s.player_id = page.player_id
        ORDER BY page.n`
    )
    .all(JSON.stringify(ids), listId, baseId, listId) as PreviewRaw[]
  const tName = db.prepare('SELECT name FROM tournaments WHERE id = ?').pluck()
  return rows.map((r) => {
    const b: KindLine | null = r.fP === null ? null : { rating: r.fR, status: r.fS, flags: r.fF, title: r.fT }
    const n: KindLine | null = r.tP === null ? null : { rating: r.tR, status: r.tS, flags: r.tF, title: r.tT }
    // the published ratings (a delisted line publishes none: its under-floor figure is on his sheet)
    const before = b ? publishedRating(b.rating, b.status) : null
    const after = n ? publishedRating(n.rating, n.status) : null
    return {
      playerId: r.playerId,
      fideId: r.fideId,
      name: r.givenNames ? `${r.surname}, ${r.givenNames}` : r.surname,
      federation: r.federation,
      kind: ratingKindOf(b, n),
      marks: marksOf(b, n),
      before,
      after,
      change: before !== null && after !== null ? after - before : null,
      games: n ? r.games : null,
      flags: n ? r.tF : null,
      tournaments: r.tournaments ? (JSON.parse(r.tournaments) as number[]).map((id) => ({ id, name: (tName.get(id) as string | null | undefined) ?? null })) : [],
      unlisted: r.sheet ? ((unpackSheet(r.sheet) as CalculationSheet).unlisted ?? null) : null
    }
  })
}

export function readSheet(db: Db, listId: number, playerId: number): unknown | null {
  const blob = preparedPluck(db, 'SELECT sheet FROM office_list_sheets WHERE list_id = ? AND player_id = ?').get(listId, playerId) as Buffer | undefined
  return blob ? unpackSheet(blob) : null
}

/**
 * The names a calculation sheet keeps as ids, joined at read time (the stored sheet never changes): each player's
 * FIDE ID and name, each list's date, type and version. One statement for both, the ids passed as JSON arrays.
 */
export function sheetReferences(
  db: Db,
  playerIds: readonly number[],
  listIds: readonly number[]
): { players: Array<{ id: number; fideId: number | null; surname: string; givenNames: string }>; lists: Array<{ id: number; listDate: string; ratingType: string; version: number }> } {
  // a statement kept: every sheet shown (the public website reads thousands) asks it
  const rows = prepared(db,
      `SELECT 'p' AS k, id, fide_id AS fideId, surname, given_names AS givenNames, NULL AS listDate, NULL AS ratingType, NULL AS version
         FROM players WHERE id IN (SELECT value FROM json_each(?))
       UNION ALL
       SELECT 'l', id, NULL, NULL, NULL, list_date, rating_type, version FROM rating_lists WHERE id IN (SELECT value FROM json_each(?))`
    )
    .all(JSON.stringify(playerIds), JSON.stringify(listIds)) as Array<{ k: 'p' | 'l'; id: number; fideId: number | null; surname: string; givenNames: string; listDate: string; ratingType: string; version: number }>
  return {
    players: rows.filter((r) => r.k === 'p').map((r) => ({ id: r.id, fideId: r.fideId, surname: r.surname, givenNames: r.givenNames })),
    lists: rows.filter((r) => r.k === 'l').map((r) => ({ id: r.id, listDate: r.listDate, ratingType: r.ratingType, version: r.version }))
  }
}

export function readEntry(db: Db, listId: number, playerId: number): { rating: number | null; games: number | null; k: number | null; flags: string | null } | null {
  return (
    (prepared(db, 'SELECT rating, games, k, flags FROM rating_list_entries WHERE list_id = ? AND player_id = ?').get(listId, playerId) as
      | { rating: number | null; games: number | null; k: number | null; flags: string | null }
      | undefined) ?? null
  )
}

/** The published office lists of a type and source after a date, each the version in force (none replaced it), oldest first. */
export function publishedListsAfter(db: Db, ratingType: string, source: string, listDate: string): number[] {
  return db
    .prepare(
      `SELECT l.id FROM rating_lists l WHERE l.kind = 'office' AND l.status = 'published' AND l.rating_type = ? AND l.source = ? AND l.list_date > ?
         AND NOT EXISTS (SELECT 1 FROM rating_lists s WHERE s.supersedes_id = l.id AND s.status = 'published')
       ORDER BY l.list_date`
    )
    .pluck()
    .all(ratingType, source, listDate) as number[]
}

/** The published list that replaced this one (its next version), if any. */
export function publishedVersionOf(db: Db, listId: number): number | undefined {
  return db.prepare("SELECT id FROM rating_lists WHERE supersedes_id = ? AND status = 'published'").pluck().get(listId) as number | undefined
}

/** A reader of players' [FIDE ID, surname, given names] by id, prepared once for a loop. */
export function playerNameReader(db: Db): (playerId: number) => [number | null, string, string] {
  const st = db.prepare('SELECT fide_id, surname, given_names FROM players WHERE id = ?').raw()
  return (playerId) => st.get(playerId) as [number | null, string, string]
}

/** A writer of the differences a correction carries into the next list (FIDE practice), prepared once for a loop. */
export function adjustmentWriter(db: Db): (sourceListId: number, playerId: number, delta: number, reason: string) => void {
  const st = db.prepare('INSERT INTO office_list_adjustments (source_list_id, player_id, delta, reason) VALUES (?, ?, ?, ?)')
  return (sourceListId, playerId, delta, reason) => void st.run(sourceListId, playerId, delta, reason)
}

type LineFigures = { rating: number | null; games: number | null; k: number | null; flags: string | null }

/** A writer of a new version's changelog (each changed line, before and after, with its reason), prepared once. */
export function changelogWriter(db: Db): (c: { listId: number; playerId: number; before: LineFigures | null; after: LineFigures; reason: string }) => void {
  const st = db.prepare(
    'INSERT INTO office_list_changelog (list_id, player_id, before_rating, after_rating, before_games, after_games, before_k, after_k, before_flags, after_flags, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  return ({ listId, playerId, before: p, after: e, reason }) =>
    void st.run(listId, playerId, p?.rating ?? null, e.rating, p?.games ?? null, e.games, p?.k ?? null, e.k, p?.flags ?? null, e.flags, reason)
}

/** The ids of the players matching a search condition on `players p` (playerSearchCondition), at most `limit`. */
/**
 * The first `limit` players (by id) a search matches. A name search is driven by the full-text index in its rowid
 * order and stops at the limit: as \`p.id IN (SELECT rowid … MATCH)\` SQLite gathered every match first (250 ms for a
 * name that 1.9 M players share, for the same 5,000 ids).
 */
export function matchingPlayerIds(db: Db, cond: { sql: string; params: (string | number)[]; fts?: string }, limit: number): number[] {
  if (cond.fts !== undefined) {
    return db.prepare('SELECT p.id FROM players_fts f JOIN players p ON p.id = f.rowid WHERE players_fts MATCH ? ORDER BY f.rowid LIMIT ?').pluck().all(cond.fts, limit) as number[]
  }
  return db.prepare(`SELECT p.id FROM players p WHERE ${cond.sql} LIMIT ?`).pluck().all(...cond.params, limit) as number[]
}

/** A player's id, FIDE ID and name, by id or by FIDE ID. */
export function playerBrief(db: Db, by: 'id' | 'fide_id', value: number): { id: number; fideId: number | null; surname: string; givenNames: string } | undefined {
  return prepared(db, `SELECT id, fide_id AS fideId, surname, given_names AS givenNames FROM players WHERE ${by === 'id' ? 'id' : 'fide_id'} = ?`).get(value) as
    | { id: number; fideId: number | null; surname: string; givenNames: string }
    | undefined
}
