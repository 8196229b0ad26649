// Publication in year ten: what a month costs the officer once the office holds years of published lists. The same
// month at two archive sizes (`--lists 12,120`: a federation's first year and its tenth, each archive ending with the
// whole registry on its list of 1 December 2025, so that the month's work is the same and only the archive's depth
// differs): the archive (bench/lib/archive.ts, as archive.bench builds it), the month's reports for the list of
// 1 January 2026 (bench/lib/month.ts, as office-lists.bench makes them), then as the officer runs it the lists:generate
// job, the lists:publish job (its verified safety copy first, then the publication), the daily backup (the
// system:backup job) and a correction (a report of the month found late: the lists:correctPreview job the Lists screen
// shows first, then the lists:correct job, a new version of the list), each phase's wall and CPU time (the process's, every thread). Beside them, in the same run:
// - the generation's floor (bench/lib: generationFloor, office-lists.bench's): the list's entries written once by a
//   bare prepared-statement loop into a copy of the database as the generation found it;
// - "the month's new rows written once plus copied once": that floor plus the month's new rows (the list's rows in
//   every table keyed by list, its entries and sheets among them, and the month's tournaments, players and games) in
//   a database of their own, copied once by SQLite's backup API and synced, as the safety copy copies;
// - the safety copy taken apart (the product's code unchanged): its copy made again from the same database by the
//   backup API, then integrity_check, foreign keys, row counts and frozen-list checksums each timed alone on the
//   job's own copy and on the database (the job runs integrity_check on a thread of its own beside the others once
//   the copy reaches THREAD_FROM, 32 MB: the parts add up to more than its wall time there).
// Targets (issue 40; printed, a run saying whether it met them): the officer's whole wait (generation + safety copy + publication)
// within 2× the generation's floor, and a correction's (the correction, then its preview and the correction; the
// preview's work after its result, its copy's end, timed apart as the officer reads it, as the generation's is while
// the draft is reviewed); the daily backup's time independent of the archive's size (the largest archive's
// within 1.5× the smallest's). Not in bench/baseline.json: the figure a design must reach, not a ratio to hold
// (`npm run bench -- --ci` gates only ratios with a baseline; a target not met is printed, never a failure).
// `--sealed`: before the month, the archive's years but the last are sealed into period archive files, a year a file
// (docs/archive-periods.md: data/archive-seal.ts), the live database vacuumed and the files kept once in the backups
// folder, as the seal does (all three timed and printed apart: the seal's one cost, not the month's).
// Scale: `--players N` (default 100,000, `--ci` 5,000, `--full` 1.9 M: its 120-list archive takes about 45 min to
// build, KEEP_DB to keep it), `--lists A,B` the archive sizes, `--tournaments N` (default 15,000 for 1.9 M players,
// in proportion); `--correction-alone` runs the correction without its preview. KEEP_DB=FILE keeps each archive as
// FILE-<lists>-lists-<players>.db (built once, reused, upgraded in place) and works on a copy of it; with `--sealed`,
// the office as sealed (the month's reports in) is kept beside it too, as the folder
// FILE-<lists>-lists-<players>-sealed (its live database, archive files and backups folder), and reused: a FIDE-scale
// run then starts in a minute instead of about 15.
import { copyFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { loadavg } from 'node:os'
import Database from 'better-sqlite3'
import { openDatabase } from '../src/main/core/db/open'
import { archiveDir, archiveFiles } from '../src/main/core/db/archive-files'
import { writeSettings } from '../src/main/core/data/settings'
import { copyDatabaseFile, frozenListChecksums, listBackups, tableCounts, THREAD_FROM } from '../src/main/core/db/backup'
import { integrityCheck, openForCheck } from '../src/main/core/db/integrity-thread'
import { writerMarks } from '../src/main/core/db/writer-marks'
import { JobRunner } from '../src/main/core/workers/runner'
import { jobsContract } from '../src/shared/contract/jobs'
import type { CorrectionPreview, CorrectResult, GenerateResult, PublishResult } from '../src/shared/contract/office-lists'
import type { z } from 'zod'
import type { backupReportSchema } from '../src/shared/contract/system'
import { tempDir } from '../test/helpers/temp-db'
import { builtBenchWorker } from './built-worker'
import { archiveFideId, copyForGenerationFloor, cpuNow, generationFloor, phaseClock, keepSealedOffice, pick, readyArchive, report, resetPeakRss, reuseSealedOffice, sealYears, target, writeMonthOfReports, type Run } from './lib'

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
// (`--ci` a registry small enough for the whole scenario, both archives built, to run in about a minute)
const PLAYERS = Number(arg('--players') ?? pick({ ci: 5_000, default: 100_000, full: 1_900_000 }))
const SIZES = (arg('--lists') ?? '12,120').split(',').map(Number)
const TOURNAMENTS = Number(arg('--tournaments') ?? Math.round((PLAYERS * 15_000) / 1_900_000))
const LIST_DATE = '2026-01-01'
const KEEP = process.env.KEEP_DB
const SEALED = process.argv.includes('--sealed')
// `--correction-alone`: the correction without its preview (its own way: its copy beside, its lines computed on two
// threads and compared with the published ones as they are written), as it runs when no preview's lines serve
const CORRECTION_ALONE = process.argv.includes('--correction-alone')
if (SIZES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--lists: archive sizes as whole numbers, e.g. 12,120 (not ${arg('--lists')})`)

const s1 = (ms: number): string => `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s`
const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`
const load = (): string => loadavg()[0]!.toFixed(1)


/** Wall and CPU time (ms, the process's) of `f`. */
async function timed<T>(f: () => T | Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const t = performance.now()
  const c = cpuNow()
  const value = await f()
  return { value, wallMs: performance.now() - t, cpuMs: cpuNow() - c }
}

/** Waits until no job holds a write turn on the database (the generation's after its result: writer marks, data/write-turn.ts). */
async function writeTurnEnded(dbPath: string): Promise<void> {
  while (writerMarks(dbPath).length) await new Promise((r) => setTimeout(r, 10))
}

/** What the publication job did. */
const p = (r: PublishResult): string => `${r.entries.toLocaleString('en')} entries checked, ${r.tournaments.toLocaleString('en')} tournaments rated`

type Part = [label: string, wallMs: number, cpuMs: number]

type BackupJobReport = z.infer<typeof backupReportSchema>

/** What a backup's integrity_check read, in words. */
function scopeOf(r: BackupJobReport): string {
  const s = r.integrityScope
  const copied = r.copiedBy === 'file' ? 'the file copied' : 'copied by the backup API'
  if (!s) return `${copied}, integrity_check of the whole copy`
  if (s.mode === 'full') return `${copied}, integrity_check of the whole copy (${s.why ?? ''})`
  return `${copied}, integrity_check of ${s.tables.length} tables changed since the last verified copy (${s.changedPages.toLocaleString('en')} of ${s.pages.toLocaleString('en')} pages changed: ${s.tables.join(', ')}), ${s.listsProven} frozen lists proven unchanged`
}

/**
 * The safety copy's parts, each timed alone: the copy made again from the database by the backup API (into a scratch
 * file, removed after), then integrity_check and the foreign keys of the job's own copy, the row counts and the
 * frozen-list checksums of the copy, and the database's recorded ones (backupDatabase compares them). The database now holds the
 * list published: its checksums read one list more than the job's did.
 */
async function safetyCopyParts(file: string, copy: string, scratch: string): Promise<Part[]> {
  const parts: Part[] = []
  const part = async (label: string, f: () => unknown): Promise<void> => {
    const t = await timed(f)
    parts.push([label, t.wallMs, t.cpuMs])
  }
  const source = new Database(file, { readonly: true, fileMustExist: true })
  const copied = openForCheck(copy)
  try {
    await part('copy (backup API, fsync)', () => copyDatabaseFile(source, scratch))
    rmSync(scratch, { force: true })
    await part('integrity_check', () => {
      const r = integrityCheck(copied)
      if (r !== 'ok') throw new Error(`the safety copy's integrity_check: ${r}`)
    })
    await part('foreign keys', () => copied.pragma('foreign_key_check'))
    await part('row counts (copy and database)', () => [tableCounts(copied), tableCounts(source)])
    // the copy's frozen lists are read and compared with the checksums the database recorded (migration 28); the
    // database's own are read only for a list not recorded yet (here, none: the archive's were recorded)
    await part('frozen-list checksums of the copy', () => frozenListChecksums(copied))
    await part("the database's recorded checksums", () => source.prepare('SELECT list_id, checksum FROM frozen_list_checksums').all())
  } finally {
    copied.close()
    source.close()
  }
  return parts
}

/**
 * The copy half of the second floor: the month's new rows (the new list's rows in every table with a list_id, the
 * month's tournaments with their players and games) written untimed into a database of their own (the app's schema,
 * its triggers dropped so that each row is written once), then copied once as the safety copy copies, timed.
 */
async function monthCopyFloor(file: string, listId: number, dir: string): Promise<{ wallMs: number; cpuMs: number; bytes: number; rows: number }> {
  const monthFile = `${dir}/month.db`
  const m = openDatabase(monthFile)
  try {
    m.pragma('foreign_keys = OFF')
    for (const t of m.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger'").pluck().all() as string[]) m.exec(`DROP TRIGGER "${t}"`)
    m.prepare('ATTACH DATABASE ? AS office').run(file)
    const keyed = m.prepare("SELECT m.name FROM office.sqlite_schema m WHERE m.type = 'table' AND m.sql NOT LIKE 'CREATE VIRTUAL%' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name, 'office') WHERE name = 'list_id')").pluck().all() as string[]
    let rows = 0
    m.transaction(() => {
      rows += m.prepare('INSERT INTO main.rating_lists SELECT * FROM office.rating_lists WHERE id = ?').run(listId).changes
      for (const t of keyed) rows += m.prepare(`INSERT INTO main."${t}" SELECT * FROM office."${t}" WHERE list_id = ?`).run(listId).changes
      for (const t of ['tournaments', 'tournament_players', 'tournament_games']) rows += m.prepare(`INSERT INTO main.${t} SELECT * FROM office.${t}`).run().changes
      rows += m.prepare('INSERT INTO main.players SELECT * FROM office.players WHERE id IN (SELECT player_id FROM office.tournament_players)').run().changes
    })()
    m.exec('DETACH DATABASE office')
    m.pragma('wal_checkpoint(TRUNCATE)')
    const out = `${dir}/month-copy.db`
    const t = await timed(() => copyDatabaseFile(m, out))
    const bytes = statSync(out).size
    rmSync(out, { force: true })
    return { wallMs: t.wallMs, cpuMs: t.cpuMs, bytes, rows }
  } finally {
    m.close()
    rmSync(monthFile, { force: true })
    rmSync(`${monthFile}-wal`, { force: true })
    rmSync(`${monthFile}-shm`, { force: true })
  }
}

interface YearFigures {
  lists: number
  bytes: number
  wait: { wallMs: number; cpuMs: number }
  genFloor: { wallMs: number; cpuMs: number }
  daily: { wallMs: number; cpuMs: number }
  ms: number
}

/**
 * A merge across the sealed periods (the registry:mergeSealed job, as the officer confirms it): a player on every list
 * of the archive merged into a second record of him, so every period's file is written anew and checked. Beside it,
 * its floor: each of those files copied and integrity-checked once, nothing else.
 */
async function mergeAcrossSealed(db: Database.Database, file: string, jobs: JobRunner<typeof jobsContract>, scratch: string): Promise<void> {
  const files = archiveFiles(db)
  if (files.length === 0) return
  const firstList = db.prepare('SELECT list_id FROM main.archive_file_lists WHERE file_id = ? ORDER BY list_id LIMIT 1').pluck().get(files[0]!.id) as number
  const drop = db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = ? ORDER BY player_id LIMIT 1 OFFSET 100').pluck().get(firstList) as number
  const keep = Number(db.prepare('INSERT INTO main.players (surname, given_names, name_folded, federation, sex) SELECT surname, given_names, name_folded, federation, sex FROM players WHERE id = ?').run(drop).lastInsertRowid)
  const lists = db.prepare('SELECT count(*) FROM rating_list_entries WHERE player_id = ?').pluck().get(drop) as number
  const merged = await timed(() => jobs.run('registry:mergeSealed', { action: 'merge', keepId: keep, dropId: drop, reason: 'benchmark' }))
  const floor = { wallMs: 0, cpuMs: 0 }
  const written = archiveFiles(db)
  if (written.some((f, i) => f.name === files[i]!.name)) throw new Error('registry:mergeSealed: a period file was not written anew')
  for (const f of written) {
    const one = await timed(() => {
      copyFileSync(join(archiveDir(file), f.name), scratch)
      const copy = new Database(scratch, { readonly: true })
      try {
        if (integrityCheck(copy) !== 'ok') throw new Error(`${f.name}: its copy is not intact`)
      } finally {
        copy.close()
      }
    })
    floor.wallMs += one.wallMs
    floor.cpuMs += one.cpuMs
    rmSync(scratch, { force: true })
  }
  const bytes = files.reduce((n, f) => n + f.bytes, 0)
  report({
    name: `merge across ${files.length === 1 ? 'a sealed period' : `${files.length} sealed periods`} (${mb(bytes)})`,
    items: lists,
    unit: 'entries',
    run: { wallMs: merged.wallMs, cpuMs: merged.cpuMs, peakRssMb: process.resourceUsage().maxRSS / 1024 },
    floor: { ...floor, peakRssMb: 0, what: `each of the ${files.length} period files copied and integrity-checked once, nothing else` },
    notes: [`a player on ${lists} lists (every list of the archive) merged into a second record of him: every period's file written anew, checked, recorded with the merge`],
    targets: []
  })
}

const script = await builtBenchWorker()

/** The scenario at one archive size. */
async function yearWith(lists: number): Promise<YearFigures> {
  const t0 = performance.now()
  const shape = { players: PLAYERS, lists }
  const dir = tempDir('rating-office-year-ten-')
  const file = dir.file('office.db')
  console.log(`\n== ${lists} published lists over ${PLAYERS.toLocaleString('en')} players (load average ${load()})`)
  // with --sealed, the office as the seal left it (the month's reports in) is kept too and reused: a folder beside the archive
  const keptSealed = KEEP && SEALED ? KEEP.replace(/(\.db)?$/, `-${lists}-lists-${PLAYERS}-sealed`) : null
  const reused = keptSealed ? await timed(() => reuseSealedOffice(keptSealed, file, dir.file('backups'))) : null
  if (reused?.value) console.log(`  the sealed office with the month's reports reused from ${keptSealed} in ${s1(reused.wallMs)} (the live database copied, its archive files linked)`)
  else if (KEEP) {
    const kept = KEEP.replace(/(\.db)?$/, `-${lists}-lists-${PLAYERS}.db`)
    readyArchive(kept, shape)
    const c = await timed(() => copyFileSync(kept, file))
    console.log(`  copied from ${kept} in ${s1(c.wallMs)}`)
  } else readyArchive(file, shape)
  const db = openDatabase(file)
  try {
    if (!reused?.value) {
      // the federation that publishes (an office publishes no list before naming it), and the month's reports
      writeSettings(db, { federationName: 'Benchmark Federation', federation: 'BEN' })
      const month = await timed(() => writeMonthOfReports(db, { tournaments: TOURNAMENTS, players: PLAYERS, month: '2025-12', fideIdOf: archiveFideId }))
      console.log(`  the month: ${TOURNAMENTS.toLocaleString('en')} tournaments, ${month.value.toLocaleString('en')} games in ${s1(month.wallMs)}`)
      if (SEALED) console.log(`  ${sealYears(db, file, dir.file('backups'))}`)
      if (keptSealed) keepSealedOffice(db, file, dir.file('backups'), keptSealed)
    }
    copyForGenerationFloor(db, file, dir.file('floor.db'))
    const bytes = statSync(file).size
    console.log(`  the database: ${mb(bytes)}`)

    resetPeakRss()
    const jobs = new JobRunner({ contract: jobsContract, worker: script, dbPath: file })
    try {
      // the morning's daily backup (the app takes one at its first start of the day, the month's reports in): the last
      // verified copy the safety copy is checked against (db/verified-pages.ts), not part of the wait
      const morning = await timed(() => jobs.run('system:backup', { reason: 'daily' }) as Promise<BackupJobReport>)
      console.log(`  the morning's daily backup: ${s1(morning.wallMs)} wall, ${s1(morning.cpuMs)} CPU (${scopeOf(morning.value)})`)
      // the officer's wait: the generation, then the publication job (its safety copy first)
      const loadAt = load()
      const generation = phaseClock()
      const gen = await timed(() =>
        jobs.run('lists:generate', { listDate: LIST_DATE, ratingType: 'standard' as const }, (e) => {
          if (e.state === 'running' && e.message) generation.enter(e.message)
        }) as Promise<GenerateResult>
      )
      generation.close()
      const r = gen.value
      // the draft is shown; the officer reviews it (its preview, its comparison) while the job ends its work after its
      // result — the copy's end and the state after the draft recorded, the WAL's copy — its write turn held until then
      const review = await timed(() => writeTurnEnded(file))
      const publication = phaseClock()
      publication.enter('backup')
      const pub = await timed(
        () =>
          jobs.run('lists:publish', { listId: r.listId, reason: 'benchmark' }, (e) => {
            if (e.state === 'running' && e.message) publication.enter(e.message)
          }) as Promise<PublishResult>
      )
      publication.close()
      // the publication's safety copy: taken then (its 'backup' phase), or the one taken beside the generation, the
      // database proven unchanged since but for the draft (its 'stateCompare' phase; db/draft-copy.ts)
      const { backup: copyPhase, stateCompare, ...published } = publication.phases
      const besideGeneration = pub.value.safetyCopy?.taken === 'beside-generation'
      const backup = besideGeneration ? (stateCompare ?? [0, 0]) : copyPhase
      if (!backup || !Object.keys(published).length) throw new Error('lists:publish: no safety copy phase, or no message after it')
      const [publishWall, publishCpu] = Object.values(published).reduce(([w, c], [pw, pc]) => [w + pw, c + pc], [0, 0])
      const peakRssMb = process.resourceUsage().maxRSS / 1024

      // the safety copy taken apart, on the job's own copy
      const safety = listBackups(dir.file('backups'), 'office.db').filter((b) => b.reason === 'before-publication')
      if (safety.length !== 1) throw new Error(`${safety.length} safety copies before the publication in ${dir.file('backups')}`)
      const copyBytes = statSync(safety[0]!.file).size
      const parts = await safetyCopyParts(file, safety[0]!.file, dir.file('scratch.db'))

      // the daily backup, as the host starts it (the system:backup job)
      const daily = await timed(() => jobs.run('system:backup', { reason: 'daily' }) as Promise<BackupJobReport>)

      // a report of the month found late, imported after the publication: the officer corrects the list with a new
      // version (the lists:correct job: its verified copy of the office as it found it, the list recomputed, the new
      // version written and published) — his wait for a correction
      writeMonthOfReports(db, { tournaments: 1, players: PLAYERS, month: '2025-12', fideIdOf: archiveFideId, from: TOURNAMENTS + 1 })
      // the officer first sees what it would change (the Lists screen's preview, the lists:correctPreview job), then applies it
      // (none with --correction-alone)
      const preview = CORRECTION_ALONE ? null : await timed(() => jobs.run('lists:correctPreview', { listId: r.listId }) as Promise<CorrectionPreview>)
      // the officer reads it (and writes the correction's reason) while the job ends its work after its result — in a
      // big office its copy's end and its lines recorded for the correction — its write turn held until then
      const reading = preview && (await timed(() => writeTurnEnded(file)))
      const correction = phaseClock()
      correction.enter('start')
      const cor = await timed(
        () =>
          jobs.run('lists:correct', { listId: r.listId, mode: 'new-version' as const, reason: 'benchmark: a report of the month found late' }, (e) => {
            if (e.state === 'running' && e.message) correction.enter(e.message)
          }) as Promise<CorrectResult>
      )
      correction.close()
      if (cor.value.newListIds.length !== 1 || !cor.value.safetyCopy) throw new Error(`lists:correct: ${JSON.stringify(cor.value)} (one new version with its safety copy expected)`)
      if (preview && preview.value.changes.length !== cor.value.changed) throw new Error(`the preview showed ${preview.value.changes.length} changes, the correction made ${cor.value.changed}`)
      const corrWait = { wallMs: (preview?.wallMs ?? 0) + cor.wallMs, cpuMs: (preview?.cpuMs ?? 0) + cor.cpuMs }

      // the floors, after the product's work
      const floor = generationFloor(db, r.listId, dir.file('floor.db'), LIST_DATE)
      rmSync(dir.file('floor.db'), { force: true })
      const copyFloor = await monthCopyFloor(file, r.listId, dir.dir)
      const floor2 = { wallMs: floor.wallMs + copyFloor.wallMs, cpuMs: floor.cpuMs + copyFloor.cpuMs }

      const wait = { wallMs: gen.wallMs + pub.wallMs, cpuMs: gen.cpuMs + pub.cpuMs }
      const partsSum = parts.reduce(([w, c], [, pw, pc]) => [w + pw, c + pc], [0, 0])
      const x = (a: number, b: number): string => `${(a / b).toFixed(2)}×`
      report({
        name: `publication in year ten, ${lists} lists${SEALED ? ', sealed' : ''}`,
        items: r.players,
        unit: 'lines',
        run: { wallMs: wait.wallMs, cpuMs: wait.cpuMs, peakRssMb },
        floor: { ...floor, peakRssMb, what: `the generation's floor: the same ${floor.rows.toLocaleString('en')} entries by a bare prepared-statement loop in one transaction, into the database as the generation found it` },
        notes: [
          `the officer's whole wait = generation ${s1(gen.wallMs)} (CPU ${s1(gen.cpuMs)}) + ${besideGeneration ? 'the safety copy taken beside the generation proven the publication’s' : 'safety copy'} ${s1(backup[0])} (CPU ${s1(backup[1])}) + publication ${s1(publishWall)} (CPU ${s1(publishCpu)}); load average ${loadAt} at its start, ${load()} after`,
          `  the generation's safety copy: ${r.safetyCopy ? `taken beside it (${pub.value.safetyCopy?.taken === 'beside-generation' ? `the publication's: ${pub.value.safetyCopy.file}` : 'not the publication’s: it took its own'})` : 'none (a database under 32 MB: the publication takes it)'}; the generation's work after its result (its copy's end, the state recorded, the WAL's copy) ${s1(review.wallMs)} wall, ${s1(review.cpuMs)} CPU while the draft is reviewed — published at once, the officer would wait ${s1(wait.wallMs + review.wallMs)} (${x(wait.wallMs + review.wallMs, floor.wallMs)} the floor)`,
          `  generation's phases (wall / CPU): ${Object.entries(generation.phases).map(([k, [w, c]]) => `${k} ${s1(w)} / ${s1(c)}`).join(', ')}`,
          `  publication: ${p(pub.value)}`,
          `the safety copy (${mb(copyBytes)}) taken apart, each part alone (wall / CPU): ${parts.map(([l, w, c]) => `${l} ${s1(w)} / ${s1(c)}`).join(', ')}; together ${s1(partsSum[0]!)} / ${s1(partsSum[1]!)} (the job ${s1(backup[0])}, ${copyBytes >= THREAD_FROM ? 'integrity_check on a thread of its own beside the rest' : `every part on one thread (a copy under ${mb(THREAD_FROM)})`})`,
          `floor 2, the month's new rows written once plus copied once: ${s1(floor2.wallMs)} wall, ${s1(floor2.cpuMs)} CPU (the entries written ${s1(floor.wallMs)}, ${copyFloor.rows.toLocaleString('en')} rows in ${mb(copyFloor.bytes)} copied ${s1(copyFloor.wallMs)}); whole wait ÷ floor 2: ${x(wait.wallMs, floor2.wallMs)} wall, ${x(wait.cpuMs, floor2.cpuMs)} CPU`,
          `the daily backup (system:backup, ${mb(bytes)} database): ${s1(daily.wallMs)} wall, ${s1(daily.cpuMs)} CPU; ${x(daily.wallMs, copyFloor.wallMs)} the month's new rows copied once; ${scopeOf(daily.value)}`
        ],
        targets: [target(`whole wait within 2× the generation's floor (${x(wait.wallMs, floor.wallMs)})`, wait.wallMs <= 2 * floor.wallMs)]
      })
      report({
        name: `correction in year ten, ${lists} lists${SEALED ? ', sealed' : ''}`,
        items: cor.value.changed,
        unit: 'lines changed',
        run: { wallMs: corrWait.wallMs, cpuMs: corrWait.cpuMs, peakRssMb },
        floor: { ...floor, peakRssMb, what: `the generation's floor (above): a new version is a list written again` },
        notes: [
          `the officer's wait for a correction (one report of its month found late) = ${preview ? `its preview ${s1(preview.wallMs)} (CPU ${s1(preview.cpuMs)}, ${preview.value.changes.length} changes shown)` : 'no preview (--correction-alone)'} + the correction ${s1(cor.wallMs)} (CPU ${s1(cor.cpuMs)}, ${x(cor.wallMs, floor.wallMs)} the floor: a new version, its safety copy ${cor.value.safetyCopy.file} (${cor.value.safetyCopy.taken}))`,
          ...(reading
            ? [
                `  the preview's work after its result (its copy's end, its lines recorded) ${s1(reading.wallMs)} wall, ${s1(reading.cpuMs)} CPU while the officer reads it — corrected at once, the officer would wait ${s1(corrWait.wallMs + reading.wallMs)} (${x(corrWait.wallMs + reading.wallMs, floor.wallMs)} the floor)`
              ]
            : []),
          `  the correction's phases (wall / CPU): ${Object.entries(correction.phases).map(([k, [w, c]]) => `${k} ${s1(w)} / ${s1(c)}`).join(', ')}`
        ],
        targets: [
          target(`the correction (the lists:correct job) within 2× the generation's floor (${x(cor.wallMs, floor.wallMs)})`, cor.wallMs <= 2 * floor.wallMs),
          // without a preview the officer's wait is the correction's alone (the target above)
          ...(preview ? [target(`a correction's wait, its preview and the correction, within 2× the generation's floor (${x(corrWait.wallMs, floor.wallMs)})`, corrWait.wallMs <= 2 * floor.wallMs)] : [])
        ]
      })
      if (SEALED) await mergeAcrossSealed(db, file, jobs, dir.file('period-floor.db'))
      return { lists, bytes, wait, genFloor: floor, daily, ms: performance.now() - t0 }
    } finally {
      await jobs.close()
    }
  } finally {
    db.close()
    dir.cleanup()
  }
}

const figures: YearFigures[] = []
for (const lists of SIZES) figures.push(await yearWith(lists))

const first = figures[0]!
const last = figures.at(-1)!
const run = (f: { wallMs: number; cpuMs: number }): Run => ({ wallMs: f.wallMs, cpuMs: f.cpuMs, peakRssMb: process.resourceUsage().maxRSS / 1024 })
if (figures.length > 1) {
  report({
    name: `daily backup, ${last.lists} lists against ${first.lists}`,
    items: last.lists,
    unit: 'lists',
    run: run(last.daily),
    floor: { ...run(first.daily), what: `the same month's daily backup over an archive of ${first.lists} lists (${mb(first.bytes)}; this one ${mb(last.bytes)})` },
    notes: figures.map(
      (f) =>
        `${String(f.lists).padStart(4)} lists, ${mb(f.bytes).padStart(8)}: whole wait ${s1(f.wait.wallMs)} wall / ${s1(f.wait.cpuMs)} CPU = ${(f.wait.wallMs / f.genFloor.wallMs).toFixed(2)}× the generation's floor (${s1(f.genFloor.wallMs)}); daily backup ${s1(f.daily.wallMs)} wall / ${s1(f.daily.cpuMs)} CPU; the size's run ${s1(f.ms)} (archive built or reused included)`
    ),
    targets: [target(`the ${last.lists}-list daily backup within 1.5× the ${first.lists}-list one (${(last.daily.wallMs / first.daily.wallMs).toFixed(2)}×)`, last.daily.wallMs <= 1.5 * first.daily.wallMs)]
  })
}
