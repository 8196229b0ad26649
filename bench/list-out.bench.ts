// Lists going out at FIDE scale (400,000 entries by default, `npm run bench list-out -- 1900000` for FIDE's
// size): a whole-list export streams in pages with flat memory, a page of a top list, and a comparison of two
// full lists. Prints milliseconds, rows a second and the heap's growth during each export.
import { openDatabase } from '../src/main/core/db/open'
import { planListExport, runListExport } from '../src/main/core/services/list-exports'
import { compareAndStore, listOutHandlers } from '../src/main/core/services/list-out'
import { diffCacheFile } from '../src/main/core/data/list-diff-cache'
import { rmSync } from 'node:fs'
import type { ServiceContext } from '../src/main/core/services/context'
import { tempDir } from '../test/helpers/temp-db'
import { pick } from './lib'

const ENTRIES = /^\d+$/.test(process.argv[2] ?? '') ? Number(process.argv[2]) : pick({ ci: 50_000, default: 400_000, full: 1_900_000 })
/** An export may hold its pages and its output chunks, never the list: the heap grows by less than this. */
const HEAP_LIMIT_MB = 150
const tmp = tempDir('rating-office-bench-')
const db = openDatabase(tmp.file('lists.db'))

const SYL = ['ka', 'ro', 'mi', 'sel', 'van', 'der', 'ber', 'ni', 'kov', 'ski', 'ma', 'lo', 'pe', 'tr', 'an']
const syl = (mult: number, mod = SYL.length): string => `json_extract('${JSON.stringify(SYL)}', '$[' || ((i * ${mult}) % ${mod}) || ']')`
const t0 = performance.now()
db.transaction(() => {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, sex, birth_date)
     SELECT i, 100000 + i * 7, upper(substr(s, 1, 1)) || substr(s, 2), g, s || ' ' || g,
            json_extract('["FRA","GER","IND","ESP"]', '$[' || (i % 4) || ']'), CASE WHEN i % 9 = 0 THEN 'F' ELSE 'M' END, CAST(1940 + i % 70 AS TEXT)
       FROM (SELECT i, ${syl(7919)} || ${syl(104729)} || ${syl(31)} AS s, ${syl(13)} || ${syl(17)} AS g FROM n)`
  ).run(ENTRIES)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')")
  const entries = db.prepare(
    "INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags) SELECT ?, id, 1000 + (id * 7877 + ?) % 1800, id % 30, 20, CASE WHEN id % 11 = 0 THEN 'i' END FROM players WHERE id % 50 <> ?"
  )
  list.run(1, '2025-01-01')
  entries.run(1, 13, 1)
  list.run(2, '2025-02-01')
  entries.run(2, 29, 2)
})()
console.log(`built ${ENTRIES.toLocaleString()} players and 2 lists in ${Math.round(performance.now() - t0)} ms`)

const dbFile = tmp.file('lists.db')
const ctx = { db, dbPath: dbFile } as ServiceContext

async function exportFigures(format: 'txt' | 'csv' | 'xml', sort: 'fideId' | 'name' | 'rating'): Promise<string> {
  global.gc?.()
  const before = process.memoryUsage().heapUsed
  let peak = before
  let bytes = 0
  let chunks = 0
  const plan = planListExport(db, { listId: 2, format, sort })
  const t = performance.now()
  const rows = await runListExport(db, plan, (c) => {
    bytes += c.length
    if (++chunks % 50 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed)
  })
  const ms = performance.now() - t
  const growth = (peak - before) / 1e6
  return `export ${format} by ${sort}`.padEnd(34) + `${ms.toFixed(0).padStart(8)} ms  ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s  ${(bytes / 1e6).toFixed(0)} MB  heap +${growth.toFixed(0)} MB${growth > HEAP_LIMIT_MB ? `  (over the ${HEAP_LIMIT_MB} MB limit)` : ''}`
}

function timed(name: string, f: () => unknown, runs = 3): string {
  f()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    f()
    times.push(performance.now() - t)
  }
  return `${name.padEnd(34)}${times.sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(1).padStart(8)} ms`
}

console.log(await exportFigures('txt', 'fideId'))
console.log(await exportFigures('csv', 'name'))
console.log(await exportFigures('xml', 'rating'))
console.log(timed('lists:top 100 juniors', () => listOutHandlers['lists:top']({ listId: 2, category: 'juniors', limit: 100 }, ctx)))
console.log(timed('lists:top 100 women FRA', () => listOutHandlers['lists:top']({ listId: 2, category: 'women', federation: 'FRA', limit: 100 }, ctx)))
// two big lists: the lists:diff job's work (counts, each kind stored in order), then pages read from the store
console.log(timed('lists:diff job (compare and store)', () => compareAndStore(db, dbFile, 1, 2), 1))
console.log(timed('lists:diff stored page 1, counts', () => listOutHandlers['lists:diff']({ fromId: 1, toId: 2, kind: 'up', offset: 0, limit: 50, withCounts: true }, ctx)))
console.log(timed('lists:diff stored page 1000, down', () => listOutHandlers['lists:diff']({ fromId: 1, toId: 2, kind: 'down', offset: 50_000, limit: 50, withCounts: false }, ctx)))
const cacheFile = diffCacheFile(dbFile)!
for (const f of [cacheFile, `${cacheFile}-wal`, `${cacheFile}-shm`]) rmSync(f, { force: true })
db.close()
tmp.cleanup()
