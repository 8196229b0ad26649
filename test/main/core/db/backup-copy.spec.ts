// A backup's copy made by the file system when the database file alone holds the state it copies (db/backup.ts,
// copyDatabaseFile; issue 40): what that rests on in SQLite, the two ways a backup takes, and the safety copy taken
// beside a writer (db/copy-beside.ts) that the writer tells the file is the copy's state.
import { afterAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import Database from 'better-sqlite3'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { backupDatabase, checkDatabaseFile, emptyWal, fileHoldsSnapshot, walIsEmpty } from '../../../../src/main/core/db/backup'
import { CopyBeside } from '../../../../src/main/core/db/copy-beside'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex')
const rows = (db: Database.Database | Db): number => db.prepare('SELECT count(*) FROM players').pluck().get() as number

/** An office of `n` players, open: enough pages for a copy to mean something. */
function office(name: string, n = 3000): Db {
  const db = openDatabase(tmp.file(name))
  const insert = db.prepare("INSERT INTO players (surname, given_names, name_folded, federation) VALUES (?, 'X', ?, 'FRA')")
  db.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(`Player ${i} ${'x'.repeat(200)}`, `player ${i}`)
  })()
  return db
}

/** `n` players more, committed by `db`. */
function more(db: Database.Database | Db, n: number): void {
  const insert = db.prepare("INSERT INTO players (surname, given_names, name_folded, federation) VALUES ('Late', 'Y', 'late y', 'FRA')")
  db.transaction(() => {
    for (let i = 0; i < n; i++) insert.run()
  })()
}

describe('what the copy of the file rests on: a reader that began on an empty WAL', () => {
  it('keeps the file unchanged while it reads, commits and checkpoints notwithstanding; a reader that began on a WAL with frames does not', () => {
    const writer = office('sqlite.db')
    writer.pragma('wal_autocheckpoint = 0')
    for (const walFirst of ['empty', 'with frames'] as const) {
      if (walFirst === 'empty') expect(emptyWal(writer)).toBe(true)
      else more(writer, 500)
      const reader = new Database(writer.name, { readonly: true })
      reader.exec('BEGIN')
      const seen = rows(reader)
      const before = sha(writer.name)
      more(writer, 2000)
      const checkpoint = writer.pragma('wal_checkpoint(PASSIVE)') as { checkpointed: number }[]
      if (walFirst === 'empty') {
        // nothing copied into the file: the reader reads the file alone, and SQLite keeps it so
        expect(checkpoint[0]!.checkpointed).toBe(0)
        expect(sha(writer.name)).toBe(before)
        expect(fileHoldsSnapshot(reader)).toBe(false) // the WAL holds the writer's frames now: only its writer can tell
      } else {
        // the frames the reader reads were copied into the file under it: a copy of the file would not be its state
        expect(checkpoint[0]!.checkpointed).toBeGreaterThan(0)
        expect(sha(writer.name)).not.toBe(before)
      }
      expect(rows(reader)).toBe(seen)
      reader.exec('COMMIT')
      reader.close()
    }
    writer.close()
  })
})

describe('a backup', () => {
  it('copies the file when the WAL is empty once its read has begun: the same rows, verified, the file cut to the state’s pages', async () => {
    const db = office('by-file.db')
    expect(emptyWal(db)).toBe(true)
    expect(walIsEmpty(db.name)).toBe(true)
    const report = await backupDatabase(db, tmp.file('by-file-copy.db'))
    expect(report.copiedBy).toBe('file')
    expect(report.integrity).toBe('ok')
    expect(report.tables.find((t) => t.name === 'players')!.rows).toBe(3000)
    const pages = db.pragma('page_count', { simple: true }) as number
    expect(statSync(report.file).size).toBe(pages * (db.pragma('page_size', { simple: true }) as number))
    expect(checkDatabaseFile(report.file).integrity).toBe('ok')
    // a self-contained file, as the backup API's
    const copy = new Database(report.file, { readonly: true })
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(rows(copy)).toBe(3000)
    copy.close()
    db.close()
  })

  it('takes SQLite’s backup API when the WAL holds a commit: the same rows, verified', async () => {
    const db = office('by-pages.db')
    db.pragma('wal_autocheckpoint = 0')
    emptyWal(db)
    more(db, 10)
    expect(walIsEmpty(db.name)).toBe(false)
    const report = await backupDatabase(db, tmp.file('by-pages-copy.db'))
    expect(report.copiedBy).toBe('backup-api')
    expect(report.integrity).toBe('ok')
    expect(report.tables.find((t) => t.name === 'players')!.rows).toBe(3010)
    db.close()
  })

  it('told that the file holds its state, copies it while another connection commits and checkpoints: the state it began from', async () => {
    const db = office('told.db')
    emptyWal(db)
    const reader = new Database(db.name, { readonly: true })
    reader.exec('BEGIN')
    expect(rows(reader)).toBe(3000)
    more(db, 1500)
    db.pragma('wal_checkpoint(PASSIVE)')
    const report = await backupDatabase(reader, tmp.file('told-copy.db'), { fileIsSnapshot: true })
    expect(report.copiedBy).toBe('file')
    expect(report.integrity).toBe('ok')
    expect(report.tables.find((t) => t.name === 'players')!.rows).toBe(3000)
    expect(rows(db)).toBe(4500)
    reader.close()
    db.close()
  })
})

describe('the safety copy beside a writer', () => {
  const beside = async (name: string, walFirst: 'emptied' | 'with a commit'): Promise<{ copiedBy: string; copyRows: number; integrity: string }> => {
    const db = office(name)
    db.pragma('wal_autocheckpoint = 0')
    if (walFirst === 'emptied') expect(emptyWal(db)).toBe(true)
    else more(db, 10)
    const before = rows(db)
    // the writer's pages spill into the WAL long before it commits (a small cache), as a generation's do
    db.pragma('cache_size = 20')
    const copy = new CopyBeside(db.name, tmp.file(`${name}-backups`), sourceWorkerScript())
    db.exec('BEGIN IMMEDIATE')
    try {
      copy.hooks.begun()
      more(db, 4000)
      copy.hooks.committing(db)
      db.exec('COMMIT')
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK')
      throw e
    }
    const report = await copy.copied()
    const file = new Database(report.file, { readonly: true })
    const copyRows = rows(file)
    file.close()
    expect(rows(db)).toBe(before + 4000)
    expect(report.tables.find((t) => t.name === 'players')!.rows).toBe(before)
    db.close()
    return { copiedBy: report.copiedBy, copyRows: copyRows - before, integrity: report.integrity }
  }

  it('copies the file the writer emptied the WAL of before its lock: the state before its write, its spilled pages not in it', async () => {
    expect(await beside('beside-file.db', 'emptied')).toEqual({ copiedBy: 'file', copyRows: 0, integrity: 'ok' })
  }, 60_000)

  it('copies by SQLite’s backup API when the WAL held a commit at the lock: the same state', async () => {
    expect(await beside('beside-pages.db', 'with a commit')).toEqual({ copiedBy: 'backup-api', copyRows: 0, integrity: 'ok' })
  }, 60_000)
})
