// The generation's side of the safety copy taken while its draft is computed (db/draft-copy.ts says why it is the
// publication's): a thread of the worker entry takes the copy (automaticBackup: copied, verified against the last
// verified copy, named, the retention rule applied) and says, through shared memory, when its read transaction has
// begun; the generation, holding the write lock from its first read, starts it first thing and waits for that word
// before it commits. Once the draft is committed (and its job's result given: jobs/lists.ts) the copy's end is awaited
// and the state after the draft recorded beside the backups with the copy's name. The writer empties the WAL before its
// lock (emptyWal): the copy is then the file's, copied by the file system (db/backup.ts, copyDatabaseFile).
import { Worker, parentPort } from 'node:worker_threads'
import { basename } from 'node:path'
import { existsSync, statSync } from 'node:fs'
import type { Db } from './open'
import type { WorkerScript } from '../workers/runner'
import { errorOf, failureOf, type Failure } from '../workers/paced-channel'
import { automaticBackup, walIsEmpty, type AutomaticBackup } from './backup'
import { runInBackground } from '../workers/thread-priority'
import { draftCopyFile, dropDraftCopyRecord, stateFingerprint, writeDraftCopyRecord, type PreparedFileRef } from './draft-copy'

/** The word the copy's thread gives in shared memory: not yet, its state fixed, failed before. */
const STARTING = 0
const FIXED = 1
const FAILED = 2

export interface CopyBesideData {
  role: 'copy-beside'
  dbPath: string
  dir: string
  /** The time the copy's name says (ISO). */
  now: string
  control: SharedArrayBuffer
  /** The WAL was empty when the writer, its write lock held, started the copy: the copy is of the file (copyDatabaseFile). */
  fileIsSnapshot: boolean
}

export const isCopyBesideData = (d: unknown): d is CopyBesideData => typeof d === 'object' && d !== null && (d as { role?: unknown }).role === 'copy-beside'

type Answer = { report: AutomaticBackup } | { failed: Failure }

/** The thread's side (jobs/worker-entry.ts): the copy taken and verified, its state's fixing told, its report posted. */
export function runCopyBeside(data: CopyBesideData): void {
  const word = new Int32Array(data.control)
  const say = (w: number): void => {
    if (Atomics.compareExchange(word, 0, STARTING, w) === STARTING) Atomics.notify(word, 0)
  }
  // its checks on this thread alone, at a lower priority: the generation's two threads have the cores the officer waits
  // for, the copy the rest (it need only have begun before the commit; its end follows the draft's result)
  runInBackground()
  automaticBackup(data.dbPath, data.dir, 'before-publication', { now: new Date(data.now), onSnapshot: () => say(FIXED), fileIsSnapshot: data.fileIsSnapshot }).then(
    (report) => parentPort?.postMessage({ report } satisfies Answer),
    (e: unknown) => {
      say(FAILED)
      parentPort?.postMessage({ failed: failureOf(e) } satisfies Answer)
    }
  )
}

/**
 * How long a generation about to commit waits for the copy's thread to fix its state: its start takes a fraction of a
 * second, mostly long over by then (a thread that died at its start cannot say so while this one waits).
 */
const FIXING_WAIT_MS = 15_000

/** What a generation tells the copy taken beside it, from inside its write transaction (services/list-generation.ts). */
export interface LockedHooks {
  /** The write lock is held, nothing written yet: the copy starts. */
  begun(): void
  /** The last moment before the commit: waits for the copy's state to be fixed. */
  committing(db: Db): void
}

/** What became of the copy taken beside a generation. */
export type CopyBesideOutcome = { recorded: string } | { unrecorded: string }

/** A generation's copy beside it: started by the generation's hooks, recorded once the draft is committed. */
export class CopyBeside {
  private worker: Worker | null = null
  private answer: Promise<Answer> | null = null
  private readonly word = new Int32Array(new SharedArrayBuffer(4))
  /** The generation's connection's data_version when it committed (null: the copy's state was not fixed in time). */
  private committedAt: number | null = null

  constructor(
    private readonly dbPath: string,
    private readonly dir: string,
    private readonly script: WorkerScript,
    private readonly now = new Date()
  ) {}

