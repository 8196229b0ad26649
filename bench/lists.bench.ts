// Read-side speed over a FIDE-sized reference list (400,000 entries): one page of lists:entries per sort, a name
// search and a FIDE ID search, and archive:history; prints median milliseconds (target: a page under 300 ms).
import { openDatabase } from '../src/main/core/db/open'
import { listsHandlers } from '../src/main/core/services/lists'
import { archiveHandlers } from '../src/main/core/services/archive'
import type { ServiceContext } from '../src/main/core/services/context'
import { tempDir } from '../test/helpers/temp-db'
import { pick } from './lib'

const ENTRIES = /^\d+$/.test(process.argv[2] ?? '') ? Number(process.argv[2]) : pick({ ci: 50_000, default: 400_000, full: 1_900_000 })
const LISTS = 12
const TARGET_MS = 300
const tmp = tempDir('rating-office-bench-')
const KEEP = process.env.KEEP_DB
const db = openDatabase(KEEP ?? tmp.file('lists.db'))

// generated in SQL (one statement per table): row-by-row inserts from JS would dominate the bench's run time
const SYL = ['ka', 'ro', 'mi', 'sel', 'van', 'der', 'ber', 'ni', 'kov', 'ski', 'ma', 'lo', 'pe', 'tr', 'an']
const syl = (mult: number, mod = SYL.length): string => `json_extract('${JSON.stringify(SYL)}', '$[' || ((i * ${mult}) % ${mod}) || ']')`
const t0 = performance.now()
db.transaction(() => {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation)
     SELECT i, 100000 + i * 7, upper(substr(s, 1, 1)) || substr(s, 2), g, s || ' ' || g, 'FRA'
       FROM (SELECT i, ${syl(7919)} || ${syl(104729)} || ${syl(31)} AS s, ${syl(13)} || ${syl(17)} AS g FROM n)`
  ).run(ENTRIES)
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')")
  // the last list is full size; earlier ones hold every tenth player, enough for a history of twelve entries
  const entries = db.prepare(
    'INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT ?, id, 1000 + (id * 7877 + ?) % 1800, id % 30, 20 FROM players WHERE ? OR id % 10 = ?'
  )
  for (let l = 1; l <= LISTS; l++) {
    list.run(l, `2025-${String(l).padStart(2, '0')}-01`)
    entries.run(l, l * 13, l === LISTS ? 1 : 0, l % 10)
  }
})()
console.log(`built ${ENTRIES.toLocaleString()} players and ${LISTS} lists in ${Math.round(performance.now() - t0)} ms`)

const ctx = { db } as ServiceContext
function median(f: () => unknown, runs = 7): number {
  f()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    f()
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]
}

const page = (input: Partial<Parameters<(typeof listsHandlers)['lists:entries']>[0]>) => () =>
  listsHandlers['lists:entries']({ listId: LISTS, offset: 0, limit: 50, sort: 'rating', order: 'desc', ...input }, ctx)

const figures: [string, number][] = [
  ['lists:list (12 lists, counts)', median(() => listsHandlers['lists:list']({}, ctx))],
  ['entries page 1, by rating', median(page({}))],
  ['entries page 4000, by rating', median(page({ offset: 200_000 }))],
  ['entries page 1, by name', median(page({ sort: 'name', order: 'asc' }))],
  ['entries page 1, by FIDE ID', median(page({ sort: 'fideId', order: 'asc' }))],
  ['entries search "kami"', median(page({ search: 'kami' }))],
  ['entries search FIDE ID prefix', median(page({ search: '1000' }))],
  ['archive:findPlayers "kami"', median(() => archiveHandlers['archive:findPlayers']({ query: 'kami', limit: 20 }, ctx))],
  ['archive:history (12 lists)', median(() => archiveHandlers['archive:history']({ playerId: 11, includeDrafts: false }, ctx))]
]
for (const [name, ms] of figures) console.log(`${name.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms${ms > TARGET_MS ? `  (over the ${TARGET_MS} ms target)` : ''}`)
db.close()
if (!KEEP) tmp.cleanup()
