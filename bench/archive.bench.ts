// The archive at FIDE's size (issue 12): 120 monthly lists over a registry that grows to 1.9 M players (`--full`;
// the default runs 120 lists over 100,000 players, `--ci` 20,000, `--players N` any size). Times a player's
// history, his entry on one list, a name search and one page of one list, cold (a fresh connection, each lookup on
// a player or page not yet read) and warm (the same lookups again): p50, p95 and max of wall and CPU time, against
// the 20 ms p95 target; a player's history beside its floor (his entries read by the bare index, no join). Pages:
// one of the first 2,000 pages of a list, any page of it by rating, name or FIDE ID (from the list's marks), the lists
// screen's call (every list with its entry count), a search inside a list (a surname, a common one, two letters).
// KEEP_DB=FILE keeps (or reuses, upgraded in place, or finishes building) the database: a full build takes about 45 min
// on the loaded 2-core machine (docs/performance.md); `--build-only` builds it and stops, so that the build can run
// outside the bench lock and a later run times the lookups. The OS file cache is not dropped.
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import Database from 'better-sqlite3'
import { migrate } from '../src/main/core/db/migrate'
import { migrations } from '../src/main/core/db/migrations'
import { openDatabase, type Db } from '../src/main/core/db/open'
import { listsHandlers } from '../src/main/core/services/lists'
import { archiveHandlers } from '../src/main/core/services/archive'
import { storeListCounts } from '../src/main/core/data/list-pages'
import { writingWholeLists } from '../src/main/core/data/list-by-rating'
import type { ServiceContext } from '../src/main/core/services/context'
import { tempDir } from '../test/helpers/temp-db'
import { percentile, pick, report, target, type Run } from './lib'

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
// a temporary directory only when the database is not kept (a kept one left an empty directory behind)
const tmp = KEEP ? null : tempDir('rating-office-bench-')
const file = KEEP ?? tmp!.file('archive.db')
const reuse = KEEP !== undefined && existsSync(KEEP)

/** Entries of list l (see build). */
const listSize = (l: number): number => Math.round(PLAYERS * (0.55 + (0.45 * l) / LISTS))

