// Rating lists: which list is in force on a date (the one rule every feature uses) and the ratings read from it.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import { prepared } from './statements'
import { RATING_TYPES } from '../model/tournament'
import { publishedRatingSql } from './published-rating'

export type RatingType = 'standard' | 'rapid' | 'blitz'

/** A list as the features that pick one need it. */
export interface ListRef {
  id: number
  listDate: string
  kind: 'reference' | 'office'
}

/**
 * The chain of lists a feature reads. An office may hold FIDE's list (FIDE's download and the office's own lists under
 * FIDE's rules) and a national list (the federation's imported list and the lists of a national profile built on it)
 * of the same players: "two lists of the office, each with its own base, profile and calendar". A chain is
 * named as the office lists of it are (`rating_lists.source`): 'FIDE' for FIDE's rules, a profile's id for a
 * federation's. Its imported lists: FIDE's download (source 'FIDE') for the FIDE chain, a federation's list (any other
 * source) for a national one; when the office holds no imported list of the chain's kind for the rating type, those of
 * the other kind (an office that starts a national list from FIDE's download).
 */
export type ListChain = string
export const FIDE_CHAIN: ListChain = 'FIDE'

/** The chain a rule set writes and reads: FIDE's editions the FIDE chain, a federation's profile its own. */
export function editionChain(edition: { kind: string; id: string }): ListChain {
  return edition.kind === 'fide' ? FIDE_CHAIN : edition.id
}

/** The chain a stored list belongs to: its source (an imported list of a federation reads as that federation's chain). */
export function listChain(list: { source: string }): ListChain {
  return list.source
}

/**
 * The lists of a chain, over `rating_lists` aliased `a`, with named parameters @chain and @type (the rating type).
 * The NOT EXISTS does not depend on the row: SQLite computes it once per statement.
 */
export function chainCondition(a: string): string {
  return `((${a}.kind = 'office' AND ${a}.source = @chain) OR (${a}.kind = 'reference' AND ((${a}.source = 'FIDE') = (@chain = 'FIDE')
    OR NOT EXISTS (SELECT 1 FROM rating_lists own WHERE own.kind = 'reference' AND own.rating_type = @type AND (own.source = 'FIDE') = (@chain = 'FIDE')))))`
}

/**
 * The one tie-break for "the list in force" of a chain, in SQL over `rating_lists` aliased `l`:
 * 1. drafts never count: only published office lists and reference lists (status 'published' or 'reference');
 * 2. the latest list date wins (on or before the date asked for);
 * 3. on one date, the office's published list wins over a reference list: the office computed it from that
 *    reference list (or corrected it) and published it as the official figures;
 * 4. then the highest version (a correction published as a new version supersedes the earlier one);
 * 5. then the latest stored (highest id): a list re-imported on the same date replaces the earlier import.
 */
const IN_FORCE_WHERE = `l.rating_type = @type AND l.status IN ('published', 'reference') AND ${chainCondition('l')}`
const IN_FORCE_ORDER = "l.list_date DESC, CASE l.kind WHEN 'office' THEN 0 ELSE 1 END, l.version DESC, l.id DESC"

/** The list of a chain in force on `date` (YYYY-MM-DD) for a rating type: dated on or before it, by the tie-break above. */
export function listInForce(db: Db, date: string, ratingType: RatingType | string, chain: ListChain): ListRef | null {
  const row = prepared(db, `SELECT l.id, l.list_date AS listDate, l.kind FROM rating_lists l WHERE ${IN_FORCE_WHERE} AND l.list_date <= @date ORDER BY ${IN_FORCE_ORDER} LIMIT 1`)
    .get({ type: ratingType, date, chain }) as ListRef | undefined
  return row ?? null
}

