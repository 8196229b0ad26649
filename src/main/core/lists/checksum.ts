// The checksum of a list: sha256 of a documented canonical text of its entries in canonical order (playerId ascending).
import { createHash } from 'node:crypto'
import type { EntryStatus } from './types'

/** The fields of an entry that the checksum covers: what the list publishes. */
export interface ChecksumEntry {
  playerId: number
  rating: number | null
  games: number
  k: number | null
  flags: string | null
  status: EntryStatus
  title: string | null
  federation: string | null
  birthYear: number | null
  sex: string | null
}

export const CANONICAL_HEADER = 'rating-office list entries v1'

/**
 * Canonical text, version 1: the header line, then one line per entry sorted by playerId ascending, fields
 * separated by a TAB in this order: playerId, rating, games, k, flags, status, title, federation, birthYear, sex;
 * a null is the empty string; integers in decimal without leading zeros; every line ends with LF.
 */
export function canonicalText(entries: readonly ChecksumEntry[]): string {
  const sorted = [...entries].sort((a, b) => a.playerId - b.playerId)
  const f = (v: string | number | null): string => (v === null ? '' : String(v))
  let out = CANONICAL_HEADER + '\n'
  for (const e of sorted) {
    out += [e.playerId, e.rating, e.games, e.k, e.flags, e.status, e.title, e.federation, e.birthYear, e.sex].map(f).join('\t') + '\n'
  }
  return out
}

/** sha256 (hex) of the canonical text. */
export function entriesChecksum(entries: readonly ChecksumEntry[]): string {
  return createHash('sha256').update(canonicalText(entries), 'utf8').digest('hex')
}
