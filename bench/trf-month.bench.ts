// A month of tournament reports (15,000 files with --full: Swiss and round robin, 5–300 players, 5–11 rounds)
// imported and checked through the call the UI makes (`tournaments:import`, 50 files a call), into a registry
// holding the FIDE list the reports' players come from. Floors (same process, same data): the tournaments,
// players and games the import wrote, inserted again by a bare prepared-statement loop in one transaction with
// the indexes built after; and the files' bytes split into lines. Target (issue 14): under 60 s.
import { writeFileSync } from 'node:fs'
import { openDatabase } from '../src/main/core/db/open'
import { importFideList } from '../src/main/core/registry/import'
import { tournamentsHandlers } from '../src/main/core/services/tournaments'
import type { ServiceContext } from '../src/main/core/services/context'
import { writeSyntheticCombinedList } from '../test/helpers/synthetic-list'
import { generateMonth, type RegistryFacts } from '../test/helpers/trf-month'
import { tempDir } from '../test/helpers/temp-db'
import { builtBenchWorker } from './built-worker'
import { measure, parseFloor, pick, readRows, report, target, writeFloor } from './lib'

const FILES = pick({ ci: 300, default: 3_000, full: 15_000 })
const POOL = pick({ ci: 60_000, default: 400_000, full: 1_900_000 })
const PER_CALL = 50
const tmp = tempDir('rating-office-bench-')
try {
  const dbFile = tmp.file('office.db')
  const db = openDatabase(dbFile)
  const t0 = performance.now()
  importFideList(db, { file: writeSyntheticCombinedList(tmp.file('players_list_foa.txt'), POOL), listDate: '2025-10-01', reader: await builtBenchWorker() })
  // the reports name their players and arbiters as the registry does (a real month mostly matches)
  const facts = db.prepare(
    `SELECT p.surname || ', ' || p.given_names AS name, p.federation, p.sex, CAST(substr(p.birth_date, 1, 4) AS INTEGER) AS birthYear, e.rating
       FROM players p LEFT JOIN rating_list_entries e ON e.player_id = p.id AND e.list_id = (SELECT max(id) FROM rating_lists WHERE rating_type = 'standard')
      WHERE p.fide_id = ?`
  )
  const arbiters = db.prepare("SELECT a.fide_id AS fideId, p.surname || ', ' || p.given_names AS name, a.title FROM arbiters a JOIN players p ON p.id = a.player_id").all() as { fideId: number; name: string; title: string }[]
  const files = [...generateMonth(FILES, { pool: POOL, month: '2025-10', registry: (id) => facts.get(id) as RegistryFacts | undefined, arbiters })]
  const games = files.reduce((s, f) => s + Math.floor(f.players / 2) * f.rounds, 0)
  const swiss = files.filter((f) => f.system === 'swiss').length
  console.log(
    `set-up ${((performance.now() - t0) / 1000).toFixed(1)} s: a list of ${POOL.toLocaleString('en')} players; ${FILES.toLocaleString('en')} reports ` +
      `(${swiss.toLocaleString('en')} Swiss, ${(FILES - swiss).toLocaleString('en')} round robins, up to ${Math.max(...files.map((f) => f.players))} players), about ${games.toLocaleString('en')} games`
  )
  // the import timed on this thread, as the CLI runs it (no job runner here)
  const ctx = { db, host: 'cli' } as ServiceContext
  const batches: { fileName: string; base64: string }[][] = []
  for (let i = 0; i < files.length; i += PER_CALL) batches.push(files.slice(i, i + PER_CALL).map((f) => ({ fileName: f.fileName, base64: Buffer.from(f.text, 'latin1').toString('base64') })))
  let slowest = 0
  const { value, run } = await measure(async () => {
    let ok = 0
    for (const files of batches) {
      const t = performance.now()
      for (const r of await tournamentsHandlers['tournaments:import']({ files, receivedDate: '2025-11-03' }, ctx)) if (r.ok) ok++
      slowest = Math.max(slowest, performance.now() - t)
    }
    return ok
  })
  if (value !== FILES) throw new Error(`${FILES - value} reports were refused`)
  const findings = (db.prepare('SELECT count(*) AS n FROM tournament_findings').get() as { n: number }).n
  const sets = [
    readRows(db, 'tournaments', ['id', 'name', 'city', 'federation', 'start_date', 'end_date', 'system', 'rating_type', 'rounds', 'header', 'status']),
    readRows(db, 'tournament_players', ['tournament_id', 'start_rank', 'player_id', 'match_status', 'fide_id', 'name']),
    readRows(db, 'tournament_games', ['tournament_id', 'start_rank', 'round', 'opponent', 'color', 'code'])
  ]
  db.close()
  const floor = await writeFloor(tmp.file('floor.db'), sets)
  const all = tmp.file('month.trf')
  writeFileSync(all, files.map((f) => f.text).join('\n'))
  const parse = await parseFloor(all, 'latin1')
  report({
    name: 'month of TRF imported and checked',
    items: FILES,
    unit: 'files',
    run,
    floor: { ...floor, what: `the same ${sets[0]!.rows.length.toLocaleString('en')} tournaments, ${sets[1]!.rows.length.toLocaleString('en')} players and ${sets[2]!.rows.length.toLocaleString('en')} game rows by a bare prepared-statement loop, indexes after` },
    notes: [
      `${findings.toLocaleString('en')} findings recorded; the slowest call (${PER_CALL} files, one transaction each) held the main process ${slowest.toFixed(0)} ms`,
      `parse floor (the files' bytes split into lines): ${parse.wallMs.toFixed(0)} ms for ${parse.lines.toLocaleString('en')} lines`
    ],
    targets: [...(FILES === 15_000 ? [target('15,000 files under 60 s', run.wallMs < 60_000)] : []), target('peak memory under 2 GB', run.peakRssMb < 2048)]
  })
} finally {
  tmp.cleanup()
}
