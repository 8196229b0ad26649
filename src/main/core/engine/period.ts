// The period total of a rated player: K × n ≤ max over the period's games, K × ΣΔR per tournament, rounding per edition.
import type { Edition, Note } from '../../../shared/contract/rating'
import { applyKnMax } from '../rules/k'
import { fromHundredths, roundHalfAwayFromZero } from './rounding'

export interface PeriodRow {
  /** The edition of the tournament (its K×n rule and its rounding). */
  e: Edition
  /** K before the K × n rule. */
  k: number
  /** ΣΔR of the tournament in hundredths (K-free). */
  chgH: number
}

export interface PeriodRowOut {
  /** K after the K × n rule, and its note when it reduced K. */
  k: number
  knNote: Note | null
  /** K × ΣΔR in hundredths. */
  kChgH: number
  /** Set when the edition rounds per tournament. */
  roundNote: Note | null
}

export interface PeriodTotal {
  rows: PeriodRowOut[]
  /** Σ K × ΣΔR in hundredths (per-tournament rounded where the edition says so). */
  totalH: number
  change: number
  note: Note
}

/** `periodGames` = the rated games of the period (n of K × n ≤ max); `roundingRef` cites the period rounding. */
export function periodTotal(rows: readonly PeriodRow[], periodGames: number, roundingRef: string): PeriodTotal {
  let totalH = 0
  const out = rows.map((row) => {
    const kn = applyKnMax(row.e, row.k, periodGames)
    const kChgH = kn.k * row.chgH
    let roundNote: Note | null = null
    if (row.e.rounding.changePer === 'tournament') {
      const r = roundHalfAwayFromZero(kChgH / 100)
      roundNote = { ref: row.e.refs.rounding, text: `rounded per tournament: ${r}` }
      totalH += r * 100
    } else totalH += kChgH
    return { k: kn.k, knNote: kn.note, kChgH, roundNote }
  })
  const change = roundHalfAwayFromZero(totalH / 100)
  return { rows: out, totalH, change, note: { ref: roundingRef, text: `period change ${fromHundredths(totalH)} rounded to ${change} (0.5 away from zero)` } }
}
