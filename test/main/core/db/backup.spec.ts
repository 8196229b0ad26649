// Backups: an online copy verified after writing, a restore that gives back an identical database (same checksum
// of every published and reference list) after keeping the current one aside, damaged files refused, retention.
import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { applyRetention, automaticBackup, backupDatabase, backupFileName, checkDatabaseFile, freeBackupPath, frozenListChecksums, listBackups, restoreDatabase } from '../../../../src/main/core/db/backup'
import { tempDir } from '../../../helpers/temp-db'
import { runCli } from '../../../helpers/run-cli'
import { migratedTo } from '../../../helpers/migrated'
import Database from 'better-sqlite3'
import { RATING_OFFICE_APPLICATION_ID } from '../../../../src/main/core/db/migrations/027-application-id'
import { translateError } from '../../../../src/shared/errors/index'
import { UserError } from '../../../../src/main/core/util/errors'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** A seeded office database at `name` in the temporary folder, closed: its path. */
function seedPath(name: string): string {
  seed(tmp.file(name)).close()
  return tmp.file(name)
}

/** A small office: three players, a reference list of them and a published office list. */
function seed(file: string): Db {
  const db = openDatabase(file)
  const player = db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation) VALUES (?, ?, ?, ?, 'FRA')")
  const ids = [
    player.run(1001, 'Müller', 'Anna', 'muller anna').lastInsertRowid,
    player.run(1002, 'Dupont', 'Jean', 'dupont jean').lastInsertRowid,
    player.run(1003, 'Łukasz', 'Piotr', 'lukasz piotr').lastInsertRowid
  ]
  const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES (?, ?, 'standard', 'FIDE', 'draft')")
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, ?)')
  const ref = list.run('reference', '2026-09-01').lastInsertRowid
  const office = list.run('office', '2026-10-01').lastInsertRowid
  ids.forEach((id, i) => {
    entry.run(ref, id, 2000 + 100 * i, 0, 20)
    entry.run(office, id, 2005 + 100 * i, 4, 20)
  })
  db.prepare("UPDATE rating_lists SET status = 'reference' WHERE id = ?").run(ref)
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2026-10-01T00:00:00Z' WHERE id = ?").run(office)
  return db
}

describe('a backup beside a writer', () => {
  it('copies and checks one state of the database while another connection commits, instead of starting again after each commit', async () => {
    const file = tmp.file('beside-writer.db')
    const db = seed(file)
    // enough pages that SQLite's backup takes many steps, each a turn of the event loop
    const insert = db.prepare("INSERT INTO players (surname, given_names, name_folded, federation) VALUES (?, 'X', ?, 'FRA')")
    db.transaction(() => {
      for (let i = 0; i < 40_000; i++) insert.run(`Player ${i} ${'x'.repeat(200)}`, `player ${i}`)
    })()
    const before = db.prepare('SELECT count(*) FROM players').pluck().get() as number
    const reader = new Database(file, { readonly: true })
    const writer = new Database(file)
    const write = writer.prepare("INSERT INTO players (surname, given_names, name_folded, federation) VALUES ('Late', 'Y', 'late y', 'FRA')")
    let done = false
    const backup = backupDatabase(reader, tmp.file('beside-writer-backup.db')).finally(() => (done = true))
    let commits = 0
    while (!done) {
      write.run()
      commits++
      await new Promise((r) => setImmediate(r))
    }
    const report = await backup
    // the writer committed while the copy was being made; the copy is the state it began from, verified against it
    expect(commits).toBeGreaterThan(5)
    expect(report.tables.find((t) => t.name === 'players')!.rows).toBe(before)
    expect(checkDatabaseFile(report.file).tables.find((t) => t.name === 'players')!.rows).toBe(before)
    expect(writer.prepare('SELECT count(*) FROM players').pluck().get()).toBe(before + commits)
    // the reader's transaction ended with the backup
    expect(reader.inTransaction).toBe(false)
    reader.close()
    writer.close()
    db.close()
  })
})

