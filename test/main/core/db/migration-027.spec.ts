// Migration 27 (issue 38): the database's header says it is Rating Office's (SQLite's application id), on a new
// database and on one upgraded from 26, whose rows it leaves as they are.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { RATING_OFFICE_APPLICATION_ID } from '../../../../src/main/core/db/migrations/027-application-id'
import { openDatabase } from '../../../../src/main/core/db/open'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'
import { readFileSync } from 'node:fs'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 27 (application id)', () => {
  it('writes "ROff" into bytes 68–71 of the header of a database upgraded from 26, its rows unchanged', () => {
    const file = tmp.file('upgraded.db')
    const db = migratedTo(file, 26)
    db.prepare("INSERT INTO players (fide_id, surname, name_folded) VALUES (1001, 'Kept', 'kept')").run()
    expect(db.pragma('application_id', { simple: true })).toBe(0)
    migrate(db, migrations.filter((m) => m.version <= 27))
    expect(db.pragma('user_version', { simple: true })).toBe(27)
    expect(db.pragma('application_id', { simple: true })).toBe(RATING_OFFICE_APPLICATION_ID)
    expect(db.prepare('SELECT surname FROM players').pluck().all()).toEqual(['Kept'])
    db.close()
    expect(readFileSync(file).subarray(68, 72).toString('latin1')).toBe('ROff')
  })

  it('is set on a new database', () => {
    const db = openDatabase(tmp.file('new.db'))
    expect(db.pragma('application_id', { simple: true })).toBe(0x524f6666)
    db.close()
  })
})
