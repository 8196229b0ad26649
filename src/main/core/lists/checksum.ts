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
  let out = ''
  eachLine(entries, (line) => (out += line))
  return out
}

/** sha256 (hex) of the canonical text, hashed line by line (a FIDE-sized list never becomes one string). */
export function entriesChecksum(entries: readonly ChecksumEntry[]): string {
  const h = createHash('sha256')
  let chunk = ''
  eachLine(entries, (line) => {
    chunk += line
    if (chunk.length > 1 << 16) {
      h.update(chunk, 'utf8')
      chunk = ''
    }
  })
  return h.update(chunk, 'utf8').digest('hex')
}

function eachLine(entries: readonly ChecksumEntry[], emit: (line: string) => void): void {
  let sorted = true
  for (let i = 1; i < entries.length && sorted; i++) if (entries[i - 1]!.playerId > entries[i]!.playerId) sorted = false
  const list = sorted ? entries : [...entries].sort((a, b) => a.playerId - b.playerId)
  const f = (v: string | number | null): string => (v === null ? '' : String(v))
  emit(CANONICAL_HEADER + '\n')
  for (const e of list) emit(`${e.playerId}\t${f(e.rating)}\t${e.games}\t${f(e.k)}\t${f(e.flags)}\t${e.status}\t${f(e.title)}\t${f(e.federation)}\t${f(e.birthYear)}\t${f(e.sex)}\n`)
}
