// Types of scripts/bench-gate.mjs (plain JavaScript, run by node without a build).

/** A scenario's line of results as `report` writes it (bench/lib/measure.ts), with the bench file that gave it. */
export interface BenchResult {
  name: string
  file: string
  ratio?: number
  cpuRatio?: number
  floor?: { wallMs: number; cpuMs: number }
}
/** bench/baseline.json at one scale: a scenario's ratios ({ wall, cpu }) or a bare wall ratio. */
export type Baseline = Record<string, number | { wall: number; cpu?: number }>

export const TOLERANCE: number
export const MIN_FLOOR_MS: number
export const CONFIRM: number

export function compare(
  result: BenchResult,
  baseline: Baseline
): { now: number | undefined; was: number | undefined; kind: 'wall' | 'CPU'; gated: boolean; limit: number | undefined; over: boolean }

export function confirmRegressions<R extends BenchResult>(
  results: readonly R[],
  baseline: Baseline,
  rerun: (file: string, names: string[], round: number) => R[] | null,
  times?: number
): { results: R[]; attempts: Map<string, number[]>; failed: string[] }