/** The product's schema as a fresh database has it (the build must end with exactly this), and its version. */
const fresh = (() => {
  const db = openDatabase(':memory:')
  const schema = db.prepare("SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as { type: string; name: string; tbl: string; sql: string | null }[]
  const version = db.pragma('user_version', { simple: true }) as number
  db.close()
  return { schema, version }
})()
/** The entries' secondary indexes (by player, by list and rating), with their exact SQL. */
const entryIndexes = fresh.schema.filter((o) => o.type === 'index' && o.tbl === 'rating_list_entries' && o.sql !== null)

/** The lists built so far, each a whole transaction (a build stopped half-way goes on from the next one). */
const listsBuilt = (db: Db): number => db.prepare('SELECT count(*) FROM rating_lists WHERE entry_count IS NOT NULL').pluck().get() as number
/** Built to the end: every list, and the indexes dropped for the build made again. */
const complete = (db: Db): boolean =>
  listsBuilt(db) >= LISTS && entryIndexes.every((i) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(i.name))

/**
 * The registry grows over the ten years: list l holds the players whose id is at most 55 % of the registry plus
 * l/LISTS of the rest (the oldest players are on every list, the newest on the last ones), with a rating that
 * moves a little from list to list and every 13th player inactive for a while.
 *
 * Built for speed at 120 lists of 1.9 M players (228 M entries, about 16 GB); on this connection only (the lookups
 * open the file as the product does):
 * - the entries' secondary index (by player; their order by rating is a table of its own since migration 23, written
 *   list by list) is dropped first and made again at the end from their SQL in a fresh
 *   database's sqlite_master, each by one sort of the whole table: inserted list by list, each list's entries
 *   landed in every leaf of the player index (a list's insert rewrote the whole index, growing with the lists:
 *   4 s for the first list of 1.9 M, 6 s for the third), while the table itself, keyed (list_id, player_id), is
 *   appended to in key order;
 * - each list's counts and name marks are written as an import writes them (storeListCounts), in the list's own
 *   transaction, so a build that stops goes on from the next list (KEEP_DB);
 * - a rollback journal instead of WAL while building (appended pages are not journaled; a list is written once, not
 *   to the WAL then copied back), no fsync, a 1 GB page cache for the sorts (temporary files on disk: the sort of
 *   228 M index keys takes a few GB in the temporary directory); WAL again at the end.
 */
function build(db: Db): void {
  db.pragma('journal_mode = TRUNCATE')
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -1048576')
  db.pragma('temp_store = FILE')
  const step = (label: string, f: () => void): void => {
    const c = process.cpuUsage()
    const t = performance.now()
    f()
    const d = process.cpuUsage(c)
    process.stdout.write(`  ${label}: ${Math.round(performance.now() - t).toLocaleString('en')} ms (CPU ${Math.round((d.user + d.system) / 1000).toLocaleString('en')} ms)\n`)
  }
  for (const i of entryIndexes) db.exec(`DROP INDEX IF EXISTS ${i.name}`)
  const SYL = ['ka', 'ro', 'mi', 'sel', 'van', 'der', 'ber', 'ni', 'kov', 'ski', 'ma', 'lo', 'pe', 'tr', 'an', 'zu', 'gh', 'os', 'ie', 'ch']
  const COMMON = ['kumar', 'singh', 'nguyen', 'muller', 'martin', 'garcia', 'ivanov', 'wang']
  const pick = (list: string[], expr: string): string => `json_extract('${JSON.stringify(list)}', '$[' || (${expr}) || ']')`
  // 8,000 surnames of three syllables spread over the ids, and one player in 40 with one of eight common surnames
  // (at 1.9 M players about 240 players a surname, and 6,000 for a common one: FIDE's Kumar or Nguyen)
  const surname = `CASE WHEN i % 40 = 0 THEN ${pick(COMMON, '(i / 40) % 8')} ELSE ${pick(SYL, 'k % 20')} || ${pick(SYL, '(k / 20) % 20')} || ${pick(SYL, '(k / 400) % 20')} END`
  const given = `${pick(SYL, 'j % 20')} || ${pick(SYL, '(j / 20) % 20')}`
  if (!db.prepare('SELECT 1 FROM players LIMIT 1').get()) {
    step(`${PLAYERS.toLocaleString('en')} players`, () =>
      db.transaction(() => {
        db.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
           INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, sex, birth_date)
           SELECT i, 100000 + i * 7, upper(substr(s, 1, 1)) || substr(s, 2), upper(substr(g, 1, 1)) || substr(g, 2), s || ' ' || g,
                  json_extract('["FRA","GER","IND","ESP","USA","RUS"]', '$[' || (i % 6) || ']'), CASE WHEN i % 9 = 0 THEN 'F' ELSE 'M' END,
                  CAST(1940 + i % 70 AS TEXT)
             FROM (SELECT i, ${surname} AS s, ${given} AS g FROM (SELECT i, (i * 7919) % 1000003 AS k, (i * 104729) % 999983 AS j FROM n))`
        ).run(PLAYERS)
      })()
    )
  }
  const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')")
  const entries = db.prepare(
    `INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation)
     SELECT @l, id, 1000 + (id * 7877) % 1700 + (@l * (id % 7) - @l * 3) % 150, (id + @l) % 12, CASE WHEN id % 5 = 0 THEN 40 ELSE 20 END,
            CASE WHEN id % 13 = 0 AND (@l / 10) % 2 = 1 THEN 'i' END, CASE WHEN id % 997 = 0 THEN 'GM' WHEN id % 211 = 0 THEN 'FM' END, federation
       FROM players WHERE id <= @upTo ORDER BY id`
  )
  const from = listsBuilt(db) + 1
  if (from > 1) process.stdout.write(`  ${from - 1} lists held: going on from list ${from}\n`)
  const t = performance.now()
  for (let l = from; l <= LISTS; l++) {
    const y = 2016 + Math.floor((l - 1) / 12)
    const m = ((l - 1) % 12) + 1
    // one transaction per list: a full build never holds a 228-million-row transaction
    db.transaction(() => {
      list.run(l, `${y}-${String(m).padStart(2, '0')}-01`)
      // its order by rating written whole once its entries are in, as an import writes it (migration 23)
      writingWholeLists(db, () => (entries.run({ l, upTo: listSize(l) }), [l]))
      // as an import does once a list's entries are written: counts (migration 11), name marks (migration 13)
      storeListCounts(db, l)
    })()
    // at FIDE's size every list is reported, so that a build's progress and rate can be read while it runs
    if (l % 12 === 0 || l === LISTS || PLAYERS >= 1_000_000) {
      const s = (performance.now() - t) / 1000
      process.stdout.write(`  ${l} lists, ${Math.round(s).toLocaleString('en')} s (${(s / (l - from + 1)).toFixed(1)} s a list), ${new Date().toISOString().slice(11, 19)} UTC\n`)
    }
  }
  for (const i of entryIndexes) step(`index ${i.name}`, () => db.exec(i.sql!))
  step('optimize', () => db.pragma('optimize'))
  db.pragma('journal_mode = WAL')
}

/**
 * The built database is the product's: the same schema as a fresh database, its counts true, and (below 20 M
 * entries: at FIDE's size the check would read 16 GB for minutes) PRAGMA integrity_check, which also checks that
 * every index made again holds exactly the table's rows. A few marks of each order (name, FIDE ID, rating) of the
 * first, middle and last lists are checked against a count of the entries before their key. Throws on any difference.
 * Run on a database just built, or just upgraded in place.
 */
function check(db: Db, entries: number): void {
  const schema = db.prepare("SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all()
  if (JSON.stringify(schema) !== JSON.stringify(fresh.schema)) throw new Error("the built database's schema differs from a fresh database's")
  if (db.pragma('user_version', { simple: true }) !== fresh.version) throw new Error('the built database is not at the latest version')
  if (entries < 20_000_000) {
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]
    if (problems.length !== 1 || problems[0]!.integrity_check !== 'ok') throw new Error(`integrity_check: ${problems.slice(0, 5).map((p) => p.integrity_check).join('; ')}`)
  }
  for (const l of [...new Set([1, Math.ceil(LISTS / 2), LISTS])]) {
    const stored = db.prepare('SELECT entry_count AS n, rated_count AS rated FROM rating_lists WHERE id = ?').get(l) as { n: number; rated: number }
    if (stored.n !== listSize(l) || stored.rated !== listSize(l)) throw new Error(`list ${l}: counts ${stored.n}/${stored.rated}, ${listSize(l)} entries built`)
    // each order's marks (migrations 13 and 15): the first, second, middle and last against a count of the entries
    // of the list whose key in that order sorts before the mark's
    const keyOf = { name: '(p.name_folded, p.id)', fideId: '(coalesce(p.fide_id, -1), p.id)', rating: '(coalesce(e.rating, 1000000000), e.player_id)' }
    for (const [sort, key] of Object.entries(keyOf)) {
      const marks = db.prepare('SELECT key, player_id AS id, rank FROM list_marks WHERE list_id = ? AND sort = ? ORDER BY rank').all(l, sort) as { key: string | number; id: number; rank: number }[]
      const before = db.prepare(`SELECT count(*) FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND ${key} < (?, ?)`).pluck()
      for (const mk of [marks[0], marks[1], marks[Math.floor(marks.length / 2)], marks.at(-1)]) {
        if (!mk) throw new Error(`list ${l} has no marks by ${sort}`)
        const n = before.get(l, mk.key, mk.id) as number
        if (n !== mk.rank) throw new Error(`list ${l}: the mark by ${sort} (${mk.key}, ${mk.id}) has rank ${mk.rank}, ${n} entries sort before it`)
      }
    }
  }
}

/**
 * A kept database at an older version is upgraded in place: the migrations run on it directly (the bench's own
 * connection, as the runner does), without the upgrade's safety copy, which at 16 GB would take the disk and an
 * hour; their time is printed, since a federation holding such an archive pays it on upgrade (plus the copy).
 */
function upgradeInPlace(): boolean {
  const db = new Database(file)
  const version = db.pragma('user_version', { simple: true }) as number
  const upgrade = version > 0 && version < fresh.version
  if (upgrade) {
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.pragma('synchronous = NORMAL')
    db.pragma('cache_size = -65536')
    for (const m of [...migrations].filter((m) => m.version > version).sort((a, b) => a.version - b.version)) {
      const c = process.cpuUsage()
      const t = performance.now()
      migrate(db, migrations.filter((n) => n.version <= m.version))
      const d = process.cpuUsage(c)
      console.log(`  migration ${m.version} (${m.name}) applied in place: ${Math.round(performance.now() - t).toLocaleString('en')} ms (CPU ${Math.round((d.user + d.system) / 1000).toLocaleString('en')} ms)`)
    }
  }
  db.close()
  return upgrade
}

const t0 = performance.now()
{
  const upgraded = reuse && upgradeInPlace()
  const db = openDatabase(file)
  const built = !complete(db)
  if (built) build(db)
  const rows = db.prepare('SELECT count(*) FROM rating_list_entries').pluck().get() as number
  if (built || upgraded) check(db, rows)
  console.log(
    `${built ? 'built' : upgraded ? 'upgraded and checked' : 'reused'} ${PLAYERS.toLocaleString('en')} players, ${LISTS} lists, ${rows.toLocaleString('en')} entries in ${Math.round(performance.now() - t0).toLocaleString('en')} ms` +
      (PLAYERS < 1_900_000 ? '  (reduced scale; --full for 1.9 M players)' : '')
  )
  db.close()
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
      name: `archive ${name}, ${phase}`,
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