  readonly hooks: LockedHooks = {
    begun: () => this.start(),
    committing: (db) => {
      if (!this.worker) return
      // a copy's thread that says nothing within the wait is left to go on; its copy is not this draft's safety copy
      Atomics.wait(this.word, 0, STARTING, FIXING_WAIT_MS)
      this.committedAt = Atomics.load(this.word, 0) === FIXED ? (db.pragma('data_version', { simple: true }) as number) : null
    }
  }

  private start(): void {
    if (this.worker) return
    // the record of an earlier draft no longer says anything true once this write commits (a folder that cannot
    // hold one has none to drop: the copy's own failure says what is wrong with it)
    try {
      dropDraftCopyRecord(draftCopyFile(this.dir, basename(this.dbPath)))
    } catch {
      // not a folder
    }
    // the write lock held and nothing written yet: an empty WAL now stays without a commit until the copy's state is
    // fixed (the writer commits only after), so the copy's read transaction reads the file alone, which it then copies
    const fileIsSnapshot = walIsEmpty(this.dbPath)
    const data: CopyBesideData = { role: 'copy-beside', dbPath: this.dbPath, dir: this.dir, now: this.now.toISOString(), control: this.word.buffer as SharedArrayBuffer, fileIsSnapshot }
    const worker = new Worker(this.script.file, { workerData: data, execArgv: this.script.execArgv ?? [], argv: this.script.argv ?? [] })
    this.worker = worker
    this.answer = new Promise<Answer>((resolve) => {
      let answered = false
      worker.once('message', (m: Answer) => {
        answered = true
        resolve(m)
      })
      worker.once('error', (e) => {
        answered = true
        resolve({ failed: failureOf(e) })
      })
      worker.once('exit', (code) => {
        if (!answered) resolve({ failed: failureOf(new Error(`the copy's thread ended without an answer (exit code ${code})`)) })
      })
    })
  }

  /** The copy, verified and named; its failure thrown (the thread's own error). */
  async copied(): Promise<AutomaticBackup> {
    if (!this.answer) throw new Error('no copy was started')
    const answer = await this.answer
    if ('failed' in answer) throw errorOf(answer.failed)
    return answer.report
  }

  /**
   * Once the draft `listId` is committed on `db`: the copy's end awaited, then the state after the draft recorded with
   * the copy's name — the write lock taken again and no other connection's commit since the draft's. Says what it did;
   * a copy that failed is not this draft's, and the publication takes its own (whose failure the officer then sees).
   * A correction's preview, which commits nothing, records the state it read with the lines it `prepared`.
   */
  async record(db: Db, listId: number, prepared?: PreparedFileRef): Promise<CopyBesideOutcome> {
    if (!this.answer) return { unrecorded: 'no copy was started' }
    const answer = await this.answer
    if ('failed' in answer) return { unrecorded: `the copy failed: ${errorOf(answer.failed).message}` }
    if (this.committedAt === null) return { unrecorded: 'the copy had not begun when the draft was committed' }
    try {
      db.exec('BEGIN IMMEDIATE')
    } catch {
      return { unrecorded: 'another writer holds the database' }
    }
    try {
      if (db.pragma('data_version', { simple: true }) !== this.committedAt) return { unrecorded: 'another connection wrote since the draft' }
      const state = stateFingerprint(this.dbPath, this.script)
      if (!state) return { unrecorded: 'the database could not be read whole (another reader)' }
      const copy = answer.report.file
      // a copy of the same day made since by another job, newer, and the retention rule keeps that one alone
      if (!existsSync(copy)) return { unrecorded: 'the copy was removed by the retention rule (a newer copy of the day)' }
      const st = statSync(copy)
      writeDraftCopyRecord(draftCopyFile(this.dir, basename(this.dbPath)), { listId, copy: basename(copy), bytes: st.size, mtimeMs: st.mtimeMs, state, ...(prepared ? { prepared } : {}) })
      return { recorded: copy }
    } finally {
      db.exec('ROLLBACK')
    }
  }

  /** Ends the copy's thread if the generation failed (its partial files are removed by the next backup). */
  stop(): void {
    void this.worker?.terminate()
  }
}
