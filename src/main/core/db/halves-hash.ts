// The SHA-256 that proves a database's state (db/draft-copy.ts) read on two threads. A publication on the copy taken
// beside its draft, and a correction on the lines its preview prepared, first prove that the database is the one
// recorded: the SHA-256 of every page, read with the write lock held, on the officer's wait (1.7 s of a 29.9 s wait at
// FIDE's size, docs/performance.md). The file is hashed as two halves, the second on a helper thread of the worker
// entry while this thread reads the first, and the state's hash is the SHA-256 of the two halves' hashes: the same
// value on one thread or two, for the same bytes. The caller waits for the helper synchronously (it holds the write
// lock in a synchronous transaction); a helper that fails or is late has its half read here.
import { Worker } from 'node:worker_threads'
import { createHash } from 'node:crypto'
import type { WorkerScript } from '../workers/runner'
import { rangeSha256 } from '../util/durable-files'

/** What the helper reads: `file` from `from`, `length` bytes; it answers in `out` (a word, then the 32 bytes). */
export interface HalfHashData {
  role: 'half-hash'
  file: string
  from: number
  length: number
  out: SharedArrayBuffer
}

const PENDING = 0
const DONE = 1
const FAILED = 2

export const isHalfHashData = (d: unknown): d is HalfHashData => typeof d === 'object' && d !== null && (d as { role?: unknown }).role === 'half-hash'

/** The helper's side (jobs/worker-entry.ts): its half hashed, the hash and the word put in shared memory. */
export function runHalfHash(data: HalfHashData): void {
  const word = new Int32Array(data.out, 0, 1)
  try {
    Buffer.from(data.out, 4, 32).set(rangeSha256(data.file, data.from, data.length))
    Atomics.store(word, 0, DONE)
  } catch {
    Atomics.store(word, 0, FAILED)
  }
  Atomics.notify(word, 0)
}

/** From what size the second half goes to a helper thread: below it the thread's start costs more than it saves. */
export const HALVES_ON_TWO_THREADS_FROM = 256 * 1024 * 1024


/**
 * The SHA-256 of the SHA-256s of the two halves of a file's first `length` bytes (the first half rounded to 1 MB):
 * the second on a helper thread of `thread` from HALVES_ON_TWO_THREADS_FROM bytes (`from`), else here.
 */
export function halvesSha256(file: string, length: number, thread?: WorkerScript, from = HALVES_ON_TWO_THREADS_FROM): string {
  const half = Math.ceil(length / 2 / (1 << 20)) * (1 << 20)
  const first = Math.min(half, length)
  const out = new SharedArrayBuffer(4 + 32)
  const worker =
    thread && length >= from
      ? new Worker(thread.file, { workerData: { role: 'half-hash', file, from: first, length: length - first, out } satisfies HalfHashData, execArgv: thread.execArgv ?? [], argv: thread.argv ?? [] })
      : null
  try {
    const started = performance.now()
    const a = rangeSha256(file, 0, first)
    // the helper reads as much as this thread did, after its start: a helper that has not answered by twice that time
    // and a second (it could not start, or the machine is busy) has its half read here
    const word = new Int32Array(out, 0, 1)
    if (worker) Atomics.wait(word, 0, PENDING, 2 * (performance.now() - started) + 1000)
    const b = Atomics.load(word, 0) === DONE ? Buffer.from(out, 4, 32) : rangeSha256(file, first, length - first)
    return createHash('sha256').update(a).update(b).digest('hex')
  } finally {
    void worker?.terminate()
  }
}
