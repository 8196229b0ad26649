// One multi-step write, run in a child process so that the crash harness can kill it with SIGKILL: prints BEGIN
// just before the write starts and END once it is committed. Usage: crash-child.ts OP DB [ARGS...]
// With CRASH_RECORD=FILE (the harness's whole run), the operations of the office write there the database's state
// after each of their steps: a killed run must have left one of them.
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { basename, join } from 'node:path'
import { openDatabase } from '../../src/main/core/db/open'
import { importTrf } from '../../src/main/core/tournaments/import'
import { importFideList } from '../../src/main/core/registry/import'
import { importNationalList } from '../../src/main/core/registry/national'
import { automaticBackup, restoreDatabase } from '../../src/main/core/db/backup'
import { sourceWorkerScript } from '../../src/main/core/workers/script'
import type { JobContext } from '../../src/main/core/workers/protocol'
import { runAsWorker } from '../helpers/job-context'
import { backupFolderBeside, officeState, type OfficeState } from './state'

const [op, dbPath, ...args] = process.argv.slice(2)
const say = (s: string): void => {
  process.stdout.write(s + '\n')
}

const states: OfficeState[] = []
function record(): void {
  if (!process.env.CRASH_RECORD) return
  const db = new Database(dbPath!, { readonly: true })
  try {
    states.push(officeState(db))
  } finally {
    db.close()
  }
}

/** A job run on this thread as the worker runs it (its own connection), housekeeping after the result. */
function runJob<R>(handler: (input: never, ctx: JobContext) => R | Promise<R>, input: unknown, last = true): Promise<R> {
  return runAsWorker(dbPath!, (ctx) => handler(input as never, ctx), { atResult: () => (last ? say('END') : undefined) })
}

