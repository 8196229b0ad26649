// The multi-step writes the crash harness kills, each with the database it starts from and how to judge what a
// killed run left: the state before, the state after, or (for a sequence of reports) a whole prefix of it.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { basename, dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/main/core/db/open'
import { automaticBackup, backupDatabase, checkDatabaseFile, frozenListChecksums, listBackups, tableCounts, verifiedPagesFile } from '../../src/main/core/db/backup'
import { pageHashes, readManifest } from '../../src/main/core/db/verified-pages'
import { draftCopyFile, proveDraftCopy, provePreparedCorrection, readDraftCopyRecord } from '../../src/main/core/db/draft-copy'
import { backupFolderOf } from '../../src/main/core/jobs/system'
import { importFideList } from '../../src/main/core/registry/import'
import { importNationalList } from '../../src/main/core/registry/national'
import { writeCombinedList, writeSyntheticCombinedList, type CombinedFields } from '../helpers/synthetic-list'
import { copyCheckpointed } from '../helpers/db-copy'
import { createServices, type Services } from '../../src/main/core/services/index'
import { sourceWorkerScript } from '../../src/main/core/workers/script'
import type { GenerateResult } from '../../src/shared/contract/index'
import { PLAYERS, call, trf } from '../main/core/services/office-list-fixture'
import { backupFolderBeside, officeState, stateDiff, type OfficeState } from './state'
import type { Operation } from './harness'
import { nameFederation } from '../helpers/federation'
import { runAsWorker } from '../helpers/job-context'

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url))

const count = (db: Database.Database, sql: string): number => (db.prepare(sql).get() as { n: number }).n

/** Every real report of the fixtures, imported one after another (each file is one transaction). */
export function trfSequence(dir: string): Operation<Record<string, string>> {
  // one file per tournament: a second report of the same event is a correction, which replaces the first's players
  // and would make the per-file counts of the whole run differ from those of a run stopped between the two
  const seen = new Set<string>()
  const files = readdirSync(join(fixtures, 'trf-real'))
    .sort()
    .filter((f) => {
      const event = f.split('__').at(-1)!
      if (seen.has(event)) return false
      seen.add(event)
      return true
    })
    .map((f) => join(fixtures, 'trf-real', f))
  const before = join(dir, 'trf-before.db')
  openDatabase(before).close()
  return {
    name: 'trf-import',
    args: files,
    before,
    // per imported file: its tournament's players, games and rounds, as counted
    snapshot: (db) =>
      Object.fromEntries(
        (
          db
            .prepare(
              `SELECT f.file_name AS name,
                 (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = f.tournament_id) || '/' ||
                 (SELECT count(*) FROM tournament_games g WHERE g.tournament_id = f.tournament_id) || '/' ||
                 (SELECT count(*) FROM tournament_rounds r WHERE r.tournament_id = f.tournament_id) AS counts
               FROM tournament_files f ORDER BY f.id`
            )
            .all() as { name: string; counts: string }[]
        ).map((r) => [r.name, r.counts])
      ),
    judge(now, _before, after) {
      const names = Object.keys(now)
      const order = Object.keys(after)
      if (names.some((n, i) => order[i] !== n)) return `the imported files are not a prefix of the sequence: ${names.join(', ')}`
      const partial = names.filter((n) => now[n] !== after[n])
      if (partial.length) return `half-imported: ${partial.map((n) => `${n} ${now[n]} instead of ${after[n]}`).join('; ')}`
      return names.length === 0 ? 'ok: before' : names.length === order.length ? 'ok: after' : 'ok: a whole prefix'
    }
  }
}

interface ListState {
  players: number
  lists: number
  entries: number
}

function listState(db: Database.Database): ListState {
  return { players: count(db, 'SELECT count(*) AS n FROM players'), lists: count(db, 'SELECT count(*) AS n FROM rating_lists'), entries: count(db, 'SELECT count(*) AS n FROM rating_list_entries') }
}

