// The public rating website (issue 39) at a federation's size: `--full` 100,000 players and 120 published monthly lists
// (the figure), the default 20,000 × 120, `--ci` 2,000 × 24, `--players N --lists N` any size. Times the first
// build (every page rendered) beside a floor that writes the same bytes with no logic (every file of the built site,
// written into an empty folder a part at a time, the parts' writes timed), then the rebuild after one more list (only the players it touched
// rendered, only changed files written). Prints the shard design's figures: files, the biggest player file, page of
// sheets and search shard, the requests a player's page needs, and the file count projected to FIDE's 1.9 M players.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { openDatabase } from '../src/main/core/db/open'
import { storeListCounts } from '../src/main/core/data/list-pages'
import { writingWholeLists } from '../src/main/core/data/list-by-rating'
import { packSheet } from '../src/main/core/lists/stored-sheet'
import { buildSite } from '../src/main/core/services/site'
import { tempDir } from '../test/helpers/temp-db'
import { measure, pick, report, target, type Run } from './lib'
import { builtBenchWorker } from './built-worker'

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const PLAYERS = Number(arg('--players') ?? pick({ ci: 2_000, default: 20_000, full: 100_000 }))
const LISTS = Number(arg('--lists') ?? pick({ ci: 24, default: 120, full: 120 }))
/** `--threads N`: the helper threads that render the player pages (0: on the build's own thread); default one a core. */
const THREADS = arg('--threads') === undefined ? undefined : Number(arg('--threads'))
/** One player in SHEET_EVERY has a calculation sheet on a list (he played in its period): each list touches a fifth. */
const SHEET_EVERY = 5

const tmp = tempDir('rating-office-site-bench-')
const db = openDatabase(tmp.file('office.db'))
db.pragma('synchronous = OFF')

function listDate(l: number): string {
  const y = 2016 + Math.floor((l - 1) / 12)
  return `${y}-${String(((l - 1) % 12) + 1).padStart(2, '0')}-01`
}

/** A player's rating on list l: moves on the lists where he has a sheet, stays otherwise. */
const rating = (id: number, l: number): number => 1400 + ((id * 7877) % 1200) + Math.floor((l + (SHEET_EVERY - (id % SHEET_EVERY))) / SHEET_EVERY) * ((id % 7) - 3)

function addList(l: number): void {
  db.transaction(() => {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status, edition) VALUES (?, 'office', ?, 'standard', 'FRA', 'draft', 'fide-2024')").run(l, listDate(l))
    const ins = db.prepare("INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation, entry_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'rated')")
    const sheet = db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, 'up', ?, ?, '[1]', ?)")
    writingWholeLists(db, () => {
      for (let id = 1; id <= PLAYERS; id++) {
        const played = id % SHEET_EVERY === l % SHEET_EVERY
        const r = rating(id, l)
        ins.run(l, id, r, played ? 5 : 0, id % 4 === 0 ? 40 : 20, null, id % 997 === 0 ? 'GM' : null, ['FRA', 'GER', 'ESP', 'ITA'][id % 4])
        if (played && l > 1) {
          const before = rating(id, l - 1)
          const games = [1, 2, 3, 4, 5].map((round) => {
            const opp = ((id + round * 31) % PLAYERS) + 1
            return { round, opponentId: opp, opponentRating: rating(opp, l - 1), opponentListId: l - 1, score: round % 2, counted: true, notCounted: null, ratingUsed: rating(opp, l - 1), capped: false, d: before - rating(opp, l - 1), pd: 0.5, chg: (round % 2) - 0.5, note: null }
          })
          const s = {
            playerId: id, listDate: listDate(l), edition: 'fide-2024',
            base: { listId: l - 1, rating: before, k: 20, status: 'rated', flags: null },
            tournaments: [{ tournamentId: 1, name: `Open ${listDate(l).slice(0, 7)}`, start: listDate(l - 1), end: listDate(l - 1), edition: 'fide-2024', system: 'swiss', late: false, slice: null, rating: before, ratingListId: l - 1, n: 5, w: 2, we: 2.5, chg: -0.5, k: 20, kChg: r - before, event: null, games, notes: [] }],
            periodGames: 5, changeExact: r - before, change: r - before, compression: null, firstRating: null, rating: r, status: 'rated', flags: null, kNext: { k: 20, note: null }, notes: []
          }
          sheet.run(l, id, before, r - before, packSheet(s))
        }
      }
      return [l]
    })
    storeListCounts(db, l)
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = ? WHERE id = ?").run(`${listDate(l)}T09:00:00.000Z`, l)
  })()
}

