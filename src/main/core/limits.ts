// The limits of the work an outside file can cause, stated once (docs/reliability.md lists them with what each attack
// gave): past one, the reader stops with a located refusal in plain words, before the work grows with the file.
import { UPLOAD_LIMITS } from '../../shared/contract/files'

const MB = 1024 * 1024

export const LIMITS = {
  /** A national list (CSV or XLSX) read from disk or uploaded: the upload's own cap. */
  nationalFileBytes: UPLOAD_LIMITS['national-list'],
  /**
   * An XLSX's parts once unpacked, added up from the archive's central directory before anything is inflated (and
   * each part's inflation stopped at the size it declares). A national list of 100,000 players unpacks to about 40 MB.
   */
  xlsxUnpackedBytes: 128 * MB,
  /** Columns of a national list's header (the used range: up to the last header cell with text). */
  nationalColumns: 200,
  /** One record (line) of a national CSV, in characters: a 60 MB name stops the parser there, located. */
  csvRecordChars: 64 * 1024,
  /** Data rows of a national list (the largest federations' lists hold about 100,000 players). */
  nationalRows: 1_000_000,
  /** A tournament report (TRF) as a file or as text in a call: an open of 5,000 players over 11 rounds is 1 MB. */
  trfBytes: 8 * MB,
  /** Player lines (001) of one report: the largest opens have a few thousand players. */
  trfPlayers: 10_000,
  /**
   * Round blocks of one player line: more than any real tournament (a double round robin of 60 players has 118
   * rounds), and so the length of any line of a report (line 132's round dates sit above the round blocks).
   */
  trfRounds: 200,
  /**
   * Round blocks a player line may hold past what its report supports (the declared rounds, XXR / 142; the round
   * dates, 132; the last round two lines pair): byes asked for a round not yet paired, in a report sent mid-event.
   */
  trfRoundsTolerance: 2,
  /** Round blocks of all the player lines of a report (the crosstable's cells): 5,000 players over 100 rounds. */
  trfRoundEntries: 500_000,
  /** A player's name (TRF, FIDE TXT/XML, national list), in characters. */
  playerNameChars: 200,
  /** List exports a browser-mode server writes at once (each in a worker); past them, 429 with Retry-After. */
  browserExports: 3,
  /**
   * Outside files (reports, national lists) parsed at once in workers by the desktop app and browser mode; the others
   * wait their turn (services/parse-queue.ts).
   */
  parseWorkers: 2,
  /** The Retry-After of a refused export, in seconds. */
  browserExportRetrySeconds: 5,
  /**
   * How long a writer (a job: list import, generation, publication, report import…) waits its turn behind the
   * writers ahead of it before giving up with an error naming the holder: a FIDE-scale generation or import takes minutes.
   */
  writerWaitMinutes: 30,
  /** A free text of a report or list header: tournament name, place, federation, arbiter, in characters. */
  headerTextChars: 500
} as const

export type LimitName = keyof typeof LIMITS

/** A size in MB for a message (one decimal under 10 MB). */
export function megabytes(bytes: number): string {
  const mb = bytes / MB
  return mb < 10 ? mb.toFixed(1) : String(Math.round(mb))
}
