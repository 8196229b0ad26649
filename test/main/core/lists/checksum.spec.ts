// The canonical text and checksum of a list's entries: order-independent, every published field counted.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { canonicalText, entriesChecksum, type ChecksumEntry } from '../../../../src/main/core/lists/checksum'

const a: ChecksumEntry = { playerId: 7, rating: 2405, games: 9, k: 10, flags: null, status: 'rated', title: 'FM', federation: 'SUI', birthYear: 1990, sex: 'M' }
const b: ChecksumEntry = { playerId: 3, rating: 1502, games: 0, k: 20, flags: 'wi', status: 'rated', title: null, federation: 'SUI', birthYear: null, sex: 'F' }

describe('canonical text and checksum', () => {
  it('is the documented text: header, then playerId ascending, TAB-separated, nulls empty', () => {
    expect(canonicalText([a, b])).toBe('rating-office list entries v1\n3\t1502\t0\t20\twi\trated\t\tSUI\t\tF\n7\t2405\t9\t10\t\trated\tFM\tSUI\t1990\tM\n')
    expect(entriesChecksum([a, b])).toBe(createHash('sha256').update(canonicalText([b, a])).digest('hex'))
  })

  it('does not depend on the order given, and changes with any published field', () => {
    expect(entriesChecksum([a, b])).toBe(entriesChecksum([b, a]))
    expect(entriesChecksum([a, { ...b, k: 40 }])).not.toBe(entriesChecksum([a, b]))
    expect(entriesChecksum([a, { ...b, status: 'delisted' }])).not.toBe(entriesChecksum([a, b]))
  })
})
