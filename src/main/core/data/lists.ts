// Rating lists: which list is in force on a date (the one rule every feature uses) and the entries read from it.
import type { Db } from '../db/open'

export type RatingType = 'standard' | 'rapid' | 'blitz'

/** A list as the features that pick one need it. */
export interface ListRef {
  id: number
  listDate: string
  kind: 'reference' | 'office'
}

/**
 * The one tie-break for "the list in force", in SQL over `rating_lists`:
 * 1. drafts never count: only published office lists and reference lists (status 'published' or 'reference');
 * 2. the latest list date wins (on or before the date asked for);
 * 3. on one date, the office's published list wins over a reference list: the office computed it from that
 *    reference list (or corrected it) and published it as the official figures;
 * 4. then the highest version (a correction published as a new version supersedes the earlier one);
 * 5. then the latest stored (highest id): a list re-imported on the same date replaces the earlier import.
 */
const IN_FORCE_WHERE = "rating_type = ? AND status IN ('published', 'reference')"
const IN_FORCE_ORDER = "list_date DESC, CASE kind WHEN 'office' THEN 0 ELSE 1 END, version DESC, id DESC"

/** The list in force on `date` (YYYY-MM-DD) for a rating type: dated on or before it, by the tie-break above. */
export function listInForce(db: Db, date: string, ratingType: RatingType | string): ListRef | null {
  const row = db
    .prepare(`SELECT id, list_date AS listDate, kind FROM rating_lists WHERE ${IN_FORCE_WHERE} AND list_date <= ? ORDER BY ${IN_FORCE_ORDER} LIMIT 1`)
    .get(ratingType, date) as ListRef | undefined
  return row ?? null
}

/** The list in force just before `date`: dated strictly before it, by the same tie-break (a list's predecessor). */
export function listBefore(db: Db, date: string, ratingType: RatingType | string): ListRef | null {
  const row = db
    .prepare(`SELECT id, list_date AS listDate, kind FROM rating_lists WHERE ${IN_FORCE_WHERE} AND list_date < ? ORDER BY ${IN_FORCE_ORDER} LIMIT 1`)
    .get(ratingType, date) as ListRef | undefined
  return row ?? null
}
