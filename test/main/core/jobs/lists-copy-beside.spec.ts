// The publication's safety copy taken while the draft is computed (issue 40; db/draft-copy.ts, db/copy-beside.ts), on
// a real office database: the generation job with the copy beside it (from 0 bytes here; 32 MB in the app), then the
// publication job, which takes that copy as its own when nothing but the draft changed since — and its own copy
// otherwise (a write since, another draft generated, the copy gone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basename, dirname, join } from 'node:path'
import { existsSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { listBackups } from '../../../../src/main/core/db/backup'
import { fileSha256 } from '../../../../src/main/core/util/durable-files'
import { holderParams, writerMarks } from '../../../../src/main/core/db/writer-marks'
import { translateError } from '../../../../src/shared/errors/index'
import { draftCopyFile, readDraftCopyRecord } from '../../../../src/main/core/db/draft-copy'
import { generateWithCopyBeside, listsJobs } from '../../../../src/main/core/jobs/lists'
import { correctWithCopyBeside } from '../../../../src/main/core/jobs/list-corrections'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { JobContext } from '../../../../src/main/core/workers/protocol'
import type { CorrectResult, GenerateInput, GenerateResult, PublishResult } from '../../../../src/shared/contract/index'
import { writeSettings } from '../../../../src/main/core/data/settings'
import { tempDir } from '../../../helpers/temp-db'
import { jobContext, runAsWorker } from '../../../helpers/job-context'
import { importApproved, seedFideList, trf } from '../services/office-list-fixture'
import { nameFederation } from '../../../helpers/federation'
import jobsI18n from '../../../../src/renderer/src/features/jobs/i18n'

const tmp = tempDir()
let services: Services
let dbPath = ''
let backups = ''

/** A job's context as the worker gives it (its messages kept, its work after its result into `after`). */
const context = (messages: string[] = [], after: (() => void | Promise<void>)[] = []): JobContext => jobContext(dbPath, messages, after)

/** A job run as the worker runs it: its result, then its after-result work (the officer reviewing the draft meanwhile). */
const settled = <R>(run: (ctx: JobContext) => Promise<R>, messages?: string[]): Promise<R> => runAsWorker(dbPath, run, { messages })

/** The copy the state after the draft was last recorded with. */
const recordedCopy = (): string => readDraftCopyRecord(draftCopyFile(backups, basename(dbPath)))!.copy

const copies = (): string[] =>
  listBackups(backups, basename(dbPath))
    .filter((b) => b.reason === 'before-publication')
    .map((b) => basename(b.file))
const generate = (messages?: string[], input: Pick<GenerateInput, 'listDate' | 'ratingType'> = { listDate: '2025-11-01', ratingType: 'standard' }): Promise<GenerateResult> =>
  settled((ctx) => generateWithCopyBeside(input, ctx, 0), messages)
const publish = (listId: number, messages?: string[]): Promise<PublishResult> => settled((ctx) => listsJobs['lists:publish']({ listId, reason: 'November list' }, ctx) as Promise<PublishResult>, messages)
const inCopy = <T>(file: string, read: (db: Database.Database) => T): T => {
  const db = new Database(join(backups, file), { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
  dbPath = services.ctx.dbPath
  backups = join(dirname(dbPath), 'backups')
  seedFideList(services, tmp.file('players_list_foa.txt'))
  nameFederation(services.ctx.db)
  await importApproved(services, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
}, 120_000)

afterAll(async () => {
  await services?.close()
  tmp.cleanup()
})

let november: GenerateResult

describe('the safety copy taken while the draft is computed', () => {
  let draft: GenerateResult
  let copy = ''

  it('is the database as the generation found it, verified and named, with the state after the draft recorded beside it', async () => {
    const messages: string[] = []
    draft = november = await generate(messages)
    expect(draft.safetyCopy).toEqual({ taken: 'beside-generation' })
    copy = recordedCopy()
    expect(copy).toMatch(/-before-publication\.db$/)
    expect(copies()).toEqual([copy])
    // the draft is not in it: the copy's read transaction began before the draft was written
    expect(inCopy(copy, (db) => db.prepare('SELECT count(*) FROM rating_lists WHERE id = ?').pluck().get(draft.listId))).toBe(0)
    expect(inCopy(copy, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok')
    const record = readDraftCopyRecord(draftCopyFile(backups, basename(dbPath)))
    expect(record).toMatchObject({ listId: draft.listId, copy })
    // the job gave its result once the draft was committed: the copy's end and the record came after it
    expect(messages).not.toContain('backup')
    for (const step of ['backup', 'stateCompare']) {
      expect(jobsI18n.en.jobs.steps[step as keyof typeof jobsI18n.en.jobs.steps], step).toBeTruthy()
      expect(jobsI18n.fr.jobs.steps[step as keyof typeof jobsI18n.fr.jobs.steps], step).toBeTruthy()
    }
  }, 120_000)

  it('is the publication’s safety copy when nothing but the draft changed since: no copy taken again, the audit names it', async () => {
    const messages: string[] = []
    const published = await publish(draft.listId, messages)
    expect(published.safetyCopy).toEqual({ file: copy, taken: 'beside-generation' })
    expect(messages).not.toContain('backup')
    expect(messages[0]).toBe('stateCompare')
    expect(copies()).toEqual([copy])
    // used once: the record goes with the publication
    expect(existsSync(draftCopyFile(backups, basename(dbPath)))).toBe(false)
    const audit = services.ctx.db.prepare("SELECT data FROM audit_log WHERE action = 'list.publish' ORDER BY id DESC LIMIT 1").pluck().get() as string
    expect(JSON.parse(audit).safetyCopy).toEqual({ file: copy, taken: 'beside-generation' })
  }, 120_000)
})

describe('the publication takes its own copy', () => {
  it('when the database changed after the draft was committed (a player’s record edited)', async () => {
    const draft = await generate(undefined, { listDate: '2025-11-01', ratingType: 'rapid' })
    const beside = recordedCopy()
    services.ctx.db.prepare("UPDATE players SET given_names = given_names || ' ' WHERE id = (SELECT min(id) FROM players)").run()
    const before = copies()
    const messages: string[] = []
    const published = await publish(draft.listId, messages)
    expect(published.safetyCopy?.taken).toBe('before-publication')
    expect(published.safetyCopy?.file).not.toBe(beside)
    expect(messages).toContain('backup')
    // the new copy holds the draft and the edit: the office as it was just before the publication
    expect(inCopy(published.safetyCopy!.file, (db) => db.prepare('SELECT status FROM rating_lists WHERE id = ?').pluck().get(draft.listId))).toBe('draft')
    expect(copies().length).toBeGreaterThanOrEqual(before.length)
  }, 120_000)

  it('when the draft recorded is another list’s, or the copy is gone', async () => {
    const blitz = await generate(undefined, { listDate: '2025-11-01', ratingType: 'blitz' })
    // another draft generated after it, with its own copy: the record no longer speaks of the first
    const standardDec = await generate(undefined, { listDate: '2025-12-01', ratingType: 'standard' })
    const december = recordedCopy()
    let published = await publish(blitz.listId)
    expect(published.safetyCopy?.taken).toBe('before-publication')
    // the record of December's draft stands, but its copy is gone: the retention rule keeps the day's newest copy (the
    // blitz publication's) alone. December takes its own copy too
    expect(existsSync(draftCopyFile(backups, basename(dbPath)))).toBe(true)
    expect(existsSync(join(backups, december))).toBe(false)
    published = await publish(standardDec.listId)
    expect(published.safetyCopy?.taken).toBe('before-publication')
    expect(published.safetyCopy?.file).not.toBe(december)
  }, 120_000)
})

describe('a correction with its copy taken beside it', () => {
  const correct = (atResult?: () => void): Promise<CorrectResult> =>
    runAsWorker(dbPath, (ctx) => correctWithCopyBeside({ listId: november.listId, mode: 'new-version', reason: 'Late Round Robin received after publication' }, ctx, 0), { atResult })
  const versions = (): number => services.ctx.db.prepare('SELECT count(*) FROM rating_lists WHERE supersedes_id = ?').pluck().get(november.listId) as number

  beforeAll(async () => {
    await importApproved(services, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['A', 'B', 'C', 'D'], ['x===', '=x==', '==x=', '===x']), 'late.trf')
  }, 120_000)

  it('is not committed when its copy cannot be verified: the copy’s error, the published list as it was', async () => {
    // the backups folder named where no folder can be made (a file stands there)
    const blocker = tmp.file('not-a-folder')
    writeFileSync(blocker, '')
    writeSettings(services.ctx.db, { backupDir: join(blocker, 'backups') })
    try {
      // computed, then refused by the copy's failure (the folder cannot be made)
      await expect(correct()).rejects.toThrow(/not-a-folder/)
      expect(versions()).toBe(0)
    } finally {
      writeSettings(services.ctx.db, { backupDir: '' })
    }
  }, 120_000)

  it('commits once the copy of the office as it found it is verified, and names it; the WAL copied into the file after its result', async () => {
    // the database file as the officer gets the result, and once the job's work after it is done: the new version's
    // pages reach the file after (committed with the automatic checkpoint off, as a generation is)
    let atResult = ''
    const r = await correct(() => (atResult = fileSha256(dbPath)))
    expect(atResult).not.toBe('')
    expect(fileSha256(dbPath)).not.toBe(atResult)
    // November's new version, and December's after it (computed on it)
    expect(r.newListIds).toHaveLength(2)
    expect(versions()).toBe(1)
    expect(r.safetyCopy?.taken).toBe('before-publication')
    // the copy holds the office before the new version: computed and written while the copy was taken
    expect(inCopy(r.safetyCopy!.file, (db) => db.prepare('SELECT count(*) FROM rating_lists WHERE supersedes_id = ?').pluck().get(november.listId))).toBe(0)
    expect(inCopy(r.safetyCopy!.file, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok')
  }, 120_000)
})

describe('the generation job', () => {
  it('keeps its write turn after its result until its work after it is done: a writer asking meanwhile waits for it', async () => {
    const after: (() => void | Promise<void>)[] = []
    const r = (await listsJobs['lists:generate']({ listDate: '2026-01-01', ratingType: 'standard' }, context([], after))) as GenerateResult
    expect(r.listId).toBeGreaterThan(0)
    // the result is given: the draft committed, the turn still the generation's (its copy's record, the WAL's copy),
    // and a writer waiting meanwhile is told what it waits for
    const marks = writerMarks(dbPath)
    expect(marks.map((m) => [m.kind, m.state])).toEqual([['lists:generateCopy', 'writing']])
    expect(translateError('db.writerWaiting', holderParams(dbPath, marks[0]!), 'en')).toMatch(/^Waiting for the safety copy of the draft just generated started at /)
    expect(translateError('db.writerWaiting', holderParams(dbPath, marks[0]!), 'fr')).toMatch(/^En attente de la fin d’une tâche en cours \(la copie de sécurité du projet qui vient d’être généré, lancée à /)
    for (const fn of after) await fn()
    expect(writerMarks(dbPath)).toEqual([])
  }, 120_000)
})
