// A generation's input read from the database, in named steps: its sources (base list, period tournaments,
// corrections, look-back), the period's tournaments as the engine takes them, the base lines with the registry's
// facts, the window carried; and the fingerprint of what it was computed from (a draft older than its inputs is
// refused at publication).
import { createHash } from 'node:crypto'
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { RatingType } from '../model/tournament'
import type { BaseEntry, GenerationInput, ListEditionLookup, UnratedWindow } from '../lists/types'
import { correctionDeltas, type PendingAdjustment } from '../lists/corrections'
import { excludedGames } from './findings'
import { FIDE_CHAIN, type ListChain } from './lists'
import { standingRecord } from './player-merges'
import { pendingAdjustments } from './list-corrections'
import { RatingsCache, periodTournamentRows, readPeriodTournaments, type PeriodTournamentRow } from './period-tournaments'
import { baseListById, defaultListEdition, findBaseList, importedLookBack, readBaseEntries, touchedBaseRows, type BaseListRef, type LookBack } from './base-list'

/** What a generation is given: its list (date, closing date, type, rules, chain), and what a recomputation fixes. */
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
   * A big list computed on two threads (services/generation-on-two-threads.ts): given the base and the period, the players whose
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

/** What a generation starts from: its base list, the period's tournaments, the corrections it carries, the look-back. */
interface GenerationSources {
  base: BaseListRef
  rows: PeriodTournamentRow[]
  adjustments: PendingAdjustment[]
  lookBack: LookBack
}

/** The sources a recomputation gives (its base, its tournaments, its corrections), else those found by the list's date. */
function generationSources(db: Db, o: BuildOptions): GenerationSources {
  const base = o.base?.ref ?? (o.baseListId !== undefined ? baseListById(db, o.baseListId, o.cutoffOf) : findBaseList(db, o.listDate, o.ratingType, o.source, o.cutoffOf))
  const rows = o.rows ?? periodTournamentRows(db, o.ratingType, o.closingDate, o.source, base.closingDate)
  const adjustments = o.adjustments ?? (o.noAdjustments ? [] : pendingAdjustments(db))
  // the inactivity rule's months before the office's own lists, on the imported lists
  const lookBack = importedLookBack(db, { listDate: o.listDate, ratingType: o.ratingType, chain: o.source, edition: o.edition, listEdition: o.listEdition ?? defaultListEdition(o.edition) })
  return { base, rows, adjustments, lookBack }
}

/** The window the base carries: the recomputed previous list's, an office list's stored one, none for an imported list. */
function carriedWindow(db: Db, base: BaseListRef, given: BuildOptions['base']): UnratedWindow[] {
  if (given) return given.window
  if (base.kind !== 'office') return []
  return (db.prepare('SELECT data FROM office_list_window WHERE list_id = ? ORDER BY player_id').pluck().all(base.id) as string[]).map((t) => JSON.parse(t) as UnratedWindow)
}

/** Builds the generation input from the database (base list, period tournaments, window, facts). */
export function buildGenerationInput(db: Db, o: BuildOptions): BuiltInput {
  const { base, rows, adjustments, lookBack } = generationSources(db, o)
  // a big list's helper reads the lines of these players only (the job's thread writes the others): said at once
  const only = o.base ? null : (o.splitBase?.(base, rows, adjustments, lookBack) ?? null)
  const ratings = new RatingsCache(db, o.replacedRatings)
  const editions = new Map<string, Edition>([[o.edition.id, o.edition]])
  // the helper of a big list: the base lines of the players the period touched, by their keys, in player order, read
  // first: they also give the base list's ratings of the period's players (the list in force for most of a month's
  // tournaments), which would otherwise be read again
  const touchedLines = only ? touchedBaseRows(db, base, lookBack, only) : null
  // (BASE_LINE_COLUMNS: the player id, the rating, …, the entry status tenth)
  if (only && touchedLines) ratings.known(base.id, only, touchedLines.map((r) => [r[0], r[1], r[9]]))
  const tournaments = readPeriodTournaments(db, o, base, rows, ratings, editions)
  // no tournament in the period: the list is still due (inactivity, juniors' K at the year's end, the compression of
  // 1 March 2024, delistings): the base list with the edition's rules applied
  o.progress?.(2 * rows.length, 2 * rows.length, 'tournaments')

  o.progress?.(0, 1, 'base')
  const { entries, facts } = readBaseEntries(db, base, lookBack, correctionDeltas(adjustments), { given: o.base?.entries ?? null, touched: touchedLines }, tournaments, o.throwIfCancelled)
  o.progress?.(1, 1, 'base')

  const window = carriedWindow(db, base, o.base)
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
