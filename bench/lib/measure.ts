// The bench library: scale, timing (wall, CPU over all threads, peak RSS, event-loop blocks), floors measured in
// the same run, ratios and targets, and one JSON line per scenario for scripts/bench.mjs to compare with
// bench/baseline.json. A ratio to a floor measured on the same data in the same process holds across machines;
// an absolute time does not.
import { appendFileSync, writeFileSync } from 'node:fs'
import { schedBetween, startLoopWatch, threadSched, type LoopGap } from '../../test/helpers/loop-watch'

export type Scale = 'ci' | 'default' | 'full'

/** `--full` (FIDE scale), `--ci` (a reduced scale that runs in CI within minutes), else the default (between). */
export const scale: Scale = process.argv.includes('--full') || process.env.BENCH_SCALE === 'full' ? 'full' : process.argv.includes('--ci') || process.env.BENCH_SCALE === 'ci' ? 'ci' : 'default'

/** The value for the current scale. */
export function pick<T>(by: Record<Scale, T>): T {
  return by[scale]
}

export interface Run {
  wallMs: number
  /** CPU time of the whole process (every thread, user + system). */
  cpuMs: number
  /** The process's peak resident memory while this ran (MB). */
  peakRssMb: number
  /** The process's resident memory and V8 heap in use as this started, after a full collection (MB): what it held
   *  before (the bench's own data, what earlier scenarios left mapped), counted in the peak but not this run's. */
  start?: { rssMb: number; heapMb: number }
  /** The longest the event loop of this thread was blocked while this ran (ms), when watched. */
  loopBlockMs?: number
  /** The scheduler's split of the longest gap of a 10 ms timer, when watched on Linux (test/helpers/loop-watch). */
  loopGap?: LoopGap
}

const mb = (bytes: number): number => bytes / 1024 / 1024

/**
 * Sets the process's peak resident memory (VmHWM, getrusage's maxRSS) back to what it holds now, so that the next
 * reading is the peak from here on (Linux: "5" written to /proc/self/clear_refs). False where that cannot be done.
 */
export function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}

/**
 * Runs `fn` and measures it. Peak RSS: the process's high-water mark (getrusage) from the run's start, set back there
 * (`resetPeakRss`) so that an earlier scenario's peak is not this one's; where it cannot be set back, the high-water
 * mark when it rose during the run, else the highest of the samples taken every 50 ms (a synchronous run takes none;
 * then the RSS at its end). Either way the peak counts what the process already held at the start (`start`).
 * With `loop`, the event loop's longest block is recorded (monitorEventLoopDelay, 10 ms resolution): a
 * synchronous run on this thread is one block of its whole length, a worker job's run should show none.
 */
export async function measure<T>(fn: () => T | Promise<T>, opts: { loop?: boolean; settle?: boolean } = {}): Promise<{ value: T; run: Run }> {
  if (global.gc) {
    global.gc()
    // the pages a collection frees leave the resident set over the next few hundred ms (V8 unmaps them in the
    // background): the run starts from what the process still holds, not from what it is letting go (`settle:
    // false` for the many short runs of a query's floor, whose memory is not a figure)
    if (opts.settle !== false) {
      await new Promise((r) => setTimeout(r, 500))
      global.gc()
    }
  }
  const held = process.memoryUsage()
  const start = { rssMb: mb(held.rss), heapMb: mb(held.heapUsed) }
  const reset = resetPeakRss()
  const maxBefore = process.resourceUsage().maxRSS
  let sampled = held.rss
  const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 50)
  const loop = opts.loop ? startLoopWatch() : null
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  let value: T
  try {
    value = await fn()
  } catch (e) {
    await loop?.stop()
    throw e
  } finally {
    clearInterval(timer)
  }
  const wallMs = performance.now() - t0
  const c = process.cpuUsage(c0)
  sampled = Math.max(sampled, process.memoryUsage.rss())
  let loopBlockMs: number | undefined
  let loopGap: Run['loopGap']
  if (loop) {
    const watched = await loop.stop()
    loopBlockMs = watched.delayMs
    loopGap = watched.gap
  }
  const maxAfter = process.resourceUsage().maxRSS
  const peakRssMb = reset ? Math.max(maxAfter / 1024, mb(sampled)) : maxAfter > maxBefore ? maxAfter / 1024 : mb(sampled)
  return { value, run: { wallMs, cpuMs: (c.user + c.system) / 1000, peakRssMb, start, ...(loopBlockMs !== undefined ? { loopBlockMs } : {}), ...(loopGap ? { loopGap } : {}) } }
}

