// The state a publication compares with the one recorded after its draft (db/draft-copy.ts, issue 40): the SHA-256 of
// the database's pages once the WAL is in the file, taken with the write lock held; and the record kept beside the
// backups, read back only whole.
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync, utimesSync, readFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { openDatabase } from '../../../../src/main/core/db/open'
import { draftCopyFile, dropDraftCopyRecord, proveDraftCopy, readDraftCopyRecord, stateFingerprint, writeDraftCopyRecord, type DraftCopyRecord } from '../../../../src/main/core/db/draft-copy'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function office(name: string): string {
  const file = tmp.file(name)
  const db = openDatabase(file)
  db.exec('CREATE TABLE scratch (id INTEGER PRIMARY KEY, v TEXT)')
  db.prepare('INSERT INTO scratch (v) VALUES (?)').run('x'.repeat(5000))
  db.close()
  return file
}

/** `fn` with the write lock held on a connection of its own, as a job holds it. */
function locked<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file)
  try {
    db.exec('BEGIN IMMEDIATE')
    try {
      return fn(db)
    } finally {
      db.exec('ROLLBACK')
    }
  } finally {
    db.close()
  }
}

describe('the state of a database (its pages once the WAL is in the file)', () => {
  it('is the same while nothing is committed, and another after any commit', () => {
    const file = office('state.db')
    const writer = new Database(file)
    writer.pragma('wal_autocheckpoint = 0')
    const a = locked(file, () => stateFingerprint(file))!
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(a.pages).toBeGreaterThan(1)
    // a commit left in the WAL: the file alone would not show it, the state does
    writer.prepare('INSERT INTO scratch (v) VALUES (?)').run('y')
    const b = locked(file, () => stateFingerprint(file))!
    expect(b.sha256).not.toBe(a.sha256)
    // taken again with nothing committed since: the same (the WAL now in the file changes nothing of it)
    expect(locked(file, () => stateFingerprint(file))).toEqual(b)
    writer.close()
  })

  it('cannot be told while a reader of an older state keeps part of the WAL from the file', () => {
    const file = office('reader.db')
    const reader = new Database(file)
    reader.exec('BEGIN')
    reader.prepare('SELECT count(*) FROM scratch').get()
    const writer = new Database(file)
    writer.pragma('wal_autocheckpoint = 0')
    writer.prepare('INSERT INTO scratch (v) VALUES (?)').run('z')
    expect(locked(file, () => stateFingerprint(file))).toBeNull()
    reader.exec('COMMIT')
    expect(locked(file, () => stateFingerprint(file))).not.toBeNull()
    reader.close()
    writer.close()
  })
})

describe('the record of the copy taken beside a draft', () => {
  const dir = tmp.dir
  const record = (over: Partial<DraftCopyRecord> = {}): DraftCopyRecord => ({ listId: 7, copy: 'copy.db', bytes: 0, mtimeMs: 0, state: { sha256: 'a'.repeat(64), pageSize: 4096, pages: 3 }, ...over })

  it('is read back as written, and not at all once altered or dropped', () => {
    const file = draftCopyFile(dir, 'office.db')
    expect(file.endsWith('.office.db.draft-copy')).toBe(true)
    writeDraftCopyRecord(file, record())
    expect(readDraftCopyRecord(file)).toEqual(record())
    writeFileSync(file, readFileSync(file, 'utf8').replace('"listId":7', '"listId":8'))
    expect(readDraftCopyRecord(file)).toBeNull()
    dropDraftCopyRecord(file)
    expect(readDraftCopyRecord(file)).toBeNull()
  })

  it('proves its copy only for its draft, its copy unchanged, the database in the state recorded', () => {
    const db = office('prove.db')
    const copy = tmp.file('copy.db')
    writeFileSync(copy, 'a verified copy')
    const at = new Date('2026-12-04T10:00:00Z')
    utimesSync(copy, at, at)
    const state = locked(db, () => stateFingerprint(db))!
    const file = draftCopyFile(dir, 'prove.db')
    const prove = (listId = 7): ReturnType<typeof proveDraftCopy> => locked(db, (w) => proveDraftCopy(w as never, dir, 'prove.db', listId))
    expect(prove()).toEqual({ why: 'no copy taken while a draft was computed' })
    writeDraftCopyRecord(file, record({ bytes: 15, mtimeMs: at.getTime(), state }))
    expect(prove()).toEqual({ copy })
    expect(prove(8)).toEqual({ why: 'the copy was taken while another draft was computed' })
    // the copy touched since it was verified
    const later = new Date('2026-12-04T11:00:00Z')
    utimesSync(copy, later, later)
    expect(prove()).toEqual({ why: 'the copy was changed since it was verified' })
    utimesSync(copy, at, at)
    // a commit since the record
    const w = new Database(db)
    w.prepare('INSERT INTO scratch (v) VALUES (?)').run('after the draft')
    w.close()
    expect(prove()).toEqual({ why: 'the database changed since the draft was committed' })
    // the lock is the caller's to hold
    const free = new Database(db)
    expect(() => proveDraftCopy(free as never, dir, 'prove.db', 7)).toThrow(/write lock/)
    free.close()
  })
})
