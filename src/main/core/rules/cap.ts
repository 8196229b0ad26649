// The rating-difference cap of an edition: every game (350/400), once per tournament (2022), the 2650 exemption (2025).
import type { Edition, Note } from '../../../shared/contract/rating'

export interface CapPlan {
  /** For each game index, whether the cap applies to it. */
  applies: (i: number) => boolean
  note: Note | null
}

/**
 * Decides which games of one player's tournament get the cap. `diffs` are own − opponent, uncapped,
 * for the counted games; `ownRating` and `start` decide the dated 2650 exemption.
 */
export function planCap(e: Edition, diffs: readonly number[], ownRating: number, start: string): CapPlan {
  const c = e.cap
  if (c.exemption && start >= c.exemption.from && ownRating >= c.exemption.ownRatingAtLeast) {
    const over = diffs.some((d) => Math.abs(d) > c.points)
    return {
      applies: () => false,
      note: over ? { ref: e.refs.cap, text: `no ${c.points}-point cap: rated ${ownRating} ≥ ${c.exemption.ownRatingAtLeast} in a tournament starting on or after ${c.exemption.from}` } : null
    }
  }
  if (c.mode === 'every-game') return { applies: () => true, note: null }
  // once per tournament: only the game with the largest difference beyond the cap (the first of equals)
  let best = -1
  for (let i = 0; i < diffs.length; i++) {
    if (Math.abs(diffs[i]!) > c.points && (best < 0 || Math.abs(diffs[i]!) > Math.abs(diffs[best]!))) best = i
  }
  const others = diffs.filter((d, i) => i !== best && Math.abs(d) > c.points).length
  return {
    applies: (i) => i === best,
    note:
      best >= 0
        ? { ref: e.refs.cap, text: `the ${c.points}-point cap applies once per tournament: game ${best + 1} (difference ${diffs[best]})${others ? `; ${others} other game(s) beyond ${c.points} are not capped` : ''}` }
        : null
  }
}

export function capDiff(d: number, points: number): number {
  return d > points ? points : d < -points ? -points : d
}
