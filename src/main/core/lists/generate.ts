// One office list from its base list and the period's tournaments: rated players, first ratings, flags, compression, sheets.
//
// Pure and deterministic: the same input gives the same entries in the same order and the same checksum. The maths is
// the engine's (rateTournament per tournament, periodTotal for K × ΣΔR over the period, firstRating for the window,
// kFor for K, compressRating for 1 March 2024); this module only decides what goes in and composes the list: the
// period is rated (rate-period.ts), then each player's line is composed in player id order (compose-line.ts).
import type { Edition } from '../../../shared/contract/rating'
import { compressionBetween } from '../rules/amendments'
import { UserError } from '../util/errors'
import { BaseLines } from './base-lines'
import { checksumStream } from './checksum'
import { composeLine, type LineComposition } from './compose-line'
import { inactivityYearStart } from './look-back'
import { NO_WORK, ratePeriod, type PlayerWork } from './rate-period'
import type { BaseEntry, CalculationSheet, GenerationCounters, GenerationInput, GenerationResult, GenerationSink, ListEntry, PlayerFacts, UnratedWindow } from './types'

// the line's pieces other modules use, from the module that generates the list
export { birthYearOf, gamelessSheet } from './compose-line'
export { windowLeavesOn } from './unlisted'

/**
 * The list of `input.listDate`. With a `sink`, each player's line and sheet go to it in playerId order as soon as they
 * are computed, and the result's `entries` and `sheets` stay empty (the checksum, counters and window are the same):
 * at FIDE scale two million entries and their sheets are then never held together.
 */
export function generateList(input: GenerationInput, sink?: GenerationSink): GenerationResult {
  const editionOf = editionLookup(input)
  const base = new BaseLines(input.base.entries)
  const facts = new Map<number, PlayerFacts>()
  for (const p of input.players) facts.set(p.playerId, p)
  const windowIn = new Map<number, UnratedWindow>(input.window.map((w) => [w.playerId, w]))
  const period = ratePeriod(input, editionOf, base)
  const work = period.work
  const order = listOrder(base, work, windowIn)
  const entries: ListEntry[] = []
  const sheets: CalculationSheet[] = []
  const checksum = checksumStream()
  const windowOut: UnratedWindow[] = []
  const counters = emptyCounters(new Set(input.tournaments.map((t) => t.tournamentId)).size)
  const c: LineComposition = {
    ...listFigures({ edition: input.edition, listDate: input.listDate, ratingType: input.ratingType, baseListId: input.base.listId, baseListDate: input.base.listDate }),
    editionOf,
    windowIn,
    unpublishable: new Set(input.unpublishable ?? []),
    doneBefore: period.doneBefore,
    firstDone: period.firstDone,
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
    listDate: input.listDate,
    ratingType: input.ratingType,
    edition: input.edition.id,
    baseListId: input.base.listId,
    entries,
    sheets,
    counters,
    window: windowOut,
    tournaments: period.tournaments,
    checksum: checksum.digest()
  }
}

/** The editions the period's tournaments are rated under, by id (the list's own among them); an unknown one is refused. */
function editionLookup(input: GenerationInput): (id: string) => Edition {
  const editions = new Map<string, Edition>(input.editions.map((e) => [e.id, e]))
  if (!editions.has(input.edition.id)) editions.set(input.edition.id, input.edition)
  return (id) => {
    const e = editions.get(id)
    if (!e) throw new UserError('engine.unknownEdition', { id, known: [...editions.keys()].sort().join(', ') })
    return e
  }
}

/** Every player of the base list, every player of the period, every unrated player of the window: by id, once each. */
function listOrder(base: BaseLines, work: ReadonlyMap<number, PlayerWork>, windowIn: ReadonlyMap<number, UnratedWindow>): Float64Array {
  const ids = new Float64Array(base.size + work.size + windowIn.size)
  let nIds = 0
  for (const id of base.playerIds()) ids[nIds++] = id
  for (const id of work.keys()) if (!base.has(id)) ids[nIds++] = id
  for (const id of windowIn.keys()) if (!base.has(id) && !work.has(id)) ids[nIds++] = id
  return ids.subarray(0, nIds).sort()
}

/** The list being written: its edition, date and rating type, and its base list. */
interface ListFigures {
  edition: Edition
  listDate: string
  ratingType: GenerationInput['ratingType']
  baseListId: number | null
  baseListDate: string | null
}

/** What every line reads of its list: the list itself, whether the compression applies, where its inactivity year starts. */
function listFigures(o: ListFigures): Pick<LineComposition, keyof ListFigures | 'compress' | 'yearAgo'> {
  return {
    edition: o.edition,
    listDate: o.listDate,
    ratingType: o.ratingType,
    baseListId: o.baseListId,
    baseListDate: o.baseListDate,
    compress: compressionApplies(o.edition, o.ratingType, o.baseListDate, o.listDate),
    yearAgo: inactivityYearStart(o.edition, o.listDate)
  }
}

/**
 * The lines of the base list's players the period did not touch (no games, no window, no correction, no merge), each
 * composed as generateList composes it (composeLine, without work): a big list's writer composes them itself while
 * the helper thread rates the period (services/generation-on-two-threads.ts). Every line given is on the base list, so past its
 * player's first event. The counters, the window and the checksum's lines go to `into`.
 */
export function untouchedLines(
  o: { edition: Edition; listDate: string; ratingType: GenerationInput['ratingType']; baseListId: number; baseListDate: string },
  into: Pick<LineComposition, 'counters' | 'window' | 'checksum'>
): (b: BaseEntry, f: PlayerFacts | undefined) => { entry: ListEntry | null; sheet: CalculationSheet | null } {
  const c: LineComposition = {
    ...listFigures(o),
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
function compressionApplies(edition: Edition, ratingType: GenerationInput['ratingType'], baseListDate: string | null, listDate: string): boolean {
  return edition.amendments.compression !== null && edition.amendments.compression.ratingTypes.includes(ratingType) && compressionBetween(edition, baseListDate ?? '', listDate)
}
