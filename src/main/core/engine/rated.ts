// A rated player's tournament: per-game D (capped per edition), PD from table 8.1b, ΔR; W, We, ΣΔR in exact hundredths.
import type { Edition, Note } from '../../../shared/contract/rating'
import { capDiff, planCap } from '../rules/cap'
import { fastGameExcluded } from '../rules/amendments'
import type { RatingType } from '../model/tournament'
import { pdOf, pdRowLabel } from './tables'

export interface RatedGameIn {
  /** The opponent's rating (for an unrated round-robin opponent: his Ru); null: unrated, not counted. */
  opponentRating: number | null
  score: number
}

export interface RatedGame {
  opponentRating: number | null
  /** The opponent rating after the cap (what D was computed from). */
  ratingUsed: number | null
  capped: boolean
  counted: boolean
  d: number | null
  pdRow: string | null
  /** PD in hundredths. */
  pd: number | null
  score: number
  /** ΔR in hundredths. */
  chg: number | null
  note: string | null
}

export interface RatedTournament {
  n: number
  w: number
  /** We and ΣΔR in hundredths (exact integers). */
  we: number
  chg: number
  games: RatedGame[]
  notes: Note[]
}

export interface RatedOptions {
  start: string
  ratingType?: RatingType
  /** Why an opponent without a rating is not counted (Swiss: § 6.4; round robin: 2024 rule). */
  unratedReason?: string
}

/** Rates one player's games in one tournament; the result is K-free (K is applied for the period). */
export function rateRatedTournament(e: Edition, own: number, games: readonly RatedGameIn[], opts: RatedOptions): RatedTournament {
  const ratingType = opts.ratingType ?? 'standard'
  const notes: Note[] = []
  const out: RatedGame[] = []
  const countedIdx: number[] = []
  const diffs: number[] = []
  for (const g of games) {
    if (g.opponentRating === null) {
      out.push({ opponentRating: null, ratingUsed: null, capped: false, counted: false, d: null, pdRow: null, pd: null, score: g.score, chg: null, note: opts.unratedReason ?? `unrated opponent: not counted (${e.refs.swiss})` })
      continue
    }
    if (fastGameExcluded(e, ratingType, opts.start, own, g.opponentRating)) {
      const r = e.amendments.fastGamesNotRated!
      out.push({ opponentRating: g.opponentRating, ratingUsed: null, capped: false, counted: false, d: null, pdRow: null, pd: null, score: g.score, chg: null, note: `${ratingType} game not rated: difference ≥ ${r.minDifference} with a player above ${r.aboveRating} (from ${r.from})` })
      continue
    }
    countedIdx.push(out.length)
    diffs.push(own - g.opponentRating)
    out.push({ opponentRating: g.opponentRating, ratingUsed: g.opponentRating, capped: false, counted: true, d: null, pdRow: null, pd: null, score: g.score, chg: null, note: null })
  }
  const plan = planCap(e, diffs, own, opts.start)
  if (plan.note) notes.push(plan.note)
  let w = 0
  let we = 0
  let sum = 0
  countedIdx.forEach((at, i) => {
    const g = out[at]!
    const raw = diffs[i]!
    const d = plan.applies(i) ? capDiff(raw, e.cap.points) : raw
    if (d !== raw) {
      g.capped = true
      g.ratingUsed = own - d
      g.note = `difference ${raw} counted as ${d} (${e.refs.cap})`
    }
    const pd = pdOf(d)
    g.d = d
    g.pd = pd
    g.pdRow = pdRowLabel(d)
    g.chg = Math.round(g.score * 100) - pd
    w += g.score
    we += pd
    sum += g.chg
  })
  notes.push({ ref: e.refs.tables, text: 'PD from table 8.1b as printed, never the logistic formula' })
  return { n: countedIdx.length, w, we, chg: sum, games: out, notes }
}
