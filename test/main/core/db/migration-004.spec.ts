// Migration 4 (rating profiles): one row per saved rule set, its parameters valid JSON, its kind one of three.
import { afterAll, describe, expect, it } from 'vitest'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 4 (rating profiles)', () => {
  const db = migratedTo(tmp.file('m4.db'), 4)
  afterAll(() => db.close())
  const insert = db.prepare('INSERT INTO rating_profiles (id, name, kind, params) VALUES (?, ?, ?, ?)')

  it('stops at version 4 and stores a profile with its dates', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(4)
    insert.run('fse', 'FSE', 'national', '{"k":20}')
    expect(db.prepare("SELECT kind, params, created_at = updated_at AS same FROM rating_profiles WHERE id = 'fse'").get()).toEqual({ kind: 'national', params: '{"k":20}', same: 1 })
  })

  it('refuses a second profile of one id, an unknown kind and parameters that are not JSON', () => {
    expect(() => insert.run('fse', 'again', 'national', '{}')).toThrow(/UNIQUE|PRIMARY/)
    expect(() => insert.run('x', 'X', 'club', '{}')).toThrow(/CHECK/)
    expect(() => insert.run('y', 'Y', 'custom', '{k:')).toThrow(/CHECK/)
  })
})
