// The ten-year archive the benches build (issue 12): `lists` monthly reference lists, the last of December 2025, over
// a registry of `players` that grows over them (the oldest players on every list, the newest on the last ones).
// One builder for the archive's lookups (archive.bench.ts) and for the publication in year ten (year-ten.bench.ts).
// A kept file (KEEP_DB) is reused, upgraded in place, or finished from where a stopped build left it.
import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import { migrate } from '../../src/main/core/db/migrate'
import { migrations } from '../../src/main/core/db/migrations'
import { openDatabase, type Db } from '../../src/main/core/db/open'
import { storeListCounts } from '../../src/main/core/data/list-pages'
import { writingWholeLists } from '../../src/main/core/data/list-by-rating'
import { fillFrozenChecksums } from '../../src/main/core/db/backup'

/** An archive's size: the registry's players (all of them on the last list) and the monthly lists. */
export interface ArchiveShape {
  players: number
  lists: number
}

/** Entries of list l (1 to `lists`): 55 % of the registry plus l/lists of the rest. */
export const archiveListSize = (a: ArchiveShape, l: number): number => Math.round(a.players * (0.55 + (0.45 * l) / a.lists))

/** The date of list l: one a month, the last (l = lists) of 1 December 2025 (120 lists: January 2016 to December 2025). */
export function archiveListDate(a: ArchiveShape, l: number): string {
  const m = 12 * 2026 - (a.lists - l + 1)
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`
}

/** A player's FIDE ID in the archive's registry. */
export const archiveFideId = (id: number): number => 100000 + id * 7

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
const complete = (db: Db, a: ArchiveShape): boolean =>
  listsBuilt(db) >= a.lists && entryIndexes.every((i) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(i.name))

/**
 * The registry grows over the ten years: list l holds the players whose id is at most 55 % of the registry plus
 * l/lists of the rest (the oldest players are on every list, the newest on the last ones), with a rating that
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
function build(db: Db, a: ArchiveShape): void {
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
    step(`${a.players.toLocaleString('en')} players`, () =>
      db.transaction(() => {
        // (the FIDE ID is archiveFideId's)
        db.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
           INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, sex, birth_date)
           SELECT i, 100000 + i * 7, upper(substr(s, 1, 1)) || substr(s, 2), upper(substr(g, 1, 1)) || substr(g, 2), s || ' ' || g,
                  json_extract('["FRA","GER","IND","ESP","USA","RUS"]', '$[' || (i % 6) || ']'), CASE WHEN i % 9 = 0 THEN 'F' ELSE 'M' END,
                  CAST(1940 + i % 70 AS TEXT)
             FROM (SELECT i, ${surname} AS s, ${given} AS g FROM (SELECT i, (i * 7919) % 1000003 AS k, (i * 104729) % 999983 AS j FROM n))`
        ).run(a.players)
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
  for (let l = from; l <= a.lists; l++) {
    // one transaction per list: a full build never holds a 228-million-row transaction
    db.transaction(() => {
      list.run(l, archiveListDate(a, l))
      // its order by rating written whole once its entries are in, as an import writes it (migration 23)
      writingWholeLists(db, () => (entries.run({ l, upTo: archiveListSize(a, l) }), [l]))
      // as an import does once a list's entries are written: counts (migration 11), name marks (migration 13)
      storeListCounts(db, l)
    })()
    // at FIDE's size every list is reported, so that a build's progress and rate can be read while it runs
    if (l % 12 === 0 || l === a.lists || a.players >= 1_000_000) {
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
function check(db: Db, a: ArchiveShape, entries: number): void {
  const schema = db.prepare("SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all()
  if (JSON.stringify(schema) !== JSON.stringify(fresh.schema)) throw new Error("the built database's schema differs from a fresh database's")
  if (db.pragma('user_version', { simple: true }) !== fresh.version) throw new Error('the built database is not at the latest version')
  if (entries < 20_000_000) {
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]
    if (problems.length !== 1 || problems[0]!.integrity_check !== 'ok') throw new Error(`integrity_check: ${problems.slice(0, 5).map((p) => p.integrity_check).join('; ')}`)
  }
  for (const l of [...new Set([1, Math.ceil(a.lists / 2), a.lists])]) {
    const size = archiveListSize(a, l)
    const stored = db.prepare('SELECT entry_count AS n, rated_count AS rated FROM rating_lists WHERE id = ?').get(l) as { n: number; rated: number }
    if (stored.n !== size || stored.rated !== size) throw new Error(`list ${l}: counts ${stored.n}/${stored.rated}, ${size} entries built`)
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
function upgradeInPlace(file: string): boolean {
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

/**
 * The archive in `file`, built, or (a file that exists: kept by KEEP_DB) upgraded in place, finished, or reused as
 * it is; a database just built or upgraded is checked (`check`). Prints what it did and returns its entries. The
 * file is closed at the end, in WAL mode, its log emptied.
 */
export function readyArchive(file: string, a: ArchiveShape): { entries: number; ms: number; how: 'built' | 'upgraded' | 'reused' } {
  const t0 = performance.now()
  const upgraded = existsSync(file) && upgradeInPlace(file)
  const db = openDatabase(file)
  try {
    const built = !complete(db, a)
    if (built) build(db, a)
    const entries = db.prepare('SELECT count(*) FROM rating_list_entries').pluck().get() as number
    if (built || upgraded) check(db, a, entries)
    // as ten years of publications left it: each frozen list's checksum recorded (the publication before the next fills
    // the lists frozen since it); an archive kept from before migration 28 gets them here once
    const tf = performance.now()
    const filled = fillFrozenChecksums(db)
    if (filled.length) console.log(`recorded the checksums of ${filled.length} frozen lists in ${Math.round(performance.now() - tf).toLocaleString('en')} ms`)
    const ms = performance.now() - t0
    const how = built ? 'built' : upgraded ? 'upgraded' : 'reused'
    console.log(
      `${how === 'upgraded' ? 'upgraded and checked' : how} ${a.players.toLocaleString('en')} players, ${a.lists} lists, ${entries.toLocaleString('en')} entries in ${Math.round(ms).toLocaleString('en')} ms` +
        (a.players < 1_900_000 ? '  (reduced scale; --full for 1.9 M players)' : '')
    )
    return { entries, ms, how }
  } finally {
    db.close()
  }
}
