// Deep pages and counts of the players table, from the counts per key bucket and status of migrations 18 and 19: a
// total is a sum of counts; a page sums the counts of its order's buckets up to its offset and walks the order's index
// from its bucket's first key.
import type { Db } from '../db/open'
import { readParts, type OrderPart } from './list-order-marks'

// The bucket keys, the recount and the rare statuses below are the runtime's copies of what migrations 18 and 19
// wrote into the schema's triggers (each migration keeps its own, as it ran); test/main/core/data/frozen-copies.spec.ts
// holds them equal to the triggers the schema has, and BucketTally's JavaScript keys equal to the recount's.
//
// A bucket is (b1, b2), ordered as the order's key is: the first two letters of the folded name; the FIDE ID by
// hundred thousands (-1 without one: first, where SQLite puts NULL); the federation then the name's first letter; the
// birth year then the name's first letter; the title then the name's first two letters (most players have no title).
// A missing federation, birth year or title is 0: an integer sorts before any text, as NULL does in the order.
export type BucketSort = 'name' | 'fideId' | 'federation' | 'birthYear' | 'title'

/** Each order's bucket as two SQL expressions over a players row named `r`, the first one NULL when the key is missing. */
const RAW: Record<BucketSort, (r: string) => [string, string]> = {
  name: (r) => [`substr(${r}.name_folded, 1, 2)`, "''"],
  fideId: (r) => [`${r}.fide_id / 100000`, "''"],
  federation: (r) => [`${r}.federation`, `substr(${r}.name_folded, 1, 1)`],
  birthYear: (r) => [`substr(${r}.birth_date, 1, 4)`, `substr(${r}.name_folded, 1, 1)`],
  title: (r) => [`${r}.title`, `substr(${r}.name_folded, 1, 2)`]
}
/** What a missing key's bucket is: first in the order, as NULL is. */
const MISSING: Record<BucketSort, string> = { name: "''", fideId: '-1', federation: '0', birthYear: '0', title: '0' }

/** Each order's bucket as two SQL expressions over a players row named `r` (NEW, OLD or a table alias), never NULL. */
export const BUCKETS: Record<BucketSort, (r: string) => [string, string]> = Object.fromEntries(
  (Object.keys(RAW) as BucketSort[]).map((s) => [s, (r: string) => [`coalesce(${RAW[s](r)[0]}, ${MISSING[s]})`, RAW[s](r)[1]]])
) as Record<BucketSort, (r: string) => [string, string]>

const SORTS = Object.keys(BUCKETS) as BucketSort[]

/**
 * Counts every bucket of every order and status again (a bulk first load at its end): each count groups the raw key
 * and the status, which the order's index holds; the birth year's reads the table in order (its index is an
 * expression's, not covering for SQLite).
 */
export const RECOUNT_STATUS_BUCKETS = `DELETE FROM player_buckets;
${SORTS.map(
  (s) => `INSERT INTO player_buckets (sort, status, b1, b2, n) SELECT '${s}', status, coalesce(k1, ${MISSING[s]}), k2, n
    FROM (SELECT ${RAW[s]('p')[0]} AS k1, ${RAW[s]('p')[1]} AS k2, p.status AS status, count(*) AS n FROM players p${s === 'birthYear' ? ' NOT INDEXED' : ''}
           GROUP BY 1, 2, 3);`
).join('\n')}`

/**
 * The statuses few players have: partial indexes hold them (migration 19). A query uses them when it says `p.status =
 * 'deceased'` (or 'merged') as a literal: SQLite proves the index's WHERE from it.
 */
export const RARE_STATUSES = ['deceased', 'merged'] as const

export type StatusFilter = 'active' | 'inactive' | 'deceased' | 'merged' | 'any'

/** Counts every bucket again by scans of the players table (five scans and sorts: 9.8 s of CPU at 1.9 M). */
export function recountBuckets(db: Db): void {
  db.exec(RECOUNT_STATUS_BUCKETS)
}

/** The first `n` characters of a text as SQLite's substr counts them (code points, not UTF-16 units). */
function head(s: string, n: number): string {
  let i = 0
  for (let k = 0; k < n && i < s.length; k++) i += s.codePointAt(i)! > 0xffff ? 2 : 1
  return s.slice(0, i)
}

/** The sorts whose bucket is a key then a part of the name; a missing key is the integer 0 (migration 18's MISSING). */
const KEYED = ['federation', 'birthYear', 'title'] as const

