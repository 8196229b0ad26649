// A big first load is read and encoded on a thread of its own while the writing thread only binds and inserts.
// The writer stays synchronous (one SQLite transaction): it takes messages with receiveMessageOnPort and waits
// on a shared counter; the reader pauses when it is a window of batches ahead, so memory stays bounded.
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import { UserError } from '../util/errors'
import type { WorkerScript } from '../workers/runner'
import { ProblemLog, type ListProblem } from './list-record'
import { BulkEncoder, readList, type BulkMessage, type ListFormat, type ListSource } from './list-read'

export interface ListReaderData {
  role: 'list-reader'
  source: ListSource
  port: MessagePort
  /** Int32 counters: messages sent, messages taken, and a stop flag set by the writer. */
  control: SharedArrayBuffer
}

export interface ReaderEnd {
  kind: 'end'
  records: number
  format: ListFormat
  encoding: string
  errors: ListProblem[]
  warnings: ListProblem[]
  warningCount: number
}

export type ReaderMessage =
  | BulkMessage
  | { kind: 'progress'; read: number; total: number }
  | ReaderEnd
  | { kind: 'failed'; error: { key?: string; message: string; params?: Record<string, unknown> } }

const SENT = 0
const TAKEN = 1
const STOP = 2
/** Batches the reader may be ahead of the writer (32 × 500 players: a few megabytes). */
const WINDOW = 32

export function isListReaderData(d: unknown): d is ListReaderData {
  return typeof d === 'object' && d !== null && (d as { role?: unknown }).role === 'list-reader'
}

class Stopped extends Error {}

/** The reader thread's side: reads the file, encodes the players, sends them in order with back-pressure. */
export function runListReader(data: ListReaderData): void {
  const ctrl = new Int32Array(data.control)
  const stopped = (): boolean => Atomics.load(ctrl, STOP) === 1
  const post = (m: ReaderMessage): void => {
    for (;;) {
      if (stopped()) throw new Stopped()
      const taken = Atomics.load(ctrl, TAKEN)
      if (Atomics.load(ctrl, SENT) - taken < WINDOW) break
      Atomics.wait(ctrl, TAKEN, taken, 200)
    }
    // The entries' integers move to the writer without a copy.
    data.port.postMessage(m, m.kind === 'players' ? [m.entries.buffer] : m.kind === 'entries' ? [m.values.buffer] : [])
    Atomics.add(ctrl, SENT, 1)
    Atomics.notify(ctrl, SENT)
  }
  const log = new ProblemLog(data.source.fileName)
  try {
    const encoder = new BulkEncoder(log, post)
    const res = readList(data.source, log, {
      open: (t) => encoder.open(t),
      record: (r) => encoder.add(r),
      progress: (read, total) => post({ kind: 'progress', read, total }),
      pulse: () => {
        if (stopped()) throw new Stopped()
      }
    })
    if (!log.errors.length) encoder.finish()
    post({ kind: 'end', records: encoder.records, format: res.format, encoding: res.encoding, errors: log.errors, warnings: log.warnings, warningCount: log.warningCount })
  } catch (e) {
    if (e instanceof Stopped) return
    const err = e as Error & { key?: string; params?: Record<string, unknown> }
    try {
      post({ kind: 'failed', error: { key: err.key, message: err.message ?? String(e), params: err.params } })
    } catch {
      // the writer stopped listening: nothing left to tell
    }
  } finally {
    data.port.close()
  }
}

/** The writer's side: starts the reader thread and hands its messages over one at a time. */
export class ListReaderThread {
  private readonly worker: Worker
  private readonly port: MessagePort
  private readonly ctrl: Int32Array
  private taken = 0
  private done = false

  constructor(
    script: WorkerScript,
    private readonly source: ListSource,
    /** How long the writer waits for a message before it gives up on the reader. */
    private readonly stallMs = 60_000
  ) {
    const { port1, port2 } = new MessageChannel()
    const control = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)
    this.ctrl = new Int32Array(control)
    const workerData: ListReaderData = { role: 'list-reader', source, port: port2, control }
    this.worker = new Worker(script.file, { workerData, transferList: [port2], execArgv: script.execArgv ?? [], argv: script.argv ?? [] })
    this.worker.unref()
    this.port = port1
  }

  /** The next message, waiting for the reader if it has not sent one yet. */
  next(): ReaderMessage {
    let waited = 0
    for (;;) {
      const got = receiveMessageOnPort(this.port) as { message: ReaderMessage } | undefined
      if (got) {
        this.taken++
        Atomics.store(this.ctrl, TAKEN, this.taken)
        Atomics.notify(this.ctrl, TAKEN)
        if (got.message.kind === 'end' || got.message.kind === 'failed') this.done = true
        return got.message
      }
      const sent = Atomics.load(this.ctrl, SENT)
      const step = sent > this.taken ? 1 : 500
      if (Atomics.wait(this.ctrl, SENT, sent, step) === 'timed-out') waited += step
      else waited = 0
      if (waited >= this.stallMs) {
        this.stop()
        throw new UserError('registry.readerStalled', { file: this.source.fileName, seconds: Math.round(this.stallMs / 1000) })
      }
    }
  }

  /** Stops the reader (after the end, or when the writer gives up) and frees its thread. */
  stop(): void {
    Atomics.store(this.ctrl, STOP, 1)
    Atomics.notify(this.ctrl, TAKEN)
    this.port.close()
    if (!this.done) void this.worker.terminate()
  }
}
