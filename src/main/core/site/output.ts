// Writing the website into its folder: a file is rewritten only when its bytes differ (an upload by rsync or to an
// object store then sends little), and `site-manifest.json` records every file with its SHA-256 and what the build
// read, so the next build knows what it may keep and which files to remove. The files are written by the file
// system's threads while the build renders the next pages (a build waits for them: `settle`).
import { createHash } from 'node:crypto'
import { close, existsSync, mkdirSync, open, readFileSync, rmSync, statSync, readdirSync, rmdirSync, write } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { joinPageText, type PageText } from './model'

export const MANIFEST = 'site-manifest.json'

/** The most bytes of pages still being written when a build renders its next batch (its memory stays bounded). */
export const WRITING_AT_MOST = 8 * 1024 * 1024

/** Files written at once by the file system's threads (each open until written: never more open than this). */
const WRITERS = 16

export interface SiteManifest {
  format: 'rating-office/site@1'
  /** What the pages depend on beyond the lists (settings, privacy, the code's format): a change rebuilds everything. */
  inputs: string
  /** The lists the build published, with the version that replaced each. */
  lists: { id: number; supersededBy: number | null; current?: boolean }[]
  /** Every file of the site (paths with '/'), its SHA-256 and byte count. */
  files: Record<string, { sha256: string; bytes: number }>
  /** The player pages' files, by player id (kept as they are when a new list does not touch him). */
  players: Record<string, string[]>
  /** Each player's registry fingerprint (what the pages show of him, withheld or not): an edit renders him again. */
  registry?: Record<string, string>
  /** The registry's merges the build followed ([id, 1 when undone], by id): one since renders both records again. */
  merges?: [number, 0 | 1][]
  /** Where each list's pages of calculation sheets begin (list id → the first holder of each page). */
  sheetPages?: Record<string, number[]>
}

export function readManifest(dir: string): SiteManifest | null {
  const file = join(dir, MANIFEST)
  if (!existsSync(file)) return null
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as SiteManifest
    return m.format === 'rating-office/site@1' ? m : null
  } catch {
    return null
  }
}

/**
 * Writes a file of `size` bytes: a string's UTF-8 (the file system's call encodes it) or bytes, through the file
 * system's plain calls (a promise's file handle for each of a site's hundreds of thousands of files costs the build's
 * thread more than the writes).
 */
function writeContent(file: string, content: string | Buffer, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    open(file, 'w', (opened, fd) => {
      if (opened) return reject(opened)
      const done = (failed: NodeJS.ErrnoException | null, written: number): void => {
        const error = failed ?? (written !== size ? new Error(`a site file written short (${written} of ${size} bytes): ${file}`) : null)
        close(fd, (closed) => (error || closed ? reject(error ?? closed) : resolve()))
      }
      if (typeof content === 'string') write(fd, content, null, 'utf8', done)
      else write(fd, content, 0, size, null, done)
    })
  })
}

export interface WriteCounts {
  written: string[]
  unchanged: number
  deleted: string[]
  bytes: number
}

/**
 * What a build knows of a file its folder already holds: the previous build's SHA-256 and byte count of it
 * (`sha256:bytes`), or null when no manifest recorded it (its bytes are then compared). Undefined: not in the folder.
 */
export type KnownFile = string | null

/**
 * A site's folder as pages are put into it: a file that already holds a page's bytes is left alone, the others written
 * by the file system's threads (WRITERS at once, in the order put) while the caller renders the next pages. The build
 * and its helper threads each write through one.
 */
export class SiteFolder {
  readonly root: string
  private readonly folders = new Set<string>()
  /** The writes waiting for a writer, the writers busy, the bytes of both, and the first write that failed. */
  private readonly queue: { file: string; content: string | Buffer; size: number }[] = []
  private running = 0
  private pendingBytes = 0
  private failed: { error: unknown } | null = null
  /** The callers waiting for the writes under way to be few enough (`settle`), in the order they began to wait. */
  private waiting: { enough: () => boolean; resume: () => void }[] = []

  constructor(dir: string) {
    this.root = resolve(dir)
  }

  full(path: string): string {
    const f = resolve(this.root, path)
    if (!f.startsWith(this.root + sep)) throw new Error(`a site file outside its folder: ${path}`)
    return f
  }

