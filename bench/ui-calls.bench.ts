// Every call the players, tournaments and lists screens make, at FIDE scale with --full (a 1.9 M-player list,
// a month of tournaments), through the dispatch the hosts use (input validated, handler run): each call cold
// (the first on a new connection: SQLite's page cache empty, the OS's file cache not) and warm (20 runs; 10 with --ci).
// Target (issue 14): every call answers in under 50 ms at the 95th percentile, the cold call included, or it is
// a worker job. Floor of a call: the same rows (its page's players, tournaments or entries) read by primary key.
import { openDatabase } from '../src/main/core/db/open'
import { importFideList } from '../src/main/core/registry/import'
import { mergePlayers } from '../src/main/core/data/player-merges'
import { createServices } from '../src/main/core/services/index'
import { writeSyntheticCombinedList } from '../test/helpers/synthetic-list'
import { generateMonth, type RegistryFacts } from '../test/helpers/trf-month'
import { tempDir } from '../test/helpers/temp-db'
import { builtBenchWorker } from './built-worker'
import { latency, pick, queryFloor, report, scale, slowestRun, target, timeCall, type CallRun, type Latency, type Run } from './lib'

const PLAYERS = pick({ ci: 60_000, default: 400_000, full: 1_900_000 })
const TOURNAMENTS = pick({ ci: 200, default: 1_000, full: 3_000 })
const WARM = pick({ ci: 10, default: 20, full: 20 })
const LIMIT_MS = 50
const tmp = tempDir('rating-office-bench-')
const worker = await builtBenchWorker()
const dbPath = tmp.file('office.db')

