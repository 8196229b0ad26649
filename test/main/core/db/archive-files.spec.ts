// The period archive files on a connection (db/archive-files.ts): nothing made without a file; the triggers that must
// read the files have their twins, and any new trigger of that kind is a decision a migration cannot skip; the views
// outlive a change of the temporary store; what an interrupted seal left is removed by the next session, and a seal
// whose record fails leaves nothing.
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { PARTITIONED, TWINNED_TRIGGERS, archiveDir, twinTrigger, vacuumLiveDatabase } from '../../../../src/main/core/db/archive-files'
import { sealLists } from '../../../../src/main/core/data/archive-seal'
import { withTempStoreInMemory } from '../../../../src/main/core/data/statements'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { demoOffice } from '../../../helpers/demo-office'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const tempObjects = (db: ReturnType<typeof openDatabase>): string[] =>
  (db.prepare('SELECT type, name FROM temp.sqlite_schema ORDER BY type, name').raw().all() as string[][]).map((r) => r.join(' '))

describe('a connection and the archive files', () => {
  it('makes nothing and attaches nothing while the database records no archive file', () => {
    const db = openDatabase(tmp.file('bare.db'))
    expect(tempObjects(db)).toEqual([])
    expect(db.prepare("SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq").pluck().all()).toEqual(['main'])
    db.close()
  })

  it('twins exactly the triggers of the database that keep its own tables from the partitioned rows after another table changes', () => {
    const db = openDatabase(':memory:')
    const reading = (db.prepare("SELECT name, tbl_name AS tbl, sql FROM main.sqlite_schema WHERE type = 'trigger'").all() as { name: string; tbl: string; sql: string }[])
      .filter((t) => !(PARTITIONED as readonly string[]).includes(t.tbl))
      .filter((t) => PARTITIONED.some((p) => new RegExp(`\\b${p}\\b`).test(t.sql)))
      .map((t) => t.name)
      .sort()
    // rating_lists_frozen reads the entries to let a list's counts be filled once; a sealed list is counted, so it
    // refuses any change to one whatever the files hold (db/archive-files.ts). Any other trigger of this kind that a
    // migration adds must be twinned or said to need none here.
    expect(reading).toEqual([...TWINNED_TRIGGERS, 'rating_lists_frozen'].sort())
    db.close()
  })

  it('writes a twin that fires on the database’s table and reads the file’s rows', () => {
    const db = openDatabase(':memory:')
    const sql = db.prepare("SELECT sql FROM main.sqlite_schema WHERE name = 'players_name_marks'").pluck().get() as string
    const twin = twinTrigger(sql, 'archive_3')
    expect(twin).toMatch(/^CREATE TEMP TRIGGER "players_name_marks__archive_3" AFTER UPDATE OF name_folded ON main\.players\s/)
    expect(twin).toContain('SELECT list_id FROM archive_3.rating_list_entries WHERE player_id = NEW.id')
    expect(twin).not.toMatch(/[^.]\brating_list_entries\b/)
    expect(twin.replace(/archive_3\./g, '').replace('CREATE TEMP TRIGGER "players_name_marks__archive_3"', 'CREATE TRIGGER players_name_marks').replace('ON main.players', 'ON players')).toBe(sql)
    db.close()
  })

  it('reads the sealed lists through the views again after the temporary store changes (which deletes them)', async () => {
    const { file, db, october } = await demoOffice(tmp.file('office'))
    sealLists(db, file, [october])
    const made = tempObjects(db)
    expect(made).toEqual([
      'trigger players_fide_id_marks__archive_1',
      'trigger players_name_marks__archive_1',
      'trigger players_rating_order__archive_1',
      'view list_by_rating',
      'view office_list_sheets',
      'view rating_list_entries'
    ])
    const count = (): number => db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(october) as number
    expect(count()).toBe(298)
    expect(withTempStoreInMemory(db, () => [db.pragma('temp_store', { simple: true }), count(), tempObjects(db)])).toEqual([2, 298, made])
    expect(db.pragma('temp_store', { simple: true })).toBe(0)
    expect(count()).toBe(298)
    expect(tempObjects(db)).toEqual(made)
    db.close()
  })

  it('vacuums the live database after a seal (which a view would stop), and reads the sealed lists after', async () => {
    const { file, db, october, references } = await demoOffice(tmp.file('vacuum'))
    sealLists(db, file, [...references, october])
    db.pragma('wal_checkpoint(TRUNCATE)')
    const pages = (): number => db.pragma('page_count', { simple: true }) as number
    const before = pages()
    expect(() => db.exec('VACUUM')).toThrow(/views may not be indexed/)
    vacuumLiveDatabase(db, file)
    expect(pages()).toBeLessThan(before)
    expect(db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(october)).toBe(298)
    expect(tempObjects(db)).toHaveLength(6)
    db.close()
  })

  it('lets a session’s connection follow a period sealed on another connection: its next call reads the sealed list', async () => {
    const { file, db, october } = await demoOffice(tmp.file('follow'))
    db.close()
    const services = createServices({ dbPath: file, host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
    try {
      const page = async (): Promise<number> => {
        const reply = await services.dispatch('lists:entries', { listId: october, limit: 1000 })
        if (!reply.ok) throw new Error(reply.error.message)
        return (reply.value as { rows: unknown[] }).rows.length
      }
      expect(await page()).toBe(298)
      // another connection (a job's) seals October: the rows leave the database for the file
      const other = openDatabase(file)
      sealLists(other, file, [october])
      other.close()
      // the session's connection attached nothing yet; its next call attaches the file first
      expect(await page()).toBe(298)
      expect(tempObjects(services.ctx.db)).toHaveLength(6)
    } finally {
      await services.close()
    }
  })

  it('removes at the start of the session what an interrupted seal left, and tells the officer; recorded files stay', async () => {
    const { file, db, october } = await demoOffice(tmp.file('stray'))
    const sealed = sealLists(db, file, [october]).file.name
    db.close()
    // a file written and renamed but never recorded, and a seal's unfinished part
    writeFileSync(join(archiveDir(file), '2025-11-01-to-2025-11-01-0123456789abcdef.db'), 'not recorded')
    writeFileSync(join(archiveDir(file), '2025-12-01-to-2025-12-01.db.partial'), 'unfinished')
    writeFileSync(join(archiveDir(file), 'notes.txt'), 'the officer’s own file')
    const services = createServices({ dbPath: file, host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
    try {
      expect(services.ctx.notices.filter((n) => n.key === 'db.open.strayArchive').map((n) => n.params.file)).toEqual(['2025-11-01-to-2025-11-01-0123456789abcdef.db', '2025-12-01-to-2025-12-01.db.partial'])
      expect(readdirSync(archiveDir(file)).sort()).toEqual([sealed, 'notes.txt'])
      expect(services.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(october)).toBe(298)
    } finally {
      await services.close()
    }
  })

  it('leaves no file and the lists in the database when the record cannot be written', async () => {
    const { file, db, october } = await demoOffice(tmp.file('failing'))
    db.exec("CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.archive_file_lists BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")
    expect(() => sealLists(db, file, [october])).toThrow(/the disk is full/)
    expect(readdirSync(archiveDir(file))).toEqual([])
    expect(db.prepare('SELECT count(*) FROM main.archive_files').pluck().get()).toBe(0)
    expect(db.prepare('SELECT count(*) FROM main.rating_list_entries WHERE list_id = ?').pluck().get(october)).toBe(298)
    expect(tempObjects(db)).toEqual(['trigger refuse'])
    db.close()
  })
})