/** Every file of a folder with its size (its bytes are read a part at a time by the floor, never all at once). */
function files(dir: string): Map<string, number> {
  const out = new Map<string, number>()
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const f = join(d, n)
      const st = statSync(f)
      if (st.isDirectory()) walk(f)
      else out.set(relative(dir, f), st.size)
    }
  }
  walk(dir)
  return out
}

/** The bytes the floor holds at once: the site of 100,000 players is 10 GB, which held whole would crowd out the page cache. */
const FLOOR_PART = 512 * 1024 * 1024

/**
 * The floor: the built site's files written into an empty folder with no logic, timed a part at a time — each part's
 * bytes read first (not timed), then written (timed) — and the times summed; the folder is removed after, so that
 * neither a copy of the site in memory nor a second one in the page cache weighs on the rebuild measured next.
 */
async function writeFloor(from: string, built: Map<string, number>, floorDir: string): Promise<Run> {
  const sum: Run = { wallMs: 0, cpuMs: 0, peakRssMb: 0 }
  const made = new Set<string>()
  const paths = [...built.keys()]
  for (let i = 0; i < paths.length; ) {
    const part: [string, Buffer][] = []
    let held = 0
    for (; i < paths.length && (held === 0 || held + built.get(paths[i]!)! <= FLOOR_PART); i++) {
      part.push([paths[i]!, readFileSync(join(from, paths[i]!))])
      held += part[part.length - 1]![1].length
    }
    const { run } = await measure(() => {
      for (const [path, b] of part) {
        const f = join(floorDir, path)
        const d = dirname(f)
        if (!made.has(d)) {
          mkdirSync(d, { recursive: true })
          made.add(d)
        }
        writeFileSync(f, b)
      }
    }, { settle: false })
    sum.wallMs += run.wallMs
    sum.cpuMs += run.cpuMs
    sum.peakRssMb = Math.max(sum.peakRssMb, run.peakRssMb)
    sum.start ??= run.start
  }
  rmSync(floorDir, { recursive: true, force: true })
  return sum
}

