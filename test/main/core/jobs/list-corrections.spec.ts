// A big correction prepared by its preview (jobs/list-corrections.ts, data/prepared-lines.ts, db/draft-copy.ts): the
// preview computes the list's lines on two threads as the correction would, keeps them with a safety copy taken beside
// it, and the correction that follows writes them when the database is still the one the preview read. On a real
// office database, forced big (copy beside from 0 bytes, two threads from 0 players): November published, then a report
// found late, the arbiter's corrected report of a rated tournament and two records merged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basename, dirname, join } from 'node:path'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { applyCorrection, correctionPreview } from '../../../../src/main/core/services/list-corrections'
import { correctWithCopyBeside, previewWithCopyBeside } from '../../../../src/main/core/jobs/list-corrections'
import { listsJobs } from '../../../../src/main/core/jobs/lists'
import { draftCopyFile, preparedLinesFile, readDraftCopyRecord } from '../../../../src/main/core/db/draft-copy'
import { holderParams, writerMarks } from '../../../../src/main/core/db/writer-marks'
import { translateError } from '../../../../src/shared/errors/index'
import { fileSha256 } from '../../../../src/main/core/util/durable-files'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { CorrectionPreview, CorrectResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { versionRows } from '../../../helpers/version-rows'
import { copyCheckpointed } from '../../../helpers/db-copy'
import { jobContext, runAsWorker } from '../../../helpers/job-context'
import { correctedNovember } from '../services/office-list-fixture'

const tmp = tempDir()
let s: Services
let template = ''
let novId = 0
const REASON = 'Late Round Robin received, Autumn Round Robin corrected'
const big = { thread: sourceWorkerScript(), threadFrom: 0 }

/** A copy of the office as it stands after November's publication and the reports that came after. */
interface Office {
  dbPath: string
  backups: string
  db: Db
}
const opened: Db[] = []
function office(name: string): Office {
  const dbPath = tmp.file(`${name}/office.db`)
  mkdirSync(dirname(dbPath), { recursive: true })
  copyFileSync(template, dbPath)
  const db = openDatabase(dbPath)
  opened.push(db)
  return { dbPath, backups: join(dirname(dbPath), 'backups'), db }
}

const record = (o: Office): ReturnType<typeof readDraftCopyRecord> => readDraftCopyRecord(draftCopyFile(o.backups, basename(o.dbPath)))
const preparedFile = (o: Office): string => preparedLinesFile(o.backups, basename(o.dbPath))
/** The preview job as the worker runs it (forced big): its result, then its work after it (the copy's end, the record). */
const preview = (o: Office): Promise<CorrectionPreview> => runAsWorker(o.dbPath, (ctx) => previewWithCopyBeside({ listId: novId }, ctx, 0, 0))
const correct = (o: Office, messages?: string[], mode: 'new-version' | 'next-list' = 'new-version'): Promise<CorrectResult> =>
  runAsWorker(o.dbPath, (ctx) => correctWithCopyBeside({ listId: novId, mode, reason: REASON }, ctx, 0, 0), { messages })

/**
 * The office's own state, as a reader sees it: every table's rows (what a preview leaves as it was), but the checksums
 * of the frozen lists, which the copy is checked against and which are recorded first when missing.
 */
function officeState(db: Db): string {
  const tables = db.prepare("SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'frozen_list_checksums' ORDER BY name").pluck().all() as string[]
  return JSON.stringify(tables.map((t) => [t, db.prepare(`SELECT * FROM main."${t}"`).raw().all()]), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))
}

/** The new version that computing its lines writes (on two threads, in a transaction rolled back: the office unchanged). */
function computedVersion(o: Office): { result: CorrectResult; rows: Record<string, unknown[]> } {
  o.db.exec('BEGIN IMMEDIATE')
  try {
    const result = applyCorrection(o.db, novId, 'new-version', REASON, big)
    return { result, rows: versionRows(o.db, result.newListIds[0]!) }
  } finally {
    o.db.exec('ROLLBACK')
  }
}

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  novId = (await correctedNovember(s, tmp.file('players_list_foa.txt'))).novId
  template = await copyCheckpointed(s.ctx.db, tmp.file('template.db'))
}, 180_000)

afterAll(async () => {
  for (const db of opened) db.close()
  await s?.close()
  tmp.cleanup()
})

