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
  const h = createHash('sha256')
  let chunk = CANONICAL_HEADER + '\n'
  let last = -Infinity
  return {
    add(e) {
      if (e.playerId < last) throw new Error(`checksum: entries out of canonical order (${e.playerId} after ${last})`)
      last = e.playerId
      chunk += canonicalLine(e)
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

const f = (v: string | number | null): string => (v === null ? '' : String(v))

/** One entry's line of the canonical text, with its LF. */
export function canonicalLine(e: ChecksumEntry): string {
  return `${e.playerId}\t${f(e.rating)}\t${e.games}\t${f(e.k)}\t${f(e.flags)}\t${e.status}\t${f(e.title)}\t${f(e.federation)}\t${f(e.birthYear)}\t${f(e.sex)}\n`
}

function canonicalOrder(entries: readonly ChecksumEntry[]): readonly ChecksumEntry[] {
  for (let i = 1; i < entries.length; i++) if (entries[i - 1]!.playerId > entries[i]!.playerId) return [...entries].sort((a, b) => a.playerId - b.playerId)
  return entries
}
