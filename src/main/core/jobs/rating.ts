// Rating jobs in the worker thread: `rating:period` rates a batch of player periods with progress and cancel checks.
import type { JobHandlersOf } from '../workers/protocol'
import { calcInputSchema, type CalcInput, type CalcOutput, type Edition, type PeriodJobResult, type PeriodSummary } from '../../../shared/contract/rating'
import { calcPeriod } from '../engine/calc'
import { isCalcInputFast } from '../engine/calc-input'
import { builtinEdition } from '../rules/editions'
import { UserError } from '../util/errors'
import { openDatabase, type Db } from '../db/open'
import { loadProfile } from '../data/profiles'

/** Saved profiles come from the host's database, opened read-only only when a batch names one. */
function profileLookup(dbPath: string): { lookup: (id: string) => Edition | undefined; close(): void } {
  let db: Db | null = null
  const cache = new Map<string, Edition | undefined>()
  return {
    lookup(id) {
      if (builtinEdition(id)) return builtinEdition(id)
      if (cache.has(id)) return cache.get(id)
      db ??= openDatabase(dbPath, { readonly: true })
      const e = loadProfile(db, id)
      cache.set(id, e)
      return e
    },
    close() {
      db?.close()
    }
  }
}

export const ratingJobs: JobHandlersOf<'rating'> = {
  'rating:period': (input, ctx): PeriodJobResult => {
    const { detail } = input
    let items: unknown[]
    if (input.itemsJson !== undefined) {
      let doc: unknown
      try {
        doc = JSON.parse(input.itemsJson)
      } catch (e) {
        throw new UserError('engine.badPeriodInput', { index: '-', message: `itemsJson: ${(e as Error).message}` })
      }
      if (!Array.isArray(doc)) throw new UserError('engine.badPeriodInput', { index: '-', message: 'itemsJson: expected a JSON array' })
      items = doc
    } else items = input.items ?? []
    const profiles = profileLookup(ctx.dbPath)
    try {
      const results: (PeriodSummary | CalcOutput)[] = new Array(items.length)
      let games = 0
      for (let i = 0; i < items.length; i++) {
        if ((i & 1023) === 0) {
          ctx.throwIfCancelled()
          ctx.progress(i, items.length, 'players')
        }
        // the fast check admits only valid documents; the schema runs on the others to say what is wrong
        const raw = items[i]
        let doc: CalcInput
        if (isCalcInputFast(raw)) doc = raw
        else {
          const item = calcInputSchema.safeParse(raw)
          if (!item.success) {
            const first = item.error.issues[0]!
            throw new UserError('engine.badPeriodInput', { index: i, message: `${first.path.join('.') || '(item)'}: ${first.message}` })
          }
          doc = item.data
        }
        const out = calcPeriod(doc, profiles.lookup)
        let n = 0
        let w = 0
        let k: number | null = null
        for (const t of out.tournaments) {
          n += t.n
          w += t.w
          if (t.k !== null) k = t.k
        }
        games += n
        results[i] = detail ? out : { index: i, change: out.change, newRating: out.newRating, k, n, w, initial: out.initial ?? null }
      }
      ctx.progress(items.length, items.length, 'players')
      return { players: items.length, games, results }
    } finally {
      profiles.close()
    }
  }
}
