// Golden outputs of the CLI over every test fixture, to prove a refactor changes nothing a user sees:
//   node scripts/cli-golden.mjs write [DIR]     runs the commands, writes one file per command into DIR
//   node scripts/cli-golden.mjs compare [DIR]   runs them again and compares byte for byte with DIR
// DIR defaults to out/cli-golden (not committed: write it on the commit before the refactor, compare after).
// The commands run the CLI from source on a fresh database in a temporary folder: the FIDE lists of
// test/fixtures/ratinglists imported at fixed dates, `tournaments import --json` over every TRF fixture,
// `rate --json` on every fixture with and without `--db`, `players search --json` and `lists entries --json`.
// Only what differs between two runs by nature is masked: the temporary folder's path and clock timestamps.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const [mode, dirArg] = process.argv.slice(2)
if (mode !== 'write' && mode !== 'compare') {
  process.stderr.write('usage: node scripts/cli-golden.mjs write|compare [DIR]\n')
  process.exit(2)
}
const goldenDir = dirArg ?? join(root, 'out', 'cli-golden')
const fixtures = join(root, 'test', 'fixtures')
const tmp = mkdtempSync(join(tmpdir(), 'cli-golden-'))
const db = join(tmp, 'golden.db')

/** The FIDE lists of test/fixtures, at dates that put them in force for some tournaments (two share a date). */
const LISTS = [
  ['players_list_foa.txt', '2025-11-01'],
  ['legacy_rating_list.txt', '2005-01-01'],
  ['sanichi_icu_ratings_app__spec__files__fide_player_file.xml', '2011-01-01'],
  ['sanichi_icu_ratings_app__spec__files__fide_player_file_duplicates.xml', '2011-01-01'],
  ['sanichi_icu_ratings_app__spec__files__players_list.xml', '2012-09-01'],
  ['standard_rating_list.txt', '2025-12-01']
]
const SEARCHES = [
  ['a'],
  ['carlsen'],
  ['muller'],
  ['25'],
  ['o', '--sort', 'rating', '--desc', '--limit', '50'],
  ['e', '--federation', 'IRL', '--sort', 'fideId', '--limit', '100'],
  ['e', '--sort', 'birthYear', '--limit', '100', '--offset', '5']
]

// The CLI runs in this process (source through tsx's loader, as `npm run cli` from source would), one command
// after the other, its output captured: starting a process per command took minutes on a busy machine.
const { register } = await import('tsx/esm/api')
register()
const { runCli } = await import('../src/main/cli/main.ts')
const { readTrf } = await import('../src/main/core/trf/index.ts')

/** Job progress lines (`kind: done/total …`) depend on timing, not on the result: they are left out. */
const PROGRESS = /^[\w-]+:[\w-]+: \d+\/\d+.*$\n?/gm

async function cli(args) {
  // the copies taken before list imports are named by the minute: gone between commands, they never collide
  rmSync(join(tmp, 'backups'), { recursive: true, force: true })
  let stdout = ''
  let stderr = ''
  const out = process.stdout.write
  const err = process.stderr.write
  const tty = process.stderr.isTTY
  process.stdout.write = (chunk) => ((stdout += chunk), true)
  process.stderr.write = (chunk) => ((stderr += chunk), true)
  process.stderr.isTTY = false
  let code
  try {
    code = await runCli(args)
  } finally {
    process.stdout.write = out
    process.stderr.write = err
    process.stderr.isTTY = tty
  }
  return { code, stdout, stderr: stderr.replace(PROGRESS, '') }
}

