// A correction on two threads: the lines of the list computed again are compared with the published list's as they
// come (the target the two-thread writer fills, services/generation-on-two-threads.ts), on their way into the new
// version, or into nothing for a preview. The published lines' compared figures are held in typed arrays in player
// order (tens of megabytes at FIDE's size), each new line found by binary search.
import type { Db } from '../db/open'
import type { ListEntry } from '../lists/types'
import type { DraftTarget } from './draft-writer'
import { ENTRY_COLUMNS, ENTRY_STATUS_AT, entryOfRow } from '../lists/draft-rows'
import { listTables } from '../db/archive-files'
import { listEntryCount } from './list-pages'

export interface LineComparison extends DraftTarget {
  /**
   * The lines that differ from their published line in what a correction's changelog records (rating, games, K,
   * flags, status, as listEntriesCanonical reads them) or have none; in the order they came.
   */
  readonly differing: ListEntry[]
  /** The players of the published list with no line now. */
  gone(): number[]
}

/** Compares the rows given to it with the lines of the list `listId`, then gives them to `draft` (none: writes nothing). */
export function compareWithList(db: Db, listId: number, draft?: DraftTarget): LineComparison {
  const n = listEntryCount(db, listId)
  const ids = new Float64Array(n)
  // NaN stands for NULL; flags and status by a code each
  const rating = new Float64Array(n)
  const games = new Float64Array(n)
  const k = new Float64Array(n)
  const flags = new Uint32Array(n)
  const status = new Uint32Array(n)
  const codes = new Map<string | null, number>()
  const code = (v: string | null): number => {
    let c = codes.get(v)
    if (c === undefined) codes.set(v, (c = codes.size))
    return c
  }
  const num = (v: unknown): number => (v === null || v === undefined ? NaN : (v as number))
  let i = 0
  const rows = db.prepare(`SELECT player_id, rating, games, k, flags, entry_status FROM ${listTables(db, listId).entries} WHERE list_id = ? ORDER BY player_id`).raw().iterate(listId) as IterableIterator<unknown[]>
  for (const r of rows) {
    if (i === n) throw new Error(`list ${listId}: more entries than its count (${n})`)
    ids[i] = r[0] as number
    rating[i] = num(r[1])
    games[i] = num(r[2] ?? 0)
    k[i] = num(r[3])
    flags[i] = code(r[4] as string | null)
    status[i] = code((r[5] as string | null) ?? 'rated')
    i++
  }
  if (i !== n) throw new Error(`list ${listId}: ${i} entries read, its count says ${n}`)
  const seen = new Uint8Array(n)
  const differing: ListEntry[] = []
  const same = (a: number, b: number): boolean => a === b || (a !== a && b !== b)
  const at = (playerId: number): number => {
    let lo = 0
    let hi = n - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const v = ids[mid]!
      if (v === playerId) return mid
      if (v < playerId) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }
  const check = (values: readonly unknown[], from: number): void => {
    const p = at(values[from] as number)
    if (p >= 0) {
      seen[p] = 1
      if (
        same(rating[p]!, num(values[from + 1])) &&
        same(games[p]!, num(values[from + 2] ?? 0)) &&
        same(k[p]!, num(values[from + 3])) &&
        flags[p] === code(values[from + 4] as string | null) &&
        status[p] === code((values[from + ENTRY_STATUS_AT] as string | null) ?? 'rated')
      )
        return
    }
    differing.push(entryOfRow(values, from))
  }
  const entries = {
    group: (values: unknown[]): void => {
      for (let from = 0; from + ENTRY_COLUMNS <= values.length; from += ENTRY_COLUMNS) check(values, from)
      draft?.entries.group(values)
    },
    one: (values: unknown[]): void => {
      check(values, 0)
      draft?.entries.one(values)
    }
  }
  const nothing = { group: (): void => undefined, one: (): void => undefined }
  return {
    id: draft?.id ?? 0,
    entries,
    sheets: draft?.sheets ?? nothing,
    finish: (entriesRest, sheetsRest, rows) => {
      for (const r of entriesRest) check(r, 0)
      return draft ? draft.finish(entriesRest, sheetsRest, rows) : 0
    },
    differing,
    gone: () => {
      const out: number[] = []
      for (let p = 0; p < n; p++) if (!seen[p]) out.push(ids[p]!)
      return out
    }
  }
}
