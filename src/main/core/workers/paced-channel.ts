// A job's helper thread and the job's own thread, joined by an ordered channel with back-pressure: the helper produces
// (reads a file, computes a list) while the job's thread stays synchronous inside its one SQLite transaction and takes
// the messages with receiveMessageOnPort, waiting on a shared counter. The helper pauses when it is a window of
// messages ahead, so memory stays bounded. Used by the first load of a FIDE list (registry/list-reader-thread.ts) and
// by the generation of a big list (services/list-generator-thread.ts).
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort, type TransferListItem } from 'node:worker_threads'
import type { WorkerScript } from './runner'
import { UserError } from '../util/errors'
import { JOB_YOUNG_GENERATION_MB } from './script'

/** What every helper's workerData carries beside its own fields. */
export interface PacedData {
  /** Which helper the worker entry starts (see jobs/worker-entry.ts). */
  role: string
  port: MessagePort
  /** Int32 counters: messages sent, messages taken, a stop flag set by the job's thread, and its answer (see `answer`). */
  control: SharedArrayBuffer
}

/** Whether a worker's data starts the helper of that role (the worker entry's dispatch). */
export function isHelper<D extends PacedData>(d: unknown, role: D['role']): d is D {
  return typeof d === 'object' && d !== null && (d as { role?: unknown }).role === role
}

const SENT = 0
const TAKEN = 1
const STOP = 2
const ANSWER = 3
/** The answer slot before the job's thread has answered (answers are never negative). */
const UNANSWERED = -1

/** An error of the helper as it crosses to the job's thread: a UserError keeps its key and parameters. */
export interface Failure {
  key?: string
  message: string
  params?: Record<string, unknown>
}

export function failureOf(e: unknown): Failure {
  const err = e as Error & { key?: string; params?: Record<string, unknown> }
  return { key: err.key, message: err.message ?? String(e), params: err.params }
}

/** The helper's error again on the job's thread, thrown there as it was thrown in the helper. */
export function errorOf(f: Failure): Error {
  return f.key ? new UserError(f.key, f.params ?? {}) : new Error(f.message)
}

/** Thrown on the helper's side once the job's thread stopped listening: the helper ends quietly. */
export class ChannelStopped extends Error {}

/** The helper's end of the channel: `post` sends in order; `awaitAnswer` waits for the job's thread's `answer`. */
export interface PacedSender<M> {
  post: (m: M, transfer?: readonly TransferListItem[]) => void
  stopped: () => boolean
  /** The number the job's thread answered (PacedReceiver.answer) to a question the helper posted; throws ChannelStopped
   *  once the job's thread stopped listening. */
  awaitAnswer: () => number
}

/** The helper's side: `post` sends in order and waits while `window` messages are not taken yet. */
export function pacedSender<M>(data: PacedData, window: number): PacedSender<M> {
  const ctrl = new Int32Array(data.control)
  const stopped = (): boolean => Atomics.load(ctrl, STOP) === 1
  const post = (m: M, transfer: readonly TransferListItem[] = []): void => {
    for (;;) {
      if (stopped()) throw new ChannelStopped()
      const taken = Atomics.load(ctrl, TAKEN)
      if (Atomics.load(ctrl, SENT) - taken < window) break
      Atomics.wait(ctrl, TAKEN, taken, 200)
    }
    data.port.postMessage(m, transfer)
    Atomics.add(ctrl, SENT, 1)
    Atomics.notify(ctrl, SENT)
  }
  const awaitAnswer = (): number => {
    for (;;) {
      const v = Atomics.load(ctrl, ANSWER)
      if (v !== UNANSWERED) return v
      if (stopped()) throw new ChannelStopped()
      Atomics.wait(ctrl, ANSWER, UNANSWERED, 200)
    }
  }
  return { post, stopped, awaitAnswer }
}

