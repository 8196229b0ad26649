// Migration 3 (tournaments): the stored files never change, one start rank per tournament, decisions are dated.
import { afterAll, describe, expect, it } from 'vitest'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 3 (tournaments)', () => {
  const db = migratedTo(tmp.file('m3.db'), 3)
  afterAll(() => db.close())
  db.prepare("INSERT INTO tournaments (id, name, system, rounds, header) VALUES (1, 'Open', 'swiss', 1, '{}')").run()

  it('stops at version 3, where a tournament is imported by default and "accepted" is still a state', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(3)
    expect(db.prepare('SELECT status FROM tournaments WHERE id = 1').pluck().get()).toBe('imported')
    expect(db.prepare("UPDATE tournaments SET status = 'accepted' WHERE id = 1").run().changes).toBe(1)
    expect(() => db.prepare("UPDATE tournaments SET status = 'approved' WHERE id = 1").run()).toThrow(/CHECK/)
  })

  it('keeps a stored report file unchanged, one version number per tournament', () => {
    const file = db.prepare("INSERT INTO tournament_files (tournament_id, version, file_name, sha256, size, bytes, format, encoding, line_ending, extras) VALUES (1, ?, 'a.trf', 'x', 1, x'00', 'TRF16', 'utf-8', 'lf', '{}')")
    file.run(1)
    expect(() => file.run(1)).toThrow(/UNIQUE/)
    expect(() => db.prepare("UPDATE tournament_files SET file_name = 'b.trf'").run()).toThrow()
  })

  it('gives each start rank once, and a decision only with its date', () => {
    const p = db.prepare("INSERT INTO tournament_players (tournament_id, start_rank, match_status, name) VALUES (1, ?, 'unmatched', 'Doe, John')")
    p.run(1)
    expect(() => p.run(1)).toThrow(/UNIQUE/)
    const finding = "INSERT INTO tournament_findings (tournament_id, file_id, source, level, code, grp, params, decision, decided_at) VALUES (1, 1, 'trf', 'error', 'trf.x', 'g', '{}', ?, ?)"
    expect(() => db.prepare(finding).run('accepted', null)).toThrow(/CHECK/)
    expect(db.prepare(finding).run('accepted', '2025-01-01').changes).toBe(1)
  })
})