/**
 * `times` runs (given their index, 0 first): the one of least CPU (a short scenario on a shared machine is mostly noise
 * above its best), with the longest loop block and the highest peak memory of all the runs, so that no target is met by
 * luck. For scenarios of a second or less, where one run's ratio to its floor swings by half.
 */
export async function bestOf<T extends { run: Run }>(times: number, fn: (i: number) => Promise<T>): Promise<T> {
  let best: T | null = null
  let loopBlockMs: number | undefined
  let loopGap: Run['loopGap']
  let peakRssMb = 0
  let start: Run['start']
  for (let i = 0; i < Math.max(1, times); i++) {
    const m = await fn(i)
    if (m.run.loopBlockMs !== undefined) loopBlockMs = Math.max(loopBlockMs ?? 0, m.run.loopBlockMs)
    if (m.run.loopGap && m.run.loopGap.ms > (loopGap?.ms ?? 0)) loopGap = { ...m.run.loopGap, ownMaxMs: Math.max(loopGap?.ownMaxMs ?? 0, m.run.loopGap.ownMaxMs) }
    else if (m.run.loopGap && loopGap) loopGap.ownMaxMs = Math.max(loopGap.ownMaxMs, m.run.loopGap.ownMaxMs)
    if (m.run.peakRssMb >= peakRssMb) {
      peakRssMb = m.run.peakRssMb
      start = m.run.start
    }
    if (!best || m.run.cpuMs < best.run.cpuMs) best = m
  }
  return { ...best!, run: { ...best!.run, peakRssMb, start, ...(loopBlockMs !== undefined ? { loopBlockMs } : {}), ...(loopGap ? { loopGap } : {}) } }
}

/** `measure` run `times` times, the best kept (`bestOf`). */
export function measureBest<T>(times: number, fn: () => T | Promise<T>, opts: { loop?: boolean; settle?: boolean } = {}): Promise<{ value: T; run: Run }> {
  return bestOf(times, () => measure(fn, opts))
}

/** The p-th percentile (0–100) of some figures, nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}

export interface Target {
  label: string
  met: boolean
}

/** A target, met or not (printed; a target not met does not fail the run, a regressed ratio does). */
export const target = (label: string, met: boolean): Target => ({ label, met })

export interface ScenarioResult {
  /** Stable name: the key of its ratio in bench/baseline.json. */
  name: string
  scale: Scale
  /** How many items the scenario handled (rows, files, calls) and what they are. */
  items: number
  unit: string
  run: Run
  /** The floor: the same data by the plainest means, in the same process. */
  floor?: Run & { what: string }
  /** run wall / floor wall (the figure kept in the baseline), and the same on CPU time. */
  ratio?: number
  cpuRatio?: number
  targets: Target[]
  notes?: string[]
}

const s1 = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`)

export function formatRun(r: Run): string {
  const gap = r.loopGap
    ? ` (the longest gap of a 10 ms timer: ${Math.round(r.loopGap.ms)} ms, the thread on a CPU ${r.loopGap.onCpuMs.toFixed(1)} ms of it, waiting for a CPU ${r.loopGap.waitingMs.toFixed(1)} ms; the most it held its loop between two ticks: ${r.loopGap.ownMaxMs.toFixed(1)} ms)`
    : ''
  const held = r.start ? ` (${Math.round(r.start.rssMb)} MB at its start, ${Math.round(r.start.heapMb)} MB of it V8's heap in use)` : ''
  return `${s1(r.wallMs)} wall, ${s1(r.cpuMs)} CPU, peak RSS ${Math.round(r.peakRssMb)} MB${held}${r.loopBlockMs !== undefined ? `, longest loop block ${Math.round(r.loopBlockMs)} ms${gap}` : ''}`
}

/**
 * Prints a scenario with its throughput, its floor, its ratio and its targets, and appends it as one JSON line
 * to $BENCH_RESULTS (scripts/bench.mjs sets it, then compares the ratios with bench/baseline.json).
 */
