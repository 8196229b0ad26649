// Crash safety: each multi-step write killed with SIGKILL at points spread over its duration (20 by default;
// `npm run reliability` runs more on bigger data) leaves a database that opens, passes integrity_check and
// foreign_key_check, and holds the operation whole or not at all. docs/reliability.md records the results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { crashTest, type CrashReport } from './harness'
import { dailyBackup, dailyBackupAfterOne, listImport, nationalImport, officeMonth, restore, trfSequence, type OfficeOperations } from './operations'
import { mergeAcrossSealed, sealFullOffice, sealYear, sealedDailyBackup, sealedRestore } from './seal-operation'
import { tempDir } from '../helpers/temp-db'

const KILLS = Number(process.env.RELIABILITY_KILLS ?? 20)
const LINES = Number(process.env.RELIABILITY_LINES ?? 2_000)
// each run starts a child process: minutes in all on a loaded machine
const TIMEOUT = 15 * 60_000
const tmp = tempDir('rating-office-crash-')
const reports: CrashReport[] = []
afterAll(() => {
  mkdirSync('test-results', { recursive: true })
  writeFileSync('test-results/reliability.json', JSON.stringify({ kills: KILLS, lines: LINES, reports }, null, 2))
  tmp.cleanup()
})

describe('crash safety (SIGKILL at spread points)', () => {
  it(`imports of real reports: ${KILLS} kills, every file whole or absent, in order`, async () => {
    const report = await crashTest(trfSequence(tmp.dir), tmp.file('trf.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(Object.values(report.outcomes).reduce((a, b) => a + b, 0)).toBe(KILLS)
  }, TIMEOUT)

  it(`a monthly list import into a loaded registry: ${KILLS} kills, the month whole or absent`, async () => {
    const report = await crashTest(listImport(tmp.dir, LINES), tmp.file('list.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    // the kills fell on both sides of the commit: the harness did test the interrupted write
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a national list (CSV) into a registry holding the previous month: ${KILLS} kills, the month whole or absent`, async () => {
    const report = await crashTest(await nationalImport(tmp.dir, LINES), tmp.file('national.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the daily backup (copy, checks on two threads, name, retention): ${KILLS} kills, no backup or a verified one, the office untouched`, async () => {
    const report = await crashTest(dailyBackup(tmp.dir, LINES / 2), tmp.file('backup.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    // the kills fell before the backup had its name and after: both ends of the write were tested
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the next day's backup, checked against the day before's manifest of pages (issue 40): ${KILLS} kills, the earlier backup alone or with a verified new one, the manifest always one of theirs`, async () => {
    const report = await crashTest(await dailyBackupAfterOne(tmp.dir, LINES / 2, 'backup-next.db'), tmp.file('backup-next.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the seal of a closed year as the officer starts it (file, audit, copy beside the backups, VACUUM): ${KILLS} kills, the lists in the database or in a recorded file, read the same`, async () => {
    const report = await crashTest(sealYear(tmp.dir, LINES), tmp.file('seal.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the daily backup of an office with a sealed period (its archive file copied beside the backups): ${KILLS} kills, no backup or a verified one with its file`, async () => {
    const report = await crashTest(sealedDailyBackup(tmp.dir, LINES), tmp.file('backup-sealed.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the seal of an office with every slot taken (the five oldest periods merged into one file first): ${KILLS} kills, before, merged, or sealed, the lists read the same`, async () => {
    const report = await crashTest(sealFullOffice(tmp.dir, LINES / 4), tmp.file('seal-full.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a merge across two sealed periods as the officer confirms it (each file written anew, checked, recorded with the merge): ${KILLS} kills, the office before or after, each with exactly its files`, async () => {
    const report = await crashTest(mergeAcrossSealed(tmp.dir, LINES), tmp.file('merge-sealed.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a restore over an office that sealed another period since: ${KILLS} kills, the old office or the restored one, each with exactly its files`, async () => {
    const report = await crashTest(await sealedRestore(tmp.dir, LINES / 4), tmp.file('restore-sealed.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(report.outcomes['ok: before']).toBeGreaterThan(0)
    expect(report.outcomes['ok: after']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a restore over a changed database: ${KILLS} kills, the old file or the restored one`, async () => {
    const report = await crashTest(await restore(tmp.dir, LINES / 4), tmp.file('restore.db'), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
  }, TIMEOUT)
})

describe('crash safety of the office’s own writes (SIGKILL at spread points)', () => {
  let ops: OfficeOperations
  beforeAll(async () => {
    ops = await officeMonth(tmp.dir, LINES)
  }, TIMEOUT)

  /** Every kill left a state the whole run passed through; the kills fell before, inside and after the write. */
  async function killed(op: keyof OfficeOperations): Promise<CrashReport> {
    const report = await crashTest(ops[op], tmp.file(`${op}.db`), KILLS)
    reports.push(report)
    expect(report.failures).toEqual([])
    expect(Object.values(report.outcomes).reduce((a, b) => a + b, 0)).toBe(KILLS)
    return report
  }

  it(`decisions and approvals of four reports (players created, errors decided, approved): ${KILLS} kills`, async () => {
    const r = await killed('decideApprove')
    // a sequence of calls: some kills fell between two of them
    expect(r.outcomes['ok: after a whole step']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`30 merges then their 30 undos: ${KILLS} kills, each merge or undo whole or absent`, async () => {
    const r = await killed('mergeUndo')
    expect(r.outcomes['ok: after a whole step']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the generation of a month's list (worker job): ${KILLS} kills, the draft whole or absent`, async () => {
    const r = await killed('generate')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the publication (its backup first, worker job): ${KILLS} kills, published whole or still a draft`, async () => {
    const r = await killed('publish')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the generation with the publication's safety copy beside it, then the publication on that copy: ${KILLS} kills`, async () => {
    const r = await killed('generatePublishBeside')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`the publication on the copy taken beside its draft (the state after the draft proven, the list frozen): ${KILLS} kills`, async () => {
    const r = await killed('publishOnCopy')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a correction as a new version with its copy taken beside it: ${KILLS} kills, the new version whole or absent`, async () => {
    const r = await killed('correctBeside')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a big correction's preview keeping its lines and copy, then the correction written from them: ${KILLS} kills, the new version whole or absent`, async () => {
    const r = await killed('previewCorrect')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)

  it(`a correction as a new version (worker job): ${KILLS} kills, the new version whole or absent`, async () => {
    const r = await killed('correct')
    expect(r.outcomes['ok: before']).toBeGreaterThan(0)
  }, TIMEOUT)
})