const mask = (text) =>
  text
    .split(tmp)
    .join('<tmp>')
    .split(root.replace(/\/$/, ''))
    .join('<repo>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, '<timestamp>')

const outputs = new Map()
async function record(name, args) {
  const r = await cli(args)
  let stdout
  try {
    stdout = JSON.parse(r.stdout)
  } catch {
    stdout = r.stdout
  }
  outputs.set(name, mask(JSON.stringify({ args: args.map((a) => mask(a)), code: r.code, stdout, stderr: r.stderr }, null, 2)) + '\n')
  return stdout
}

/** Combined TXT layout (players_list_foa.txt): the column starts of the header below. */
const HEADER = 'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag'
const COLS = [0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132, 136, 139, 145, 149, 152, 158]

/**
 * The fixtures' own players as a FIDE list (their FIDE ID, name, federation, sex, birth year and the file's
 * standard rating moved by `shift`), so that matching, the list in force and `rate --db` see real ratings.
 */
function playersList(files, listDate, shift) {
  const year = Number(listDate.slice(0, 4))
  const seen = new Set()
  const lines = [HEADER]
  for (const file of files) {
    for (const p of readTrf(readFileSync(file), file).players) {
      if (!p.fideId || !/^[1-9]\d{3,9}$/.test(p.fideId) || seen.has(p.fideId)) continue
      seen.add(p.fideId)
      const v = new Array(19).fill('')
      v[0] = p.fideId
      v[1] = p.name.slice(0, 60)
      v[2] = p.federation && /^[A-Z]{3}$/.test(p.federation) ? p.federation : ''
      v[3] = p.sex ?? ''
      if (p.rating !== null && p.rating >= 1000 && p.rating <= 2900) [v[8], v[9], v[10]] = [String(p.rating + shift), String(5 + (Number(p.fideId) % 7)), '20']
      const born = p.birth ? Number(p.birth.slice(0, 4)) : NaN
      if (born > 1900 && born < year) v[17] = String(born)
      lines.push(COLS.map((c, i) => (i + 1 < COLS.length ? v[i].padEnd(COLS[i + 1] - c) : v[i])).join('').trimEnd())
    }
  }
  const path = join(tmp, `fixture_players_${listDate}.txt`)
  writeFileSync(path, lines.join('\n') + '\n')
  return path
}

async function inOrder(jobs) {
  for (const job of jobs) await job()
}

try {
  let step = 0
  const n = () => String(++step).padStart(3, '0')
  for (const [file, date] of LISTS) await record(`${n()}-import-list-${file}`, ['--db', db, '--json', 'players', 'import-list', join(fixtures, 'ratinglists', file), '--date', date])
  const trfFiles = ['trf', 'trf-real'].flatMap((dir) => readdirSync(join(fixtures, dir)).filter((f) => !f.endsWith('.md')).sort().map((f) => join(fixtures, dir, f)))
  for (const [date, shift] of [['2000-01-01', -5], ['2015-01-01', 3]]) {
    await record(`${n()}-import-list-fixture-players-${date}`, ['--db', db, '--json', 'players', 'import-list', playersList(trfFiles, date, shift), '--date', date])
  }
  for (const dir of ['trf', 'trf-real']) {
    const files = readdirSync(join(fixtures, dir)).filter((f) => !f.endsWith('.md')).sort()
    await record(`${n()}-tournaments-import-${dir}`, ['--db', db, '--json', 'tournaments', 'import', ...files.map((f) => join(fixtures, dir, f))])
  }
  const reads = []
  for (const file of trfFiles) {
    const base = file.slice(fixtures.length + 1).replace(/\//g, '__')
    const a = n()
    const b = n()
    reads.push(() => record(`${a}-rate-${base}`, ['--json', 'rate', file, '--start', '2011-02-25']))
    reads.push(() => record(`${b}-rate-db-${base}`, ['--db', db, '--json', 'rate', file, '--start', '2011-02-25']))
  }
  for (const args of SEARCHES) {
    const name = `${n()}-players-search-${args.join('_').replace(/[^\w-]+/g, '')}`
    reads.push(() => record(name, ['--db', db, '--json', 'players', 'search', ...args]))
  }
  await inOrder(reads)
  const lists = await record(`${n()}-lists-show`, ['--db', db, '--json', 'lists', 'show'])
  const entries = []
  for (const l of Array.isArray(lists) ? lists : []) {
    for (const [sort, order] of [['rating', 'desc'], ['name', 'asc'], ['fideId', 'desc']]) {
      const name = `${n()}-lists-entries-${l.id}-${sort}-${order}`
      entries.push(() => record(name, ['--db', db, '--json', 'lists', 'entries', String(l.id), '--sort', sort, '--order', order, '--limit', '1000']))
    }
    const name = `${n()}-lists-entries-${l.id}-search`
    entries.push(() => record(name, ['--db', db, '--json', 'lists', 'entries', String(l.id), '--search', 'a']))
  }
  await inOrder(entries)
} finally {
  rmSync(tmp, { recursive: true, force: true })
}

if (mode === 'write') {
  rmSync(goldenDir, { recursive: true, force: true })
  mkdirSync(goldenDir, { recursive: true })
  for (const [name, text] of outputs) writeFileSync(join(goldenDir, name + '.json'), text)
  process.stdout.write(`cli-golden: wrote ${outputs.size} outputs to ${goldenDir}\n`)
} else {
  if (!existsSync(goldenDir)) {
    process.stderr.write(`cli-golden: no golden outputs in ${goldenDir}; run \`node scripts/cli-golden.mjs write\` first\n`)
    process.exit(2)
  }
  const expected = readdirSync(goldenDir).filter((f) => f.endsWith('.json')).sort()
  const got = [...outputs.keys()].map((k) => k + '.json').sort()
  const problems = []
  for (const f of expected) if (!got.includes(f)) problems.push(`missing now: ${f}`)
  for (const f of got) if (!expected.includes(f)) problems.push(`new output: ${f}`)
  for (const f of got) {
    if (!expected.includes(f)) continue
    if (readFileSync(join(goldenDir, f), 'utf8') !== outputs.get(f.slice(0, -5))) problems.push(`differs: ${f}`)
  }
  if (problems.length) {
    process.stdout.write(`cli-golden: ${problems.length} difference(s) against ${goldenDir}\n${problems.join('\n')}\n`)
    process.exit(1)
  }
  process.stdout.write(`cli-golden: ${got.length} outputs byte-identical to ${goldenDir}\n`)
}
