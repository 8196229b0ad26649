// Files made durable and proven: a file's bytes synced to the disk, a folder's entries synced after a rename, a
// file's SHA-256 read in pieces (backups, archive files, exports).
import { closeSync, fsyncSync, openSync, readSync } from 'node:fs'
import { createHash } from 'node:crypto'

/** A file's bytes made durable (fsync). */
export function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** A folder's entries made durable after a rename into it; where the platform cannot sync a folder (Windows), the rename is. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } catch {
    // not supported for folders here
  } finally {
    closeSync(fd)
  }
}

/** The SHA-256 of a file (or of its first `length` bytes), read in 1 MB pieces. */
export function fileSha256(path: string, length = Infinity): string {
  return rangeSha256(path, 0, length).toString('hex')
}

/** The SHA-256 of a file's bytes from `from` (at most `length` of them), read in 1 MB pieces. */
export function rangeSha256(path: string, from: number, length: number): Buffer {
  const h = createHash('sha256')
  const buf = Buffer.allocUnsafe(1 << 20)
  const fd = openSync(path, 'r')
  try {
    for (let n, at = from, left = length; left > 0 && (n = readSync(fd, buf, 0, Math.min(buf.length, left), at)) > 0; left -= n, at += n) h.update(buf.subarray(0, n))
  } finally {
    closeSync(fd)
  }
  return h.digest()
}
