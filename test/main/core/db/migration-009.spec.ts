// Migration 9 (registration date): a tournament records when it was registered with the office, as a day or not at all.
import { afterAll, describe, expect, it } from 'vitest'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 9 (registration date)', () => {
  const db = migratedTo(tmp.file('m9.db'), 9)
  afterAll(() => db.close())
  const insert = db.prepare("INSERT INTO tournaments (name, system, rounds, header, registered_date) VALUES ('Open', 'swiss', 5, '{}', ?)")

  it('stops at version 9; a tournament has no registration date until the officer gives one', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(9)
    const id = insert.run(null).lastInsertRowid
    expect(db.prepare('SELECT registered_date AS d FROM tournaments WHERE id = ?').get(id)).toEqual({ d: null })
    insert.run('2025-02-26')
  })

  it('refuses anything but a YYYY-MM-DD day', () => {
    expect(() => insert.run('26/02/2025')).toThrow(/CHECK/)
    expect(() => insert.run('2025-2-26')).toThrow(/CHECK/)
  })
})
