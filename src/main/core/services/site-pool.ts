// The public website's pages of sheets and player pages rendered on helper threads: each thread (the worker entry
// again) opens the database read-only on its own connection, takes the build's reading of the settings, the lists and
// their players, reads the rest of what every page depends on as the build did (readSiteContext), and renders the lists' pages of sheets and the
// batches of players it is handed, each page's UTF-8 bytes hashed and written into the site's folder there (unless
// the folder already holds them: the build hands what it knows of each file with the batch), so that the pages' bytes
// never cross to the build's thread. The build records the batches in the order it handed them out: a build on helper
// threads writes the same files, and records them in the same order, as a build on one thread.
import { Worker } from 'node:worker_threads'
import type { WorkerScript } from '../workers/runner'
import { errorOf, type Failure } from '../workers/paced-channel'
import type { KnownFile, PutFile, SiteOutput } from '../site/output'
import type { SiteContextBase } from './site'
import type { SheetLinks, SheetPagesTask } from './site-sheets'

export interface SiteRenderData {
  role: 'site-render'
  dbPath: string
  /** The site's folder, which the thread writes the pages it renders into. */
  out: string
  /** Set (to 1) by a build that stops early: a thread then skips the batches still handed to it. */
  abort: SharedArrayBuffer
  /** The build's own reading of the settings, the lists and their players (the threads read the rest from the database). */
  base: SiteContextBase
}

export const isSiteRenderData = (d: unknown): d is SiteRenderData => typeof d === 'object' && d !== null && (d as { role?: unknown }).role === 'site-render'

/** A batch of pages as put into the site's folder: each player's files in order (a list's pages of sheets: the list's id). */
export interface RenderedBatch {
  players: { id: number; files: PutFile[] }[]
}

/** What the build knows of the files a batch may write (SiteOutput.knownOf). */
export type KnownFiles = Record<string, KnownFile>

export type SiteRenderRequest = { seq: number; ids: number[]; known: KnownFiles } | { seq: number; sheets: SheetPagesTask; known: KnownFiles } | { links: SheetLinks } | { stop: true }
/** A batch rendered (its pages put into the folder, most of them written), or failed; or, once stopped, its writes' end. */
export type SiteRenderAnswer = { seq: number; players: RenderedBatch['players'] } | { seq: number; failed: Failure } | { stopped: Failure | null }

/**
 * The young generation of a helper thread, in MB: a page's strings live briefly, and a larger nursery lets most of them
 * die there instead of being copied (the build's garbage collection was a fifth of its time at V8's default).
 */
const YOUNG_GENERATION_MB = 64

/** Batches handed out a thread at once (SitePool.depth). */
const BATCHES_AHEAD = 3

export class SitePool {
  private readonly threads: { worker: Worker; pending: number; exited: boolean }[] = []
  private readonly waiting = new Map<number, { thread: { pending: number }; resolve: (b: RenderedBatch) => void; reject: (e: unknown) => void }>()
  private next = 0
  private failure: unknown = null
  private closing = false
  private readonly abort = new SharedArrayBuffer(4)