/** One status's counts, keyed per order without an object or a composite key per bucket where none is needed. */
class StatusTally {
  readonly names = new Map<string, number>()
  readonly fideIds = new Map<number, number>()
  /** Per keyed sort: a present key's count under `${b2.length}${b2}${b1}` (no separator a text could hold), a missing key's under b2. */
  readonly keyed = KEYED.map(() => ({ present: new Map<string, number>(), missing: new Map<string, number>() }))
}

/**
 * The bucket counts of the players a bulk first load writes (without the insert trigger), tallied as the rows are
 * written: each bucket and status exactly as migrations 18 and 19 count them (the specs hold the result equal to
 * RECOUNT_STATUS_BUCKETS), without the recount's five scans and sorts of the table.
 */
export class BucketTally {
  private readonly statuses = new Map<string, StatusTally>()
  /** The players counted, and those of them merged away. */
  total = 0
  merged = 0

  add(nameFolded: string, fideId: number | null, federation: string | null, birthDate: string | null, title: string | null, status: string): void {
    this.total++
    if (status === 'merged') this.merged++
    let t = this.statuses.get(status)
    if (!t) this.statuses.set(status, (t = new StatusTally()))
    const n2 = head(nameFolded, 2)
    const n1 = head(n2, 1)
    bump(t.names, n2)
    bump(t.fideIds, fideId === null ? -1 : Math.trunc(fideId / 100000))
    bumpKeyed(t, 0, federation, n1)
    bumpKeyed(t, 1, birthDate === null ? null : head(birthDate, 4), n1)
    bumpKeyed(t, 2, title, n2)
  }

  /** Replaces every count with the tally's (the numbers bound as integers: a JavaScript number binds as a real). */
  write(db: Db): void {
    db.prepare('DELETE FROM player_buckets').run()
    const insert = db.prepare('INSERT INTO player_buckets (sort, status, b1, b2, n) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n')
    for (const [status, t] of this.statuses) {
      for (const [b1, n] of t.names) insert.run('name', status, b1, '', n)
      for (const [b1, n] of t.fideIds) insert.run('fideId', status, BigInt(b1), '', n)
      KEYED.forEach((sort, i) => {
        for (const [b2, n] of t.keyed[i]!.missing) insert.run(sort, status, 0n, b2, n)
        for (const [key, n] of t.keyed[i]!.present) {
          const len = Number(key[0])
          insert.run(sort, status, key.slice(1 + len), key.slice(1, 1 + len), n)
        }
      })
    }
  }
}

function bumpKeyed(t: StatusTally, sort: number, b1: string | null, b2: string): void {
  const k = t.keyed[sort]!
  if (b1 === null) bump(k.missing, b2)
  else bump(k.present, `${b2.length}${b2}${b1}`)
}

function bump<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

/** The statuses a filter shows: 'any' is every player not merged away. */
const statusesOf = (status: StatusFilter): string[] => (status === 'any' ? ['active', 'inactive', 'deceased'] : [status])

/**
 * The status filter as SQL over `p`, a literal (the status is one of five words): 'any' leaves the merged records out;
 * a rare status says it as the partial indexes of migration 19 need (`p.status = 'deceased'`); a common one is written
 * `+p.status = …`, which the planner tests on the order's index without taking the status for a constant of the order
 * (else it sorts each run of equal keys by id again).
 */
export function statusCondition(status: StatusFilter): string {
  if (status === 'any') return "p.status <> 'merged'"
  return (RARE_STATUSES as readonly string[]).includes(status) ? `p.status = '${status}'` : `+p.status = '${status}'`
}

/** The number of players of a status filter, of one federation when given, from the bucket counts. */
export function bucketTotal(db: Db, status: StatusFilter, federation: string | null): number {
  const statuses = statusesOf(status)
  const inStatuses = statuses.map(() => '?').join(', ')
  return federation === null
    ? (db.prepare(`SELECT coalesce(sum(n), 0) FROM player_buckets WHERE sort = 'name' AND status IN (${inStatuses})`).pluck().get(...statuses) as number)
    : (db.prepare(`SELECT coalesce(sum(n), 0) FROM player_buckets WHERE sort = 'federation' AND status IN (${inStatuses}) AND b1 = ?`).pluck().get(...statuses, federation) as number)
}

