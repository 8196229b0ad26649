// FIDE tables 8.1a (p → dp) and 8.1b (|D| → PD of the higher-rated player) exactly as printed, in hundredths.

/** 8.1a for p = .50 … .99 (index p × 100 − 50); p = 1.00 is the edition's indeterminate value (735 or 800). */
const DP_UPPER: readonly number[] = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202,
  211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677
]

/** 8.1b: the upper bound of |D| for PD(H) = .50, .51, … .99; above the last bound PD(H) = 1.00. */
export const PD_BOUNDS: readonly number[] = [
  3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188, 197, 206,
  215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735
]

// |D| (integer, 0…736) → PD(H) in hundredths; built once so that a game costs one array read.
const PD_BY_DIFF = new Uint8Array(737)
{
  let row = 0
  for (let d = 0; d <= 736; d++) {
    while (row < PD_BOUNDS.length && d > PD_BOUNDS[row]!) row++
    PD_BY_DIFF[d] = 50 + row
  }
}

/**
 * p rounded to two decimals, half up, from a score and a number of games, in exact integer arithmetic
 * (0.5/4 = .125 → 13; 3.5/8 = .4375 → 44). Returns hundredths (0…100).
 */
export function pHundredths(score: number, games: number): number {
  if (!(games > 0)) throw new RangeError('p needs at least one game')
  const halves = Math.round(score * 2)
  if (Math.abs(halves / 2 - score) > 1e-9 || halves < 0 || halves > 2 * games) throw new RangeError(`score ${score} is not a half-point score out of ${games}`)
  // p × 100 = 50 × halves / games; half up = floor((100 × halves + games) / (2 × games))
  return Math.floor((100 * halves + games) / (2 * games))
}

/** 8.1a: dp for p in hundredths; p = 0 or 1 give ∓/± the edition's indeterminate value. */
export function dpOf(p100: number, indeterminate: number): number {
  if (!Number.isInteger(p100) || p100 < 0 || p100 > 100) throw new RangeError(`p must be 0…100 hundredths, got ${p100}`)
  if (p100 === 100) return indeterminate
  if (p100 === 0) return -indeterminate
  if (p100 >= 50) return DP_UPPER[p100 - 50]!
  return -DP_UPPER[50 - p100]!
}

/** 8.1b: PD of a player whose rating exceeds the opponent's by d (negative: he is the lower-rated), in hundredths. */
export function pdOf(d: number): number {
  const a = Math.abs(d)
  const h = a > 736 ? 100 : PD_BY_DIFF[Math.floor(a)]!
  // a fractional difference (never from integer ratings) falls in the row of its integer part
  return d >= 0 ? h : 100 - h
}

const LABELS_H: string[] = []
const LABELS_L: string[] = []

/** The printed row of 8.1b used for a difference, e.g. "189–197 → .75" (cached: one string per row and side). */
export function pdRowLabel(d: number): string {
  const a = Math.min(736, Math.floor(Math.abs(d)))
  const cache = d >= 0 ? LABELS_H : LABELS_L
  return (cache[a] ??= rowLabel(d >= 0 ? a : -a))
}

function rowLabel(d: number): string {
  const a = Math.floor(Math.abs(d))
  if (a > 735) return `> 735 → ${d >= 0 ? '1.00' : '.00'}`
  let row = 0
  while (a > PD_BOUNDS[row]!) row++
  const lo = row === 0 ? 0 : PD_BOUNDS[row - 1]! + 1
  const h = 50 + row
  const v = d >= 0 ? h : 100 - h
  return `${lo}–${PD_BOUNDS[row]} → ${fmtHundredths(v)}`
}

/** .75, 1.00, .00 as FIDE prints them. */
export function fmtHundredths(v: number): string {
  if (v >= 100) return (v / 100).toFixed(2)
  return '.' + String(v).padStart(2, '0')
}
