// Migration 25 (rating type source, QC approval): a tournament says where its rating type came from and may carry the
// reference of the Qualification Commission's approval; nothing else is accepted in either column.
import { afterAll, describe, expect, it } from 'vitest'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 25 (rating type source, QC approval)', () => {
  const db = migratedTo(tmp.file('m25.db'), 25)
  afterAll(() => db.close())
  const insert = db.prepare("INSERT INTO tournaments (name, system, rounds, header, rating_type, rating_type_source, qc_reference) VALUES ('Open', 'swiss', 5, '{}', 'standard', ?, ?)")

  it('stops at version 25; a tournament has no source and no QC approval until given', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(25)
    const id = db.prepare("INSERT INTO tournaments (name, system, rounds, header) VALUES ('Old', 'swiss', 5, '{}')").run().lastInsertRowid
    expect(db.prepare('SELECT rating_type_source AS s, qc_reference AS q FROM tournaments WHERE id = ?').get(id)).toEqual({ s: null, q: null })
    for (const source of ['222', '122', '092', '012', 'officer']) insert.run(source, null)
    insert.run('officer', 'QC decision 2026/14')
  })

  it('refuses another source and an empty reference', () => {
    expect(() => insert.run('name', null)).toThrow(/CHECK/)
    expect(() => insert.run('122', '   ')).toThrow(/CHECK/)
    expect(() => insert.run('122', 'x'.repeat(201))).toThrow(/CHECK/)
  })
})
