// Migrations: a fresh database reaches the latest schema, an older one is upgraded in order, each migration
// is atomic, and a database written by a newer version is refused untouched.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { readFileSync, writeFileSync } from 'node:fs'
import { openDatabase } from '../../../../src/main/core/db/open'
import { listBackups } from '../../../../src/main/core/db/backup'
import { join } from 'node:path'
import { migrate, latestVersion, type Migration } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { UserError } from '../../../../src/main/core/util/errors'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function schemaOf(db: Database.Database): string {
  return (db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as { type: string; name: string; sql: string | null }[])
    .map((r) => `${r.type} ${r.name}\n${r.sql ?? ''}`)
    .join('\n\n')
}

describe('openDatabase', () => {
  it('creates a fresh database at the latest version, in WAL mode with foreign keys on', () => {
    const file = tmp.file('fresh.db')
    const db = openDatabase(file)
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations))
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.close()
  })

  it('refuses a database written by a newer version and leaves it unchanged', () => {
    const file = tmp.file('future.db')
    const raw = new Database(file)
    raw.exec('CREATE TABLE future_thing (x INTEGER)')
    raw.pragma(`user_version = ${latestVersion(migrations) + 5}`)
    raw.close()
    const before = readFileSync(file)
    let error: unknown
    try {
      openDatabase(file)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(UserError)
    expect((error as UserError).key).toBe('db.tooNew')
    expect((error as UserError).message).toContain(`schema ${latestVersion(migrations) + 5}`)
    expect(readFileSync(file).equals(before)).toBe(true)
  })

  it('gives a clear error when the file cannot be opened', () => {
    const file = tmp.file('not-a-db.db')
    writeFileSync(file, 'this is not an SQLite database, just text '.repeat(200))
    expect(() => openDatabase(file)).toThrow(/Cannot open the database .*not-a-db.db: file is not a database/)
  })
})

describe('the migration list', () => {
  it('numbers the migrations 1..n without gaps or repeats', () => {
    const versions = migrations.map((m) => m.version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(versions).toEqual(versions.map((_, i) => i + 1))
  })

  it.each(migrations.map((m) => [m.version, m.name, m] as const))('migration %i (%s) upgrades the previous schema and keeps the file sound', (version, _name, m) => {
    const file = tmp.file(`step-${version}.db`)
    const db = new Database(file)
    db.pragma('foreign_keys = ON')
    migrate(db, migrations.filter((x) => x.version < version))
    // what a migration may change: the schema, or the file's header (027 writes the application id only)
    const shape = (): string => `${schemaOf(db)}\napplication_id ${String(db.pragma('application_id', { simple: true }))}`
    const before = shape()
    expect(migrate(db, [...migrations.filter((x) => x.version < version), m])).toEqual([version])
    expect(db.pragma('user_version', { simple: true })).toBe(version)
    expect(shape()).not.toBe(before)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    db.close()
  })

  it('upgrades an old database to the latest version in order, keeping its data', () => {
    const file = tmp.file('old.db')
    const db = new Database(file)
    migrate(db, migrations.filter((m) => m.version === 1))
    db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded) VALUES (1503014, 'Carlsen', 'Magnus', 'carlsen magnus')").run()
    db.close()
    const upgraded = openDatabase(file)
    expect(upgraded.pragma('user_version', { simple: true })).toBe(latestVersion(migrations))
    if (latestVersion(migrations) > 1) {
      // a verified backup in the default backups folder beside the database, named for the upgrade
      const backups = listBackups(join(tmp.dir, 'backups'), 'old.db')
      expect(backups.map((b) => b.reason)).toEqual(['before-upgrade'])
      const copy = new Database(backups[0]!.file, { readonly: true })
      expect(copy.pragma('user_version', { simple: true })).toBe(1)
      expect(copy.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 1 })
      copy.close()
    }
    expect(upgraded.prepare('SELECT surname FROM players WHERE fide_id = 1503014').get()).toEqual({ surname: 'Carlsen' })
    upgraded.close()
  })

  it('puts the copy taken before an upgrade in the backups folder the settings name (issue 13)', () => {
    const file = tmp.file('configured.db')
    const folder = tmp.file('chosen-backups')
    const db = new Database(file)
    migrate(db, migrations.filter((m) => m.version <= 2))
    db.prepare("INSERT INTO settings(key, value) VALUES ('backupDir', ?)").run(JSON.stringify(folder))
    db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded) VALUES (1503014, 'Carlsen', 'Magnus', 'carlsen magnus')").run()
    db.close()
    openDatabase(file).close()
    const [backup, ...more] = listBackups(folder, 'configured.db')
    expect(more).toEqual([])
    expect(backup!.reason).toBe('before-upgrade')
    const copy = new Database(backup!.file, { readonly: true })
    expect(copy.pragma('user_version', { simple: true })).toBe(2)
    expect(copy.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 1 })
    // one self-contained file: no partial copy left beside it
    copy.close()
    expect(listBackups(join(tmp.dir, 'backups'), 'configured.db')).toEqual([])
  })

  it('rolls back a failing migration entirely: no table, no version bump', () => {
    const db = new Database(':memory:')
    const list: Migration[] = [
      { version: 1, name: 'one', up: (d) => d.exec('CREATE TABLE a (x INTEGER)') },
      {
        version: 2,
        name: 'broken',
        up: (d) => {
          d.exec('CREATE TABLE b (x INTEGER)')
          d.exec('INSERT INTO missing_table VALUES (1)')
        }
      }
    ]
    expect(() => migrate(db, list)).toThrow(/migration 2 \(broken\) failed/)
    expect(db.pragma('user_version', { simple: true })).toBe(1)
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'b'").get()).toBeUndefined()
  })

  it('refuses a list with a repeated version', () => {
    const db = new Database(':memory:')
    const up = (): void => undefined
    expect(() => migrate(db, [{ version: 1, name: 'a', up }, { version: 1, name: 'b', up }])).toThrow(/used twice/)
  })
})

