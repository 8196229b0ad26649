// A job that writes takes its turn on the database first (data/write-turn.ts): behind another writer it waits, its
// progress saying whose turn it is ("Waiting for the list generation started at … by …"), and goes on when that one
// ends; past the bounded wait it fails naming the holder. The turn ends with the job, whatever its end.
import type { JobContext } from '../workers/protocol'
import type { JobKind } from '../../../shared/contract/jobs'
import { takeWriteTurn } from '../data/write-turn'

export function inWriteTurn<I, R>(kind: JobKind, run: (input: I, ctx: JobContext) => R | Promise<R>): (input: I, ctx: JobContext) => Promise<R> {
  return async (input, ctx) => {
    const turn = await takeWriteTurn(ctx.dbPath, kind, { waiting: (message) => ctx.progress(0, 1, message), throwIfCancelled: () => ctx.throwIfCancelled() })
    try {
      return await run(input, ctx)
    } finally {
      turn.release()
    }
  }
}