  /**
   * Puts a page of `size` bytes whose SHA-256 is `sha256` at `path`: false when the folder already holds these bytes
   * (`known`), else true, its write begun (`settle` waits for it and throws its failure).
   */
  put(path: string, content: string | Buffer, sha256: string, size: number, known: KnownFile | undefined): boolean {
    const file = this.full(path)
    if (known !== undefined && (known === null ? sameBytes(file, content, size) : known === `${sha256}:${size}`)) return false
    const folder = dirname(file)
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true })
      this.folders.add(folder)
    }
    // written in place: the folder is a build's, uploaded once built (a temporary file and a rename doubled the
    // file system's work per file)
    this.queue.push({ file, content, size })
    this.pendingBytes += size
    this.startWriters()
    return true
  }

  /** Starts queued writes while fewer than WRITERS are under way (as many files open at once at most). */
  private startWriters(): void {
    while (this.running < WRITERS && this.queue.length) {
      const { file, content, size } = this.queue.shift()!
      this.running++
      void writeContent(file, content, size)
        .catch((error: unknown) => {
          this.failed ??= { error }
        })
        .finally(() => {
          this.running--
          this.pendingBytes -= size
          this.startWriters()
          const ready = this.waiting.filter((w) => w.enough())
          if (ready.length) {
            this.waiting = this.waiting.filter((w) => !ready.includes(w))
            for (const w of ready) w.resume()
          }
        })
    }
  }

  /**
   * Waits until at most `maxBytes` are still to be written (without it: every file written), then throws the first
   * write that failed. Called between batches of pages (memory stays bounded) and before a build ends.
   */
  async settle(maxBytes?: number): Promise<void> {
    const enough = (): boolean => (this.running === 0 && !this.queue.length) || (maxBytes !== undefined && this.pendingBytes <= maxBytes)
    if (!enough()) await new Promise<void>((resume) => this.waiting.push({ enough, resume }))
    if (this.failed) throw this.failed.error
  }
}

/** Whether the file (in the folder, of no recorded hash) holds exactly these bytes. */
function sameBytes(file: string, content: string | Buffer, size: number): boolean {
  return statSync(file).size === size && readFileSync(file).equals(typeof content === 'string' ? Buffer.from(content) : content)
}

/** A page written by a helper thread: its path, SHA-256, byte count, and whether its file was written (else kept). */
export interface PutFile {
  path: string
  sha256: string
  size: number
  written: boolean
}

