// The files a client may have read: each behind an opaque handle minted here, for a file the host's open dialog
// chose (desktop app, CLI) or bytes a browser uploaded into a private temporary folder. A call never takes a path.
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { UPLOAD_LIMITS, type UploadKind, type UploadedFile } from '../../../shared/contract/files'
import { UserError } from './errors'
import { processAlive } from './process-alive'

interface Entry extends UploadedFile {
  path: string
  /** An uploaded copy, deleted when released; a file the officer chose stays where it is. */
  temporary: boolean
}

/** Live uploads are capped in all, so that a client cannot fill the disk by uploading and never importing. */
export const MAX_LIVE_UPLOAD_BYTES = 3 * 1024 * 1024 * 1024

/** A file name kept for messages and for the format (its extension), with nothing that could climb a folder. */
export function safeFileName(name: string): string {
  const base = basename(name.replace(/\\/g, '/')).replace(/[^\p{L}\p{N} ._()-]/gu, '_').replace(/^\.+/, '').slice(-200)
  return base || 'upload'
}

const UPLOADS_PREFIX = 'rating-office-uploads-'

/**
 * Removes the upload folders that servers killed before closing left in the temporary folder (a SIGKILL skips
 * close()): those whose process is gone, and those of older versions (no process id in the name) a day old.
 * Called when a host starts; returns the folders removed.
 */
export function removeStaleUploads(dir = tmpdir(), now = Date.now()): string[] {
  const removed: string[] = []
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return removed
  }
  for (const name of names) {
    if (!name.startsWith(UPLOADS_PREFIX)) continue
    const path = join(dir, name)
    const pid = /^(\d+)-/.exec(name.slice(UPLOADS_PREFIX.length))
    let stale: boolean
    try {
      stale = pid ? Number(pid[1]) !== process.pid && !processAlive(Number(pid[1])) : now - statSync(path).mtimeMs > 24 * 3600_000
    } catch {
      continue
    }
    if (!stale) continue
    rmSync(path, { recursive: true, force: true })
    removed.push(path)
  }
  return removed
}

const megabytes = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`

export class UploadStore {
  private readonly entries = new Map<string, Entry>()
  private dir: string | null = null
  private liveBytes = 0

  constructor(private readonly limits: Readonly<Record<UploadKind, number>> = UPLOAD_LIMITS, private readonly maxLiveBytes = MAX_LIVE_UPLOAD_BYTES) {}

  private mint(): string {
    return `up-${randomBytes(16).toString('hex')}`
  }

  private folder(): string {
    // the process id in the name: a later start can tell a folder whose server is gone (stale) from a live one
    this.dir ??= mkdtempSync(join(tmpdir(), `${UPLOADS_PREFIX}${process.pid}-`))
    return this.dir
  }

  /** A file the officer chose on this machine (the desktop app's dialog, a CLI argument): a handle to it. */
  register(path: string, kind: UploadKind): UploadedFile {
    const handle = this.mint()
    const entry: Entry = { handle, kind, fileName: basename(path), bytes: statSync(path).size, path, temporary: false }
    this.entries.set(handle, entry)
    return this.public(entry)
  }

  /**
   * Streams uploaded bytes into a private temporary file, stopping at the kind's limit (declaredBytes, when the client
   * gave it, is refused at once when over). A refused or broken upload leaves no file.
   */
  async receive(kind: UploadKind, fileName: string, body: Readable, declaredBytes?: number): Promise<UploadedFile> {
    const limit = this.limits[kind]
    if (declaredBytes !== undefined && declaredBytes > limit) throw new UserError('files.tooLarge', { kind, limit: megabytes(limit) })
    if (this.liveBytes + (declaredBytes ?? 0) > this.maxLiveBytes) throw new UserError('files.tooManyUploads', { limit: megabytes(this.maxLiveBytes) })
    const handle = this.mint()
    const dir = join(this.folder(), handle)
    mkdirSync(dir)
    const path = join(dir, safeFileName(fileName))
    let bytes = 0
    // the bytes count towards the total cap as they arrive: uploads in parallel share it (each one counted alone
    // passed it)
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        bytes += chunk.length
        this.liveBytes += chunk.length
        if (bytes > limit) done(new UserError('files.tooLarge', { kind, limit: megabytes(limit) }))
        else if (this.liveBytes > this.maxLiveBytes) done(new UserError('files.tooManyUploads', { limit: megabytes(this.maxLiveBytes) }))
        else done(null, chunk)
      }
    })
    // the body is piped, not handed to pipeline(): a refused upload must not destroy the request before the answer
    const sink = pipeline(counter, createWriteStream(path, { flags: 'wx' }))
    let ended = false
    body.once('end', () => (ended = true))
    body.once('error', (e) => counter.destroy(e))
    body.once('close', () => {
      if (!ended) counter.destroy(new Error('the connection closed before the end of the file'))
    })
    body.pipe(counter)
    try {
      await sink
    } catch (e) {
      body.unpipe(counter)
      this.liveBytes -= bytes
      rmSync(dir, { recursive: true, force: true })
      if (e instanceof UserError) throw e
      throw new UserError('files.uploadFailed', { fileName: safeFileName(fileName), reason: (e as Error).message })
    }
    if (bytes === 0) {
      rmSync(dir, { recursive: true, force: true })
      throw new UserError('files.empty', { fileName: safeFileName(fileName) })
    }
    const entry: Entry = { handle, kind, fileName: safeFileName(fileName), bytes, path, temporary: true }
    this.entries.set(handle, entry)
    return this.public(entry)
  }

  /** The path behind a handle of the expected kind; an unknown, released or other-kind handle is refused. */
  resolve(handle: string, kind: UploadKind): { path: string; fileName: string } {
    const e = this.entries.get(handle)
    if (!e || e.kind !== kind) throw new UserError('files.unknownHandle', { kind })
    return { path: e.path, fileName: e.fileName }
  }

  /** Forgets a handle; an uploaded copy is deleted. */
  release(handle: string): void {
    const e = this.entries.get(handle)
    if (!e) return
    this.entries.delete(handle)
    if (e.temporary) {
      this.liveBytes -= e.bytes
      rmSync(join(this.folder(), handle), { recursive: true, force: true })
    }
  }

  /** Deletes every upload (the host is closing). */
  close(): void {
    this.entries.clear()
    this.liveBytes = 0
    if (this.dir) rmSync(this.dir, { recursive: true, force: true })
    this.dir = null
  }

  private public(e: Entry): UploadedFile {
    return { handle: e.handle, kind: e.kind, fileName: e.fileName, bytes: e.bytes }
  }
}
