// The state's SHA-256 read as two halves (db/halves-hash.ts): the same value on one thread or two, for the same bytes;
// each half's bytes count; the helper's side answers in shared memory.
import { afterAll, describe, expect, it } from 'vitest'
import { createHash, randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { halvesSha256, runHalfHash } from '../../../../src/main/core/db/halves-hash'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const MB = 1 << 20
const sha = (b: Buffer): Buffer => createHash('sha256').update(b).digest()
/** The value by its definition: the SHA-256 of the SHA-256s of the first half (rounded up to 1 MB) and of the rest. */
const byDefinition = (b: Buffer, length: number): string => {
  const half = Math.min(Math.ceil(length / 2 / MB) * MB, length)
  return createHash('sha256').update(sha(b.subarray(0, half))).update(sha(b.subarray(half, length))).digest('hex')
}

describe('the SHA-256 of a file by halves', () => {
  const bytes = randomBytes(5 * MB + 12_345)
  const file = tmp.file('pages.db')
  writeFileSync(file, bytes)

  it('is the SHA-256 of its halves’ SHA-256s, on one thread or with the second half on a helper thread', () => {
    for (const length of [bytes.length, 4 * MB, 3 * MB + 1, 100]) {
      const expected = byDefinition(bytes, length)
      expect(halvesSha256(file, length), `${length} bytes`).toBe(expected)
      // the helper from any size (its script started; late or not, the value is the same)
      expect(halvesSha256(file, length, sourceWorkerScript(), 0), `${length} bytes on two threads`).toBe(expected)
    }
    // only the bytes counted: what follows `length` is not read
    expect(halvesSha256(file, 4 * MB)).not.toBe(halvesSha256(file, 4 * MB + 1))
  }, 60_000)

  it('changes with a byte of either half', () => {
    const whole = halvesSha256(file, bytes.length)
    for (const at of [10, bytes.length - 10]) {
      const changed = Buffer.from(bytes)
      changed[at] ^= 1
      const other = tmp.file(`changed-${at}.db`)
      writeFileSync(other, changed)
      expect(halvesSha256(other, bytes.length), `byte ${at}`).not.toBe(whole)
    }
  })

  it('has its helper answer in shared memory: the word, then its half’s SHA-256; a file it cannot read, the word alone', () => {
    const out = new SharedArrayBuffer(36)
    runHalfHash({ role: 'half-hash', file, from: 3 * MB, length: 2 * MB, out })
    expect(new Int32Array(out, 0, 1)[0]).toBe(1)
    expect(Buffer.from(out, 4, 32).equals(sha(bytes.subarray(3 * MB, 5 * MB)))).toBe(true)
    const failed = new SharedArrayBuffer(36)
    runHalfHash({ role: 'half-hash', file: tmp.file('absent.db'), from: 0, length: 10, out: failed })
    expect(new Int32Array(failed, 0, 1)[0]).toBe(2)
  })
})