const sameState = (a: ListState, b: ListState): boolean => a.players === b.players && a.lists === b.lists && a.entries === b.entries

function judgeWhole(now: ListState, before: ListState, after: ListState): string {
  if (sameState(now, before)) return 'ok: before'
  if (sameState(now, after)) return 'ok: after'
  return `partial: ${JSON.stringify(now)} is neither ${JSON.stringify(before)} nor ${JSON.stringify(after)}`
}

/** A monthly FIDE list loaded into a registry that already holds the previous month. */
export function listImport(dir: string, lines: number): Operation<ListState> {
  const first = join(dir, 'list-1.txt')
  const second = join(dir, 'list-2.txt')
  writeSyntheticCombinedList(first, lines, { seed: 1 })
  writeSyntheticCombinedList(second, lines, { seed: 2 })
  const before = join(dir, 'list-before.db')
  const db = openDatabase(before)
  importFideList(db, { file: first, listDate: '2026-10-01' })
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { name: 'list-import', args: [second, '2026-11-01'], before, snapshot: listState, judge: judgeWhole }
}

/** The columns of the harness's national lists (French headers, as a federation's export has them). */
const NATIONAL_MAPPING = { nationalId: 'Licence', surname: 'Nom', givenNames: 'Prénom', federation: 'Fed', sex: 'Sexe', birth: 'Naissance', rating: 'Elo' } as const

/** A national list of `lines` players as CSV; `month` moves the ratings and adds a tenth of new players. */
function writeNationalCsv(file: string, lines: number, month: number): void {
  const rows = ['Licence;Nom;Prénom;Fed;Sexe;Naissance;Elo']
  const total = lines + month * Math.floor(lines / 10)
  for (let i = 1; i <= total; i++) {
    rows.push([`F-${String(i).padStart(6, '0')}`, `Lefèvre${i}`, i % 3 ? 'Zoé' : 'Jérôme', 'FRA', i % 3 ? 'F' : 'M', String(1950 + (i % 60)), String(1000 + ((i * 37 + month * 11) % 1500))].join(';'))
  }
  writeFileSync(file, '\uFEFF' + rows.join('\r\n') + '\r\n')
}

/** A federation's national list (CSV) loaded into a registry that holds the previous month's. */
export async function nationalImport(dir: string, lines: number): Promise<Operation<ListState>> {
  const first = join(dir, 'national-1.csv')
  const second = join(dir, 'national-2.csv')
  writeNationalCsv(first, lines, 0)
  writeNationalCsv(second, lines, 1)
  const before = join(dir, 'national-before.db')
  const db = openDatabase(before)
  await importNationalList(db, { file: first, listDate: '2026-10-01', ratingType: 'standard', source: 'FRA', mapping: NATIONAL_MAPPING })
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { name: 'national-import', args: [second, '2026-11-01', JSON.stringify(NATIONAL_MAPPING)], before, snapshot: listState, judge: judgeWhole }
}

/** A restore over a database that has moved on since its backup. */
export async function restore(dir: string, lines: number): Promise<Operation<string>> {
  const list = join(dir, 'restore-list.txt')
  writeSyntheticCombinedList(list, lines, { seed: 3 })
  const before = join(dir, 'restore-before.db')
  const db = openDatabase(before)
  importFideList(db, { file: list, listDate: '2026-09-01' })
  const backup = join(dir, 'restore-backup.db')
  await backupDatabase(db, backup)
  importFideList(db, { file: list, listDate: '2026-10-01' })
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return {
    name: 'restore',
    args: [backup, join(dir, 'safety')],
    before,
    snapshot: (d) => JSON.stringify(frozenListChecksums(d)),
    judge: (now, b, a) => (now === b ? 'ok: before' : now === a ? 'ok: after' : 'partial: the published lists are neither the old nor the restored ones')
  }
}

export interface BackupState {
  office: string
  /** Each backup found under a backup's name: verified (opens, integrity, foreign keys, the office's rows and lists), or what it is. */
  backups: string[]
}