describe('a big correction prepared by its preview', () => {
  let o: Office
  let computed: ReturnType<typeof computedVersion>

  beforeAll(() => {
    o = office('prepared')
    computed = computedVersion(o)
  }, 120_000)

  it('is previewed as before, keeping the lines and a verified copy of the office as it found it, and writing nothing into it', async () => {
    const before = officeState(o.db)
    const checksums = (): unknown[][] => o.db.prepare('SELECT list_id, checksum FROM frozen_list_checksums ORDER BY list_id').raw().all() as unknown[][]
    const recorded = checksums()
    expect(recorded.filter((r) => r[1] === null)).toEqual([[novId, null]])
    const shown = await preview(o)
    expect(shown).toEqual(correctionPreview(o.db, novId))
    expect(shown.changes.length).toBeGreaterThan(5)
    expect(officeState(o.db)).toBe(before)
    // November's checksum recorded, as any copy of the office records it first
    expect(checksums()).toEqual(recorded.map((r) => (r[0] === novId ? [novId, expect.stringMatching(/^[0-9a-f]{64}$/)] : r)))
    // the record: the copy, the state the preview read, the lines' file with its size and SHA-256
    const r = record(o)!
    expect(r).toMatchObject({ listId: novId, prepared: { file: basename(preparedFile(o)) } })
    expect(r.prepared!.sha256).toBe(fileSha256(preparedFile(o)))
    expect(existsSync(`${preparedFile(o)}.partial`)).toBe(false)
    const copy = new Database(join(o.backups, r.copy), { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(copy.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(novId)).toBe(10)
    } finally {
      copy.close()
    }
  }, 120_000)

  it('writes the version that computing its lines writes, row for row, on the preview’s copy, without computing them', async () => {
    const { copy } = record(o)!
    const messages: string[] = []
    const r = await correct(o, messages)
    expect(r).toEqual({ ...computed.result, safetyCopy: { file: copy, taken: 'beside-preview' } })
    expect(versionRows(o.db, r.newListIds[0]!)).toEqual(computed.rows)
    // the database proven first, then the lines written: no helper computed them, no copy was taken
    expect(messages[0]).toBe('stateCompare')
    expect(messages).toContain('entries')
    expect(messages).not.toContain('computing')
    expect(messages).not.toContain('backup')
    // used once: the record and the lines go with the correction
    expect(record(o)).toBeNull()
    expect(existsSync(preparedFile(o))).toBe(false)
  }, 120_000)
})

describe('a correction computes its lines again, and takes its own copy', () => {
  /** A correction that took the computed way: the helper's phases, its own copy, the version computing writes. */
  async function computedCorrection(o: Office, mode: 'new-version' | 'next-list' = 'new-version'): Promise<void> {
    const reference = mode === 'new-version' ? computedVersion(o) : null
    const messages: string[] = []
    const r = await correct(o, messages, mode)
    if (reference) {
      expect(messages).toContain('computing')
      expect(r).toEqual({ ...reference.result, safetyCopy: { file: expect.any(String), taken: 'before-publication' } })
      expect(versionRows(o.db, r.newListIds[0]!)).toEqual(reference.rows)
    } else expect(r).toMatchObject({ mode, newListIds: [], safetyCopy: { taken: 'before-publication' } })
    expect(record(o)).toBeNull()
    expect(existsSync(preparedFile(o))).toBe(false)
  }

  it('when the office changed since the preview (a player’s record edited)', async () => {
    const o = office('edited')
    await preview(o)
    o.db.prepare("UPDATE players SET given_names = given_names || ' ' WHERE id = (SELECT min(id) FROM players)").run()
    await computedCorrection(o)
  }, 120_000)

  it('when the prepared lines are not the ones the preview wrote', async () => {
    const o = office('tampered')
    await preview(o)
    const bytes = readFileSync(preparedFile(o))
    bytes[bytes.length - 1] ^= 1
    writeFileSync(preparedFile(o), bytes)
    await computedCorrection(o)
  }, 120_000)

  it('when the record is damaged, or the correction goes into the next list', async () => {
    let o = office('damaged')
    await preview(o)
    writeFileSync(draftCopyFile(o.backups, basename(o.dbPath)), 'not a record')
    expect(record(o)).toBeNull()
    // the damaged record, and the lines it named, dropped by the copy the correction takes beside it
    await computedCorrection(o)
    o = office('next-list')
    await preview(o)
    await computedCorrection(o, 'next-list')
  }, 120_000)
})

describe('the preview job', () => {
  it('keeps its write turn after its result until its copy is recorded: a writer asking meanwhile is told what it waits for', async () => {
    const o = office('turn')
    const after: (() => void | Promise<void>)[] = []
    const shown = (await listsJobs['lists:correctPreview']({ listId: novId }, jobContext(o.dbPath, [], after))) as CorrectionPreview
    expect(shown.listId).toBe(novId)
    const marks = writerMarks(o.dbPath)
    expect(marks.map((m) => [m.kind, m.state])).toEqual([['lists:previewCopy', 'writing']])
    expect(translateError('db.writerWaiting', holderParams(o.dbPath, marks[0]!), 'en')).toMatch(/^Waiting for the safety copy of the correction just previewed started at /)
    expect(translateError('db.writerWaiting', holderParams(o.dbPath, marks[0]!), 'fr')).toMatch(/la copie de sécurité de la correction qui vient d’être prévisualisée, lancée à /)
    for (const fn of after) await fn()
    expect(writerMarks(o.dbPath)).toEqual([])
  }, 120_000)
})
