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

/** The generation's inputs read (base list, period tournaments, decisions) and the merged records folded. */
export function readInputs(db: Db, input: GenerateInput, plan: GenerationPlan, hooks: JobHooks, splitBase?: BuildOptions['splitBase']): { built: BuiltInput; folded: FoldedMerge[]; meta: DraftMeta } {
  hooks.progress?.(0, 1, 'reading')
  // read in one read transaction: every input from one state of the database, and one read lock for its thousands of
  // statements instead of one each (a statement outside a transaction takes the lock of every attached archive file:
  // 25 µs a lookup through ten files instead of 2, docs/performance.md "With the archive sealed")
  const built = readTransaction(db, () => buildGenerationInput(db, {
    splitBase,
    listDate: input.listDate,
    closingDate: plan.closingDate,
    ratingType: input.ratingType,
    edition: plan.edition,
    source: plan.source,
    editionAt: plan.rules.tournament,
    cutoffOf: plan.rules.cutoff,
    listEdition: plan.rules.list,
    progress: hooks.progress,
    throwIfCancelled: hooks.throwIfCancelled
  }))
  // two records of one person merged in the registry: one line on the base, one window (lists/README.md)
  const folded = foldInto(built, activeMerges(db))
  const { edition, closingDate, source } = plan
  const meta: DraftMeta = { closingDate, profileId: edition.id, params: edition, engineVersion: ENGINE_VERSION, inputsHash: built.inputsHash, source, adjustments: built.adjustments }
  return { built, folded, meta }
}

export function auditGeneration(db: Db, listId: number, input: GenerateInput, edition: Edition, baseListId: number, result: Pick<GenerationResult, 'checksum' | 'counters'>): void {
  auditList(db, 'list.generate', listId, null, { listDate: input.listDate, ratingType: input.ratingType, edition: edition.id, baseListId, checksum: result.checksum, counters: result.counters })
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
