// The gate of `npm run bench` (scripts/bench.mjs): which scenario's ratio to its floor counts as regressed against
// bench/baseline.json. A ratio over its limit is measured again (its bench file run again, at most CONFIRM more
// times) and regressed only if it is over in every run: a real regression comes back each time, a burst of load on
// a shared machine does not. (CI once saw the monthly update at 1.86× its floor in CPU, three runs in a row; the
// same code gave 1.19×–1.37× in the other runs of session 19, CI's included, but one at 1.52×: docs/performance.md.)

/** A ratio may grow by this factor over its baseline before it counts as regressed (noise on a shared machine). */
export const TOLERANCE = 1.5
/** A ratio whose floor took less than this is printed but not compared (too small to measure steadily). */
export const MIN_FLOOR_MS = 20
/** A ratio over its limit is measured again at most this many times. */
export const CONFIRM = 2

/**
 * What a scenario's result is compared on (`now`), against what (`was`), and whether it is gated and over its limit.
 * A baseline is { wall, cpu } (the CPU ratio, steadier on a shared machine, is compared when both have one) or a bare
 * number (a wall ratio). A floor of a few milliseconds (a handful of rows by primary key) is noise: not gated.
 */
export function compare(result, baseline) {
  const b = baseline[result.name]
  const [now, was, kind] =
    typeof b === 'number'
      ? [result.ratio, b, 'wall']
      : b && typeof b.cpu === 'number' && result.cpuRatio !== undefined
        ? [result.cpuRatio, b.cpu, 'CPU']
        : [result.ratio, b?.wall, 'wall']
  const floorMs = kind === 'CPU' ? result.floor?.cpuMs : result.floor?.wallMs
  const gated = now !== undefined && typeof was === 'number' && (floorMs ?? 0) >= MIN_FLOOR_MS
  return { now, was, kind, gated, limit: typeof was === 'number' ? was * TOLERANCE : undefined, over: gated && now > was * TOLERANCE }
}

/**
 * Measures again each result over its limit: `rerun(file, names)` runs that bench file again and gives its results
 * (null if it failed to run). A scenario keeps the result of its run of lowest ratio; `attempts` has the ratios of
 * every run of each scenario measured again, the first included. Rounds stop once nothing is over.
 * Returns the results (in their order), the attempts, and the files that failed when run again.
 */
export function confirmRegressions(results, baseline, rerun, times = CONFIRM) {
  const kept = [...results]
  const attempts = new Map(kept.filter((r) => compare(r, baseline).over).map((r) => [r.name, [compare(r, baseline).now]]))
  const failed = []
  for (let round = 1; round <= times; round++) {
    const still = kept.filter((r) => compare(r, baseline).over)
    if (!still.length) break
    for (const file of [...new Set(still.map((r) => r.file))]) {
      const names = still.filter((r) => r.file === file).map((r) => r.name)
      const again = rerun(file, names, round)
      if (!again) {
        failed.push(file)
        continue
      }
      for (const name of names) {
        const fresh = again.find((r) => r.name === name)
        if (!fresh) continue
        attempts.get(name).push(compare(fresh, baseline).now)
        const i = kept.findIndex((r) => r.name === name)
        if (compare(fresh, baseline).now < compare(kept[i], baseline).now) kept[i] = fresh
      }
    }
  }
  return { results: kept, attempts, failed }
}
