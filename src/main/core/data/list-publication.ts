// SQL of a list's publication: the draft frozen with its counts and orders marked, its completed tournaments rated,
// the corrections it carried marked applied, and the federation that published it recorded.
import type { Db } from '../db/open'
import { getMeta } from './list-reads'
import { listEntryCount } from './list-pages'
import { marksCover, writeListMarks } from './list-order-marks'
import { ratedCountSql } from './list-by-rating'

/** The federation recorded with a published list (migration 26), or null when it recorded none. */
export function recordedPublisher(db: Db, listId: number): { name: string; code: string } | null {
  const r = db.prepare('SELECT federation_name AS name, federation_code AS code FROM office_list_meta WHERE list_id = ?').get(listId) as { name: string | null; code: string | null } | undefined
  return r?.name && r.code ? { name: r.name, code: r.code } : null
}

/**
 * Marks a draft published and its completed tournaments rated; the caller checks and audits in its transaction. The
 * federation that publishes it is recorded with its parameters first (migration 26), while they may still change.
 */
export function markPublished(db: Db, listId: number, federation: { name: string; code: string }): { publishedAt: string; tournaments: number } {
  const publishedAt = new Date().toISOString()
  db.prepare('UPDATE office_list_meta SET federation_name = ?, federation_code = ? WHERE list_id = ?').run(federation.name, federation.code, listId)
  // frozen with its counts (migration 11): its entries will never change again (a draft's, stored as its generation
  // wrote its last line, are kept: a counted list takes no new entry)
  const frozen = db.prepare(
    `UPDATE rating_lists SET status = 'published', published_at = @publishedAt,
            entry_count = coalesce(entry_count, (SELECT count(*) FROM main.rating_list_entries WHERE list_id = @id)),
            rated_count = coalesce(rated_count, ${ratedCountSql('@id')})
      WHERE id = @id AND status = 'draft'`
  ).run({ publishedAt, id: listId }).changes
  // and its orders marked (migrations 13 and 15), unless its generation marked them already (storeDraftCounts)
  const entries = listEntryCount(db, listId)
  if (frozen && !marksCover(db, listId, entries)) writeListMarks(db, listId, entries)
  const rated = db
    .prepare(
      `UPDATE tournaments SET status = 'rated', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
        WHERE id IN (SELECT tournament_id FROM office_list_tournaments WHERE list_id = ? AND final = 1) AND status = 'approved'`
    )
    .run(listId).changes
  const meta = getMeta(db, listId)
  const ids = meta ? ((JSON.parse(meta.counters) as { adjustments?: number[] }).adjustments ?? []) : []
  const mark = db.prepare('UPDATE office_list_adjustments SET applied_list_id = ? WHERE id = ? AND applied_list_id IS NULL')
  for (const id of ids) mark.run(listId, id)
  return { publishedAt, tournaments: rated }
}