/** The office database as a value, and what each named backup beside it is worth against it. */
export function backupState(d: Database.Database): string {
  const lists = JSON.stringify(frozenListChecksums(d))
  const tables = JSON.stringify(tableCounts(d))
  const backups = listBackups(backupFolderBeside(d.name), basename(d.name)).map((b) => {
    try {
      const c = checkDatabaseFile(b.file)
      if (c.integrity !== 'ok' || c.foreignKeyProblems.length) return `damaged (${c.integrity})`
      return JSON.stringify(c.listChecksums) === lists && JSON.stringify(c.tables) === tables ? 'verified' : 'not the database'
    } catch (e) {
      return `unreadable (${(e as Error).message})`
    }
  })
  return JSON.stringify({ office: JSON.stringify(officeState(d)), backups } satisfies BackupState)
}

/** An office holding two months of a synthetic FIDE list (September and October 2026); its file and its lists' ids. */
export function twoFideMonths(dir: string, name: string, lines: number, seed: number): { before: string; lists: number[] } {
  const list = join(dir, `${name}-list.txt`)
  writeSyntheticCombinedList(list, lines, { seed })
  const before = join(dir, `${name}-before.db`)
  const db = openDatabase(before)
  importFideList(db, { file: list, listDate: '2026-09-01' })
  importFideList(db, { file: list, listDate: '2026-10-01' })
  const lists = db.prepare('SELECT id FROM rating_lists ORDER BY id').pluck().all() as number[]
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { before, lists }
}

/**
 * The daily backup of an office holding two FIDE lists: the copy, its checks (integrity_check on a helper thread, the
 * rest beside it), the name given once verified, the retention rule. Killed anywhere, the office database is as it
 * was and the folder holds no backup or one verified backup: never an unverified file under a backup's name.
 */
export function dailyBackup(dir: string, lines: number): Operation<string> {
  const { before } = twoFideMonths(dir, 'backup', lines, 5)
  return {
    name: 'backup',
    args: [],
    before,
    snapshot: backupState,
    judge: (now, b) => {
      const [n, o] = [JSON.parse(now) as BackupState, JSON.parse(b) as BackupState]
      if (n.office !== o.office) return 'partial: the office database changed'
      if (n.backups.length === 0) return 'ok: before'
      if (n.backups.length === 1 && n.backups[0] === 'verified') return 'ok: after'
      return `partial: under a backup's name: ${n.backups.join(', ')}`
    }
  }
}

/**
 * The daily backup of an office that has a verified backup from the day before, and a month more since (a FIDE list):
 * the copy checked against the earlier copy's manifest of pages (db/verified-pages.ts), only the tables the month
 * changed read again, and its own manifest put in place. Killed anywhere, the office is as it was, the folder holds
 * the earlier backup alone or with one verified new one, and the manifest under its name is always one of those
 * backups' (its pages' hashes those of one of them): never a half-written or unverified one.
 */
