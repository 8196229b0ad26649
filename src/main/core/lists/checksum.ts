// The checksum of a list: sha256 of a documented canonical text of its entries in canonical order (playerId ascending).
import { createHash } from 'node:crypto'
import type { ListLine } from './types'

/** The fields of an entry that the checksum covers: what the list publishes. */
export type ChecksumEntry = ListLine

export const CANONICAL_HEADER = 'rating-office list entries v1'

/**
 * Canonical text, version 1: the header line, then one line per entry sorted by playerId ascending, fields
 * separated by a TAB in this order: playerId, rating, games, k, flags, status, title, federation, birthYear, sex;
 * a null is the empty string; integers in decimal without leading zeros; every line ends with LF.
 */
export function canonicalText(entries: readonly ChecksumEntry[]): string {
  let out = CANONICAL_HEADER + '\n'
  for (const e of canonicalOrder(entries)) out += canonicalLine(e)
  return out
}

/** sha256 (hex) of the canonical text, hashed line by line (a FIDE-sized list never becomes one string). */
export function entriesChecksum(entries: readonly ChecksumEntry[]): string {
  const h = checksumStream()
  for (const e of canonicalOrder(entries)) h.add(e)
  return h.digest()
}

/** The checksum of entries given one by one in canonical order (playerId ascending), never held together. */
export interface ChecksumStream {
  add(entry: ChecksumEntry): void
  digest(): string
}

export function checksumStream(): ChecksumStream {
  const h = lineHasher()
  return {
    add: (e) => h.line(e.playerId, canonicalLine(e)),
    digest: () => h.digest()
  }
}

/** sha256 of the header and the canonical lines given in canonical order (refused out of it), hashed 64 KB at a time. */
function lineHasher(): { line(playerId: number, text: string): void; digest(): string } {
  const h = createHash('sha256')
  let chunk = CANONICAL_HEADER + '\n'
  let last = -Infinity
  return {
    line(playerId, text) {
      if (playerId < last) throw new Error(`checksum: entries out of canonical order (${playerId} after ${last})`)
      last = playerId
      chunk += text
      if (chunk.length > 1 << 16) {
        h.update(chunk, 'utf8')
        chunk = ''
      }
    },
    digest() {
      return h.update(chunk, 'utf8').digest('hex')
    }
  }
}

/**
 * The canonical lines of part of a list, kept in canonical order: a list whose lines are computed in two runs (a big
 * list's writer composes the untouched lines while its helper rates the period) has one checksum, of both runs merged
 * (checksumOfRuns). Kept as 64 KB strings and the players' ids, not one string per line.
 */
export class CanonicalRun {
  private ids = new Float64Array(1024)
  private n = 0
  private readonly chunks: string[] = []
  private parts: string[] = []
  private partLength = 0

  add(e: ChecksumEntry): void {
    if (this.n > 0 && e.playerId <= this.ids[this.n - 1]!) throw new Error(`checksum: entries out of canonical order (${e.playerId} after ${this.ids[this.n - 1]})`)
    if (this.n === this.ids.length) {
      const more = new Float64Array(this.n * 2)
      more.set(this.ids)
      this.ids = more
    }
    this.ids[this.n++] = e.playerId
    const line = canonicalLine(e)
    this.parts.push(line)
    this.partLength += line.length
    if (this.partLength > 1 << 16) this.seal()
  }

  get size(): number {
    return this.n
  }

  private seal(): void {
    if (!this.parts.length) return
    this.chunks.push(this.parts.join(''))
    this.parts = []
    this.partLength = 0
  }

  /** A reader of the lines in order: `id` is the next line's player (Infinity after the last), `take` gives its text. */
  reader(): { id: () => number; take: () => string } {
    this.seal()
    let i = 0
    let chunk = 0
    let at = 0
    return {
      id: () => (i < this.n ? this.ids[i]! : Infinity),
      take: () => {
        const text = this.chunks[chunk]!
        const end = text.indexOf('\n', at) + 1
        const line = text.slice(at, end)
        i++
        if (end === text.length) {
          chunk++
          at = 0
        } else at = end
        return line
      }
    }
  }
}

/** The checksum of a list whose lines are in these runs (each in canonical order, no player in two): as entriesChecksum. */
export function checksumOfRuns(...runs: CanonicalRun[]): string {
  const h = lineHasher()
  const readers = runs.map((r) => r.reader())
  let last = -Infinity
  for (;;) {
    let next: (typeof readers)[number] | null = null
    for (const r of readers) if (r.id() !== Infinity && (next === null || r.id() < next.id())) next = r
    if (!next) return h.digest()
    if (next.id() === last) throw new Error(`checksum: player ${last} in two runs`)
    last = next.id()
    h.line(last, next.take())
  }
}

const f = (v: string | number | null): string => (v === null ? '' : String(v))

/** One entry's line of the canonical text, with its LF. */
export function canonicalLine(e: ChecksumEntry): string {
  return `${e.playerId}\t${f(e.rating)}\t${e.games}\t${f(e.k)}\t${f(e.flags)}\t${e.status}\t${f(e.title)}\t${f(e.federation)}\t${f(e.birthYear)}\t${f(e.sex)}\n`
}

function canonicalOrder(entries: readonly ChecksumEntry[]): readonly ChecksumEntry[] {
  for (let i = 1; i < entries.length; i++) if (entries[i - 1]!.playerId > entries[i]!.playerId) return [...entries].sort((a, b) => a.playerId - b.playerId)
  return entries
}