describe('immutability of published and reference lists (migration 1 triggers)', () => {
  it('refuses to change or delete a reference list entry, but lets a merge re-point it', () => {
    const db = openDatabase(tmp.file('frozen.db'))
    const p1 = db.prepare("INSERT INTO players (surname, name_folded) VALUES ('A', 'a')").run().lastInsertRowid
    const p2 = db.prepare("INSERT INTO players (surname, name_folded) VALUES ('B', 'b')").run().lastInsertRowid
    const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', '2025-11-01', 'standard', 'FIDE', 'reference')").run().lastInsertRowid
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, 2100, 4, 20)').run(list, p1)
    expect(() => db.prepare('UPDATE rating_list_entries SET rating = 2200').run()).toThrow(/immutable/)
    expect(() => db.prepare('DELETE FROM rating_list_entries').run()).toThrow(/immutable/)
    expect(() => db.prepare("UPDATE rating_lists SET list_date = '2025-12-01'").run()).toThrow(/immutable/)
    db.prepare('UPDATE rating_list_entries SET player_id = ? WHERE player_id = ?').run(p2, p1)
    expect(db.prepare('SELECT player_id, rating FROM rating_list_entries').get()).toEqual({ player_id: Number(p2), rating: 2100 })
    db.close()
  })

  it('lets a draft office list change, then freezes it once published', () => {
    const db = openDatabase(tmp.file('draft.db'))
    const p = db.prepare("INSERT INTO players (surname, name_folded) VALUES ('A', 'a')").run().lastInsertRowid
    const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', '2025-12-01', 'standard', 'fide-2024', 'draft')").run().lastInsertRowid
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, 1500)').run(list, p)
    db.prepare('UPDATE rating_list_entries SET rating = 1510').run()
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-12-01T00:00:00Z' WHERE id = ?").run(list)
    expect(() => db.prepare('UPDATE rating_list_entries SET rating = 1520').run()).toThrow(/immutable/)
    const p2 = db.prepare("INSERT INTO players (surname, name_folded) VALUES ('B', 'b')").run().lastInsertRowid
    expect(() => db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, 1400)').run(list, p2)).toThrow(/no new entries/)
    db.close()
  })
})
