// Rating lists: which list is in force on a date (the one rule every feature uses) and the ratings read from it.
import type { Db } from '../db/open'
import { prepared } from './statements'

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
  const row = prepared(db, `SELECT id, list_date AS listDate, kind FROM rating_lists WHERE ${IN_FORCE_WHERE} AND list_date <= ? ORDER BY ${IN_FORCE_ORDER} LIMIT 1`)
    .get(ratingType, date) as ListRef | undefined
  return row ?? null
}

/** The list in force just before `date`: dated strictly before it, by the same tie-break (a list's predecessor). */
export function listBefore(db: Db, date: string, ratingType: RatingType | string): ListRef | null {
  const row = prepared(db, `SELECT id, list_date AS listDate, kind FROM rating_lists WHERE ${IN_FORCE_WHERE} AND list_date < ? ORDER BY ${IN_FORCE_ORDER} LIMIT 1`)
    .get(ratingType, date) as ListRef | undefined
  return row ?? null
}

export interface ListRating {
  rating: number | null
  k: number | null
  birthYear: number | null
}

/**
 * Ratings in force at a tournament's start: per FIDE ID, the entry of the latest list (a reference list, or a published
 * office list) of that rating type dated on or before the start. Also returns which list was used.
 */
export function ratingsAtStart(db: Db, start: string, ratingType: RatingType | string, fideIds: readonly string[]): { list: ListRef | null; byFideId: Map<string, ListRating> } {
  const list = listInForce(db, start, ratingType)
  const byFideId = new Map<string, ListRating>()
  if (!list) return { list: null, byFideId }
  const stmt = prepared(db,
    `SELECT e.rating, e.k, e.birth_year AS birthYear FROM rating_list_entries e JOIN players p ON p.id = e.player_id
      WHERE e.list_id = ? AND p.fide_id = ?`
  )
  for (const id of fideIds) {
    if (!/^\d+$/.test(id)) continue
    const row = stmt.get(list.id, Number(id)) as ListRating | undefined
    if (row) byFideId.set(id, row)
  }
  return { list, byFideId }
}

/**
 * Players unrated at a tournament's start who have been published since (§ 8.4): their current rating, from the latest
 * list of that type after the start that holds one (drafts never; between lists of one date, the listInForce order).
 */
export function ratingsPublishedSince(db: Db, start: string, ratingType: RatingType | string, fideIds: readonly string[]): Map<string, number> {
  const stmt = prepared(db,
    `SELECT e.rating FROM rating_list_entries e
       JOIN rating_lists l ON l.id = e.list_id
       JOIN players p ON p.id = e.player_id
      WHERE p.fide_id = ? AND l.rating_type = ? AND l.list_date > ? AND e.rating IS NOT NULL
        AND l.status IN ('published', 'reference')
      ORDER BY l.list_date DESC, CASE l.kind WHEN 'office' THEN 0 ELSE 1 END, l.version DESC, l.id DESC LIMIT 1`
  )
  const out = new Map<string, number>()
  for (const id of fideIds) {
    if (!/^\d+$/.test(id)) continue
    const row = stmt.get(Number(id), ratingType, start) as { rating: number } | undefined
    if (row) out.set(id, row.rating)
  }
  return out
}
