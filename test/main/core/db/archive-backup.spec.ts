// Backups and restores of an office with sealed periods (db/archive-backup.ts, docs/archive-periods.md): a backup is
// the live database, verified, with the archive files it records kept once beside it; a restore on a new machine
// brings them back checked and the office reads as it did; a restore refuses, changing nothing, when a file is
// nowhere; a restore over an office that sealed more since puts that office's files beside its safety copy, from
// where restoring the safety copy brings them back.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { archiveDir, archiveFiles } from '../../../../src/main/core/db/archive-files'
import { backupArchiveDir, keepArchiveCopies } from '../../../../src/main/core/db/archive-backup'
import { automaticBackup, backupDatabase, checkDatabaseFile, frozenListChecksums, restoreDatabase } from '../../../../src/main/core/db/backup'
import { sealLists } from '../../../../src/main/core/data/archive-seal'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { publishList } from '../../../../src/main/core/services/list-publication'
import { UserError } from '../../../../src/main/core/util/errors'
import { fileSha256 } from '../../../../src/main/core/util/durable-files'
import { DEMO_FEDERATION } from '../../../helpers/demo-site'
import { demoOffice } from '../../../helpers/demo-office'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const office = tmp.file('office/office.db')
const backups = tmp.file('office/backups')
let sealedName: string
/** Every list as the office reads it (through the views): the checksum of each list's entries, and the sheets. */
let reading: { lists: Record<number, string>; sheets: number }

function read(db: Db): typeof reading {
  const all = db.prepare("SELECT id FROM rating_lists WHERE status IN ('published', 'reference') ORDER BY id").pluck().all() as number[]
  // the checksum of a list as any reader sees it: computed through the views
  const lists = Object.fromEntries(all.map((id) => [id, db.prepare("SELECT group_concat(player_id || ':' || coalesce(rating, '-'), ',') FROM (SELECT player_id, rating FROM rating_list_entries WHERE list_id = ? ORDER BY player_id)").pluck().get(id) as string]))
  return { lists, sheets: db.prepare('SELECT count(*) FROM office_list_sheets').pluck().get() as number }
}

beforeAll(async () => {
  const { db, october, references } = await demoOffice(tmp.file('office'))
  sealedName = sealLists(db, office, [...references, october]).file.name
  reading = read(db)
  db.close()
}, 60_000)

describe('backups of an office with a sealed period', () => {
  it('copies the live database, verified, and keeps each archive file once beside the backups', async () => {
    const db = openDatabase(office)
    const report = await backupDatabase(db, join(backups, 'first.db'))
    expect(report.integrity).toBe('ok')
    // the copy holds the database's own rows: none of the sealed lists' entries
    expect(report.tables.find((t) => t.name === 'rating_list_entries')!.rows).toBe(0)
    expect(report.frozenListProblems).toEqual([])
    expect(readdirSync(backupArchiveDir(join(backups, 'first.db')))).toEqual([sealedName])
    expect(fileSha256(join(backups, 'archive', sealedName))).toBe(archiveFiles(db)[0]!.sha256)
    // a second backup into the same folder reads no archive file again: the copy is there under its name
    await backupDatabase(db, join(backups, 'second.db'))
    expect(keepArchiveCopies(db, office, backups)).toEqual([])
    db.close()
  })

  it('takes the daily backup on its own connection (which attaches nothing) the same way', async () => {
    const report = await automaticBackup(office, backups, 'daily', { now: new Date('2026-12-03T10:00:00Z') })
    const check = checkDatabaseFile(report.file)
    expect(check.integrity).toBe('ok')
    expect(check.frozenListProblems).toEqual([])
  })
})

describe('restores of an office with a sealed period', () => {
  it('on a new machine, brings back the archive files beside the backup, checked; the office reads as it did', async () => {
    const machine = tmp.file('machine')
    mkdirSync(machine)
    cpSync(join(backups, 'first.db'), join(machine, 'backups', 'first.db'))
    cpSync(join(backups, 'archive'), join(machine, 'backups', 'archive'), { recursive: true })
    const restored = join(machine, 'office.db')
    await restoreDatabase(restored, join(machine, 'backups', 'first.db'), join(machine, 'backups'))
    expect(readdirSync(archiveDir(restored))).toEqual([sealedName])
    const db = openDatabase(restored)
    expect(read(db)).toEqual(reading)
    db.close()
  })

  it('refuses, changing nothing, when an archive file is in neither place, and names it', async () => {
    const machine = tmp.file('bare')
    mkdirSync(machine)
    cpSync(join(backups, 'first.db'), join(machine, 'first.db'))
    const restored = join(machine, 'office.db')
    let error: unknown = null
    try {
      await restoreDatabase(restored, join(machine, 'first.db'), machine)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(UserError)
    expect((error as UserError).key).toBe('db.restoreArchiveMissing')
    expect((error as UserError).params).toMatchObject({ archive: sealedName, folder: join(machine, 'archive') })
    expect(existsSync(restored)).toBe(false)
    expect(existsSync(archiveDir(restored))).toBe(false)
  })

  it('over an office that sealed more since, sets its files beside its safety copy; restoring that copy brings them back', async () => {
    const db = openDatabase(office)
    const november = generateDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }).listId
    publishList(db, november, null, {}, DEMO_FEDERATION)
    const later = sealLists(db, office, [november]).file.name
    const after = read(db)
    db.close()
    const report = await restoreDatabase(office, join(backups, 'first.db'), backups)
    // the office is the backup's: the November file is not its, and went beside the safety copy
    expect(readdirSync(archiveDir(office))).toEqual([sealedName])
    expect(readdirSync(join(backups, 'archive')).sort()).toEqual([sealedName, later].sort())
    const back = openDatabase(office)
    expect(read(back)).toEqual(reading)
    back.close()
    await restoreDatabase(office, report.safetyCopy!, backups)
    expect(readdirSync(archiveDir(office)).sort()).toEqual([sealedName, later].sort())
    const again = openDatabase(office)
    expect(read(again)).toEqual(after)
    expect(Object.keys(frozenListChecksums(again))).toEqual([])
    again.close()
    rmSync(join(backups, 'archive', later))
  })
})
