// What a generation is and the steps both of its ways (one thread, or two for a big list) share: its plan (rules,
// closing date, edition, chain), its inputs read and the registry's merges folded, its audit entry and its reply.
import { readTransaction } from '../data/statements'
import type { LockedHooks } from '../db/copy-beside'
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { GenerateInput, GenerateResult } from '../../../shared/contract/office-lists'
import type { GenerationResult } from '../lists/types'
import type { FoldedMerge } from '../lists/fold'
import type { DraftMeta } from '../lists/draft-rows'
import type { WorkerScript } from '../workers/runner'
import { editionChain } from '../data/lists'
import { storedPlayerCount } from '../data/players'
import { activeMerges } from '../data/list-history'
import { buildGenerationInput, type BuildOptions, type BuiltInput } from '../data/generation-input'
import { foldInto } from './list-merges'
import { ENGINE_VERSION, auditList, calendarEntry, profileEdition, rulesFor, type JobHooks, type Rules } from './list-rules'
import { ratedTournaments } from './list-reads'

export function resultOf(db: Db, listId: number, baseListId: number, result: Pick<GenerationResult, 'listDate' | 'ratingType' | 'edition' | 'counters' | 'checksum'>, closingDate: string): GenerateResult {
  return {
    listId,
    listDate: result.listDate,
    closingDate,
    type: result.ratingType,
    edition: result.edition,
    baseListId,
    players: result.counters.players,
    rated: result.counters.rated,
    newlyRated: result.counters.newlyRated,
    delisted: result.counters.delisted,
    inactive: result.counters.inactive,
    checksum: result.checksum,
    tournaments: ratedTournaments(db, listId)
  }
}

/** What a generation is: its rules, closing date, edition and chain (the source written on the list). */
export interface GenerationPlan {
  rules: Rules
  closingDate: string
  edition: Edition
  source: string
}

export function generationPlan(db: Db, input: GenerateInput): GenerationPlan {
  const rules = rulesFor(db, profileEdition(db, input.profile))
  const { closingDate } = calendarEntry(rules, input.listDate, input.ratingType)
  const edition = rules.list(input.listDate)
  // the source written on the list is its chain: 'FIDE' for FIDE's editions, the profile's id for a federation's own
  return { rules, closingDate, edition, source: editionChain(edition) }
}

/** What a generation reads its inputs with: its list, and its plan's rules, closing date, edition and chain. */
export function generationOptions(input: GenerateInput, plan: GenerationPlan): BuildOptions {
  const { rules, closingDate, edition, source } = plan
  return { listDate: input.listDate, closingDate, ratingType: input.ratingType, edition, source, editionAt: rules.tournament, cutoffOf: rules.cutoff, listEdition: rules.list }
}

/**
 * A list's inputs read (base list, tournaments, decisions) with `options` (a generation's, generationOptions; a
 * published list's again, list-regeneration.ts replayOptions) and the registry's merged records folded.
 */
export function readInputs(db: Db, options: BuildOptions, hooks: JobHooks, splitBase?: BuildOptions['splitBase']): { built: BuiltInput; folded: FoldedMerge[]; meta: DraftMeta } {
  hooks.progress?.(0, 1, 'reading')
  // read in one read transaction: every input from one state of the database, and one read lock for its thousands of
  // statements instead of one each (a statement outside a transaction takes the lock of every attached archive file:
  // 25 µs a lookup through ten files instead of 2, docs/performance.md "With the archive sealed")
  const built = readTransaction(db, () => buildGenerationInput(db, { ...options, splitBase, progress: hooks.progress, throwIfCancelled: hooks.throwIfCancelled }))
  // two records of one person merged in the registry: one line on the base, one window (lists/README.md)
  const folded = foldInto(built, activeMerges(db))
  const { edition, closingDate, source } = options
  const meta: DraftMeta = { closingDate, profileId: edition.id, params: edition, engineVersion: ENGINE_VERSION, inputsHash: built.inputsHash, source, adjustments: built.adjustments }
  return { built, folded, meta }
}

export function auditGeneration(db: Db, listId: number, input: GenerateInput, edition: Edition, baseListId: number, result: Pick<GenerationResult, 'checksum' | 'counters'>): void {
  auditList(db, 'list.generate', listId, null, { listDate: input.listDate, ratingType: input.ratingType, edition: edition.id, baseListId, checksum: result.checksum, counters: result.counters })
}

/** From how many players in the registry a big list (a generation, a correction's new version) is computed on a
 *  thread of its own while the job's thread writes it. */
const THREAD_FROM = 20_000

/** The helper thread's script when a list is big enough for two threads (THREAD_FROM, or the hooks' threadFrom). */
export function twoThreadsFor(db: Db, hooks: GenerateHooks): WorkerScript | null {
  return hooks.thread && !db.memory && (storedPlayerCount(db) ?? 0) >= (hooks.threadFrom ?? THREAD_FROM) ? hooks.thread : null
}

export interface GenerateHooks extends JobHooks {
  /** The worker entry (workers/script.ts): given, a big list is computed on a helper thread (list-generator-thread.ts). */
  thread?: WorkerScript
  /** From how many players the helper thread is used (default THREAD_FROM; 0: always, for tests). */
  threadFrom?: number
  /** Tests: the base lines this thread reads a batch (default 2,048), and whether it waits after its first batch for
   *  the helper to be free, so that the helper takes a tail of untouched lines over whatever the timing. */
  batch?: number
  waitForFree?: boolean
  /**
   * Told from inside the draft's write transaction, which then holds the write lock from its start: when it has begun
   * (nothing written yet) and at its last moment before the commit (db/copy-beside.ts: the safety copy taken beside).
   */
  locked?: LockedHooks
}
