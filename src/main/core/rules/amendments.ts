// Dated amendments applied on top of an edition: the 1 March 2024 compression, the rapid/blitz 600-point rule, the
// 2026 season's QC-approved standard events and the 2024 rapid/blitz rating of unrated players with a standard rating.
import type { Edition } from '../../../shared/contract/rating'
import type { RatingType } from '../model/tournament'

/** The one-time compression: below `below`, old + factor × (below − old), rounded per the amendment. */
export function compressRating(e: Edition, rating: number, ratingType: RatingType = 'standard'): number {
  const c = e.amendments.compression
  if (!c || !c.ratingTypes.includes(ratingType) || rating >= c.below) return rating
  const raw = rating + c.factor * (c.below - rating)
  // round on a tenth-of-a-millionth grid first so that 0.4 × 600 stays exactly 240
  const clean = Math.round(raw * 1e6) / 1e6
  return c.rounding === 'half-up' ? Math.floor(clean + 0.5) : Math.floor(clean)
}

/** True when the compression falls between two list dates (exclusive start, inclusive end): apply it exactly once. */
export function compressionBetween(e: Edition, fromListDate: string, toListDate: string): boolean {
  const c = e.amendments.compression
  return c !== null && fromListDate < c.date && c.date <= toListDate
}

/** Rapid/blitz from 1 Dec 2024: a game with a difference ≥ 600 where one player is rated above 2600 is not rated. */
export function fastGameExcluded(e: Edition, ratingType: RatingType, start: string, own: number, opp: number): boolean {
  const r = e.amendments.fastGamesNotRated
  if (!r || ratingType === 'standard' || start < r.from) return false
  return Math.abs(own - opp) >= r.minDifference && Math.max(own, opp) > r.aboveRating
}

/** The paragraph the QC approval's findings cite (regulations.md § 1, the 2026 season). */
export const QC_STANDARD_REF = 'FIDE 2024: Qualification Commission approval of 45′+30″ events for the standard list, 2026 season (regulations.md § 1)'

/** The paragraph cited when a rapid or blitz event rates an unrated player with his standard rating. */
export const RATED_WITH_STANDARD_REF = 'FIDE 2024: rapid and blitz, an unrated player with a standard rating is rated with it (regulations.md § 1)'

/**
 * 2024 rapid and blitz (regulations.md § 1, amendments inside 2024): an unrated player with a standard rating is rated
 * with it, in tournaments under `fide-2024` or a profile based on it. One rule for the list's generation and the checks.
 */
export function ratedWithStandard(e: Pick<Edition, 'id' | 'basedOn'>, ratingType: RatingType | null): boolean {
  return ratingType !== null && ratingType !== 'standard' && (e.id === 'fide-2024' || e.basedOn === 'fide-2024')
}
