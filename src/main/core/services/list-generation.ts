// A list's generation, run by the `lists:generate` job: the draft of a list date and type computed and written in
// one transaction, on this thread, or on two for a big list (generation-on-two-threads.ts).
import type { Db } from '../db/open'
import type { GenerateInput, GenerateResult } from '../../../shared/contract/office-lists'
import { generateList } from '../lists/generate'
import { withTempStoreInMemory } from '../data/statements'
import { assertNotPublished, openListWriter } from '../data/draft-writer'
import { notingFolds } from './list-merges'
import { auditGeneration, generationOptions, generationPlan, readInputs, resultOf, twoThreadsFor, type GenerateHooks } from './generation-plan'
import { generateOnThread } from './generation-on-two-threads'

/**
 * Generates the draft of a list date and type: base list, period tournaments, the engine, then every row written in
 * one transaction that replaces the earlier draft of that date. Runs in the worker (the `lists:generate` job).
 */
export function generateDraft(db: Db, input: GenerateInput, hooks: GenerateHooks = {}): GenerateResult {
  const plan = generationPlan(db, input)
  assertNotPublished(db, input.listDate, input.ratingType, plan.source)
  const thread = twoThreadsFor(db, hooks)
  if (thread) return generateOnThread(db, input, plan, thread, hooks)
  const { built, folded, meta } = readInputs(db, generationOptions(input, plan), hooks)
  hooks.throwIfCancelled?.()
  hooks.progress?.(0, 1, 'computing')
  // each line is written as it is computed, in the one transaction of the draft: at FIDE scale two million entries
  // and their sheets are never held at once (the profile's lesson: they were most of the memory and of the GC's time)
  const write = db.transaction(() => {
    hooks.locked?.begun()
    const writer = openListWriter(db, built, meta, { status: 'draft', replaceDraft: true, progress: hooks.progress, throwIfCancelled: hooks.throwIfCancelled })
    // the base lines are given up as their lines are written: nothing below reads them (the writer took its count)
    const result = generateList({ ...built.input, releaseBase: true }, notingFolds(writer, folded, built))
    const listId = writer.finish(result)
    auditGeneration(db, listId, input, plan.edition, built.base.id, result)
    hooks.locked?.committing(db)
    return { listId, result }
  })
  // the write lock from the transaction's start: nothing but this draft is committed between its start and its end
  const { listId, result } = withTempStoreInMemory(db, () => write.immediate())
  return resultOf(db, listId, built.base.id, result, plan.closingDate)
}