export async function dailyBackupAfterOne(dir: string, lines: number, dbName: string): Promise<Operation<string>> {
  const list = join(dir, 'backup-next-list.txt')
  writeSyntheticCombinedList(list, lines, { seed: 7 })
  // the office of the day before, under the name the harness gives the office (a backup is named after its database)
  const yesterday = join(dir, 'backup-next-yesterday', dbName)
  mkdirSync(dirname(yesterday), { recursive: true })
  const db = openDatabase(yesterday)
  importFideList(db, { file: list, listDate: '2026-09-01' })
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  // the day before's backup, kept as a template the child puts in place before each run
  const template = join(dir, 'backup-next-template')
  rmSync(template, { recursive: true, force: true })
  await automaticBackup(yesterday, template, 'daily', { now: new Date('2026-10-01T06:00:00Z') })
  const before = join(dir, 'backup-next-before.db')
  copyFileSync(yesterday, before)
  const next = openDatabase(before)
  importFideList(next, { file: list, listDate: '2026-10-01' })
  next.pragma('wal_checkpoint(TRUNCATE)')
  next.close()
  // the run the kills interrupt is the one checked against the manifest, not a whole check: proven once, unkilled
  const trial = join(dir, 'backup-next-trial', dbName)
  mkdirSync(dirname(trial), { recursive: true })
  copyFileSync(before, trial)
  cpSync(template, `${trial}.backups`, { recursive: true })
  const scope = (await automaticBackup(trial, `${trial}.backups`, 'daily', { now: new Date('2026-10-02T06:00:00Z') })).integrityScope
  if (scope?.mode !== 'changed' || scope.tables.includes('players')) throw new Error(`the next day's backup was not checked against the manifest: ${JSON.stringify(scope)}`)
  return {
    name: 'backup-next',
    args: [template],
    before,
    snapshot: backupNextState,
    judge: (now, b) => {
      const [n, o] = [JSON.parse(now) as BackupNextState, JSON.parse(b) as BackupNextState]
      if (n.office !== o.office) return 'partial: the office database changed'
      const backups = [...n.backups].sort().join(', ')
      if (n.pages === 'absent' || n.pages.startsWith('not ') || n.pages.startsWith('the manifest')) return `partial: the manifest of pages is ${n.pages}`
      if (backups === 'not the database' && n.pages === 'the backup 1') return 'ok: before'
      if (backups === 'not the database, verified' && (n.pages === 'the backup 1' || n.pages === 'the backup 2')) return 'ok: after'
      return `partial: under a backup's name: ${backups}; manifest ${n.pages}`
    }
  }
}

export interface BackupNextState extends BackupState {
  /** Whose pages the manifest under its name describes: 'the backup N' (by date), else what it is. */
  pages: string
}

/** backupState, and which backup the manifest of pages beside them describes. */
export function backupNextState(d: Database.Database): string {
  const state = JSON.parse(backupState(d)) as BackupState
  const folder = backupFolderBeside(d.name)
  const read = readManifest(verifiedPagesFile(folder, basename(d.name)))
  let pages: string
  if ('why' in read) pages = read.why === 'no verified copy yet' ? 'absent' : read.why
  else {
    const m = read.manifest
    const copies = listBackups(folder, basename(d.name)).sort((a, b) => a.at.getTime() - b.at.getTime())
    const i = copies.findIndex((c) => statSync(c.file).size === m.pageSize * m.pageCount && pageHashes(c.file, m.pageSize, m.pageCount).equals(m.hashes))
    pages = i >= 0 ? `the backup ${i + 1}` : 'not the pages of any backup'
  }
  return JSON.stringify({ ...state, pages } satisfies BackupNextState)
}

// ---- the office's own writes: decisions and approvals, merge and undo, list generation, publication, correction

/** Judges a state recorded by the whole run: the one before, one after a whole step, or the one after. */
function judgeSteps(now: OfficeState, _before: OfficeState, _after: OfficeState, steps: OfficeState[]): string {
  const same = (a: OfficeState, b: OfficeState): boolean => stateDiff(a, b) === ''
  const i = steps.findIndex((s) => same(s, now))
  if (i === 0) return 'ok: before'
  if (i === steps.length - 1) return 'ok: after'
  if (i > 0) return 'ok: after a whole step'
  // the nearest recorded state, to name what is half-written
  const nearest = steps.map((s) => stateDiff(s, now)).sort((a, b) => a.split(',').length - b.split(',').length)[0]
  return `partial: no recorded state; nearest differs in ${nearest}`
}

const letters = (i: number): string => {
  let s = ''
  for (let n = i; s.length < 4; n = Math.floor(n / 26)) s += String.fromCharCode(97 + (n % 26))
  return s[0]!.toUpperCase() + s.slice(1)
}

/** Imports a report and leaves it to the officer: no player created, no finding decided, not approved. */
async function importOnly(s: Services, text: string, name: string): Promise<number> {
  const [r] = (await call(s, 'tournaments:import', { files: [{ fileName: name, base64: Buffer.from(text).toString('base64') }] })) as { ok: boolean; tournamentId: number; message?: string }[]
  if (!r!.ok) throw new Error(`import of ${name} failed: ${r!.message}`)
  return r!.tournamentId
}


