// The archive at FIDE's size (issue 12): 120 monthly lists over a registry that grows to 1.9 M players (`--full`;
// the default runs 120 lists over 100,000 players, `--ci` 20,000, `--players N` any size). Times a player's
// history, his entry on one list, a name search and one page of one list, cold (a fresh connection, each lookup on
// a player or page not yet read) and warm (the same lookups again): p50, p95 and max of wall and CPU time, against
// the 20 ms p95 target; a player's history beside its floor (his entries read by the bare index, no join). Pages:
// one of the first 2,000 pages of a list, any page of it by rating, name or FIDE ID (from the list's marks), the lists
// screen's call (every list with its entry count), a search inside a list (a surname, a common one, two letters).
// KEEP_DB=FILE keeps (or reuses, upgraded in place, or finishes building) the database: a full build takes about 45 min
// on the loaded 2-core machine (docs/performance.md); `--build-only` builds it and stops, so that the build can run
// outside the bench lock and a later run times the lookups. The OS file cache is not dropped. `--sealed`: the lookups on
// a copy of the archive whose years but the last are sealed into period archive files (bench/lib/seal.ts), read
// through the views every connection makes (docs/archive-periods.md).
import { copyFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { openDatabase, type Db } from '../src/main/core/db/open'
import { listsHandlers } from '../src/main/core/services/lists'
import { archiveHandlers } from '../src/main/core/services/archive'
import type { ServiceContext } from '../src/main/core/services/context'
import { tempDir } from '../test/helpers/temp-db'
import { archiveListSize, percentile, pick, readyArchive, report, sealYears, target, type Run } from './lib'

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const PLAYERS = Number(arg('--players') ?? pick({ ci: 20_000, default: 100_000, full: 1_900_000 }))
const LISTS = Number(arg('--lists') ?? 120)
/** Lookups per measure (each cold one on a player or page not read before). */
const SAMPLES = Number(arg('--samples') ?? 200)
const TARGET_P95_MS = 20

const KEEP = process.env.KEEP_DB
const SEALED = process.argv.includes('--sealed')
// a temporary directory only when the database is not kept (a kept one left an empty directory behind), or for the
// sealed copy of a kept one
const tmp = KEEP && !SEALED ? null : tempDir('rating-office-bench-')
const built = KEEP ?? tmp!.file('archive.db')

const archive = { players: PLAYERS, lists: LISTS }
/** Entries of list l (bench/lib/archive.ts). */
const listSize = (l: number): number => archiveListSize(archive, l)

// built, or reused, upgraded in place or finished (KEEP_DB), and checked: bench/lib/archive.ts
readyArchive(built, archive)
const file = SEALED ? sealedCopy(built, tmp!.file('sealed.db')) : built

/** The archive copied, then its years but the last sealed (the kept file is never sealed). */
function sealedCopy(from: string, to: string): string {
  copyFileSync(from, to)
  const db = openDatabase(to)
  try {
    console.log(sealYears(db, to))
  } finally {
    db.close()
  }
  return to
}
// `--build-only`: build (or finish building) the KEEP_DB file and stop, so that a long build runs outside the bench lock
if (process.argv.includes('--build-only')) {
  tmp?.cleanup()
  process.exit(0)
}

/** A fixed pseudo-random sequence (the same players and pages on every run). */
let seed = 12345
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
}
const players = Array.from({ length: SAMPLES }, () => 1 + rand(PLAYERS))
const pages = Array.from({ length: SAMPLES }, () => ({ listId: 1 + rand(LISTS), page: rand(2000) }))
/** Any page of any list: the middle ones are the dearest (a page past the middle is read from the other end). */
const anyPages = Array.from({ length: SAMPLES }, () => {
  const listId = 1 + rand(LISTS)
  return { listId, offset: rand(listSize(listId) - 50) }
})

/** A lookup's latency as a run: its p95 (wall and CPU) over the samples, p50 and max in the notes. */
function latencyRun(wall: number[], cpu: number[]): { run: Run; notes: string[] } {
  const p95 = percentile(wall, 95)
  return {
    run: { wallMs: p95, cpuMs: percentile(cpu, 95), peakRssMb: process.memoryUsage.rss() / 1024 / 1024 },
    notes: [
      `wall p50 ${percentile(wall, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...wall).toFixed(1)} ms over ${wall.length} lookups (run = p95)`,
      `CPU p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms, max ${Math.max(...cpu).toFixed(1)} ms; load average ${loadavg()[0]!.toFixed(1)} (wall times stretch with it)`
    ]
  }
}

type Lookup = (ctx: ServiceContext, i: number) => unknown
/** Each lookup once on a fresh connection (cold: SQLite's cache empty), then the same lookups again (warm). */
function times(f: Lookup): { cold: [number[], number[]]; warm: [number[], number[]] } {
  const db = openDatabase(file, { readonly: true })
  const ctx = { db } as ServiceContext
  const time = (): [number[], number[]] => {
    const wall: number[] = []
    const cpu: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      const c = process.cpuUsage()
      const t = performance.now()
      f(ctx, i)
      wall.push(performance.now() - t)
      const d = process.cpuUsage(c)
      cpu.push((d.user + d.system) / 1000)
    }
    return [wall, cpu]
  }
  const cold = time()
  const warm = time()
  db.close()
  return { cold, warm }
}