  constructor(script: WorkerScript, dbPath: string, out: string, size: number, base: SiteContextBase) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script.file, {
        workerData: { role: 'site-render', dbPath, out, abort: this.abort, base } satisfies SiteRenderData,
        execArgv: script.execArgv ?? [],
        argv: script.argv ?? [],
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
      })
      const thread = { worker, pending: 0, exited: false }
      worker.on('message', (m: SiteRenderAnswer) => {
        if ('stopped' in m) {
          // the last of its writes failed: the build fails with it
          if (m.stopped) this.failure ??= errorOf(m.stopped)
          return
        }
        const w = this.waiting.get(m.seq)
        if (!w) return
        this.waiting.delete(m.seq)
        w.thread.pending--
        if ('failed' in m) w.reject(errorOf(m.failed))
        else w.resolve({ players: m.players })
      })
      worker.on('error', (e) => this.fail(e))
      worker.on('exit', (code) => {
        thread.exited = true
        if (!this.closing) this.fail(new Error(`a site rendering thread ended before the build (exit code ${code})`))
      })
      this.threads.push(thread)
    }
  }

  get size(): number {
    return this.threads.length
  }

  /** The batches the build keeps handed out at once: BATCHES_AHEAD a thread (each has its next ones to render). */
  get depth(): number {
    return BATCHES_AHEAD * this.threads.length
  }

  /** Renders and writes the players' pages (ids of published players) on the thread with the least to do. */
  render(ids: number[], known: KnownFiles): Promise<RenderedBatch> {
    return this.ask((seq) => ({ seq, ids, known }))
  }

  /** Renders and writes a list's pages of sheets on the thread with the least to do. */
  renderSheets(task: SheetPagesTask, known: KnownFiles): Promise<RenderedBatch> {
    return this.ask((seq) => ({ seq, sheets: task, known }))
  }

  /** Where each list's pages of sheets begin, for the players' pages rendered after (every thread). */
  setLinks(links: SheetLinks): void {
    for (const t of this.threads) t.worker.postMessage({ links } satisfies SiteRenderRequest)
  }

  private ask(request: (seq: number) => SiteRenderRequest): Promise<RenderedBatch> {
    const done = new Promise<RenderedBatch>((resolve, reject) => {
      if (this.failure) return reject(this.failure)
      const thread = this.threads.reduce((a, b) => (b.pending < a.pending ? b : a))
      const seq = this.next++
      thread.pending++
      this.waiting.set(seq, { thread, resolve, reject })
      thread.worker.postMessage(request(seq))
    })
    // awaited in its turn by the build: a failure meanwhile is not an unhandled one
    done.catch(() => undefined)
    return done
  }

  private fail(e: unknown): void {
    this.failure ??= e
    for (const w of this.waiting.values()) w.reject(this.failure)
    this.waiting.clear()
  }

  /**
   * Ends the threads once their work is done (each closes its connection once its writes are done); waits until they
   * have, then throws the first failure (a write that failed after its batch was answered).
   */
  async close(): Promise<void> {
    await this.end()
    if (this.failure) throw this.failure
  }

  private async end(): Promise<void> {
    this.closing = true
    await Promise.all(
      this.threads
        .filter((t) => !t.exited)
        .map(
          ({ worker }) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve())
              worker.postMessage({ stop: true } satisfies SiteRenderRequest)
            })
        )
    )
  }

  /**
   * Ends the threads early (a build that failed or was cancelled): each skips the batches still handed to it and ends
   * once the one it is rendering is done and every file it began is written — a page is never left half written.
   */
  async stop(): Promise<void> {
    Atomics.store(new Int32Array(this.abort), 0, 1)
    await this.end()
  }
}

/**
 * The batches handed to the helper threads, oldest first, recorded in the build's output in that order (each item's
 * paths also to `each`): the same files in the same order as a build on one thread. A batch answered before an older
 * one waits for it (its answer is small: paths and hashes), while its thread is handed the next.
 */
export class HandedBatches {
  private readonly handed: { batch: Promise<RenderedBatch>; answered: boolean }[] = []
  constructor(
    private readonly out: SiteOutput,
    private readonly each: (id: number, paths: string[]) => void = () => undefined
  ) {}

  /** The batches handed out and not yet recorded. */
  get length(): number {
    return this.handed.length
  }

  /** The batches still being rendered or written. */
  get unanswered(): number {
    return this.handed.reduce((n, h) => n + (h.answered ? 0 : 1), 0)
  }

  push(batch: Promise<RenderedBatch>): void {
    const h = { batch, answered: false }
    const answered = (): void => {
      h.answered = true
    }
    batch.then(answered, answered)
    this.handed.push(h)
  }

  /** Waits until at most `keep` batches are being rendered, recording none (a failure is thrown here). */
  async room(keep: number): Promise<void> {
    while (this.unanswered > keep) await this.nextAnswer()
  }

  /** The next batch to be answered (its failure, if it fails). */
  private nextAnswer(): Promise<RenderedBatch> {
    return Promise.race(this.handed.filter((h) => !h.answered).map((h) => h.batch))
  }

  /**
   * Waits until at most `keep` batches are being rendered (and at most twice as many are waiting to be recorded), then
   * records the answered ones at the head, in order; returns the items recorded. `keep` 0: every batch, all recorded.
   */
  async record(keep: number): Promise<number> {
    let items = 0
    for (;;) {
      while (this.handed[0]?.answered) {
        const done = await this.handed.shift()!.batch
        for (const item of done.players) {
          for (const f of item.files) this.out.record(f)
          this.each(item.id, item.files.map((f) => f.path))
        }
        items += done.players.length
      }
      if (this.unanswered <= keep && this.handed.length <= 2 * keep) return items
      // the oldest when too many wait to be recorded, else the first answered; a failure is thrown here
      await (this.handed.length > 2 * keep ? this.handed[0]!.batch : this.nextAnswer())
    }
  }
}