export interface OfficeOperations {
  decideApprove: Operation<OfficeState>
  mergeUndo: Operation<OfficeState>
  generate: Operation<OfficeState>
  publish: Operation<OfficeState>
  correct: Operation<OfficeState>
  generatePublishBeside: Operation<string>
  publishOnCopy: Operation<string>
  correctBeside: Operation<string>
  previewCorrect: Operation<string>
}

/**
 * One federation taken through a month, a database saved before each of its writes: a FIDE-like list of 1 October
 * 2025 (the office-list test's players, `lines` more rated players, and 30 pairs of the same person listed twice,
 * standard on one record and rapid and blitz on the other), four round robins imported, decided and approved, the
 * November list generated and published, then a round robin found late and approved (a correction).
 */
export async function officeMonth(dir: string, lines: number): Promise<OfficeOperations> {
  const s = createServices({ dbPath: join(dir, 'month.db'), host: 'cli', appVersion: 'crash', worker: sourceWorkerScript() })
  try {
    nameFederation(s.ctx.db)
    const filler: CombinedFields[] = Array.from({ length: lines }, (_, i) => ({
      id: 6_000_000 + i,
      name: `${letters(i)}son, ${letters(i * 7 + 3)}`,
      fed: 'SUI',
      sex: i % 3 ? 'M' : 'F',
      standard: { rating: 1400 + ((i * 37) % 1000), games: 0, k: 20 },
      birthYear: 1950 + (i % 60)
    }))
    const pairs = Array.from({ length: 30 }, (_, i) => {
      const name = `${letters(i + 5000)}ova, Twin`
      return [
        { id: 7_000_000 + i, name, fed: 'SUI', sex: 'F' as const, standard: { rating: 1600 + i, games: 0, k: 20 }, birthYear: 1990 },
        { id: 7_100_000 + i, name, fed: 'SUI', sex: 'F' as const, rapid: { rating: 1650 + i, games: 0, k: 20 }, blitz: { rating: 1620 + i, games: 0, k: 20 }, birthYear: 1990 }
      ]
    })
    const known = Object.values(PLAYERS).map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: p.sex, title: 'title' in p ? p.title : undefined, standard: { rating: p.rating, games: 0, k: p.k }, birthYear: p.birth }))
    importFideList(s.ctx.db, { file: writeCombinedList(join(dir, 'month-list.txt'), [...known, ...filler, ...pairs.flat()]), listDate: '2025-10-01' })

    const reports = [
      trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']),
      trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']),
      trf('Club Round Robin', '2025-10-03', '2025-10-05', ['A', 'F2', 'F3', 'F4'], ['x10=', '0x1=', '10x1', '==0x']),
      trf('Rapid Friday', '2025-10-24', '2025-10-26', ['B', 'C', 'F1', 'F5'], ['x=10', '=x01', '01x=', '10=x'])
    ]
    const ids: number[] = []
    for (const [i, r] of reports.entries()) ids.push(await importOnly(s, r, `t${i + 1}.trf`))
    const decideBefore = await copyCheckpointed(s.ctx.db, join(dir, 'decide-before.db'))
    // the same decisions as the harness's run, here in this process
    for (const id of ids) {
      const t = (await call(s, 'tournaments:get', { id })) as unknown as { players: { id: number; playerId: number | null }[] }
      for (const p of t.players) if (p.playerId === null) await call(s, 'tournaments:resolvePlayer', { tournamentPlayerId: p.id, action: 'create', reason: 'newcomer' })
      const errors = (await call(s, 'tournaments:findings', { id, level: 'error' })) as unknown as { id: number; decision: string | null }[]
      for (const f of errors) if (!f.decision) await call(s, 'tournaments:decideFinding', { findingId: f.id, decision: 'overridden', reason: 'written by hand for the harness' })
      await call(s, 'checks:approve', { id, reason: 'checked by the office', overrideErrors: true })
    }
    const approved = await copyCheckpointed(s.ctx.db, join(dir, 'generate-before.db'))
    const playerOf = (fideId: number): number => s.ctx.db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(fideId) as number
    const pairArgs = pairs.map(([keep, drop]) => `${playerOf(keep!.id)}:${playerOf(drop!.id)}`)

    const onCopy = await draftWithCopyBeside(dir, approved)
    const nov = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'standard' })) as GenerateResult
    const publishBefore = await copyCheckpointed(s.ctx.db, join(dir, 'publish-before.db'))
    await call(s, 'lists:publish', { listId: nov.listId, reason: 'November list' })
    const late = await importOnly(s, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['A', 'B', 'C', 'F1'], ['x===', '=x==', '==x=', '===x']), 't-late.trf')
    await call(s, 'checks:approve', { id: late, reason: 'approved after the November list', overrideErrors: true })
    const correctBefore = await copyCheckpointed(s.ctx.db, join(dir, 'correct-before.db'))

    const op = (name: string, args: string[], before: string): Operation<OfficeState> => ({ name, args, before, snapshot: officeState, judge: judgeSteps, recorded: true })
    return {
      decideApprove: op('decide-approve', ids.map(String), decideBefore),
      mergeUndo: op('merge-undo', pairArgs, approved),
      generate: op('generate', ['2025-11-01', 'standard'], approved),
      publish: op('publish', [String(nov.listId)], publishBefore),
      correct: op('correct', [String(nov.listId)], correctBefore),
      generatePublishBeside: { name: 'generate-publish-beside', args: ['2025-11-01', 'standard'], before: approved, snapshot: besideState, judge: judgeBeside, recorded: true },
      correctBeside: { name: 'correct-beside', args: [String(nov.listId)], before: correctBefore, snapshot: besideState, judge: judgeBeside, recorded: true },
      previewCorrect: { name: 'preview-correct', args: [String(nov.listId)], before: correctBefore, snapshot: besideState, judge: judgeBeside, recorded: true },
      publishOnCopy: { name: 'publish-on-copy', args: [onCopy.template, String(onCopy.listId)], before: onCopy.before, snapshot: besideState, judge: judgeBesideFrom(onCopy.found), recorded: true }
    }
  } finally {
    await s.close()
  }
}

