// SQL of a generation's period: the tournaments a list rates (approved, of its chain, not rated in full), each cut
// into the slices it is rated in (lists/month-slices.ts), and each slice loaded as the engine takes it, with its
// players' ratings on the lists in force at its start (read once per list, in batches: RatingsCache).
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { RatingType, ResultCode } from '../model/tournament'
import type { PeriodPlayer, PeriodRound, PeriodTournament } from '../lists/types'
import { MONTHLY_SLICE_DAYS, monthSlices, notRatedYet, takenWhole, wholeSlice, type Slice } from '../lists/month-slices'
import { BUILTIN_EDITIONS } from '../rules/editions'
import { UserError } from '../util/errors'
import { excludedGames } from './findings'
import { listInForce, type ListChain } from './lists'
import { publishedRating } from './published-rating'
import { prepared, preparedPluck, preparedRaw, rowsForIds } from './statements'

/** FIDE's shipped editions: a tournament rated under one of them goes into every chain (data/lists.ts). */
const FIDE_EDITION_IDS = JSON.stringify(BUILTIN_EDITIONS.filter((e) => e.kind === 'fide').map((e) => e.id))

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

/**
 * How a tournament is cut for this list: whole (30 days or less), or one slice per calendar month of its rounds
 * not rated yet and played by the closing date, each with the list valid for that month.
 */
function slicesOf(db: Db, t: PeriodTournamentRow, closingDate: string): Slice[] {
  // a tournament taken whole: its rounds are those of its games (loadPeriodTournament), no query here (at FIDE scale
  // two queries for each of 15,000 tournaments)
  if (takenWhole(t)) return [wholeSlice(t)]
  // statements prepared once per connection
  const rounds = prepared(db, 'SELECT round, date FROM tournament_rounds WHERE tournament_id = ? ORDER BY round').all(t.id) as { round: number; date: string | null }[]
  const allRounds = preparedPluck(db, 'SELECT DISTINCT round FROM tournament_games WHERE tournament_id = ? ORDER BY round').all(t.id) as number[]
  return monthSlices(t, rounds, allRounds, closingDate)
}

/** An entry's rating as a period's tournament takes it: its published rating (a delisted line counts as unrated). */
function asRating(rating: unknown, status: unknown): number | null {
  return publishedRating(rating as number | null, status)
}

/** Entries of one list by player id (rating, delisted ones as unrated), read once per list and kept. */
export class RatingsCache {
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
export function missingPlayer(db: Db, playerId: number): UserError {
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

/** What reading the period takes of a generation's options: its list, its rules, its progress and cancel. */
export interface PeriodOptions {
  closingDate: string
  ratingType: RatingType
  source: string
  editionAt: (date: string, id: string | null) => Edition
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

/**
 * The slices of the period's tournaments to load, each with its players and the lists of the chain in force at its
 * rating date; and, by list, the players whose ratings on it the slices ask (read in batches before they are asked).
 */
function sliceLoads(db: Db, o: PeriodOptions, base: { closingDate: string }, rows: readonly PeriodTournamentRow[]): { loads: SliceToLoad[]; asked: Map<number, Set<number>> } {
  const total = rows.length
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
  return { loads, asked }
}

/**
 * The period's tournaments as the engine takes them: first the slices, their players and their lists, then each
 * list's ratings of those players read in batches (one call per player cost the helper of a FIDE-sized month 2 s of
 * its 8 s of reading), then each slice's games. Each slice's edition is added to `editions`.
 */
export function readPeriodTournaments(
  db: Db,
  o: PeriodOptions,
  base: { closingDate: string },
  rows: readonly PeriodTournamentRow[],
  ratings: RatingsCache,
  editions: Map<string, Edition>
): PeriodTournament[] {
  const total = rows.length
  const { loads, asked } = sliceLoads(db, o, base, rows)
  for (const [listId, ids] of asked) ratings.prefetch(listId, [...ids].sort((a, b) => a - b))
  const tournaments: PeriodTournament[] = []
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
  return tournaments
}
