// Checks a ZIP archive (an XLSX) before a library inflates it: the central directory's declared sizes added up must stay
// under a limit, and each part, inflated with a ceiling at the size it declares, must not be larger than declared. A
// zip bomb is refused after reading its directory (milliseconds) or, if its directory lies, after at most the limit.
import { readFileSync } from 'node:fs'
import { inflateRawSync } from 'node:zlib'

export type ZipProblem =
  | { kind: 'notZip' }
  | { kind: 'tooLarge'; declared: number; largest: string }
  | { kind: 'lies'; member: string; declared: number }

interface Member { name: string; method: number; compressed: number; declared: number; localOffset: number }

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

function centralDirectory(buf: Buffer): Member[] | null {
  // the end record is in the last 64 KB + 22 bytes (its comment is at most 65,535 bytes)
  let end = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const count = buf.readUInt16LE(end + 10)
  let p = buf.readUInt32LE(end + 16)
  const members: Member[] = []
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) return null
    const nameLength = buf.readUInt16LE(p + 28)
    members.push({
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      declared: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42)
    })
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
  }
  // a directory that does not match the local headers (a damaged file) is no basis for a refusal: the reader judges it
  for (const m of members) {
    const at = m.localOffset
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) return null
    const nameLength = buf.readUInt16LE(at + 26)
    if (buf.toString('utf8', at + 30, at + 30 + nameLength) !== m.name || at + 30 + nameLength + m.compressed > buf.length) return null
  }
  return members
}

/** The first problem of the archive at `file` (or of its bytes), or null when it may be inflated. */
export function zipProblem(file: string | Buffer, maxUnpacked: number): ZipProblem | null {
  const buf = typeof file === 'string' ? readFileSync(file) : file
  const members = buf.length >= 22 ? centralDirectory(buf) : null
  if (!members) return { kind: 'notZip' }
  // ZIP64 sizes (0xFFFFFFFF) are 4 GB or more: over any limit
  const declared = members.reduce((s, m) => s + m.declared, 0)
  if (declared > maxUnpacked) {
    const largest = members.reduce((a, b) => (b.declared > a.declared ? b : a))
    return { kind: 'tooLarge', declared, largest: largest.name }
  }
  for (const m of members) {
    if (m.method !== 8 || m.declared === 0) continue
    const at = m.localOffset
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28)
    try {
      // the ceiling is the declared size: a part that inflates further stops here, at that many bytes
      inflateRawSync(buf.subarray(start, start + m.compressed), { maxOutputLength: m.declared })
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'lies', member: m.name, declared: m.declared }
      // a damaged stream: the workbook reader says so in its own words
    }
  }
  return null
}
