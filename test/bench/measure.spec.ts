// The bench's memory figure (bench/lib/measure.ts): a scenario's peak is its own, not an earlier scenario's. Until
// session 9 a run whose memory stayed under the process's earlier high-water mark was given the RSS at its end, and
// what the bench itself still held was counted without being shown (docs/performance.md, *Session 9*). And a call's
// time split by the scheduler (timeCall), so that a call over 50 ms says whether it worked or waited for a CPU.
import { describe, expect, it } from 'vitest'
import { Worker } from 'node:worker_threads'
import { measure, resetPeakRss, slowestRun, timeCall } from '../../bench/lib/measure'

const MB = 1024 * 1024
const linux = process.platform === 'linux'

/** Raises the process's high-water mark by about `mb` MB on a thread that then ends, its memory given back. */
async function earlierPeak(mb: number): Promise<void> {
  const w = new Worker(`require('node:worker_threads').parentPort.postMessage(Buffer.alloc(${mb} * 1024 * 1024, 1).length)`, { eval: true })
  await new Promise((resolve) => w.once('message', resolve))
  await w.terminate()
}

describe.runIf(linux)('measure: peak memory', () => {
  it('sets the high-water mark back to what the process holds now', async () => {
    await earlierPeak(300)
    const before = process.resourceUsage().maxRSS / 1024
    expect(before - process.memoryUsage.rss() / MB).toBeGreaterThan(200)
    expect(resetPeakRss()).toBe(true)
    expect(process.resourceUsage().maxRSS / 1024).toBeLessThan(before - 200)
  })

  it("gives a run's own peak under an earlier, higher one, with what the process held at its start", async () => {
    await earlierPeak(300)
    // the run's 120 MB are given back before it ends: only the high-water mark from its start can show them (the RSS
    // at its end would not, and the earlier thread's 300 MB must not)
    const { run } = await measure(() => earlierPeak(120))
    expect(run.start).toBeDefined()
    expect(run.peakRssMb - run.start!.rssMb).toBeGreaterThan(100)
    expect(run.peakRssMb - run.start!.rssMb).toBeLessThan(250)
  })
})

describe.runIf(linux)('timeCall: a slow call told apart from a busy machine', () => {
  it("counts a call's own work as on a CPU or waiting for one, and a sleep as neither", async () => {
    const spin = (ms: number) => async () => {
      const end = performance.now() + ms
      while (performance.now() < end);
    }
    // a spinning thread is on a CPU or runnable: both together are the call, whatever the guest's own load. A
    // hypervisor that takes the virtual CPU away is the one thing the guest's scheduler does not see (its steal time
    // is neither): on a crowded CI host one 61 ms spin was 26 ms of both. And a wait for a CPU is counted when the
    // thread gets one: a wait begun just before the call lands in it (another CI run: 1.066 of a spin). Of five spins
    // one must add up to the call within a tenth; a split counted twice or not at all would show in none.
    const spins = await timeCall(5, spin(60))
    for (const s of spins) expect(s.ms).toBeGreaterThanOrEqual(60)
    const seen = spins.map((s) => (s.onCpuMs! + s.waitingMs!) / s.ms)
    expect(seen.some((x) => x > 0.9 && x < 1.1), `on a CPU or waiting, of each spin: ${seen.map((x) => x.toFixed(3)).join(', ')}`).toBe(true)
    const busy = spins[0]
    // a sleep is mostly off a CPU: the thread's other work in the meantime (the test runner's, the collector's) took
    // 21 ms of a 60 ms sleep on a loaded CI, so the sleep is long and the bound a quarter of it
    const [asleep] = await timeCall(1, () => new Promise<void>((resolve) => setTimeout(resolve, 200)))
    expect(asleep!.ms).toBeGreaterThanOrEqual(199)
    expect(asleep!.onCpuMs!).toBeLessThan(0.25 * asleep!.ms)
    expect(slowestRun([busy!, asleep!, { ms: 1 }])).toMatch(/^its slowest run \d+\.\d ms: \d+\.\d on a CPU, \d+\.\d waiting for one, \d+\.\d off a CPU$/)
    expect(slowestRun([{ ms: 70.04 }, { ms: 3 }])).toBe('its slowest run 70.0 ms')
  })
})
