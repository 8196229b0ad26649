// The K rule of an edition: K from the player's state (games so far, ever ≥ threshold, age) and the K×n cap.
import type { Edition, Note } from '../../../shared/contract/rating'

export interface PlayerState {
  /** Rating on the list before the period (null: unrated). */
  rating: number | null
  /** Rated games completed before the period; unknown → treated as established (≥ the new-player limit). */
  ratedGames?: number
  /** A published rating ever reached the edition's high threshold (unknown → the current rating decides). */
  reachedHigh?: boolean
  birthYear?: number
}

export interface KDecision {
  k: number
  rule: 'given' | 'new-player' | 'high' | 'junior' | 'normal'
  note: Note
}

/** The rules a player's state decides (kRule); 'given' is a K given from outside (a base list's). */
type RuleOfState = Exclude<KDecision['rule'], 'given'>

function isJunior(e: Edition, s: PlayerState, date: string): boolean {
  const j = e.k.junior
  if (!j || s.birthYear === undefined || s.rating === null) return false
  const age = Number(date.slice(0, 4)) - s.birthYear
  const young = j.basis === 'end-of-year' ? age <= j.untilAge : age < j.untilAge
  const low = j.limitInclusive ? s.rating <= j.ratingLimit : s.rating < j.ratingLimit
  return young && low
}

/** K for a player rated in a tournament starting on `date`, under edition `e`, with the note that says why. */
export function kFor(e: Edition, s: PlayerState, date: string): KDecision {
  const { k, rule } = kRule(e, s, date)
  return { k, rule, note: kNote(e, s, rule) }
}

/**
 * K and its rule without the note's text: a list's generation decides the K printed on every rated line (two million
 * at FIDE scale) and shows the note only on the sheets it builds (kNote, for the rule this gives).
 */
export function kRule(e: Edition, s: PlayerState, date: string): { k: number; rule: RuleOfState } {
  const games = s.ratedGames
  if (games !== undefined && games < e.k.newPlayer.untilGames) return { k: e.k.newPlayer.k, rule: 'new-player' }
  const high = e.k.high
  // the rating on the previous list is itself a published rating: at or above the threshold, it has been reached
  const reached = high.basis === 'current' ? (s.rating ?? 0) >= high.threshold : s.reachedHigh === true || (s.rating ?? 0) >= high.threshold
  if (reached && (high.minGames === 0 || games === undefined || games >= high.minGames)) return { k: high.k, rule: 'high' }
  if (isJunior(e, s, date)) return { k: e.k.junior!.k, rule: 'junior' }
  return { k: e.k.normal, rule: 'normal' }
}

/** The note of K's rule (kRule's, for the same edition and player state). */
export function kNote(e: Edition, s: PlayerState, rule: RuleOfState): Note {
  const ref = e.refs.k
  switch (rule) {
    case 'new-player':
      return { ref, text: `K ${e.k.newPlayer.k}: ${s.ratedGames} rated games so far, fewer than ${e.k.newPlayer.untilGames}` }
    case 'high': {
      const high = e.k.high
      return { ref, text: `K ${high.k}: ${high.basis === 'current' ? 'rated' : 'published rating reached'} ${high.threshold} or more${high.minGames ? ` with ${high.minGames} games` : ''}` }
    }
    case 'junior': {
      const j = e.k.junior!
      return { ref, text: `K ${j.k}: junior (born ${s.birthYear}, under ${j.untilAge}${j.basis === 'end-of-year' ? ' to the end of the year' : ''}) rated ${j.limitInclusive ? 'at most' : 'below'} ${j.ratingLimit}` }
    }
    case 'normal':
      return { ref, text: `K ${e.k.normal}: normal${s.ratedGames === undefined ? ' (games so far unknown: treated as established)' : ''}` }
  }
}

/** K × n ≤ knMax over the period: the largest integer K with K × n ≤ knMax, when the edition has the rule. */
export function applyKnMax(e: Edition, k: number, gamesInPeriod: number): { k: number; note: Note | null } {
  const max = e.k.knMax
  if (max === null || gamesInPeriod <= 0 || k * gamesInPeriod <= max) return { k, note: null }
  const capped = Math.floor(max / gamesInPeriod)
  return { k: capped, note: { ref: e.refs.k, text: `K ${k} × ${gamesInPeriod} games > ${max}: K becomes ${capped}` } }
}