/** The office's calls through the dispatcher, as the window makes them; each call is one step. */
async function office(steps: (call: (name: string, input: unknown) => Promise<unknown>) => Promise<void>): Promise<void> {
  // loaded here, not above: the other operations' children start without the whole service layer
  const { createServices } = await import('../../src/main/core/services/index')
  const services = createServices({ dbPath: dbPath!, host: 'cli', appVersion: 'crash', worker: sourceWorkerScript() })
  const call = async (name: string, input: unknown): Promise<unknown> => {
    const r = await services.dispatch(name, input)
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`)
    record()
    return r.value
  }
  record()
  say('BEGIN')
  await steps(call)
  say('END')
  await services.close()
}

async function main(): Promise<void> {
  if (op === 'trf-import') {
    const db = openDatabase(dbPath!)
    const files = args.map((f) => ({ name: basename(f), bytes: new Uint8Array(readFileSync(f)) }))
    say('BEGIN')
    for (const f of files) importTrf(db, f.bytes, f.name, { actor: 'harness' })
    say('END')
    db.close()
  } else if (op === 'list-import') {
    const db = openDatabase(dbPath!)
    say('BEGIN')
    importFideList(db, { file: args[0]!, listDate: args[1]! })
    say('END')
    db.close()
  } else if (op === 'national-import') {
    const db = openDatabase(dbPath!)
    // ARGS: file, list date, the column mapping as JSON
    say('BEGIN')
    await importNationalList(db, { file: args[0]!, listDate: args[1]!, ratingType: 'standard', source: 'FRA', mapping: JSON.parse(args[2]!) })
    say('END')
    db.close()
  } else if (op === 'restore' || op === 'restore-sealed') {
    say('BEGIN')
    // a folder of its own for the safety copy: runs of the harness follow each other within the same minute
    await restoreDatabase(dbPath!, args[0]!, join(args[1]!, String(process.pid)))
    say('END')
  } else if (op === 'backup' || op === 'backup-sealed') {
    // each run starts from an empty folder: what a killed run left is all the harness finds there
    const folder = backupFolderBeside(dbPath!)
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(folder)
    say('BEGIN')
    // the checks on two threads, as a big office's backup runs them (threadFrom 0: at any size)
    await automaticBackup(dbPath!, folder, 'daily', { thread: sourceWorkerScript(), threadFrom: 0 })
    say('END')
  } else if (op === 'backup-next') {
    // the day before's backup and its manifest of pages put in place, then today's checked against them
    const folder = backupFolderBeside(dbPath!)
    rmSync(folder, { recursive: true, force: true })
    cpSync(args[0]!, folder, { recursive: true })
    say('BEGIN')
    await automaticBackup(dbPath!, folder, 'daily', { thread: sourceWorkerScript(), threadFrom: 0, now: new Date('2026-10-02T06:00:00Z') })
    say('END')
  } else if (op === 'merge-undo') {
    // ARGS: keep:drop pairs; each merged in turn, then every merge undone, the last first
    await office(async (call) => {
      const merges: number[] = []
      for (const pair of args) {
        const [keepId, dropId] = pair.split(':').map(Number)
        merges.push(((await call('players:merge', { keepId, dropId, reason: 'same player (crash harness)' })) as { id: number }).id)
      }
      for (const mergeId of merges.reverse()) await call('players:undoMerge', { mergeId, reason: 'not the same player after all' })
    })
  } else if (op === 'decide-approve') {
    // ARGS: tournament ids; for each, its unknown players created, its errors decided, then approved
    await office(async (call) => {
      for (const id of args.map(Number)) {
        const t = (await call('tournaments:get', { id })) as { players: { id: number; playerId: number | null }[] }
        for (const p of t.players) if (p.playerId === null) await call('tournaments:resolvePlayer', { tournamentPlayerId: p.id, action: 'create', reason: 'newcomer' })
        const errors = (await call('tournaments:findings', { id, level: 'error' })) as { id: number; decision: string | null }[]
        for (const f of errors) if (!f.decision) await call('tournaments:decideFinding', { findingId: f.id, decision: 'overridden', reason: 'written by hand for the harness' })
        await call('checks:approve', { id, reason: 'checked by the office', overrideErrors: true })
      }
    })
  } else if (op === 'generate' || op === 'publish' || op === 'correct') {
    const { listsJobs } = await import('../../src/main/core/jobs/lists')
    record()
    say('BEGIN')
    if (op === 'generate') await runJob(listsJobs['lists:generate'], { listDate: args[0], ratingType: args[1] })
    else if (op === 'publish') await runJob(listsJobs['lists:publish'], { listId: Number(args[0]), reason: 'the month’s list' })
    else await runJob(listsJobs['lists:correct'], { listId: Number(args[0]), mode: 'new-version', reason: 'a tournament found late' })
    record()
  } else if (op === 'generate-publish-beside') {
    // ARGS: list date and type. The generation with the publication's safety copy taken beside it (from any size),
    // then the publication on that copy; the backups folder emptied first: what a killed run left is all there is
    const { generateWithCopyBeside, listsJobs } = await import('../../src/main/core/jobs/lists')
    const { backupFolderOf } = await import('../../src/main/core/jobs/system')
    rmSync(backupFolderOf(dbPath!), { recursive: true, force: true })
    record()
    say('BEGIN')
    const draft = await runJob((input: { listDate: string; ratingType: 'standard' }, ctx) => generateWithCopyBeside(input, ctx, 0), { listDate: args[0], ratingType: args[1] }, false)
    record()
    const published = await runJob(listsJobs['lists:publish'], { listId: draft.listId, reason: 'the month’s list' })
    if (published.safetyCopy?.taken !== 'beside-generation') throw new Error(`the publication took its own copy (the draft's: ${JSON.stringify(draft.safetyCopy)})`)
    record()
  } else if (op === 'publish-on-copy') {
    // ARGS: the backups folder the generation left (its copy and the record of the state after the draft), the draft.
    // Put in place, the record says the copy's size and time as the copy now stands (a copied file's time is not the
    // one recorded); the publication must take the copy as its own
    const { listsJobs } = await import('../../src/main/core/jobs/lists')
    const { backupFolderOf } = await import('../../src/main/core/jobs/system')
    const { draftCopyFile, readDraftCopyRecord, writeDraftCopyRecord } = await import('../../src/main/core/db/draft-copy')
    const folder = backupFolderOf(dbPath!)
    rmSync(folder, { recursive: true, force: true })
    cpSync(args[0]!, folder, { recursive: true })
    const file = draftCopyFile(folder, basename(dbPath!))
    const kept = readDraftCopyRecord(file)
    if (!kept) throw new Error('no record of the draft copy in the template')
    const st = statSync(join(folder, kept.copy))
    writeDraftCopyRecord(file, { ...kept, bytes: st.size, mtimeMs: st.mtimeMs })
    record()
    say('BEGIN')
    const published = await runJob(listsJobs['lists:publish'], { listId: Number(args[1]), reason: 'the month’s list' })
    if (published.safetyCopy?.taken !== 'beside-generation') throw new Error('the publication took its own copy')
    record()
  } else if (op === 'correct-beside') {
    // ARGS: the published list. A correction as a new version with its copy taken beside it and its version computed
    // on two threads (from any size, as a big office's are), the backups folder emptied first
    const { correctWithCopyBeside } = await import('../../src/main/core/jobs/list-corrections')
    const { backupFolderOf } = await import('../../src/main/core/jobs/system')
    rmSync(backupFolderOf(dbPath!), { recursive: true, force: true })
    record()
    say('BEGIN')
    await runJob((input: { listId: number; mode: 'new-version'; reason: string }, ctx) => correctWithCopyBeside(input, ctx, 0, 0), { listId: Number(args[0]), mode: 'new-version', reason: 'a tournament found late' })
    record()
  } else if (op === 'preview-correct') {
    // ARGS: the published list. A big correction's preview (its lines kept, its copy taken beside it), then the
    // correction written from those lines (from any size, as a big office's are), the backups folder emptied first
    const { correctWithCopyBeside, previewWithCopyBeside } = await import('../../src/main/core/jobs/list-corrections')
    const { backupFolderOf } = await import('../../src/main/core/jobs/system')
    rmSync(backupFolderOf(dbPath!), { recursive: true, force: true })
    const listId = Number(args[0])
    record()
    say('BEGIN')
    await runJob((input: { listId: number }, ctx) => previewWithCopyBeside(input, ctx, 0, 0), { listId }, false)
    record()
    const r = await runJob((input: { listId: number; mode: 'new-version'; reason: string }, ctx) => correctWithCopyBeside(input, ctx, 0, 0), { listId, mode: 'new-version', reason: 'a tournament found late' })
    if (r.safetyCopy?.taken !== 'beside-preview') throw new Error('the correction computed its lines again')
    record()
  } else if (op === 'seal') {
    // ARGS: the year sealed, and the day it is sealed on; the copy goes to the backups folder the harness looks in
    const { systemJobs } = await import('../../src/main/core/jobs/system')
    const { backupFolderBeside } = await import('./state')
    say('BEGIN')
    const year = Number(args[0])
    await runJob(systemJobs['system:seal'], { firstYear: year, lastYear: year, backupDir: backupFolderBeside(dbPath!), today: args[1] })
  } else if (op === 'merge-sealed') {
    // ARGS: the record kept and the one merged into it
    const { registryJobs } = await import('../../src/main/core/jobs/registry')
    say('BEGIN')
    await runJob(registryJobs['registry:mergeSealed'], { action: 'merge', keepId: Number(args[0]), dropId: Number(args[1]), reason: 'one person, two records' })
  } else throw new Error(`unknown operation ${op}`)
  if (process.env.CRASH_RECORD) writeFileSync(process.env.CRASH_RECORD, JSON.stringify(states))
}

main().catch((e: unknown) => {
  process.stderr.write(String((e as Error).stack ?? e) + '\n')
  process.exit(3)
})