/** The office, the backups beside it, what the draft copy's record would prove, and the publication's safety copy. */
interface BesideState {
  office: OfficeState
  /** Each file under a backup's name: 'verified' (opens, integrity, foreign keys) or what it is. */
  backups: string[]
  /** What the draft copy's record proves now: 'absent', 'proves nothing (why)', or the office its copy holds. */
  proof: string | OfficeState
  /** The safety copy taken beside a generation that the last publication's audit entry names: 'none', 'present' or 'missing'. */
  published: string
}

/** The generation with its copy beside it, then the publication on that copy, as a killed run left them. */
function besideState(d: Database.Database): string {
  const folder = backupFolderOf(d.name)
  const backups = listBackups(folder, basename(d.name)).map((b) => {
    try {
      const c = checkDatabaseFile(b.file)
      return c.integrity === 'ok' && !c.foreignKeyProblems.length ? 'verified' : `damaged (${c.integrity})`
    } catch (e) {
      return `unreadable (${(e as Error).message})`
    }
  })
  let proof: BesideState['proof'] = 'absent'
  const record = readDraftCopyRecord(draftCopyFile(folder, basename(d.name)))
  if (record) {
    // the publication's own test, with the write lock held as it holds it
    const w = new Database(d.name)
    try {
      w.exec('BEGIN IMMEDIATE')
      // a correction's preview's record, as its correction proves it; a draft's, as its publication does
      const p = record.prepared ? provePreparedCorrection(w as never, folder, basename(d.name), record.listId) : proveDraftCopy(w as never, folder, basename(d.name), record.listId)
      w.exec('ROLLBACK')
      if ('why' in p) proof = `proves nothing (${p.why})`
      else {
        const copy = new Database(p.copy, { readonly: true })
        try {
          proof = officeState(copy)
        } finally {
          copy.close()
        }
      }
    } finally {
      w.close()
    }
  }
  const audit = d.prepare("SELECT data FROM audit_log WHERE action = 'list.publish' ORDER BY id DESC LIMIT 1").pluck().get() as string | undefined
  const copy = audit ? (JSON.parse(audit) as { safetyCopy?: { file: string; taken: string } }).safetyCopy : undefined
  const file = copy?.taken === 'beside-generation' ? copy.file : undefined
  const published = file === undefined ? 'none' : existsSync(join(folder, file)) ? 'present' : 'missing'
  return JSON.stringify({ office: officeState(d), backups, proof, published } satisfies BesideState)
}

