// The public website's pages of sheets and player pages rendered on helper threads: each thread (the worker entry
// again) opens the database read-only on its own connection, takes the build's settings and lists and reads the rest
// of what every page depends on as the build did (readSiteContext), and renders the lists' pages of sheets and the
// batches of players it is handed, each page's UTF-8 bytes hashed there and handed back in a few buffers per batch
// (moved, not copied). The build writes the batches in the order it handed them out, so a build on helper threads
// writes the same files, in the same order, as a build on one thread.
import { Worker } from 'node:worker_threads'
import type { WorkerScript } from '../workers/runner'
import { errorOf, type Failure } from '../workers/paced-channel'
import type { SiteContextBase } from './site'
import type { SheetLinks, SheetPagesTask } from './site-sheets'

export interface SiteRenderData {
  role: 'site-render'
  dbPath: string
  /** The build's own reading of the settings and lists (the threads read the rest from the database). */
  base: SiteContextBase
}

export const isSiteRenderData = (d: unknown): d is SiteRenderData => typeof d === 'object' && d !== null && (d as { role?: unknown }).role === 'site-render'

/** One file of a rendered batch: its path, where its bytes are (a chunk, from `at`, `size` of them), their SHA-256. */
export interface RenderedFile {
  path: string
  chunk: number
  at: number
  size: number
  sha256: string
}

/** A batch of pages: each player's files in order (a list's pages of sheets: the list's id), their bytes in a few chunks. */
export interface RenderedBatch {
  players: { id: number; files: RenderedFile[] }[]
  chunks: Buffer[]
}

export type SiteRenderRequest = { seq: number; ids: number[] } | { seq: number; sheets: SheetPagesTask } | { links: SheetLinks } | { stop: true }
export type SiteRenderAnswer = { seq: number; players: RenderedBatch['players']; chunks: ArrayBuffer[] } | { seq: number; failed: Failure }

/**
 * The young generation of a helper thread, in MB: a page's strings live briefly, and a larger nursery lets most of them
 * die there instead of being copied (the build's garbage collection was a fifth of its time at V8's default).
 */
const YOUNG_GENERATION_MB = 64

export class SitePool {
  private readonly threads: { worker: Worker; pending: number; exited: boolean }[] = []
  private readonly waiting = new Map<number, { thread: { pending: number }; resolve: (b: RenderedBatch) => void; reject: (e: unknown) => void }>()
  private next = 0
  private failure: unknown = null
  private closing = false

  constructor(script: WorkerScript, dbPath: string, size: number, base: SiteContextBase) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script.file, {
        workerData: { role: 'site-render', dbPath, base } satisfies SiteRenderData,
        execArgv: script.execArgv ?? [],
        argv: script.argv ?? [],
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
      })
      const thread = { worker, pending: 0, exited: false }
      worker.on('message', (m: SiteRenderAnswer) => {
        const w = this.waiting.get(m.seq)
        if (!w) return
        this.waiting.delete(m.seq)
        w.thread.pending--
        if ('failed' in m) w.reject(errorOf(m.failed))
        else w.resolve({ players: m.players, chunks: m.chunks.map((c) => Buffer.from(c)) })
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

  /** Renders the players' pages (ids of published players) on the thread with the least to do. */
  render(ids: number[]): Promise<RenderedBatch> {
    return this.ask((seq) => ({ seq, ids }))
  }

  /** Renders a list's pages of sheets on the thread with the least to do. */
  renderSheets(task: SheetPagesTask): Promise<RenderedBatch> {
    return this.ask((seq) => ({ seq, sheets: task }))
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

  /** Ends the threads once their work is done (each closes its connection); waits until they have. */
  async close(): Promise<void> {
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

  /** Ends the threads at once, whatever they were doing (a build that failed or was cancelled). */
  async stop(): Promise<void> {
    this.closing = true
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()))
  }
}
