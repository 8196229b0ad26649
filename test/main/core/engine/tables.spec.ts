// Tables 8.1a/8.1b as printed, p rounding half up, and seed 003's deduction table (every cell).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { dpOf, pdOf, pHundredths, pdRowLabel } from '../../../../src/main/core/engine/tables'

// 2010 § 8.1(a), transcribed column by column from seed 002: p = .99 … .51 → dp
const PRINTED_DP: Record<number, number> = {
  99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383, 90: 366, 89: 351, 88: 336, 87: 322,
  86: 309, 85: 296, 84: 284, 83: 273, 82: 262, 81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184,
  73: 175, 72: 166, 71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80,
  60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7, 50: 0
}

// 2010 § 8.1(b): rows "lo-hi → PD(H)"
const PRINTED_PD: [number, number, number][] = [
  [0, 3, 50], [4, 10, 51], [11, 17, 52], [18, 25, 53], [26, 32, 54], [33, 39, 55], [40, 46, 56], [47, 53, 57], [54, 61, 58],
  [62, 68, 59], [69, 76, 60], [77, 83, 61], [84, 91, 62], [92, 98, 63], [99, 106, 64], [107, 113, 65], [114, 121, 66],
  [122, 129, 67], [130, 137, 68], [138, 145, 69], [146, 153, 70], [154, 162, 71], [163, 170, 72], [171, 179, 73],
  [180, 188, 74], [189, 197, 75], [198, 206, 76], [207, 215, 77], [216, 225, 78], [226, 235, 79], [236, 245, 80],
  [246, 256, 81], [257, 267, 82], [268, 278, 83], [279, 290, 84], [291, 302, 85], [303, 315, 86], [316, 328, 87],
  [329, 344, 88], [345, 357, 89], [358, 374, 90], [375, 391, 91], [392, 411, 92], [412, 432, 93], [433, 456, 94],
  [457, 484, 95], [485, 517, 96], [518, 559, 97], [560, 619, 98], [620, 735, 99]
]

describe('table 8.1a (p → dp)', () => {
  it('has every printed value, symmetric below .50 (2010 § 8.1a)', () => {
    for (const [p, dp] of Object.entries(PRINTED_DP)) {
      expect(dpOf(Number(p), 800)).toBe(dp)
      expect(dpOf(100 - Number(p), 800)).toBe(dp === 0 ? 0 : -dp)
    }
  })
  it('uses the edition value for p = 1.0 and 0: 800 from 2010 (§ 8.1), 735 in 2005 and seed 003', () => {
    expect(dpOf(100, 800)).toBe(800)
    expect(dpOf(0, 800)).toBe(-800)
    expect(dpOf(0, 735)).toBe(-735)
  })
})

describe('table 8.1b (|D| → PD)', () => {
  it('gives every printed row at both of its bounds for H and L (2010 § 8.1b)', () => {
    for (const [lo, hi, pd] of PRINTED_PD) {
      for (const d of [lo, hi]) {
        expect(pdOf(d)).toBe(pd)
        expect(pdOf(-d)).toBe(100 - pd)
      }
    }
    expect(pdOf(736)).toBe(100)
    expect(pdOf(-736)).toBe(0)
    expect(pdOf(2000)).toBe(100)
  })
  it('labels the row used', () => {
    expect(pdRowLabel(200)).toBe('198–206 → .76')
    expect(pdRowLabel(-200)).toBe('198–206 → .24')
    expect(pdRowLabel(0)).toBe('0–3 → .50')
  })
  it('never equals the logistic formula everywhere (the tables are used as printed, 2010 § 12.1)', () => {
    const logistic = (d: number): number => Math.round(100 / (1 + 10 ** (-d / 400)))
    let differs = 0
    for (let d = 0; d <= 735; d++) if (pdOf(d) !== logistic(d)) differs++
    // e.g. D = 400: the printed row 392–411 gives .92, the formula 100 / (1 + 10^−1) = 90.9 → .91
    expect([pdOf(400), logistic(400)]).toEqual([92, 91])
    expect(differs).toBe(460)
  })
  it('PD(H) + PD(L) = 1 for every difference (property)', () => {
    fc.assert(fc.property(fc.integer({ min: -3000, max: 3000 }), (d) => pdOf(d) + pdOf(-d) === 100))
  })
})

describe('p rounding, two decimals half up', () => {
  it('rounds .125 up to .13 and .4375 to .44 (seed 003)', () => {
    expect(pHundredths(0.5, 4)).toBe(13)
    expect(pHundredths(1.5, 4)).toBe(38)
    expect(pHundredths(3.5, 8)).toBe(44)
    expect(pHundredths(0.5, 8)).toBe(6) // .0625 → .06
    expect(pHundredths(8, 9)).toBe(89)
  })
  it('rounds up at every .xx5 boundary and never elsewhere (property)', () => {
    // games = 40·m make .xx5 reachable: halves/(2·games) = (k + .5)/100 ⇔ halves = (2k + 1)·games/100
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 0, max: 99 }), (m, k) => {
        const games = 40 * m
        const halves = ((2 * k + 1) * games) / 100
        if (!Number.isInteger(halves)) return true
        return pHundredths(halves / 2, games) === k + 1
      })
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.nat(), (games, h) => {
        const halves = h % (2 * games + 1)
        const exact = (100 * halves) / (2 * games)
        const got = pHundredths(halves / 2, games)
        return got - exact <= 0.5 && exact - got < 0.5
      })
    )
  })
  it('refuses a score that is not a half point', () => {
    expect(() => pHundredths(0.3, 4)).toThrow(RangeError)
    expect(() => pHundredths(5, 4)).toThrow(RangeError)
  })
})

// Seed 003: games × score → points below the opponents' average (2005 rules, 735 for a zero score), all cells.
const SEED_003: [number, number, number][] = [
  [3, 0, 735], [3, 0.5, 273], [3, 1, 125],
  [4, 0, 735], [4, 0.5, 322], [4, 1, 193], [4, 1.5, 87],
  [5, 0, 735], [5, 0.5, 366], [5, 1, 240], [5, 1.5, 149], [5, 2, 72],
  [6, 0, 735], [6, 0.5, 401], [6, 1, 273], [6, 1.5, 193], [6, 2, 125], [6, 2.5, 57],
  [7, 0, 735], [7, 0.5, 422], [7, 1, 309], [7, 1.5, 230], [7, 2, 158], [7, 2.5, 102], [7, 3, 50],
  [8, 0, 735], [8, 0.5, 444], [8, 1, 322], [8, 1.5, 251], [8, 2, 193], [8, 2.5, 141], [8, 3, 87], [8, 3.5, 43],
  [9, 0, 735], [9, 0.5, 444], [9, 1, 351], [9, 1.5, 273], [9, 2, 220], [9, 2.5, 166], [9, 3, 125], [9, 3.5, 80], [9, 4, 43]
]

describe('seed 003 deduction table', () => {
  it('has every printed (games, score, deduction) row and reproduces each one', () => {
    // the seed prints 14 rows of 3 columns per block: 42 rows in all, each a (games, score, deduction) triple
    expect(SEED_003).toHaveLength(42)
    for (const [games, score, deduction] of SEED_003) expect([games, score, -dpOf(pHundredths(score, games), 735)]).toEqual([games, score, deduction])
  })
})