/**
 * A killed run left: a state the whole run passed through (before, the draft, published); only verified copies under a
 * backup's name; a record that proves a copy only if that copy is the office as the generation found it; a publication
 * whose safety copy is there.
 */
function judgeBeside(now: string, before: string, after: string, steps: string[]): string {
  return judgeBesideFrom(null)(now, before, after, steps)
}

/** judgeBeside, the office the generation found given (`found`) when the operation starts after the generation. */
function judgeBesideFrom(found: OfficeState | null): (now: string, before: string, after: string, steps: string[]) => string {
  return (now, before, after, steps) => {
    const [n, b] = [JSON.parse(now) as BesideState, JSON.parse(before) as BesideState]
    // the child records the office's state after each step (crash-child.ts: officeState), not this snapshot
    const office = judgeSteps(n.office, b.office, (JSON.parse(after) as BesideState).office, steps as unknown as OfficeState[])
    if (!office.startsWith('ok')) return office
    const bad = n.backups.filter((x) => x !== 'verified')
    if (bad.length) return `partial: under a backup's name: ${bad.join(', ')}`
    const generationFound = found ?? b.office
    if (typeof n.proof !== 'string' && stateDiff(n.proof, generationFound) !== '') return `wrong: the record proves a copy that is not the office the generation found (${stateDiff(n.proof, generationFound)})`
    if (n.published === 'missing') return 'wrong: the publication’s safety copy is not in the backups folder'
    return office
  }
}

/**
 * The November draft generated with the publication's safety copy beside it, on a database named as the harness names
 * the publication's run (`publishOnCopy.db`): the database after it (the WAL in the file), its backups folder as a
 * template the child puts in place, the draft's list and the office the generation found (what the copy holds).
 */
async function draftWithCopyBeside(dir: string, approved: string): Promise<{ before: string; template: string; listId: number; found: OfficeState }> {
  const { generateWithCopyBeside } = await import('../../src/main/core/jobs/lists')
  const { backupFolderOf } = await import('../../src/main/core/jobs/system')
  const work = join(dir, 'on-copy', 'publishOnCopy.db')
  rmSync(dirname(work), { recursive: true, force: true })
  mkdirSync(dirname(work), { recursive: true })
  copyFileSync(approved, work)
  const found = (() => {
    const db = new Database(work, { readonly: true })
    try {
      return officeState(db)
    } finally {
      db.close()
    }
  })()
  const draft = await runAsWorker(work, (ctx) => generateWithCopyBeside({ listDate: '2025-11-01', ratingType: 'standard' }, ctx, 0))
  if (!existsSync(draftCopyFile(backupFolderOf(work), basename(work)))) throw new Error(`no copy recorded beside the draft: ${JSON.stringify(draft.safetyCopy)}`)
  const before = join(dir, 'publish-on-copy-before.db')
  copyFileSync(work, before)
  const template = join(dir, 'publish-on-copy-template')
  rmSync(template, { recursive: true, force: true })
  cpSync(backupFolderOf(work), template, { recursive: true })
  return { before, template, listId: draft.listId, found }
}