// A generated list as the rows its draft stores, pure of the database: each line's entry and sheet (with its change
// kind) in groups of rows a statement, and what the draft stores at its end (window, tournaments, parameters). A big
// list's lines are turned into rows on the thread that computes them (services/list-generator-thread.ts); the draft
// writer (data/draft-writer.ts) inserts them.
import type { Edition } from '../../../shared/contract/rating'
import type { ChangeKind } from '../../../shared/contract/office-lists'
import type { CalculationSheet, EntryStatus, GenerationCounters, GenerationInput, GenerationResult, GenerationSink, ListEntry, UnratedWindow } from './types'
import type { CanonicalRun } from './checksum'
import type { PendingAdjustment } from './corrections'
import { gamelessSheet } from './generate'
import { ratingKindOf } from './change-kinds'
import { packSheet } from './stored-sheet'

/** The kind of the sheet of a player the period touched who has no line on the list (CalculationSheet.unlisted says why). */
export const UNLISTED = 'unlisted' satisfies ChangeKind

/** The tournaments behind a sheet, each once, as the preview names them. */
function sheetTournamentIds(s: CalculationSheet): number[] {
  return [...new Set(s.tournaments.map((t) => t.tournamentId))]
}

/** A draft's parameters, frozen with it: its closing date, rules, engine, inputs' fingerprint, chain and corrections. */
export interface DraftMeta {
  closingDate: string
  profileId: string
  params: Edition
  engineVersion: string
  inputsHash: string
  source: string
  adjustments: readonly PendingAdjustment[]
}

/** Rows a statement: a draft's entries and sheets go in `INSERT … VALUES` of this many rows. */
export const ROWS_A_STATEMENT = 16

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

/** The canonical line (lists/checksum.ts) of the entry row at `at` of `values` (lineRows' layout, ENTRY_COLUMNS a row). */
function canonicalOfRow(values: readonly unknown[], at: number): Parameters<CanonicalRun['add']>[0] {
  return {
    playerId: values[at] as number,
    rating: values[at + 1] as number | null,
    games: values[at + 2] as number,
    k: values[at + 3] as number | null,
    flags: values[at + 4] as string | null,
    title: values[at + 5] as string | null,
    federation: values[at + 6] as string | null,
    birthYear: values[at + 7] as number | null,
    sex: values[at + 8] as 'M' | 'F' | null,
    status: values[at + ENTRY_STATUS_AT] as EntryStatus
  }
}

/** The whole line an entry row holds, as the generation gave it. */
export function entryOfRow(values: readonly unknown[], at = 0): ListEntry {
  const recent = values[at + 13] as string | null
  return {
    ...canonicalOfRow(values, at),
    ratedGamesToDate: values[at + 10] as number | null,
    highestRating: values[at + 11] as number | null,
    trackedSince: values[at + 12] as string | null,
    recentGames: recent ? (JSON.parse(recent) as ListEntry['recentGames']) : []
  }
}

/**
 * The canonical lines of entry rows (one group or one row): a big list's job thread checksums the helper's lines from
 * the rows it inserts.
 */
export function entryRowLines(values: readonly unknown[], run: CanonicalRun): void {
  for (let at = 0; at + ENTRY_COLUMNS <= values.length; at += ENTRY_COLUMNS) run.add(canonicalOfRow(values, at))
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

/** What finishRows reads of the generation's input: its tournaments, its base list, the period's tournaments' files. */
export interface FinishedInput {
  input: Pick<GenerationInput, 'tournaments'>
  base: { id: number }
  rows: readonly { id: number; fileId: number | null; sha256: string | null }[]
}

export function finishRows(built: FinishedInput, result: GenerationResult, meta: DraftMeta, reason: string | null): FinishRows {
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

/** A draft's end rows with another reason (a correction's lines prepared by its preview, which had none). */
export function withReason(rows: FinishRows, reason: string | null): FinishRows {
  // the reason is the meta row's last value (finishRows above)
  return { ...rows, meta: [...rows.meta.slice(0, -1), reason] }
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
