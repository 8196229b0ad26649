// Rounding rules of the regulations: ratings 0.5 up (§ 8.57), period change 0.5 away from zero (2024 § 8.3.4).

const EPS = 1e-9

/** Nearest integer, .5 up (Rn, Ru). A tiny epsilon absorbs binary noise such as 2410.4999999. */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + EPS)
}

/** Nearest integer, .5 away from zero (the period change: −2.5 → −3). */
export function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.floor(-x + 0.5 + EPS) : Math.floor(x + 0.5 + EPS)
}

/** Hundredths (an exact integer) as a number with two decimals. */
export function fromHundredths(h: number): number {
  return Math.round(h) / 100
}

/** Two decimals for display of an intermediate figure (Ra 1872.43). */
export function to2(x: number): number {
  return Math.round(x * 100 + (x >= 0 ? EPS : -EPS)) / 100
}
