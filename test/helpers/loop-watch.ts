// How long the main thread's event loop was held while something ran, told apart from how long the machine kept the
// thread off a CPU. monitorEventLoopDelay sees both as one delay: on a 2-core machine running other work (CI's other
// test files, other engineers' runs) a thread that did nothing for 400 ms because it waited for a CPU looks blocked.
// Linux's scheduler counts, per thread, the time on a CPU and the time runnable but waiting (/proc/<tid>/schedstat):
// a 10 ms timer's ticks split each gap between them, and the most the thread itself held its loop between two ticks
// (on a CPU, or in a synchronous wait inside a call) is its own longest block, whatever the load. Used by the event-loop spec and the benchmarks' watched runs.
import { readFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'
import { monitorEventLoopDelay } from 'node:perf_hooks'

/** This (main) thread's scheduler figures: ns on a CPU, ns runnable waiting for one; null where /proc does not say. */
export function threadSched(): [number, number] | null {
  if (!isMainThread) return null
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number)
    return Number.isFinite(run) && Number.isFinite(wait) ? [run!, wait!] : null
  } catch {
    return null
  }
}

/** What the thread did between two readings of `threadSched` (ms): on a CPU, and runnable but waiting for one. */
export function schedBetween(before: [number, number], after: [number, number]): { onCpuMs: number; waitingMs: number } {
  return { onCpuMs: (after[0] - before[0]) / 1e6, waitingMs: (after[1] - before[1]) / 1e6 }
}

export interface LoopGap {
  /** The longest gap between two ticks (ms), */
  ms: number
  /** of which the thread was on a CPU (its own work), */
  onCpuMs: number
  /** and runnable but waiting for a CPU (the machine's load). */
  waitingMs: number
  /** The most the thread held its loop between any two ticks (ms), working or waiting inside a call: its own longest block. */
  ownMaxMs: number
}

/** Starts watching the gaps between the ticks of a 10 ms timer; the returned function stops and tells the longest. */
export function watchGaps(): () => LoopGap | undefined {
  let last = performance.now()
  let sched = threadSched()
  let longest: LoopGap | undefined
  let ownMaxMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    const next = threadSched()
    const ms = now - last
    const { onCpuMs, waitingMs } = sched && next ? schedBetween(sched, next) : { onCpuMs: 0, waitingMs: 0 }
    // the thread's own hold of the gap: its work on a CPU, or the gap less the timer's 10 ms and the wait for a CPU —
    // which also counts a synchronous wait inside a call (a disk read, a lock), off a CPU but not waiting for one
    if (sched && next) ownMaxMs = Math.max(ownMaxMs, onCpuMs, ms - 10 - waitingMs)
    if (sched && next && ms > (longest?.ms ?? 0)) longest = { ms, onCpuMs, waitingMs, ownMaxMs: 0 }
    last = now
    sched = next
  }, 10)
  return () => {
    clearInterval(timer)
    return longest && { ...longest, ownMaxMs }
  }
}

export interface Watched {
  /** The loop's longest delay as monitorEventLoopDelay saw it (ms, its 10 ms resolution taken off). */
  delayMs: number
  /** The scheduler's split of the longest gap, where Linux tells. */
  gap?: LoopGap
  /** The block to hold to a limit: the thread's own longest run where the scheduler tells, else the loop's delay. */
  blockMs: number
  /** The figures in words, for an assertion's message. */
  said: string
}

/**
 * Starts watching this thread's loop (its delay, and the scheduler's split of its gaps where Linux tells); `stop` takes
 * one more turn of the loop (so that a block that ended with the watched work is sampled) and tells what it saw.
 */
export function startLoopWatch(): { stop: () => Promise<Watched> } {
  const h = monitorEventLoopDelay({ resolution: 10 })
  h.enable()
  const gaps = threadSched() ? watchGaps() : null
  const stop = async (): Promise<Watched> => {
    let gap: LoopGap | undefined
    try {
      await new Promise((r) => setTimeout(r, 30))
    } finally {
      h.disable()
      gap = gaps?.()
    }
    const delayMs = Math.max(0, h.max / 1e6 - 10)
    const blockMs = gap ? gap.ownMaxMs : delayMs
    const said =
      `loop delay ${delayMs.toFixed(0)} ms` +
      (gap ? `; longest gap ${gap.ms.toFixed(0)} ms (on a CPU ${gap.onCpuMs.toFixed(1)} ms, waiting for one ${gap.waitingMs.toFixed(1)} ms); the thread's own longest hold between two ticks ${gap.ownMaxMs.toFixed(1)} ms` : '')
    return { delayMs, gap, blockMs, said }
  }
  return { stop }
}

/** Runs `run` and tells how long the main thread's loop was blocked meanwhile (see above). */
export async function watchLoop(run: () => Promise<unknown>): Promise<Watched> {
  const watch = startLoopWatch()
  try {
    await run()
  } catch (e) {
    await watch.stop()
    throw e
  }
  return watch.stop()
}
