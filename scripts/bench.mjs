// `npm run bench [-- --full | --ci] [--update-baseline] [name…]`: runs every bench/*.bench.ts (or the ones named)
// with tsx, each in its own process, then sums up each scenario's ratio to its floor and compares it with
// bench/baseline.json: a ratio more than half again its baseline fails the run (targets not met do not); the
// CPU ratio is compared when the baseline has one (a loaded machine stretches wall times, not CPU times).
// --full is FIDE scale (run it alone: `flock /tmp/bench.lock nice -n 5 npm run bench -- --full`); --ci the
// reduced scale `.ci/run` uses; neither, a scale between.
import { readdirSync, existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { tmpdir } from 'node:os'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'bench')
const args = process.argv.slice(2)
const flags = new Set(args.filter((a) => a.startsWith('--')))
const wanted = args.filter((a) => !a.startsWith('--'))
const scale = flags.has('--full') ? 'full' : flags.has('--ci') ? 'ci' : 'default'
/** A ratio may grow by this factor over its baseline before the run fails (noise on a shared machine). */
const TOLERANCE = 1.5
/** A ratio whose floor took less than this is printed but not compared (too small to measure steadily). */
const MIN_FLOOR_MS = 20
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => !wanted.length || wanted.some((w) => f.includes(w))).sort() : []
if (!files.length) {
  console.error('no benchmark found in bench/')
  process.exit(1)
}
const tmp = mkdtempSync(join(tmpdir(), 'rating-office-bench-results-'))
const resultsFile = join(tmp, 'results.jsonl')
writeFileSync(resultsFile, '')
const crashed = []
for (const f of files) {
  console.log(`\n== ${f} (${scale} scale)`)
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join('bench', f), `--${scale}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SCALE: scale, BENCH_RESULTS: resultsFile }
  })
  if (r.status !== 0) crashed.push(f)
}
const results = readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
rmSync(tmp, { recursive: true, force: true })

const baselineFile = join(dir, 'baseline.json')
const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : {}
const base = baseline[scale] ?? {}
const regressed = []
const s = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`)
console.log(`\n== summary (${scale} scale; ratio = scenario wall time / its floor's, baseline from bench/baseline.json)`)
for (const r of results) {
  // A baseline is { wall, cpu } (the CPU ratio, steadier on a shared machine, is compared when both have one)
  // or a bare number (a wall ratio).
  const b = base[r.name]
  const [now, was, kind] =
    typeof b === 'number' ? [r.ratio, b, 'wall'] : b && typeof b.cpu === 'number' && r.cpuRatio !== undefined ? [r.cpuRatio, b.cpu, 'CPU'] : [r.ratio, b?.wall, 'wall']
  let verdict = ''
  // a floor of a few milliseconds (a handful of rows by primary key) is noise on a shared machine: printed, not gated
  const floorMs = kind === 'CPU' ? r.floor?.cpuMs : r.floor?.wallMs
  if (now !== undefined && typeof was === 'number' && (floorMs ?? 0) < MIN_FLOOR_MS) verdict = `baseline ${was.toFixed(2)}× (${kind}; floor under ${MIN_FLOOR_MS} ms, not gated)`
  else if (now !== undefined && typeof was === 'number') {
    if (now > was * TOLERANCE) {
      regressed.push(r.name)
      verdict = `REGRESSED (${kind} ratio ${now.toFixed(2)}×, baseline ${was.toFixed(2)}×, limit ${(was * TOLERANCE).toFixed(2)}×)`
    } else verdict = `baseline ${was.toFixed(2)}× (${kind})`
  } else if (r.ratio !== undefined) verdict = 'no baseline'
  const targets = r.targets.map((t) => `${t.label}: ${t.met ? 'met' : 'NOT met'}`).join('; ')
  console.log(
    `${r.name.padEnd(40)} ${s(r.run.wallMs).padStart(9)} wall ${s(r.run.cpuMs).padStart(9)} CPU ${String(Math.round(r.run.peakRssMb)).padStart(5)} MB  ` +
      `${r.ratio !== undefined ? `${r.ratio.toFixed(2)}×`.padStart(8) : '       -'}  ${verdict}${targets ? `  | ${targets}` : ''}`
  )
}
if (flags.has('--update-baseline')) {
  const next = {}
  for (const r of results) if (r.ratio !== undefined) next[r.name] = { wall: Number(r.ratio.toFixed(3)), ...(r.cpuRatio !== undefined ? { cpu: Number(r.cpuRatio.toFixed(3)) } : {}) }
  baseline[scale] = { ...base, ...next }
  writeFileSync(baselineFile, JSON.stringify(baseline, null, 2) + '\n')
  console.log(`bench/baseline.json: ${Object.keys(next).length} ratios written for the ${scale} scale`)
}
if (crashed.length) console.error(`\nbenchmarks that failed to run: ${crashed.join(', ')}`)
if (regressed.length) console.error(`\nratios regressed by more than ${Math.round((TOLERANCE - 1) * 100)} % against bench/baseline.json: ${regressed.join(', ')}`)
process.exit(crashed.length || regressed.length ? 1 : 0)