describe('database backups', () => {
  it('writes a verified copy with the same rows and the same published lists', async () => {
    const db = seed(tmp.file('a.db'))
    const report = await backupDatabase(db, tmp.file('a-backup.db'))
    expect(report.integrity).toBe('ok')
    expect(report.foreignKeyProblems).toEqual([])
    expect(report.tables.find((t) => t.name === 'players')?.rows).toBe(3)
    expect(report.tables.find((t) => t.name === 'rating_list_entries')?.rows).toBe(6)
    expect(Object.keys(report.listChecksums)).toHaveLength(2)
    expect(report.listChecksums).toEqual(frozenListChecksums(db))
    // no half-written file is left beside it
    expect(existsSync(tmp.file('.a-backup.db.partial'))).toBe(false)
    await expect(backupDatabase(db, tmp.file('a-backup.db'))).rejects.toThrow(/already exists/)
    db.close()
  })

  it('restores to an identical database after keeping the current one aside', async () => {
    const file = tmp.file('b.db')
    const db = seed(file)
    const before = frozenListChecksums(db)
    await backupDatabase(db, tmp.file('b-backup.db'))
    // later work that the restore must undo
    db.prepare("INSERT INTO players (fide_id, surname, name_folded) VALUES (2002, 'Later', 'later')").run()
    db.close()

    const report = await restoreDatabase(file, tmp.file('b-backup.db'), tmp.dir, new Date('2026-11-26T09:30:00Z'))
    expect(report.safetyCopy).toBe(tmp.file('b-2026-11-26T093000-before-restore.db'))
    const restored = openDatabase(file)
    expect(frozenListChecksums(restored)).toEqual(before)
    expect((restored.prepare('SELECT count(*) AS n FROM players').get() as { n: number }).n).toBe(3)
    restored.close()
    // the database as it was before the restore is kept, verified, with the later player
    const safety = checkDatabaseFile(report.safetyCopy!)
    expect(safety.integrity).toBe('ok')
    expect(safety.tables.find((t) => t.name === 'players')?.rows).toBe(4)
  })

  it('refuses a damaged or foreign file and leaves the database unchanged', async () => {
    const file = tmp.file('c.db')
    seed(file).close()
    const original = readFileSync(file)
    writeFileSync(tmp.file('not-a-db.db'), 'these are not the bytes of a database')
    await expect(restoreDatabase(file, tmp.file('not-a-db.db'), tmp.dir)).rejects.toThrow(/not a Rating Office database/)
    await expect(restoreDatabase(file, tmp.file('missing.db'), tmp.dir)).rejects.toThrow(/No backup file/)
    // a truncated copy of a real database
    writeFileSync(tmp.file('truncated.db'), original.subarray(0, Math.floor(original.length / 2)))
    await expect(restoreDatabase(file, tmp.file('truncated.db'), tmp.dir)).rejects.toThrow()
    expect(readFileSync(file).equals(original)).toBe(true)
  })

  it('refuses an empty file, an empty database and another application\'s database, in plain words (issue 38)', async () => {
    const file = tmp.file('d.db')
    seed(file).close()
    const original = readFileSync(file)
    const refusal = async (from: string): Promise<UserError> => {
      const e = await restoreDatabase(file, from, tmp.dir).then(() => null, (err: unknown) => err)
      expect(e).toBeInstanceOf(UserError)
      return e as UserError
    }
    // a 0-byte file: SQLite opens it as an empty database
    writeFileSync(tmp.file('empty.db'), '')
    expect((await refusal(tmp.file('empty.db'))).key).toBe('db.restoreEmpty')
    // another application's database: its own application id
    const foreign = new Database(tmp.file('foreign.db'))
    foreign.pragma('application_id = 0x46697265')
    foreign.exec('CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO bookmarks (url) VALUES (\'x\')')
    foreign.close()
    const f = await refusal(tmp.file('foreign.db'))
    expect(f.key).toBe('db.restoreForeign')
    expect(translateError(f.key, f.params, 'en')).toContain('its SQLite application id is 0x46697265; Rating Office’s is 0x524f6666')
    expect(translateError(f.key, f.params, 'fr')).toContain('ce n’est pas une sauvegarde de Rating Office')
    // a database with no application id and tables of its own, even with a schema version in our range
    const other = new Database(tmp.file('other-app.db'))
    other.exec('CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT)')
    other.pragma('user_version = 3')
    other.close()
    const o = await refusal(tmp.file('other-app.db'))
    expect(o.key).toBe('db.restoreNotOffice')
    expect(translateError(o.key, o.params, 'en')).toContain('(rating_lists, rating_list_entries, settings, audit_log missing, schema version 3)')
    expect(readFileSync(file).equals(original)).toBe(true)
    // the command line says so and exits 1, the database unchanged
    const cli = runCli(['--db', file, 'db', 'restore', tmp.file('empty.db')])
    expect(cli.code).toBe(1)
    expect(cli.stderr).toContain('is empty (it holds no table): it is not a Rating Office backup')
    expect(readFileSync(file).equals(original)).toBe(true)
  }, 300_000)

  it('accepts a backup made before migration 27 (application id 0, the office\'s tables) and one made after (its id)', async () => {
    const fresh = new Database(seedPath('e.db'), { readonly: true })
    expect(fresh.pragma('application_id', { simple: true })).toBe(RATING_OFFICE_APPLICATION_ID)
    fresh.close()
    const old = migratedTo(tmp.file('before-27.db'), 26)
    expect(old.pragma('application_id', { simple: true })).toBe(0)
    old.close()
    const report = await restoreDatabase(tmp.file('e.db'), tmp.file('before-27.db'), tmp.dir)
    expect(report.check.schemaVersion).toBe(26)
  })

  it('removes the partial copies a killed backup left, once an hour old, and no other file (issue 13)', async () => {
    const file = tmp.file('partials.db')
    seed(file).close()
    const dir = tmp.file('partials-backups')
    mkdirSync(dir, { recursive: true })
    const left = ['.partials-2026-11-26T132331-before-publication.db.partial', '.partials-2026-11-26T132331-before-publication.db.partial-journal']
    for (const name of [...left, 'notes.txt', '.other-2026-11-26T132331-daily.db.partial']) writeFileSync(`${dir}/${name}`, '')
    // just written: perhaps another process's backup in progress, kept
    await automaticBackup(file, dir, 'manual', { now: new Date() })
    expect(left.every((n) => existsSync(`${dir}/${n}`))).toBe(true)
    // an hour later: the leftovers of this database go, another database's and other files stay
    const later = await automaticBackup(file, dir, 'manual', { now: new Date(Date.now() + 61 * 60_000) })
    expect(later.integrity).toBe('ok')
    expect(left.some((n) => existsSync(`${dir}/${n}`))).toBe(false)
    expect(existsSync(`${dir}/notes.txt`) && existsSync(`${dir}/.other-2026-11-26T132331-daily.db.partial`)).toBe(true)
    expect(listBackups(dir, 'partials.db').map((b) => b.reason)).toEqual(['manual', 'manual'])
  })

  it('keeps 7 daily, 8 weekly and 12 monthly backups', () => {
    // one backup a day at 02:00 for 400 days, ending on Thursday 26 November 2026
    const end = Date.UTC(2026, 10, 26, 2)
    const backups = Array.from({ length: 400 }, (_, i) => ({ at: new Date(end - i * 86_400_000) }))
    const { keep, remove } = applyRetention(backups)
    expect(keep.length + remove.length).toBe(400)
    const days = keep.map((b) => b.at.toISOString().slice(0, 10))
    // the last 7 days
    expect(days.slice(0, 7)).toEqual(['2026-11-26', '2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20'])
    // the newest of each of the last 8 weeks (weeks start on Monday): 26, 22, 15, 8, 1 Nov, 25, 18, 11 Oct
    for (const d of ['2026-11-15', '2026-11-08', '2026-11-01', '2026-10-25', '2026-10-18', '2026-10-11']) expect(days).toContain(d)
    // the newest of each of the last 12 months: the month's last day, back to December 2025
    for (const d of ['2026-09-30', '2026-01-31', '2025-12-31']) expect(days).toContain(d)
    expect(days).not.toContain('2025-11-30')
    expect(keep).toHaveLength(7 + 6 + 11)
  })

  it('finds the backups of a database by their names', () => {
    const name = backupFileName('office.db', new Date('2026-11-26T09:30:00Z'), 'daily')
    expect(name).toBe('office-2026-11-26T093000-daily.db')
    expect(backupFileName('office.db', new Date('2026-11-26T09:30:00Z'), 'daily', 2)).toBe('office-2026-11-26T093000-2-daily.db')
    writeFileSync(tmp.file(name), '')
    writeFileSync(tmp.file('other-2026-11-26T093000-daily.db'), '')
    expect(listBackups(tmp.dir, 'office.db')).toEqual([{ file: tmp.file(name), at: new Date('2026-11-26T09:30:00Z'), sequence: 1, reason: 'daily' }])
  })

  it('keeps the later of two copies made in the same second (its name says -2)', () => {
    const dir = tmp.file('same-second')
    mkdirSync(dir)
    const at = new Date('2026-11-26T09:30:00Z')
    for (const n of [2, 1]) writeFileSync(`${dir}/${backupFileName('office.db', at, 'before-import', n)}`, '')
    // given the earlier first (as a folder may list them), the later is still the one kept
    const found = listBackups(dir, 'office.db').sort((a, b) => a.sequence - b.sequence)
    const { keep, remove } = applyRetention(found, { daily: 1, weekly: 0, monthly: 0 })
    expect(keep.map((b) => b.sequence)).toEqual([2])
    expect(remove.map((b) => b.sequence)).toEqual([1])
  })

  it('names a new copy of a second after every copy that second already has, whatever their reasons', () => {
    const dir = tmp.file('same-second-reasons')
    mkdirSync(dir)
    const at = new Date('2026-11-26T09:30:00.400Z')
    // the second's first copy was removed by the retention rule, its second kept: a third must not take the first's name
    writeFileSync(`${dir}/${backupFileName('office.db', at, 'before-publication', 2)}`, '')
    const next = freeBackupPath(dir, 'office.db', at, 'before-publication')
    expect(next).toBe(`${dir}/${backupFileName('office.db', at, 'before-publication', 3)}`)
    writeFileSync(next, '')
    // another reason in the same second comes after both
    expect(freeBackupPath(dir, 'office.db', at, 'daily')).toBe(`${dir}/${backupFileName('office.db', at, 'daily', 4)}`)
    // the newest kept by the rule is the one just named
    writeFileSync(`${dir}/${backupFileName('office.db', at, 'daily', 4)}`, '')
    const { keep } = applyRetention(listBackups(dir, 'office.db'), { daily: 1, weekly: 0, monthly: 0 })
    expect(keep.map((b) => b.reason)).toEqual(['daily'])
  })

  it('backs up, checks and restores from the command line', () => {
    const file = tmp.file('cli.db')
    seed(file).close()
    const out = tmp.file('cli-copy.db')
    const backup = runCli(['--db', file, '--json', 'db', 'backup', '--out', out])
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(JSON.parse(backup.stdout)).toMatchObject({ file: out, integrity: 'ok', foreignKeyProblems: [] })
    const check = runCli(['--db', file, 'db', 'check'])
    expect(check.code).toBe(0)
    expect(check.stdout).toMatch(/integrity\s+ok/)
    expect(check.stdout).toMatch(/frozen lists\s+2/)
    const restore = runCli(['--db', file, 'db', 'restore', out])
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain('the previous database is kept in')
    const bad = runCli(['--db', file, 'db', 'restore', tmp.file('nothing-here.db')])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('No backup file')
    // child processes of the real CLI: give them time on a loaded machine
  }, 300_000)
})