async function main(): Promise<void> {
  const t0 = performance.now()
  db.transaction(() => {
    const ins = db.prepare("INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, sex, birth_date, national_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    const SYL = ['ka', 'ro', 'mi', 'sel', 'van', 'der', 'ber', 'ni', 'kov', 'ski', 'ma', 'lo', 'pe', 'tr', 'an', 'zu', 'gh', 'os', 'ie', 'ch']
    const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1)
    for (let id = 1; id <= PLAYERS; id++) {
      const k = (id * 7919) % 1000003
      const s = id % 40 === 0 ? ['müller', 'nguyễn', 'martin', 'garcía'][(id / 40) % 4]! : SYL[k % 20]! + SYL[Math.floor(k / 20) % 20]! + SYL[Math.floor(k / 400) % 20]!
      const g = SYL[id % 20]! + SYL[Math.floor(id / 20) % 20]!
      ins.run(id, 100000 + id * 7, cap(s), cap(g), `${s} ${g}`.normalize('NFD').replace(/\p{M}/gu, ''), ['FRA', 'GER', 'ESP', 'ITA'][id % 4], id % 9 === 0 ? 'F' : 'M', `${1940 + (id % 70)}-0${1 + (id % 9)}-1${id % 10}`, `N${id}`)
    }
  })()
  db.prepare("INSERT INTO settings(key, value) VALUES ('federationName', '\"Bench federation\"'), ('federation', '\"FRA\"')").run()
  for (let l = 1; l <= LISTS; l++) addList(l)
  console.log(`  database: ${PLAYERS.toLocaleString('en')} players × ${LISTS} published lists in ${Math.round((performance.now() - t0) / 1000)} s`)

  const out = tmp.file('site')
  const thread = await builtBenchWorker()
  const threaded = { thread, ...(THREADS === undefined ? {} : { threads: THREADS }) }
  const first = await measure(() => buildSite(db, { out, ...threaded }))
  const built = files(out)
  let bytes = 0
  for (const b of built.values()) bytes += b
  const floor = { run: await writeFloor(out, built, tmp.file('floor')) }
  const playerPages = [...built.entries()].filter(([k]) => /^(en|fr)\/players\//.test(k))
  // a loop, not Math.max(...): at 100,000 players the spread of 200,000 sizes overflowed the stack
  const biggestPage = playerPages.reduce((m, [, b]) => Math.max(m, b), 0)
  const shards = [...built.entries()].filter(([k]) => k.startsWith('search/'))
  const biggestShard = shards.reduce((m, [, b]) => Math.max(m, b), 0)
  const sheetPages = [...built.entries()].filter(([k]) => /^(en|fr)\/sheets\//.test(k))
  const biggestSheets = sheetPages.reduce((m, [, b]) => Math.max(m, b), 0)
  const perPlayer = playerPages.length / PLAYERS
  const others = built.size - playerPages.length - shards.length - sheetPages.length
  // the pages of sheets in proportion to the players too (the bench's players play one list in five)
  const fideFiles = Math.round(1_900_000 * perPlayer + ((shards.length + sheetPages.length) * 1_900_000) / PLAYERS + others)
  report({
    name: 'site build (first, every page)',
    items: built.size,
    unit: 'files',
    run: first.run,
    floor: { ...floor.run, what: `the same ${built.size.toLocaleString('en')} files (${(bytes / 1e6).toFixed(1)} MB) written with no logic` },
    targets: [
      target('under 2 minutes at 100,000 players × 120 lists', PLAYERS >= 100_000 && LISTS >= 120 && first.run.wallMs < 120_000),
      target('within 3× the floor', first.run.wallMs < 3 * floor.run.wallMs),
      target('a player file ≤ 200 KB (3 requests: the page, its style sheet, its script)', biggestPage <= 200_000),
      target('a search shard ≤ 200 KB', biggestShard <= 200_000),
      target('a page of sheets ≤ 200 KB', biggestSheets <= 200_000)
    ],
    notes: [
      `${PLAYERS.toLocaleString('en')} players × ${LISTS} lists; ${first.value.players.toLocaleString('en')} player pages per language, ${shards.length} search files`,
      `biggest player file ${(biggestPage / 1000).toFixed(1)} KB, biggest page of sheets ${(biggestSheets / 1000).toFixed(1)} KB (${sheetPages.length.toLocaleString('en')} pages), biggest search shard ${(biggestShard / 1000).toFixed(1)} KB`,
      `files at FIDE's 1.9 M players (${perPlayer.toFixed(2)} files a player — his page in two languages —, the pages of sheets and the search shards in proportion, ${others} other files): about ${fideFiles.toLocaleString('en')}`
    ]
  })

  // one more list, then the rebuild
  addList(LISTS + 1)
  const again = await measure(() => buildSite(db, { out, ...threaded }))
  report({
    name: 'site rebuild after one more list',
    items: again.value.written.length,
    unit: 'files written',
    run: again.run,
    floor: { ...floor.run, what: 'the first build’s floor (every file written)' },
    targets: [target('under 20 s at 100,000 players', PLAYERS >= 100_000 && again.run.wallMs < 20_000), target('incremental (only touched players rendered)', again.value.mode === 'incremental')],
    notes: [`${again.value.rendered.toLocaleString('en')} players rendered of ${again.value.players.toLocaleString('en')}; ${again.value.written.length.toLocaleString('en')} files written (${again.value.written.filter((p) => p.startsWith('en/sheets/')).length.toLocaleString('en')} pages of sheets a language), ${again.value.unchanged.toLocaleString('en')} unchanged, ${again.value.deleted.length} removed`]
  })
  db.close()
  tmp.cleanup()
}

void main()