/** The list of a chain in force just before `date`: dated strictly before it, by the same tie-break (a list's predecessor). */
export function listBefore(db: Db, date: string, ratingType: RatingType | string, chain: ListChain): ListRef | null {
  const row = prepared(db, `SELECT l.id, l.list_date AS listDate, l.kind FROM rating_lists l WHERE ${IN_FORCE_WHERE} AND l.list_date < @date ORDER BY ${IN_FORCE_ORDER} LIMIT 1`)
    .get({ type: ratingType, date, chain }) as ListRef | undefined
  return row ?? null
}

export interface ListRating {
  rating: number | null
  k: number | null
  birthYear: number | null
}

/** Entries of one list already read, by FIDE ID (null: the list has none for that ID), e.g. by a file's matching. */
export interface KnownListEntries {
  listId: number
  byFideId: ReadonlyMap<string, ListRating | null>
}

/**
 * Ratings in force at a tournament's start: per FIDE ID, the entry of the chain's latest list (a reference list, or a
 * published office list) of that rating type dated on or before the start. Also returns which list was used. `known`:
 * entries already read from that list (the import's matching read them a moment before), not read again.
 */
export function ratingsAtStart(db: Db, start: string, ratingType: RatingType | string, chain: ListChain, fideIds: readonly string[], known?: KnownListEntries | null): { list: ListRef | null; byFideId: Map<string, ListRating> } {
  const list = listInForce(db, start, ratingType, chain)
  const byFideId = new Map<string, ListRating>()
  if (!list) return { list: null, byFideId }
  const stmt = prepared(db,
    `SELECT ${publishedRatingSql('e')} AS rating, e.k, e.birth_year AS birthYear FROM ${listTables(db, list.id).entries} e JOIN players p ON p.id = e.player_id
      WHERE e.list_id = ? AND p.fide_id = ?`
  )
  const read = known && known.listId === list.id ? known.byFideId : null
  for (const id of fideIds) {
    if (!/^\d+$/.test(id)) continue
    const row = read?.has(id) ? read.get(id) : (stmt.get(list.id, Number(id)) as ListRating | undefined)
    if (row) byFideId.set(id, row)
  }
  return { list, byFideId }
}

/**
 * Players unrated at a tournament's start who have been published since (§ 8.4): their current rating, from the latest
 * list of the chain and type after the start that holds one (drafts never; between lists of one date, the listInForce order).
 */
export function ratingsPublishedSince(db: Db, start: string, ratingType: RatingType | string, chain: ListChain, fideIds: readonly string[]): Map<string, number> {
  const stmt = prepared(db,
    `SELECT ${publishedRatingSql('e')} AS rating FROM rating_list_entries e
       JOIN rating_lists l ON l.id = e.list_id
       JOIN players p ON p.id = e.player_id
      WHERE p.fide_id = @fideId AND ${IN_FORCE_WHERE} AND l.list_date > @start AND ${publishedRatingSql('e')} IS NOT NULL
      ORDER BY ${IN_FORCE_ORDER} LIMIT 1`
  )
  const out = new Map<string, number>()
  for (const id of fideIds) {
    if (!/^\d+$/.test(id)) continue
    const row = stmt.get({ fideId: Number(id), type: ratingType, start, chain }) as { rating: number } | undefined
    if (row) out.set(id, row.rating)
  }
  return out
}

/**
 * The newest reference list of each type of FIDE's chain (FIDE's own ratings): a player's "current" ratings. A national
 * list the office imported beside it is another chain (above) and is not read here, even when newer; an office
 * that holds no FIDE download shows its national list's.
 */
export function currentReferenceLists(db: Db): Record<RatingType, { id: number; listDate: string } | null> {
  const out: Record<RatingType, { id: number; listDate: string } | null> = { standard: null, rapid: null, blitz: null }
  const q = db.prepare(
    `SELECT l.id, l.list_date AS listDate FROM rating_lists l WHERE l.kind = 'reference' AND l.rating_type = @type AND ${chainCondition('l')}
      ORDER BY l.list_date DESC, l.id DESC LIMIT 1`
  )
  for (const t of RATING_TYPES) out[t] = (q.get({ type: t, chain: FIDE_CHAIN }) as { id: number; listDate: string } | undefined) ?? null
  return out
}
