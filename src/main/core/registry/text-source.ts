// Reads a large text file in fixed chunks (bounded memory), decoding UTF-8 or, failing that, Windows-1252.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { isUtf8 } from 'node:buffer'
import iconv from 'iconv-lite'

export interface TextChunkSink {
  /** Called with decoded text that ends on a line break (except the very last piece). */
  (text: string, bytesRead: number, totalBytes: number): void
}

const CHUNK = 4 * 1024 * 1024

/**
 * Streams `file` as text. The encoding is decided per chunk: a chunk that is not valid UTF-8 switches the
 * rest of the file to Windows-1252 (FIDE's older downloads), so a 300 MB list never sits in memory whole.
 * Returns the encoding that was used last.
 */
export function streamText(file: string, sink: TextChunkSink, cutAtLines = true): 'utf-8' | 'windows-1252' {
  const fd = openSync(file, 'r')
  try {
    const total = fstatSync(fd).size
    const buf = Buffer.allocUnsafe(CHUNK)
    let carry: Buffer = Buffer.alloc(0)
    let read = 0
    let encoding: 'utf-8' | 'windows-1252' = 'utf-8'
    let first = true
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null)
      read += n
      let data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n)
      if (first && data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3)
      first = false
      let piece: Buffer
      if (n === 0) {
        piece = data
        carry = Buffer.alloc(0)
      } else {
        // Cut after the last line break (or, for XML, the last '>') so no character or line is split.
        const cut = data.lastIndexOf(cutAtLines ? 0x0a : 0x3e)
        if (cut < 0) {
          carry = Buffer.from(data)
          continue
        }
        piece = data.subarray(0, cut + 1)
        carry = Buffer.from(data.subarray(cut + 1))
      }
      if (encoding === 'utf-8' && !isUtf8(piece)) encoding = 'windows-1252'
      const text = encoding === 'utf-8' ? piece.toString('utf8') : iconv.decode(piece, 'win1252')
      if (text.length) sink(text, read, total)
      if (n === 0) break
    }
    return encoding
  } finally {
    closeSync(fd)
  }
}

/** Yields each line with its 1-based number; CRLF and LF both end a line. */
export function streamLines(file: string, onLine: (text: string, line: number, bytesRead: number, totalBytes: number) => void): 'utf-8' | 'windows-1252' {
  let lineNo = 0
  return streamText(file, (text, read, total) => {
    let start = 0
    for (;;) {
      const nl = text.indexOf('\n', start)
      const end = nl < 0 ? text.length : nl
      if (nl < 0 && start >= text.length) break
      let line = text.slice(start, end)
      if (line.endsWith('\r')) line = line.slice(0, -1)
      lineNo++
      onLine(line, lineNo, read, total)
      if (nl < 0) break
      start = nl + 1
    }
  })
}

/** SHA-256 of a file, read in chunks: the import records it and refuses the same list twice. */
export function fileChecksum(file: string): string {
  const fd = openSync(file, 'r')
  try {
    const hash = createHash('sha256')
    const buf = Buffer.allocUnsafe(CHUNK)
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null)
      if (n === 0) break
      hash.update(buf.subarray(0, n))
    }
    return hash.digest('hex')
  } finally {
    closeSync(fd)
  }
}
