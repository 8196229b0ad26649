// One seeded random generator (mulberry32) for everything that must come out the same on every run: the demo
// federation's bundle, and the tests' and benches' generated tournaments.

/** A generator of numbers in [0, 1) from a 32-bit seed; the same seed gives the same sequence. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
