// Deep pages of the players table with no filter, from the counts per key bucket of migration 18: a page sums the
// counts of its order's buckets up to its offset and walks the order's index from its bucket's first key.
import type { Db } from '../db/open'
import { BUCKETS, RECOUNT_BUCKETS, type BucketSort } from '../db/migrations/018-registry-buckets'
import { readParts, type OrderPart } from './list-order-marks'

export type { BucketSort }
export { BUCKETS }

/** Counts every bucket again: after a bulk first load, which writes without the insert trigger. */
export function recountBuckets(db: Db): void {
  db.exec(RECOUNT_BUCKETS)
}

const NOT_MERGED = "p.status <> 'merged'"

/** An order by a nullable key `key`, then the folded name: its order terms and its index's ranges. */
const keyed = (key: string) => ({
  order: `${key}, p.name_folded, p.status, p.id`,
  parts: (b1: string | number, b2: string): OrderPart[] =>
    typeof b1 === 'number'
      ? [
          { sql: `SELECT p.id FROM players p WHERE ${key} IS NULL AND p.name_folded >= @b2 AND ${NOT_MERGED} ORDER BY ${key}, p.name_folded, p.status, p.id`, params: [], named: { b2 } },
          { sql: `SELECT p.id FROM players p WHERE ${key} IS NOT NULL AND ${NOT_MERGED} ORDER BY ${key}, p.name_folded, p.status, p.id`, params: [] }
        ]
      : [
          { sql: `SELECT p.id FROM players p WHERE ${key} = @b1 AND p.name_folded >= @b2 AND ${NOT_MERGED} ORDER BY ${key}, p.name_folded, p.status, p.id`, params: [], named: { b1, b2 } },
          { sql: `SELECT p.id FROM players p WHERE ${key} > @b1 AND ${NOT_MERGED} ORDER BY ${key}, p.name_folded, p.status, p.id`, params: [], named: { b1 } }
        ]
})

/**
 * Each order's walk from a bucket's first key to the end, as ordered parts (a missing key, first, is its own range of
 * the index). The orders are PlayerReader.search's, each an index's own order ending with status and id.
 */
const FROM_BUCKET: Record<BucketSort, (b1: string | number, b2: string) => OrderPart[]> = {
  name: (b1) => [{ sql: `SELECT p.id FROM players p WHERE p.name_folded >= @b1 AND ${NOT_MERGED} ORDER BY p.name_folded, p.status, p.id`, params: [], named: { b1 } }],
  fideId: (b1) =>
    b1 === -1
      ? [
          { sql: `SELECT p.id FROM players p WHERE p.fide_id IS NULL AND ${NOT_MERGED} ORDER BY p.fide_id, p.status, p.id`, params: [] },
          { sql: `SELECT p.id FROM players p WHERE p.fide_id IS NOT NULL AND ${NOT_MERGED} ORDER BY p.fide_id, p.status, p.id`, params: [] }
        ]
      : [{ sql: `SELECT p.id FROM players p WHERE p.fide_id >= @lo AND ${NOT_MERGED} ORDER BY p.fide_id, p.status, p.id`, params: [], named: { lo: Number(b1) * 100000 } }],
  federation: (b1, b2) => keyed('p.federation').parts(b1, b2),
  birthYear: (b1, b2) => keyed('substr(p.birth_date, 1, 4)').parts(b1, b2),
  title: (b1, b2) => keyed('p.title').parts(b1, b2)
}

/**
 * The player ids of the page [offset, offset + limit) of the players not merged away in order `sort`, ascending or
 * descending, of `total` players (the stored count); null when no bucket is counted.
 */
export function bucketPage(db: Db, sort: BucketSort, page: { offset: number; limit: number; desc: boolean }, total: number): number[] | null {
  const count = Math.min(page.limit, total - page.offset)
  if (count <= 0) return []
  // the ascending positions of the page (a descending page is the ascending slice reversed)
  const start = page.desc ? total - page.offset - count : page.offset
  const buckets = db.prepare('SELECT b1, b2, n FROM player_buckets WHERE sort = ? AND n > 0 ORDER BY b1, b2').all(sort) as { b1: string | number; b2: string; n: number }[]
  let before = 0
  for (const b of buckets) {
    if (before + b.n > start) {
      const ids = readParts<{ id: number }>(db, FROM_BUCKET[sort](b.b1, b.b2), start - before, count).map((r) => r.id)
      return page.desc ? ids.reverse() : ids
    }
    before += b.n
  }
  return null
}
