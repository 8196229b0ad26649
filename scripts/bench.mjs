// `npm run bench [-- --full | --ci] [--update-baseline] [name…]`: runs every bench/*.bench.ts (or the ones named)
// with tsx, each in its own process, then sums up each scenario's ratio to its floor and compares it with
// bench/baseline.json: a ratio more than half again its baseline fails the run (targets not met do not); the
// CPU ratio is compared when the baseline has one (a loaded machine stretches wall times, not CPU times), and a
// ratio over its limit is measured again before it fails the run (scripts/bench-gate.mjs).
// --full is FIDE scale (run it alone: `flock /tmp/bench.lock nice -n 5 npm run bench -- --full`); --ci the
// reduced scale `.ci/run` uses; neither, a scale between.
import { readdirSync, existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { CONFIRM, MIN_FLOOR_MS, TOLERANCE, compare, confirmRegressions } from './bench-gate.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'bench')
const args = process.argv.slice(2)
const flags = new Set(args.filter((a) => a.startsWith('--')))
const wanted = args.filter((a) => !a.startsWith('--'))
const scale = flags.has('--full') ? 'full' : flags.has('--ci') ? 'ci' : 'default'
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => !wanted.length || wanted.some((w) => f.includes(w))).sort() : []
if (!files.length) {
  console.error('no benchmark found in bench/')
  process.exit(1)
}
const tmp = mkdtempSync(join(tmpdir(), 'rating-office-bench-results-'))
let runs = 0
/** Runs one bench file in its own process: the results of its scenarios (each with its file), and whether it ended well. */
function runFile(f, why = '') {
  console.log(`\n== ${f} (${scale} scale)${why}`)
  const resultsFile = join(tmp, `results-${++runs}.jsonl`)
  writeFileSync(resultsFile, '')
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join('bench', f), `--${scale}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SCALE: scale, BENCH_RESULTS: resultsFile }
  })
  const results = readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((l) => ({ ...JSON.parse(l), file: f }))
  return { results, ok: r.status === 0 }
}
const crashed = []
const measured = []
for (const f of files) {
  const { results, ok } = runFile(f)
  measured.push(...results)
  if (!ok) crashed.push(f)
}

const baselineFile = join(dir, 'baseline.json')
const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : {}
const base = baseline[scale] ?? {}
// (a run that writes the baseline takes its ratios as measured: the lowest of several would flatter it)
const { results, attempts, failed } = confirmRegressions(measured, base, (f, names, round) => {
  const again = runFile(f, `, again (${round} of at most ${CONFIRM}) for ${names.join(', ')}: over its limit`)
  return again.ok ? again.results : null
}, flags.has('--update-baseline') ? 0 : CONFIRM)
crashed.push(...failed.map((f) => `${f} (run again)`))
rmSync(tmp, { recursive: true, force: true })
const regressed = []
const s = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`)
const x = (n) => `${n.toFixed(2)}×`
console.log(`\n== summary (${scale} scale; ratio = scenario wall time / its floor's, baseline from bench/baseline.json)`)
for (const r of results) {
  const { now, was, kind, gated, limit, over } = compare(r, base)
  const tries = attempts.get(r.name)
  const runsOf = tries && tries.length > 1 ? `; over ${x(limit)}, so run ${tries.length} times: ${tries.map(x).join(', ')}` : ''
  let verdict = ''
  if (now !== undefined && typeof was === 'number' && !gated) verdict = `baseline ${x(was)} (${kind}; floor under ${MIN_FLOOR_MS} ms, not gated)`
  else if (over) {
    regressed.push(r.name)
    verdict = `REGRESSED (${kind} ratio ${x(now)}, baseline ${x(was)}, limit ${x(limit)}${runsOf})`
  } else if (gated) verdict = `baseline ${x(was)} (${kind}${runsOf ? `${runsOf}: not confirmed` : ''})`
  else if (r.ratio !== undefined) verdict = 'no baseline'
  const targets = r.targets.map((t) => `${t.label}: ${t.met ? 'met' : 'NOT met'}`).join('; ')
  console.log(
    `${r.name.padEnd(40)} ${s(r.run.wallMs).padStart(9)} wall ${s(r.run.cpuMs).padStart(9)} CPU ${String(Math.round(r.run.peakRssMb)).padStart(5)} MB  ` +
      `${r.ratio !== undefined ? x(r.ratio).padStart(8) : '       -'}  ${verdict}${targets ? `  | ${targets}` : ''}`
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
if (regressed.length) console.error(`\nratios regressed by more than ${Math.round((TOLERANCE - 1) * 100)} % against bench/baseline.json, in every run: ${regressed.join(', ')}`)
process.exit(crashed.length || regressed.length ? 1 : 0)
