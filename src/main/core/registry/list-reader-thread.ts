// A big first load is read and encoded on a thread of its own while the writing thread only binds and inserts.
// The writer stays synchronous (one SQLite transaction): it takes the reader's messages through a paced channel
// (workers/paced-channel.ts); the reader pauses when it is a window of batches ahead, so memory stays bounded.
import { UserError } from '../util/errors'
import type { WorkerScript } from '../workers/runner'
import { ChannelStopped, PacedReceiver, isHelper, serveHelper, type Failure, type PacedData } from '../workers/paced-channel'
import { ProblemLog, type ListProblem, type ListRepeat } from './list-record'
import { BulkEncoder, readList, type BulkMessage, type ListFormat, type ListSource } from './list-read'

export interface ListReaderData extends PacedData {
  role: 'list-reader'
  source: ListSource
}

export interface ReaderEnd {
  kind: 'end'
  records: number
  format: ListFormat
  encoding: string
  errors: ListProblem[]
  warnings: ListProblem[]
  warningCount: number
  repeats: ListRepeat[]
  repeatCount: number
}

export type ReaderMessage =
  | BulkMessage
  | { kind: 'progress'; read: number; total: number }
  | ReaderEnd
  | { kind: 'failed'; error: Failure }

/** Batches the reader may be ahead of the writer (32 × 500 players: a few megabytes). */
const WINDOW = 32

export const isListReaderData = (d: unknown): d is ListReaderData => isHelper<ListReaderData>(d, 'list-reader')

/** The reader thread's side: reads the file, encodes the players, sends them in order with back-pressure. */
export function runListReader(data: ListReaderData): void {
  serveHelper<ReaderMessage>(
    data,
    WINDOW,
    (send, stopped) => {
      // The entries' integers move to the writer without a copy.
      const post = (m: ReaderMessage): void => send(m, m.kind === 'players' ? [m.entries.buffer] : m.kind === 'entries' ? [m.values.buffer] : [])
      const log = new ProblemLog(data.source.fileName)
      const encoder = new BulkEncoder(log, post)
      const res = readList(data.source, log, {
        open: (t) => encoder.open(t),
        record: (r) => encoder.add(r),
        progress: (read, total) => post({ kind: 'progress', read, total }),
        pulse: () => {
          if (stopped()) throw new ChannelStopped()
        }
      })
      if (!log.errors.length) encoder.finish()
      post({ kind: 'end', records: encoder.records, format: res.format, encoding: res.encoding, errors: log.errors, warnings: log.warnings, warningCount: log.warningCount, repeats: log.repeats, repeatCount: log.repeatCount })
    },
    (error) => ({ kind: 'failed', error })
  )
}

/**
 * The writer's side: starts the reader thread on `source` and hands its messages over one at a time (`next`); `stop`
 * ends it (after its end, or when the writer gives up). `stallMs`: how long the writer waits for a message before it
 * gives up on the reader.
 */
export function startListReader(script: WorkerScript, source: ListSource, stallMs = 60_000): PacedReceiver<ReaderMessage> {
  return new PacedReceiver<ReaderMessage>(
    script,
    { role: 'list-reader', source },
    (m) => m.kind === 'end' || m.kind === 'failed',
    (seconds) => new UserError('registry.readerStalled', { file: source.fileName, seconds }),
    stallMs
  )
}
