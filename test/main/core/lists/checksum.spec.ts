// The canonical text and checksum of a list's entries: order-independent, every published field counted.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CanonicalRun, canonicalText, checksumOfRuns, entriesChecksum, type ChecksumEntry } from '../../../../src/main/core/lists/checksum'

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

describe('a checksum over runs of lines (a big list composed in two parts)', () => {
  // 3,000 lines: more than one 64 KB chunk of canonical text in a run
  const lines: ChecksumEntry[] = Array.from({ length: 3000 }, (_, i) => ({ ...a, playerId: 10 + 3 * i, rating: 1400 + (i * 37) % 1300, games: i % 11, flags: i % 5 ? null : 'w' }))

  it('is the checksum of all the lines, however they are shared among the runs', () => {
    const whole = entriesChecksum(lines)
    const even = new CanonicalRun()
    const odd = new CanonicalRun()
    const none = new CanonicalRun()
    for (const [i, e] of lines.entries()) (i % 4 === 1 || i > 2500 ? odd : even).add(e)
    expect(even.size + odd.size).toBe(3000)
    expect(checksumOfRuns(even, odd, none)).toBe(whole)
    // one line moved from a run to the other: the same list, the same checksum; one line changed: another
    const first = new CanonicalRun()
    const rest = new CanonicalRun()
    for (const [i, e] of lines.entries()) (i === 0 ? first : rest).add(e)
    expect(checksumOfRuns(rest, first)).toBe(whole)
    const changed = new CanonicalRun()
    for (const [i, e] of lines.entries()) changed.add(i === 1234 ? { ...e, k: 40 } : e)
    expect(checksumOfRuns(changed)).not.toBe(whole)
  })

  it('refuses a run out of canonical order and a player in two runs', () => {
    const r = new CanonicalRun()
    r.add(a)
    expect(() => r.add(b)).toThrow('out of canonical order')
    expect(() => r.add(a)).toThrow('out of canonical order')
    const x = new CanonicalRun()
    const y = new CanonicalRun()
    x.add(b)
    x.add(a)
    y.add(a)
    expect(() => checksumOfRuns(x, y)).toThrow('player 7 in two runs')
  })
})
