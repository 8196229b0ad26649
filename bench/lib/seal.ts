// The archive sealed as an office would seal it (docs/archive-periods.md): every year but the last into a period
// archive file of its own, the live database vacuumed, the files kept once in the backups folder. For the benches
// that compare an office's month or lookups with and without its archive sealed (year-ten, archive).
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../../src/main/core/db/open'
import { archiveDir, archiveFiles, vacuumLiveDatabase } from '../../src/main/core/db/archive-files'
import { keepArchiveCopies } from '../../src/main/core/db/archive-backup'
import { sealLists } from '../../src/main/core/data/archive-seal'
import { cpuNow } from './measure'

const s1 = (ms: number): string => `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s`
const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`

/** Wall and CPU time (ms, the process's) of a synchronous `f`. */
function timedSync(f: () => unknown): { wallMs: number; cpuMs: number } {
  const t = performance.now()
  const c = cpuNow()
  f()
  return { wallMs: performance.now() - t, cpuMs: cpuNow() - c }
}

/**
 * Seals every year of the archive but the last (the newest lists, the next generation's base among them, stay the
 * database's own), a year a file; then VACUUM (the deleted rows' pages given back, or every copy would still copy
 * them) and the files' copies kept in the backups folder `backupsDir` when given (where the backups look for them). Returns what it did and how long each part took.
 */
export function sealYears(db: Db, file: string, backupsDir?: string): string {
  const rows = db.prepare("SELECT id, substr(list_date, 1, 4) AS year FROM rating_lists WHERE status IN ('published', 'reference') ORDER BY list_date, id").all() as { id: number; year: string }[]
  const last = rows.at(-1)?.year
  const years = new Map<string, number[]>()
  for (const r of rows) if (r.year !== last) years.set(r.year, [...(years.get(r.year) ?? []), r.id])
  if (years.size === 0) return 'nothing to seal: the archive holds one year'
  const before = statSync(file).size
  const sealed = timedSync(() => {
    for (const ids of years.values()) sealLists(db, file, ids)
  })
  const vacuum = timedSync(() => vacuumLiveDatabase(db, file))
  const kept = backupsDir ? timedSync(() => keepArchiveCopies(db, file, backupsDir)) : null
  const files = archiveFiles(db)
  const lists = [...years.values()].reduce((n, ids) => n + ids.length, 0)
  return (
    `sealed ${lists} lists of ${years.size} years into ${files.length} files (${mb(files.reduce((n, f) => n + f.bytes, 0))}) in ${s1(sealed.wallMs)} (CPU ${s1(sealed.cpuMs)}); ` +
    `VACUUM ${s1(vacuum.wallMs)}: the database ${mb(before)} → ${mb(statSync(file).size)}${kept ? `; the files copied to the backups folder in ${s1(kept.wallMs)}` : ''}`
  )
}

/** Every file under `from` linked (not copied) under `to`, folders made: a sealed office's immutable files, kept or reused. */
function linkTree(from: string, to: string): number {
  let files = 0
  mkdirSync(to, { recursive: true })
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) files += linkTree(join(from, e.name), join(to, e.name))
    else if (e.isFile()) {
      linkSync(join(from, e.name), join(to, e.name))
      files++
    }
  }
  return files
}

/**
 * A sealed office kept for the next runs (KEEP_DB with --sealed: the seal of 108 lists at FIDE's size takes about
 * 12 minutes, the same every run): the live database copied (its WAL written back first), its period archive files
 * and the backups folder (the files' copies) linked, since neither is ever written again. Written under a partial
 * name, then renamed: a run killed while keeping leaves nothing reusable.
 */
export function keepSealedOffice(db: Db, file: string, backups: string, kept: string): void {
  const partial = `${kept}.partial`
  rmSync(partial, { recursive: true, force: true })
  db.pragma('wal_checkpoint(TRUNCATE)')
  mkdirSync(partial, { recursive: true })
  copyFileSync(file, join(partial, 'office.db'))
  linkTree(archiveDir(file), join(partial, 'office.db.archive'))
  if (existsSync(backups)) linkTree(backups, join(partial, 'backups'))
  renameSync(partial, kept)
}

/** The sealed office `kept` (keepSealedOffice) made the run's `file`, beside it its archive files and `backups` folder; false when none is kept. */
export function reuseSealedOffice(kept: string, file: string, backups: string): boolean {
  if (!existsSync(join(kept, 'office.db'))) return false
  copyFileSync(join(kept, 'office.db'), file)
  linkTree(join(kept, 'office.db.archive'), archiveDir(file))
  if (existsSync(join(kept, 'backups'))) linkTree(join(kept, 'backups'), backups)
  return true
}