/** The site's folder as a build writes it: write-if-different, everything recorded. */
export class SiteOutput {
  readonly files = new Map<string, { sha256: string; bytes: number }>()
  readonly counts: WriteCounts = { written: [], unchanged: 0, deleted: [], bytes: 0 }
  readonly folder: SiteFolder
  /** The files in the folder when the build began (one walk, not a look at each file). */
  private readonly existing = new Set<string>()
  /** The paths this build began to write, or handed to a helper thread to write (`knownOf`). */
  private readonly touched = new Set<string>()
  constructor(dir: string, private readonly previous: SiteManifest | null) {
    this.folder = new SiteFolder(dir)
    mkdirSync(this.folder.root, { recursive: true })
    const walk = (d: string, prefix: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`)
        else this.existing.add(`${prefix}${e.name}`)
      }
    }
    walk(this.folder.root, '')
  }

  /** The site's folder. */
  get dir(): string {
    return this.folder.root
  }

  /**
   * A page this build is about to write (here, or on a helper thread it hands the path to): refused if already written or
   * handed out, marked touched, and what the build knows of its file (KnownFile).
   */
  private begin(path: string): KnownFile | undefined {
    if (this.files.has(path) || this.touched.has(path)) throw new Error(`a site file written twice: ${path}`)
    this.touched.add(path)
    if (!this.existing.has(path)) return undefined
    const before = this.previous?.files[path]
    return before ? `${before.sha256}:${before.bytes}` : null
  }

  /** What the build knows of each of these paths the folder holds, handed with them to a helper thread that writes them. */
  knownOf(paths: readonly string[]): Record<string, KnownFile> {
    const out: Record<string, KnownFile> = {}
    for (const p of paths) {
      const k = this.begin(p)
      if (k !== undefined) out[p] = k
    }
    return out
  }

  /**
   * Writes `path` unless it already holds these bytes: the previous manifest's hash and size when the file is there
   * (never read again), else the file's own bytes (a file the manifest does not know). A page of parts (kept bytes
   * among its text) is joined into one buffer first.
   */
  write(path: string, page: PageText | Buffer): void {
    const known = this.begin(path)
    const content = Buffer.isBuffer(page) ? page : joinPageText(page)
    // a page's text is hashed and written as it is (UTF-8), never copied into a buffer of its own: millions of
    // buffers would weigh on the garbage collector
    const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length
    const sha256 = createHash('sha256').update(content).digest('hex')
    this.record({ path, sha256, size, written: this.folder.put(path, content, sha256, size, known) })
  }

  /** Records a page of this build (written here or by a helper thread, `begin` first): in the manifest, and written or unchanged. */
  record(f: PutFile): void {
    this.files.set(f.path, { sha256: f.sha256, bytes: f.size })
    this.counts.bytes += f.size
    if (f.written) this.counts.written.push(f.path)
    else this.counts.unchanged++
  }

  /** Waits for the writes under way (at most `maxBytes` left), then throws the first that failed (SiteFolder.settle). */
  settle(maxBytes?: number): Promise<void> {
    return this.folder.settle(maxBytes)
  }

  /** Whether the previous build's file is there to keep. */
  canKeep(path: string): boolean {
    return this.previous?.files[path] !== undefined && this.existing.has(path)
  }

  /** Keeps files of the previous build as they are (a player page the new list did not touch, a page of sheets), all or none. */
  keepAll(paths: readonly string[]): boolean {
    if (!paths.every((p) => this.canKeep(p))) return false
    for (const p of paths) this.keep(p)
    return true
  }

  private keep(path: string): boolean {
    const before = this.previous?.files[path]
    if (!before) return false
    this.files.set(path, before)
    this.counts.bytes += before.bytes
    this.counts.unchanged++
    return true
  }

  /** Removes the previous build's files this build did not produce, and the folders left empty. */
  removeStale(): void {
    // the few stale paths sorted, not every path of the site
    const stale = Object.keys(this.previous?.files ?? {}).filter((path) => !this.files.has(path) && path !== MANIFEST)
    for (const path of stale.sort()) {
      const file = this.folder.full(path)
      rmSync(file, { force: true })
      this.counts.deleted.push(path)
      let d = dirname(file)
      while (d.startsWith(this.folder.root + sep) && existsSync(d) && readdirSync(d).length === 0) {
        rmdirSync(d)
        d = dirname(d)
      }
    }
  }

  /**
   * The manifest a build that stopped early leaves behind: the previous build's files it did not touch, and no inputs,
   * so that the next build renders everything and compares the bytes of the files this one may have changed.
   */
  interrupted(): SiteManifest {
    const files: SiteManifest['files'] = {}
    for (const [path, f] of Object.entries(this.previous?.files ?? {})) if (!this.touched.has(path)) files[path] = f
    return { format: 'rating-office/site@1', inputs: '', lists: [], files, players: {}, registry: {}, merges: [], sheetPages: {} }
  }

  manifest(inputs: string, lists: SiteManifest['lists'], players: Record<string, string[]>, registry: Record<string, string>, merges: [number, 0 | 1][], sheetPages: Record<string, number[]>): SiteManifest {
    const files: SiteManifest['files'] = {}
    for (const k of [...this.files.keys()].sort()) files[k] = this.files.get(k)!
    const sorted: Record<string, string[]> = {}
    for (const k of Object.keys(players).sort((a, b) => Number(a) - Number(b))) sorted[k] = players[k]!
    const fingerprints: Record<string, string> = {}
    for (const k of Object.keys(registry).sort((a, b) => Number(a) - Number(b))) fingerprints[k] = registry[k]!
    const cuts: Record<string, number[]> = {}
    for (const k of Object.keys(sheetPages).sort((a, b) => Number(a) - Number(b))) cuts[k] = sheetPages[k]!
    return { format: 'rating-office/site@1', inputs, lists, files, players: sorted, registry: fingerprints, merges, sheetPages: cuts }
  }
}