/** An order by a nullable key `key`, then the folded name: its index's ranges from a bucket. */
const keyed =
  (key: string) =>
  (b1: string | number, b2: string, where: string): OrderPart[] => {
    const order = `ORDER BY ${key}, p.name_folded, p.status, p.id`
    return typeof b1 === 'number'
      ? [
          { sql: `SELECT p.id FROM players p WHERE ${key} IS NULL AND p.name_folded >= @b2 AND ${where} ${order}`, params: [], named: { b2 } },
          { sql: `SELECT p.id FROM players p WHERE ${key} IS NOT NULL AND ${where} ${order}`, params: [] }
        ]
      : [
          { sql: `SELECT p.id FROM players p WHERE ${key} = @b1 AND p.name_folded >= @b2 AND ${where} ${order}`, params: [], named: { b1, b2 } },
          { sql: `SELECT p.id FROM players p WHERE ${key} > @b1 AND ${where} ${order}`, params: [], named: { b1 } }
        ]
  }

/**
 * Each order's walk from a bucket's first key to the end, as ordered parts (a missing key, first, is its own range of
 * the index), the players of `where`. The orders are PlayerReader.search's, each an index's own order ending with
 * status and id.
 */
const FROM_BUCKET: Record<BucketSort, (b1: string | number, b2: string, where: string) => OrderPart[]> = {
  name: (b1, _b2, where) => [{ sql: `SELECT p.id FROM players p WHERE p.name_folded >= @b1 AND ${where} ORDER BY p.name_folded, p.status, p.id`, params: [], named: { b1 } }],
  fideId: (b1, _b2, where) =>
    b1 === -1
      ? [
          { sql: `SELECT p.id FROM players p WHERE p.fide_id IS NULL AND ${where} ORDER BY p.fide_id, p.status, p.id`, params: [] },
          { sql: `SELECT p.id FROM players p WHERE p.fide_id IS NOT NULL AND ${where} ORDER BY p.fide_id, p.status, p.id`, params: [] }
        ]
      : [{ sql: `SELECT p.id FROM players p WHERE p.fide_id >= @lo AND ${where} ORDER BY p.fide_id, p.status, p.id`, params: [], named: { lo: Number(b1) * 100000 } }],
  federation: keyed('p.federation'),
  birthYear: keyed('substr(p.birth_date, 1, 4)'),
  title: keyed('p.title')
}

/** Inside one federation the orders by name and by federation are one: its players by name, from a bucket's first letter. */
const inFederation = (federation: string, b2: string, where: string): OrderPart[] => [
  {
    sql: `SELECT p.id FROM players p WHERE p.federation = @fed AND p.name_folded >= @b2 AND ${where} ORDER BY p.federation, p.name_folded, p.status, p.id`,
    params: [],
    named: { fed: federation, b2 }
  }
]

/**
 * The player ids of the page [offset, offset + limit) of order `sort`, ascending or descending, of the `total` players
 * of a status filter (the stored count; 'any': not merged away), of one federation when given (then by name or by
 * federation only); null when no bucket is counted or the order has no buckets inside a federation.
 */
export function bucketPage(
  db: Db,
  sort: BucketSort,
  page: { offset: number; limit: number; desc: boolean },
  total: number,
  filter: { status: StatusFilter; federation: string | null } = { status: 'any', federation: null }
): number[] | null {
  const { federation } = filter
  if (federation !== null && sort !== 'name' && sort !== 'federation') return null
  const count = Math.min(page.limit, total - page.offset)
  if (count <= 0) return []
  // the ascending positions of the page (a descending page is the ascending slice reversed)
  const start = page.desc ? total - page.offset - count : page.offset
  const statuses = statusesOf(filter.status)
  const inStatuses = statuses.map(() => '?').join(', ')
  const buckets = (
    federation === null
      ? db.prepare(`SELECT b1, b2, sum(n) AS n FROM player_buckets WHERE sort = ? AND status IN (${inStatuses}) GROUP BY b1, b2 HAVING sum(n) > 0 ORDER BY b1, b2`).all(sort, ...statuses)
      : db.prepare(`SELECT b1, b2, sum(n) AS n FROM player_buckets WHERE sort = 'federation' AND status IN (${inStatuses}) AND b1 = ? GROUP BY b2 HAVING sum(n) > 0 ORDER BY b2`).all(...statuses, federation)
  ) as { b1: string | number; b2: string; n: number }[]
  const where = statusCondition(filter.status)
  let before = 0
  for (const b of buckets) {
    if (before + b.n > start) {
      const parts = federation === null ? FROM_BUCKET[sort](b.b1, b.b2, where) : inFederation(federation, b.b2, where)
      const ids = readParts<{ id: number }>(db, parts, start - before, count).map((r) => r.id)
      return page.desc ? ids.reverse() : ids
    }
    before += b.n
  }
  return null
}
