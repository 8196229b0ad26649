// SQL of a generation's base: the list it starts from (found by date, or given by id), its lines read with the
// registry's facts and the corrections carried, the imported lists the inactivity rule looks back on, and the players
// a big list's helper computes (those the period touched).
import type { Db } from '../db/open'
import { listSchema } from '../db/archive-files'
import type { Edition } from '../../../shared/contract/rating'
import type { RatingType } from '../model/tournament'
import type { BaseEntry, EntryStatus, ListEditionLookup, ListGames, PeriodTournament, PlayerFacts } from '../lists/types'
import type { PendingAdjustment } from '../lists/corrections'
import { missingPlayer, type PeriodTournamentRow } from './period-tournaments'
import { birthYearOf } from '../lists/generate'
import { importedGames, inactivityYearStart, periodStartOf, type ImportedGames, type ImportedList } from '../lists/look-back'
import { editionForDate } from '../rules/editions'
import { UserError } from '../util/errors'
import { addDays } from '../util/dates'
import { chainCondition, type ListChain } from './lists'
import { rowsForIds } from './statements'

/** A line without recent games: one shared empty array, not two million (never modified: a change makes a new array). */
const NO_GAMES: ListGames[] = Object.freeze([]) as unknown as ListGames[]

export interface BaseListRef {
  id: number
  kind: 'reference' | 'office'
  listDate: string
  /** The closing date of that list (office lists keep it; for an imported list: its date minus the cutoff). */
  closingDate: string
  source: string
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

/** A list as a base, by id (a recomputation starts from the base the list was computed from). */
export function baseListById(db: Db, listId: number, cutoffOf: (date: string) => number): BaseListRef {
  const l = db.prepare('SELECT id, kind, list_date AS listDate, source FROM rating_lists WHERE id = ?').get(listId) as { id: number; kind: 'reference' | 'office'; listDate: string; source: string } | undefined
  if (!l) throw new UserError('lists.notFound', { listId })
  const closing = db.prepare('SELECT closing_date FROM office_list_meta WHERE list_id = ?').pluck().get(listId) as string | undefined
  return { ...l, closingDate: closing ?? addDays(l.listDate, -cutoffOf(l.listDate)) }
}

/** The players of a stored list's window (unrated players whose games wait for a first rating). */
export function windowPlayers(db: Db, listId: number): number[] {
  return db.prepare('SELECT player_id FROM office_list_window WHERE list_id = ? ORDER BY player_id').pluck().all(listId) as number[]
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
/**
 * The columns, the table and the joins of a base line with the look-back's imported lists (none: the statement as it
 * always was). Each list is read in the file that holds it (`listSchema`: the database, or a sealed period's archive
 * file): through the view of every file, an ordered read of one list merges or sorts the arms of all of them.
 */
function baseLineSql(db: Db, lookBack: LookBack | null, base: { id: number }): { columns: string; from: string; joins: string } {
  const others = (lookBack?.lists ?? []).filter((l) => l.listId !== base.id)
  return {
    columns: BASE_LINE_COLUMNS + others.map((_, i) => `, r${i}.games`).join(''),
    from: `FROM ${listSchema(db, base.id)}.rating_list_entries e JOIN players p ON p.id = e.player_id`,
    joins: others.map((l, i) => ` LEFT JOIN ${listSchema(db, l.listId)}.rating_list_entries r${i} ON r${i}.list_id = ${Number(l.listId)} AND r${i}.player_id = e.player_id`).join('')
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
export function defaultListEdition(edition: Edition): ListEditionLookup {
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
  let next = LOOK_BACK_COLUMN
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

/** The column of a base row where the look-back's joined columns begin (baseLineSql; importedOfRow reads them there). */
const LOOK_BACK_COLUMN = 15

/** A player's id and his games on an imported list as one number: id × GAMES_SLOT + games (exact below 2^53). */
const GAMES_SLOT = 2 ** 20

/**
 * The look-back's joined columns of baseLineSql (a player's games on each imported list other than the base; null: no
 * line there, or no games), added to a batch of base rows read without the joins, in player order: each imported
 * list's lines in the batch's range of players read in key order (one number a line, its id and games), merged with
 * the rows. The same values as the joins, which look each line up by key: at FIDE scale, eleven imported lists over
 * 1.9 M players, the base lines read in 10.8 s of CPU with the joins, 6.4 s so (the generation's job thread reads most
 * of them). A list holding games the number cannot carry (negative, or a million and more) is read as pairs for that
 * batch.
 */
function lookBackMerger(db: Db, lookBack: LookBack | null, base: { id: number }): ((rows: unknown[][], after: number) => void) | null {
  const others = (lookBack?.lists ?? []).filter((l) => l.listId !== base.id)
  if (others.length === 0) return null
  const range = (l: ImportedList): string => `FROM ${listSchema(db, l.listId)}.rating_list_entries WHERE list_id = ${Number(l.listId)} AND player_id > ? AND player_id <= ? AND games IS NOT NULL ORDER BY player_id`
  const packed = others.map((l) => db.prepare(`SELECT CASE WHEN games >= 0 AND games < ${GAMES_SLOT} THEN player_id * ${GAMES_SLOT} + games END ${range(l)}`).pluck())
  const pairs = others.map((l) => db.prepare(`SELECT player_id, games ${range(l)}`).raw())
  return (rows, after) => {
    if (rows.length === 0) return
    const last = rows[rows.length - 1]![0] as number
    for (let i = 0; i < others.length; i++) {
      const column = LOOK_BACK_COLUMN + i
      const lines = packed[i]!.all(after, last) as (number | null)[]
      if (lines.includes(null)) {
        const got = pairs[i]!.all(after, last) as [number, number][]
        let j = 0
        for (const r of rows) {
          const id = r[0] as number
          while (j < got.length && got[j]![0] < id) j++
          r[column] = j < got.length && got[j]![0] === id ? got[j]![1] : null
        }
        continue
      }
      let j = 0
      for (const r of rows) {
        const id = r[0] as number
        let v = lines[j] as number | undefined
        while (v !== undefined && Math.floor(v / GAMES_SLOT) < id) v = lines[++j] as number | undefined
        r[column] = v !== undefined && Math.floor(v / GAMES_SLOT) === id ? v % GAMES_SLOT : null
      }
    }
  }
}

/**
 * The base lines of every player not in `skip` (sorted ids) from player `from` on and below `limit()` (asked again at
 * each line: the job's thread may hand the rest over while it reads), in player order, read a few thousand rows at a
 * time by their key: a big list's job thread reads them inside its write transaction, which one open iterator would
 * forbid. `between` runs after each full batch with the last player id it read (the thread's other work: the
 * helper's rows, a cancel check, the hand-over). The look-back's games are merged into each batch (lookBackMerger).
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
  const sql = baseLineSql(db, null, base)
  const batch = db.prepare(`SELECT ${sql.columns} ${sql.from} WHERE e.list_id = ? AND e.player_id > ? ORDER BY e.player_id LIMIT ?`).raw()
  const withLookBack = lookBackMerger(db, lookBack, base)
  const lineOf = baseLineReader(base, delta, lookBack)
  let after = range.from - 1
  let s = 0
  for (;;) {
    const rows = batch.all(base.id, after, size) as unknown[][]
    withLookBack?.(rows, after)
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
  // in the list's own file: through the view (every file's arm) max() reads all its entries (0.17 s at 500,000 players)
  return (db.prepare(`SELECT max(player_id) FROM ${listSchema(db, listId)}.rating_list_entries WHERE list_id = ?`).pluck().get(listId) as number | null) ?? -1
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

/** The base lines of the players a big list's helper computes, by their keys, in player order (raw rows of BASE_LINE_COLUMNS). */
export function touchedBaseRows(db: Db, base: BaseListRef, lookBack: LookBack, only: Float64Array): unknown[][] {
  const sql = baseLineSql(db, lookBack, base)
  const many = db
    .prepare(`SELECT ${sql.columns} FROM json_each(?) j CROSS JOIN ${listSchema(db, base.id)}.rating_list_entries e ON e.list_id = ? AND e.player_id = j.value CROSS JOIN players p ON p.id = e.player_id${sql.joins}`)
    .raw()
  const rows: unknown[][] = []
  rowsForIds(many, only, [base.id], (r) => rows.push(r))
  return rows
}

/** The base entries and registry facts a generation takes, and the period's players not found on the base yet. */
interface BaseLines {
  entries: BaseEntry[]
  facts: PlayerFacts[]
  notOnBase: Set<number>
}

type RegistryFacts = [string | null, 'M' | 'F' | null, string | null, string | null]

/** A player's registry facts, for the base lines given in memory and for the tournaments' players not on the base list. */
function registryFactsReader(db: Db): { get(playerId: number): unknown } {
  return db.prepare('SELECT birth_date, sex, title, federation FROM players WHERE id = ?').raw()
}

/** A recomputed chain's previous list as the base: its lines with the corrections and the look-back's games added. */
function takeGivenLines(db: Db, given: readonly BaseEntry[], base: BaseListRef, lookBack: LookBack, delta: ReadonlyMap<number, number>, into: BaseLines): void {
  const registryFacts = registryFactsReader(db)
  const importedOf = importedOfLine(db, lookBack, base)
  for (const b0 of given) {
    const b = importedOf(b0)
    const [birthDate, sex, title, federation] = registryFacts.get(b.playerId) as RegistryFacts
    const d = delta.get(b.playerId)
    into.entries.push(b.rating !== null && d !== undefined && b.status === 'rated' ? { ...b, rating: b.rating + d } : b)
    const f = differingFacts(b.playerId, b, birthDate, sex, title, federation)
    if (f) into.facts.push(f)
    into.notOnBase.delete(b.playerId)
  }
}

/** The stored base lines: the touched players' rows already read (a big list's helper), else the whole list in batches. */
function takeStoredLines(db: Db, base: BaseListRef, lookBack: LookBack, delta: ReadonlyMap<number, number>, touched: unknown[][] | null, into: BaseLines, throwIfCancelled?: () => void): void {
  const take = (line: BaseEntry, facts: PlayerFacts | null): void => {
    into.entries.push(line)
    if (facts) into.facts.push(facts)
    into.notOnBase.delete(line.playerId)
  }
  if (!touched) {
    readBaseLinesExcept(db, base, new Float64Array(0), delta, { from: 0, limit: () => Infinity }, take, () => throwIfCancelled?.(), lookBack)
    return
  }
  const lineOf = baseLineReader(base, delta, lookBack)
  for (let i = 0; i < touched.length; i++) {
    if ((i & 65535) === 65535) throwIfCancelled?.()
    const got = lineOf(touched[i]!)
    // null: an imported line without a rating of this type (the player is unrated for this list)
    if (got) take(got.line, got.facts)
  }
}

/**
 * The base list's entries with the registry's facts, in player order, and the facts of the period's players not on it.
 * At FIDE scale two million rows: a base player's facts are given only when the registry differs from his line
 * (generateList reads them the same way then), short strings are shared, not one copy per row.
 */
export function readBaseEntries(
  db: Db,
  base: BaseListRef,
  lookBack: LookBack,
  delta: ReadonlyMap<number, number>,
  from: { given: readonly BaseEntry[] | null; touched: unknown[][] | null },
  tournaments: readonly PeriodTournament[],
  throwIfCancelled?: () => void
): { entries: BaseEntry[]; facts: PlayerFacts[] } {
  // players of the tournaments, until found on the base list: the others need their facts read one by one
  const into: BaseLines = { entries: [], facts: [], notOnBase: new Set<number>() }
  for (const t of tournaments) for (const p of t.players) into.notOnBase.add(p.playerId)
  if (from.given) takeGivenLines(db, from.given, base, lookBack, delta, into)
  else takeStoredLines(db, base, lookBack, delta, from.touched, into, throwIfCancelled)
  // players of the tournaments who are not on the base list
  const registryFacts = registryFactsReader(db)
  for (const playerId of into.notOnBase) {
    const got = registryFacts.get(playerId) as RegistryFacts | undefined
    if (!got) throw missingPlayer(db, playerId)
    const [birthDate, sex, title, federation] = got
    into.facts.push({ playerId, birthDate, sex, title, federation })
  }
  into.facts.sort((a, b) => a.playerId - b.playerId)
  return { entries: into.entries, facts: into.facts }
}
