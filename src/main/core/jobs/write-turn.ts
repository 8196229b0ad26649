// A job that writes takes its turn on the database first (data/write-turn.ts): behind another writer it waits, its
// progress saying whose turn it is ("Waiting for the list generation started at … by …"), and goes on when that one
// ends; past the bounded wait it fails naming the holder. The turn ends with the job, whatever its end (or with its
// work after its result, for a job that asks).
import type { JobContext } from '../workers/protocol'
import type { JobKind } from '../../../shared/contract/jobs'
import { takeWriteTurn } from '../data/write-turn'

/** The work a job does after its result, as a writer waiting for its turn is told it (db.writer.<kind> words). */
export type AfterResultWork = 'lists:generateCopy' | 'lists:previewCopy'

export function inWriteTurn<I, R>(kind: JobKind, run: (input: I, ctx: JobContext) => R | Promise<R>, o: { heldAfterResult?: AfterResultWork } = {}): (input: I, ctx: JobContext) => Promise<R> {
  return async (input, ctx) => {
    const turn = await takeWriteTurn(ctx.dbPath, kind, { waiting: (message) => ctx.progress(0, 1, message), throwIfCancelled: () => ctx.throwIfCancelled() })
    let result: R
    try {
      result = await run(input, ctx)
    } catch (e) {
      turn.release()
      throw e
    }
    // a job whose work goes on after its result (JobContext.afterResult) keeps the turn until that work is done: a
    // writer asking meanwhile waits for it (the runner removes the mark of a worker stopped before)
    if (o.heldAfterResult) {
      turn.doing(o.heldAfterResult)
      ctx.afterResult(() => turn.release())
    } else turn.release()
    return result
  }
}
