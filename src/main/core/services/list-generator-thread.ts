// A big list is computed on a thread of its own while the job's thread writes it. At FIDE scale writing the 1.9 M
// entries and their sheets is SQLite's B-tree work (about half the generation), and computing them (the base list
// read, the tournaments rated, each line and its sheet encoded) is the other half: on two threads they overlap.
// The helper reads the inputs on its own read-only connection and first says which players the period touched (their
// games, the base's window, a merge, a correction): it rates the period and turns their lines into the rows the list
// stores (lists/draft-rows.ts lineRows, finishRows). Every other line depends on its base line and the registry only:
// the job's thread composes those itself from the first second (lists/generate.ts untouchedLines), instead of waiting
// for the helper's first row, and inserts both in its one transaction. The list is the same row for row (the
// office-lists bench hashes every entry and sheet; list-generator-thread.spec.ts compares every row of both ways).
import type { GenerateInput } from '../../../shared/contract/office-lists'
import type { GenerationCounters } from '../lists/types'
import type { BaseListRef, LookBack } from '../data/base-list'
import type { FinishRows } from '../lists/draft-rows'
import type { FoldedMerge } from '../lists/fold'
import type { PeriodTournamentRow } from '../data/period-tournaments'
import type { PendingAdjustment } from '../lists/corrections'
import type { WorkerScript } from '../workers/runner'
import { PacedReceiver, isHelper, serveHelper, type Failure, type PacedData } from '../workers/paced-channel'
import { UserError } from '../util/errors'

/** A published list computed again for its correction (its new version): which list, the tournaments found late to
 *  rate with it, the correction's reason (written on the new version). */
export interface CorrectionData {
  listId: number
  extraRows: PeriodTournamentRow[]
  reason: string
}

export interface GeneratorData extends PacedData {
  role: 'list-generator'
  dbPath: string
  /** The list's date and type (and, for a generation, its profile). */
  input: GenerateInput
  /** Given: the list is a published list's new version, computed from its frozen parameters (not the settings'). */
  correction?: CorrectionData
}

/**
 * The job's thread's answer to 'free' (the channel's answer) is the player id from which the untouched lines are the
 * helper's, or this: no tail for the helper, the job's thread writes every untouched line itself.
 */
export const NO_TAIL = 0x7fffffff

/** What the job's thread needs of the computed list once its rows are written. */
export interface GeneratedSummary {
  listDate: string
  ratingType: GenerateInput['ratingType']
  edition: string
  counters: GenerationCounters
  checksum: string
  baseListId: number
  /** The registry's merges folded into its base. */
  folded: FoldedMerge[]
}

export type GeneratorMessage =
  | { kind: 'progress'; done: number; total: number; message: string }
  /**
   * Once the base and the period are known, before the tournaments are read: the players whose lines the helper
   * computes (sorted); the job's thread composes and writes every other line of the base list meanwhile.
   */
  | { kind: 'plan'; base: BaseListRef; touched: Float64Array; adjustments: PendingAdjustment[]; lookBack: LookBack }
  /**
   * Full groups of rows (lists/draft-rows.ts RowGroups), in player order; `lines`: entries computed so far. `tail`:
   * rows of the untouched lines the helper took over from the job's thread (from the start it was given), in player order.
   */
  | { kind: 'rows'; entries: unknown[][]; sheets: unknown[][]; lines: number; expected: number; tail?: true }
  /** The helper's own lines are all sent: it can take over the last untouched lines (the job's thread answers where from). */
  | { kind: 'free' }
  /** The helper's part ends: its counters, window and checksum are of its lines only (the job's thread adds its own). */
  | {
      kind: 'end'
      entriesRest: unknown[][]
      sheetsRest: unknown[][]
      finish: FinishRows
      summary: GeneratedSummary
      sheets: number
      expected: number
      /** The untouched lines it took over: their last rows (not a full group), counters and window. */
      tail: { entriesRest: unknown[][]; sheetsRest: unknown[][]; counters: GenerationCounters; window: [number, string][]; sheets: number } | null
    }
  | { kind: 'failed'; error: Failure }

/** Messages the helper may be ahead of the writer (16 × 4,096 lines: tens of megabytes at most). */
const WINDOW = 16
/** A helper that sends nothing for this long is taken for hung (it sends its progress every phase, rows every few ms). */
const STALL_MS = 300_000

export const isListGeneratorData = (d: unknown): d is GeneratorData => isHelper<GeneratorData>(d, 'list-generator')

/** The job's side: starts the helper on the list of `input` in the database at `dbPath`. */
export function startGenerator(script: WorkerScript, dbPath: string, input: GenerateInput, correction?: CorrectionData): PacedReceiver<GeneratorMessage> {
  return new PacedReceiver<GeneratorMessage>(
    script,
    { role: 'list-generator', dbPath, input, ...(correction ? { correction } : {}) },
    (m) => m.kind === 'end' || m.kind === 'failed',
    (seconds) => new UserError('lists.generatorStalled', { seconds }),
    STALL_MS
  )
}

/** The helper's side: `produce` computes the list and posts its messages; a failure is posted as one. */
export function runListGenerator(data: GeneratorData, produce: (data: GeneratorData, post: (m: GeneratorMessage) => void, awaitAnswer: () => number) => void): void {
  serveHelper<GeneratorMessage>(data, WINDOW, (post, _stopped, awaitAnswer) => produce(data, post, awaitAnswer), (error) => ({ kind: 'failed', error }))
}