export function report(r: Omit<ScenarioResult, 'scale' | 'ratio' | 'cpuRatio'>): ScenarioResult {
  const out: ScenarioResult = { ...r, scale }
  if (r.floor && r.floor.wallMs > 0) {
    out.ratio = r.run.wallMs / r.floor.wallMs
    out.cpuRatio = r.floor.cpuMs > 0 ? r.run.cpuMs / r.floor.cpuMs : undefined
  }
  const perSec = r.items / (r.run.wallMs / 1000)
  console.log(`\n■ ${r.name} [${scale}]: ${r.items.toLocaleString('en')} ${r.unit}`)
  console.log(`  run:   ${formatRun(r.run)}  → ${Math.round(perSec).toLocaleString('en')} ${r.unit}/s`)
  if (r.floor) console.log(`  floor: ${formatRun(r.floor)}  (${r.floor.what})`)
  if (out.ratio !== undefined) console.log(`  ratio to the floor: ${out.ratio.toFixed(2)}× wall${out.cpuRatio !== undefined ? `, ${out.cpuRatio.toFixed(2)}× CPU` : ''}`)
  for (const n of r.notes ?? []) console.log(`  ${n}`)
  for (const t of r.targets) console.log(`  target ${t.label}: ${t.met ? 'met' : 'NOT met'}`)
  if (process.env.BENCH_RESULTS) appendFileSync(process.env.BENCH_RESULTS, JSON.stringify(out) + '\n')
  return out
}

/** Latency of a call: p50/p95/max over runs, the first (cold) run apart. */
export interface Latency {
  cold: number
  p50: number
  p95: number
  max: number
}

export function latency(times: readonly number[]): Latency {
  return { cold: times[0] ?? NaN, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) }
}

/**
 * One run of a call on the main thread: its wall time and, where Linux's scheduler says (test/helpers/loop-watch),
 * the part of it the thread was on a CPU and the part it was runnable but waiting for one (the machine, or other
 * threads, holding both CPUs); the rest it was off a CPU of its own accord (a disk read, a lock, a worker's answer).
 */
export interface CallRun {
  ms: number
  onCpuMs?: number
  waitingMs?: number
}

/** A call run `runs` times in a row on this thread (the first cold), each timed with its scheduler split. */
export async function timeCall(runs: number, call: () => Promise<void>): Promise<CallRun[]> {
  const out: CallRun[] = []
  for (let i = 0; i < runs; i++) {
    const s0 = threadSched()
    const t = performance.now()
    await call()
    const ms = performance.now() - t
    const s1 = threadSched()
    out.push(s0 && s1 ? { ms, ...schedBetween(s0, s1) } : { ms })
  }
  return out
}

/** The slowest of some runs, said with its split: "its slowest run 266.0 ms: 12.1 on a CPU, 240.3 waiting for one, 13.6 off a CPU". */
export function slowestRun(runs: readonly CallRun[]): string {
  const r = runs.reduce((a, b) => (b.ms > a.ms ? b : a))
  if (r.onCpuMs === undefined || r.waitingMs === undefined) return `its slowest run ${r.ms.toFixed(1)} ms`
  const off = Math.max(0, r.ms - r.onCpuMs - r.waitingMs)
  return `its slowest run ${r.ms.toFixed(1)} ms: ${r.onCpuMs.toFixed(1)} on a CPU, ${r.waitingMs.toFixed(1)} waiting for one, ${off.toFixed(1)} off a CPU`
}

/** The process's CPU time so far (every thread, user + system), in ms. */
export const cpuNow = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Wall and CPU time (ms) per phase of a job, each phase named by the progress message that starts it. */
export interface PhaseClock {
  phases: Record<string, [number, number]>
  /** A progress message: a new one closes the phase before and starts its own. */
  enter(message: string): void
  /** Closes the phase running (at the job's end). */
  close(): void
}

export function phaseClock(): PhaseClock {
  const phases: Record<string, [number, number]> = {}
  let last = [performance.now(), cpuNow()]
  let phase = ''
  const close = (): void => {
    const now = [performance.now(), cpuNow()]
    if (phase) {
      const [w, c] = phases[phase] ?? [0, 0]
      phases[phase] = [w + now[0]! - last[0]!, c + now[1]! - last[1]!]
    }
    last = now
  }
  const enter = (message: string): void => {
    if (message === phase) return
    close()
    phase = message
  }
  return { phases, enter, close }
}