try {
  const t0 = performance.now()
  {
    const db = openDatabase(dbPath)
    importFideList(db, { file: writeSyntheticCombinedList(tmp.file('players_list_foa.txt'), PLAYERS), listDate: '2025-10-01', reader: worker })
    const facts = db.prepare(
      `SELECT p.surname || ', ' || p.given_names AS name, p.federation, p.sex, CAST(substr(p.birth_date, 1, 4) AS INTEGER) AS birthYear, e.rating
         FROM players p LEFT JOIN rating_list_entries e ON e.player_id = p.id AND e.list_id = (SELECT max(id) FROM rating_lists WHERE rating_type = 'standard')
        WHERE p.fide_id = ?`
    )
    const arbiters = db.prepare("SELECT a.fide_id AS fideId, p.surname || ', ' || p.given_names AS name, a.title FROM arbiters a JOIN players p ON p.id = a.player_id").all() as { fideId: number; name: string; title: string }[]
    // the status filter's rarer statuses: one player in a thousand deceased, 300 merged into another
    db.prepare("UPDATE players SET status = 'deceased' WHERE id % 1000 = 7").run()
    for (let i = 0; i < 300; i++) mergePlayers(db, 2 + i * Math.floor(PLAYERS / 300), 5 + i * Math.floor(PLAYERS / 300), 'bench: a duplicate')
    const files = [...generateMonth(TOURNAMENTS, { pool: PLAYERS, registry: (id) => facts.get(id) as RegistryFacts | undefined, arbiters })]
    db.close()
    const s = createServices({ dbPath, host: 'cli', appVersion: 'bench', worker })
    for (let i = 0; i < files.length; i += 50) {
      const r = await s.dispatch('tournaments:import', { files: files.slice(i, i + 50).map((f) => ({ fileName: f.fileName, base64: Buffer.from(f.text, 'latin1').toString('base64') })), receivedDate: '2025-11-03' })
      if (!r.ok) throw new Error(r.error.message)
    }
    await s.close()
  }
  console.log(`set-up ${((performance.now() - t0) / 1000).toFixed(1)} s: ${PLAYERS.toLocaleString('en')} players on a FIDE list, ${TOURNAMENTS.toLocaleString('en')} tournaments imported and checked`)

  const probe = openDatabase(dbPath, { readonly: true })
  const one = <T>(sql: string): T => probe.prepare(sql).get() as T
  const standard = one<{ id: number }>("SELECT id FROM rating_lists WHERE rating_type = 'standard' ORDER BY id DESC LIMIT 1").id
  const someone = one<{ id: number }>('SELECT player_id AS id FROM rating_list_entries WHERE list_id = (SELECT max(id) FROM rating_lists) ORDER BY rating DESC LIMIT 1').id
  const tournament = one<{ id: number }>('SELECT id FROM tournaments ORDER BY id LIMIT 1 OFFSET 7').id
  const middle = Math.floor(PLAYERS / 2)
  // the status filter's totals (read here, untimed): its middle and last pages
  const ofStatus = (status: string): number => one<{ n: number }>(`SELECT count(*) AS n FROM players WHERE status = '${status}'`).n
  const ratedOfStatus = (status: string): number =>
    one<{ n: number }>(`SELECT count(*) AS n FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ${standard} AND p.status = '${status}'`).n

  type Screen = 'players' | 'tournaments' | 'lists'
  interface Call {
    screen: Screen
    label: string
    name: string
    input: unknown
    /** The rows of the answer to read again by primary key (the floor). */
    floor?: (value: unknown) => { table: string; ids: number[] }
  }
  const pageOf = (table: string, key = 'id') => (v: unknown) => ({ table, ids: ((v as { rows: Record<string, number>[] }).rows ?? []).map((r) => r[key]!) })
  const calls: Call[] = []
  for (const sort of ['name', 'fideId', 'federation', 'rating', 'birthYear', 'title'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      calls.push({ screen: 'players', label: `search sorted by ${sort} ${order}, page 1`, name: 'players:search', input: { sort, order, offset: 0, limit: 50 }, floor: pageOf('players') })
      calls.push({ screen: 'players', label: `search sorted by ${sort} ${order}, a middle page`, name: 'players:search', input: { sort, order, offset: middle, limit: 50 }, floor: pageOf('players') })
    }
  }
  // the status filter: every order, both ways, its first, a middle and its last page; the rare statuses; with a federation, with a name
  for (const sort of ['name', 'fideId', 'federation', 'rating', 'birthYear', 'title'] as const) {
    const total = sort === 'rating' ? ratedOfStatus('inactive') : ofStatus('inactive')
    const pages: [string, 'asc' | 'desc', number][] = [
      ['page 1', 'asc', 0],
      ['a middle page', 'asc', Math.floor(total / 2)],
      ['the last page', 'asc', Math.max(0, total - 50)],
      ['page 1', 'desc', 0],
      ['a middle page', 'desc', Math.floor(total / 2)]
    ]
    for (const [what, order, offset] of pages) {
      calls.push({ screen: 'players', label: `inactive by ${sort} ${order}, ${what}`, name: 'players:search', input: { status: 'inactive', sort, order, offset, limit: 50 }, floor: pageOf('players') })
    }
    calls.push({ screen: 'players', label: `deceased by ${sort}, page 1`, name: 'players:search', input: { status: 'deceased', sort, offset: 0, limit: 50 }, floor: pageOf('players') })
    calls.push({ screen: 'players', label: `FRA active by ${sort}, page 1`, name: 'players:search', input: { federation: 'FRA', status: 'active', sort, offset: 0, limit: 50 }, floor: pageOf('players') })
    calls.push({ screen: 'players', label: `FRA active by ${sort} desc, a deep page`, name: 'players:search', input: { federation: 'FRA', status: 'active', sort, order: 'desc', offset: Math.floor(PLAYERS / 95), limit: 50 }, floor: pageOf('players') })
  }
  calls.push(
    { screen: 'players', label: 'deceased by name, the last page', name: 'players:search', input: { status: 'deceased', offset: Math.max(0, ofStatus('deceased') - 50), limit: 50 }, floor: pageOf('players') },
    { screen: 'players', label: 'merged by name, page 1', name: 'players:search', input: { status: 'merged', limit: 50 }, floor: pageOf('players') },
    { screen: 'players', label: 'name search "kar", inactive', name: 'players:search', input: { text: 'kar', status: 'inactive', limit: 50 }, floor: pageOf('players') },
    { screen: 'players', label: 'name search "kar"', name: 'players:search', input: { text: 'kar', limit: 50 }, floor: pageOf('players') },
    { screen: 'players', label: 'name search "mül jür"', name: 'players:search', input: { text: 'mül jür', limit: 50 }, floor: pageOf('players') },
    { screen: 'players', label: 'FIDE ID search', name: 'players:search', input: { text: String(100000 + middle) }, floor: pageOf('players') },
    { screen: 'players', label: 'federation FRA by rating', name: 'players:search', input: { federation: 'FRA', sort: 'rating', order: 'desc', limit: 50 }, floor: pageOf('players') },
    { screen: 'players', label: 'player page', name: 'players:get', input: { id: someone }, floor: (v) => ({ table: 'players', ids: [(v as { id: number }).id] }) },
    { screen: 'players', label: 'player history', name: 'archive:history', input: { playerId: someone } },
    { screen: 'players', label: 'player merges', name: 'players:merges', input: { playerId: someone } },
    { screen: 'players', label: 'duplicates page', name: 'players:duplicates', input: { status: 'open', offset: 0, limit: 20 } },
    { screen: 'players', label: 'arbiters page', name: 'arbiters:list', input: { offset: 0, limit: 50 } },
    { screen: 'tournaments', label: 'tournaments page', name: 'tournaments:list', input: { offset: 0, limit: 100 }, floor: pageOf('tournaments') },
    { screen: 'tournaments', label: 'tournaments search', name: 'tournaments:list', input: { search: 'Open 1', offset: 0, limit: 100 }, floor: pageOf('tournaments') },
    { screen: 'tournaments', label: 'tournament page', name: 'tournaments:get', input: { id: tournament } },
    { screen: 'tournaments', label: 'tournament findings', name: 'tournaments:findings', input: { id: tournament } },
    { screen: 'tournaments', label: 'dashboard page', name: 'checks:dashboard', input: {}, floor: pageOf('tournaments') },
    { screen: 'tournaments', label: 'dashboard by errors', name: 'checks:dashboard', input: { sort: 'errors' }, floor: pageOf('tournaments') },
    { screen: 'tournaments', label: 'dashboard filters', name: 'checks:filters', input: {} },
    { screen: 'lists', label: 'lists', name: 'lists:list', input: {} }
  )
  for (const sort of ['rating', 'name', 'fideId'] as const) {
    calls.push({ screen: 'lists', label: `entries by ${sort}, page 1`, name: 'lists:entries', input: { listId: standard, sort, order: sort === 'rating' ? 'desc' : 'asc' }, floor: pageOf('players', 'playerId') })
    calls.push({ screen: 'lists', label: `entries by ${sort}, a middle page`, name: 'lists:entries', input: { listId: standard, sort, order: 'asc', offset: Math.floor(middle / 3) }, floor: pageOf('players', 'playerId') })
  }
  calls.push({ screen: 'lists', label: 'entries search "kar"', name: 'lists:entries', input: { listId: standard, search: 'kar' }, floor: pageOf('players', 'playerId') })

  const results: { call: Call; lat: Latency; runs: CallRun[]; floorMs: number | null }[] = []
  for (const call of calls) {
    // cold: a new connection (as at the app's start) answers this call first
    const s = createServices({ dbPath, host: 'cli', appVersion: 'bench', worker })
    let value: unknown
    const runs = await timeCall(WARM + 1, async () => {
      const r = await s.dispatch(call.name, call.input)
      if (!r.ok) throw new Error(`${call.name} ${call.label}: ${r.error.message}`)
      value = r.value
    })
    await s.close()
    let floorMs: number | null = null
    if (call.floor) {
      const f = call.floor(value)
      if (f.ids.length) floorMs = (await queryFloor(probe, f.table, f.ids, 7)).wallMs
    }
    results.push({ call, lat: latency(runs.map((r) => r.ms)), runs, floorMs })
  }
  probe.close()

  const ms = (x: number): string => x.toFixed(1).padStart(7)
  for (const screen of ['players', 'tournaments', 'lists'] as Screen[]) {
    const mine = results.filter((r) => r.call.screen === screen)
    const withFloor = mine.filter((r) => r.floorMs !== null)
    const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)
    const run: Run = { wallMs: sum(withFloor.map((r) => r.lat.p50)), cpuMs: 0, peakRssMb: process.resourceUsage().maxRSS / 1024 }
    const floorRun: Run = { wallMs: sum(withFloor.map((r) => r.floorMs!)), cpuMs: 0, peakRssMb: run.peakRssMb }
    const worst = (r: (typeof mine)[number]): number => Math.max(r.lat.cold, r.lat.p95)
    report({
      name: `${screen} screen calls`,
      items: mine.length,
      unit: 'calls',
      run,
      floor: { ...floorRun, what: `the rows of the ${withFloor.length} paged answers read by primary key (ratio: the sum of their warm medians over the sum of their floors)` },
      notes: [
        `${'call'.padEnd(46)}   cold     p50     p95     max   floor (ms)`,
        ...mine.map((r) => `${`${r.call.name} ${r.call.label}`.padEnd(46)}${ms(r.lat.cold)} ${ms(r.lat.p50)} ${ms(r.lat.p95)} ${ms(r.lat.max)} ${r.floorMs === null ? '      -' : ms(r.floorMs)}${worst(r) >= LIMIT_MS ? `  ← over 50 ms (${slowestRun(r.runs)})` : ''}`)
      ],
      targets: [target(`every call under ${LIMIT_MS} ms, cold and p95 (${mine.filter((r) => worst(r) >= LIMIT_MS).length} over${scale === 'full' ? '' : '; FIDE scale is --full'})`, mine.every((r) => worst(r) < LIMIT_MS))]
    })
  }
} finally {
  tmp.cleanup()
}