/**
 * The helper's whole side: `produce` sends its messages with `post` (`stopped` tells that the job's thread stopped
 * listening, `awaitAnswer` waits for its answer to a question); an error it throws is sent as the message `failed` makes of it, unless the job's thread stopped first.
 * The channel is closed at the end either way.
 */
export function serveHelper<M>(
  data: PacedData,
  window: number,
  produce: (post: PacedSender<M>['post'], stopped: () => boolean, awaitAnswer: () => number) => void,
  failed: (error: Failure) => M
): void {
  const channel = pacedSender<M>(data, window)
  try {
    produce(channel.post, channel.stopped, channel.awaitAnswer)
  } catch (e) {
    if (e instanceof ChannelStopped) return
    try {
      channel.post(failed(failureOf(e)))
    } catch {
      // the job's thread stopped listening: nothing left to tell
    }
  } finally {
    data.port.close()
  }
}

/**
 * The job's side: starts the helper thread (the worker entry with `data` and the channel) and hands its messages over
 * one at a time. `isLast` tells the final message (after it the helper is done and is not terminated).
 */
export class PacedReceiver<M> {
  private readonly worker: Worker
  private readonly port: MessagePort
  private readonly ctrl: Int32Array
  private taken = 0
  private done = false

  constructor(
    script: WorkerScript,
    data: Omit<PacedData, 'port' | 'control'> & Record<string, unknown>,
    private readonly isLast: (m: M) => boolean,
    /** Called when the helper sent nothing for `stallMs`: throws the caller's error (the helper is stopped first). */
    private readonly stalled: (seconds: number) => Error,
    private readonly stallMs = 60_000
  ) {
    const { port1, port2 } = new MessageChannel()
    const control = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT)
    this.ctrl = new Int32Array(control)
    Atomics.store(this.ctrl, ANSWER, UNANSWERED)
    this.worker = new Worker(script.file, { workerData: { ...data, port: port2, control }, transferList: [port2], execArgv: script.execArgv ?? [], argv: script.argv ?? [], resourceLimits: { maxYoungGenerationSizeMb: JOB_YOUNG_GENERATION_MB } })
    this.worker.unref()
    this.port = port1
  }

  /** The next message, waiting for the helper if it has not sent one yet; `whileWaiting` runs between waits (a cancel check). */
  next(whileWaiting?: () => void): M {
    let waited = 0
    for (;;) {
      const got = this.poll()
      if (got !== undefined) return got
      const sent = Atomics.load(this.ctrl, SENT)
      const step = sent > this.taken ? 1 : 500
      if (Atomics.wait(this.ctrl, SENT, sent, step) === 'timed-out') waited += step
      else waited = 0
      if (waited >= this.stallMs) {
        this.stop()
        throw this.stalled(Math.round(this.stallMs / 1000))
      }
      if (waited > 0 && waited % 500 === 0) whileWaiting?.()
    }
  }

  /** The next message if the helper has sent one, else undefined at once (a job's thread with work of its own). */
  poll(): M | undefined {
    const got = receiveMessageOnPort(this.port) as { message: M } | undefined
    if (!got) return undefined
    this.taken++
    Atomics.store(this.ctrl, TAKEN, this.taken)
    Atomics.notify(this.ctrl, TAKEN)
    if (this.isLast(got.message)) this.done = true
    return got.message
  }

  /** Answers the helper's question (a number, never negative): its `awaitAnswer` returns it. */
  answer(value: number): void {
    if (!(value >= 0)) throw new Error(`paced channel: an answer is a number from 0 (${value})`)
    Atomics.store(this.ctrl, ANSWER, value)
    Atomics.notify(this.ctrl, ANSWER)
  }

  /** Stops the helper (after its last message, or when the job gives up) and frees its thread. */
  stop(): void {
    Atomics.store(this.ctrl, STOP, 1)
    Atomics.notify(this.ctrl, TAKEN)
    this.port.close()
    if (!this.done) void this.worker.terminate()
  }
}