function measure(name: string, f: Lookup, floor?: { what: string; f: Lookup }): void {
  const run = times(f)
  const base = floor ? times(floor.f) : null
  for (const phase of ['cold', 'warm'] as const) {
    const r = latencyRun(...run[phase])
    const fl = base ? latencyRun(...base[phase]).run : null
    report({
      name: `archive ${name}, ${phase}${SEALED ? ', sealed' : ''}`,
      items: SAMPLES,
      unit: 'lookups',
      run: r.run,
      ...(fl && floor ? { floor: { ...fl, what: floor.what } } : {}),
      targets: [target(`p95 under ${TARGET_P95_MS} ms`, r.run.wallMs < TARGET_P95_MS)],
      notes: r.notes
    })
  }
}

const nameOf = (db: Db, id: number): { surname: string; given: string } => {
  const r = db.prepare('SELECT name_folded FROM players WHERE id = ?').pluck().get(id) as string
  const [surname, given] = r.split(' ')
  return { surname: surname!, given: given! }
}
const names = (() => {
  const db = openDatabase(file, { readonly: true })
  const out = players.map((id) => nameOf(db, id))
  db.close()
  return out
})()

measure('archive:history (every list)', (ctx, i) => archiveHandlers['archive:history']({ playerId: players[i]!, includeDrafts: false }, ctx), {
  what: 'his entries read through the player index alone, no list joined',
  f: ({ db }, i) => db.prepare('SELECT * FROM rating_list_entries WHERE player_id = ?').all(players[i]!)
})
measure('archive:history by FIDE ID', (ctx, i) => archiveHandlers['archive:history']({ fideId: 100000 + players[(i + 7) % SAMPLES]! * 7, includeDrafts: false }, ctx))
measure('archive:ratingOn (one list)', (ctx, i) => archiveHandlers['archive:ratingOn']({ playerId: players[(i + 13) % SAMPLES]!, listId: pages[i]!.listId }, ctx))
measure('archive:findPlayers surname + given', (ctx, i) => archiveHandlers['archive:findPlayers']({ query: `${names[i]!.surname} ${names[i]!.given.slice(0, 2)}`, limit: 50 }, ctx))
measure('archive:findPlayers surname', (ctx, i) => archiveHandlers['archive:findPlayers']({ query: names[(i + 3) % SAMPLES]!.surname, limit: 50 }, ctx))
measure('archive:findPlayers 3 letters', (ctx, i) => archiveHandlers['archive:findPlayers']({ query: names[(i + 5) % SAMPLES]!.surname.slice(0, 3), limit: 50 }, ctx))
measure('lists:entries page, by rating', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: pages[i]!.listId, offset: pages[i]!.page * 50, limit: 50, sort: 'rating', order: 'desc' }, ctx)
)
measure('lists:entries any page, by rating', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: anyPages[i]!.listId, offset: anyPages[i]!.offset, limit: 50, sort: 'rating', order: 'desc' }, ctx)
)
measure('lists:entries any page, by name', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: anyPages[(i + 23) % SAMPLES]!.listId, offset: anyPages[(i + 23) % SAMPLES]!.offset, limit: 50, sort: 'name', order: 'asc' }, ctx)
)
measure('lists:list (every list with its count)', (ctx) => listsHandlers['lists:list']({}, ctx))
measure('lists:entries page 1, by name', (ctx, i) => listsHandlers['lists:entries']({ listId: pages[(i + 11) % SAMPLES]!.listId, offset: 0, limit: 50, sort: 'name', order: 'asc' }, ctx))
measure('lists:entries search, by rating', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: pages[(i + 17) % SAMPLES]!.listId, offset: 0, limit: 50, sort: 'rating', order: 'desc', search: names[(i + 19) % SAMPLES]!.surname }, ctx)
)
measure('lists:entries any page, by FIDE ID', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: anyPages[(i + 29) % SAMPLES]!.listId, offset: anyPages[(i + 29) % SAMPLES]!.offset, limit: 50, sort: 'fideId', order: 'asc' }, ctx)
)
// a search inside a list matching thousands: a common surname (6,000 at 1.9 M players), two letters (a tenth of the list)
const COMMON_SURNAMES = ['kumar', 'singh', 'nguyen', 'muller', 'martin', 'garcia', 'ivanov', 'wang']
measure('lists:entries search, common surname, by rating', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: pages[(i + 31) % SAMPLES]!.listId, offset: 0, limit: 50, sort: 'rating', order: 'desc', search: COMMON_SURNAMES[i % 8]! }, ctx)
)
measure('lists:entries search, 2 letters, by rating', (ctx, i) =>
  listsHandlers['lists:entries']({ listId: pages[(i + 37) % SAMPLES]!.listId, offset: 0, limit: 50, sort: 'rating', order: 'desc', search: names[(i + 41) % SAMPLES]!.surname.slice(0, 2) }, ctx)
)

tmp?.cleanup()
