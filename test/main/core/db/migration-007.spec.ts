// Migration 7 rebuilds the tournaments table (status 'accepted' becomes 'approved'): every row, every reference and
// the foreign keys survive; the new columns get their values; foreign keys are on again afterwards.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function v6Database(file: string): Database.Database {
  const db = new Database(file)
  db.pragma('foreign_keys = ON')
  migrate(db, migrations.filter((m) => m.version <= 6))
  const insertT = db.prepare(
    "INSERT INTO tournaments (id, name, start_date, end_date, system, rounds, header, status, created_at) VALUES (?, ?, '2025-03-01', '2025-03-09', 'swiss', 1, '{}', ?, ?)"
  )
  insertT.run(1, 'Open A', 'accepted', '2025-03-12T10:00:00.000Z')
  insertT.run(2, 'Open B', 'rejected', '2025-03-20T08:30:00.000Z')
  insertT.run(3, 'Open C', 'imported', '2025-04-02T23:59:59.000Z')
  db.prepare("INSERT INTO tournament_files (id, tournament_id, version, file_name, sha256, size, bytes, format, encoding, line_ending, extras) VALUES (10, 1, 1, 'a.trf', 'x', 1, x'00', 'TRF16', 'utf-8', 'lf', '{}')").run()
  db.prepare('UPDATE tournaments SET current_file_id = 10 WHERE id = 1').run()
  db.prepare("INSERT INTO tournament_players (tournament_id, start_rank, match_status, name) VALUES (1, 1, 'unmatched', 'Doe, John'), (1, 2, 'unmatched', 'Roe, Jane')").run()
  db.prepare("INSERT INTO tournament_games (tournament_id, start_rank, round, opponent, color, code) VALUES (1, 1, 1, 2, 'w', '1'), (1, 2, 1, 1, 'b', '0')").run()
  db.prepare("INSERT INTO tournament_arbiters (tournament_id, position, role, name, fide_id) VALUES (1, 1, 'chief', 'Arbiter, Ann', 123)").run()
  db.prepare("INSERT INTO tournament_rounds (tournament_id, round, date) VALUES (1, 1, '2025-03-01')").run()
  db.prepare(
    "INSERT INTO tournament_findings (tournament_id, file_id, source, level, code, grp, params, decision, decision_reason, decided_by, decided_at) VALUES (1, 10, 'trf', 'error', 'trf.check.points', 'player 1', '{}', 'overridden', 'typo', 'A', '2025-03-12')"
  ).run()
  return db
}

describe('migration 7 (regulation checks)', () => {
  it('renames accepted to approved, keeps every row and reference, and fills the new columns', () => {
    const file = tmp.file('v6.db')
    const db = v6Database(file)
    const before = db.prepare('SELECT id, name, start_date, end_date, system, rounds, header, current_file_id, created_at, updated_at FROM tournaments ORDER BY id').all()
    expect(migrate(db, migrations)).toContain(7)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('foreign_key_check')).toEqual([])
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.prepare('SELECT id, name, start_date, end_date, system, rounds, header, current_file_id, created_at, updated_at FROM tournaments ORDER BY id').all()).toEqual(before)
    expect(db.prepare('SELECT id, status, received_date AS receivedDate, historical, flags, time_control_override AS tc, edition FROM tournaments ORDER BY id').all()).toEqual([
      { id: 1, status: 'approved', receivedDate: '2025-03-12', historical: 0, flags: '{}', tc: null, edition: null },
      { id: 2, status: 'rejected', receivedDate: '2025-03-20', historical: 0, flags: '{}', tc: null, edition: null },
      { id: 3, status: 'imported', receivedDate: '2025-04-02', historical: 0, flags: '{}', tc: null, edition: null }
    ])
    expect(db.prepare('SELECT count(*) AS n FROM tournament_games WHERE tournament_id = 1').get()).toEqual({ n: 2 })
    expect(db.prepare('SELECT decision, excludes_games AS x, subject FROM tournament_findings').get()).toEqual({ decision: 'overridden', x: 0, subject: null })
    // the references still point at the rebuilt table: a child of a missing tournament is refused, a deletion too
    expect(() => db.prepare("INSERT INTO tournament_rounds (tournament_id, round) VALUES (99, 1)").run()).toThrow(/FOREIGN KEY/)
    expect(() => db.prepare('DELETE FROM tournaments WHERE id = 1').run()).toThrow(/FOREIGN KEY/)
    // the new CHECKs hold
    expect(() => db.prepare("UPDATE tournaments SET status = 'accepted' WHERE id = 3").run()).toThrow(/CHECK/)
    expect(() => db.prepare("UPDATE tournaments SET flags = '[1]' WHERE id = 3").run()).toThrow(/CHECK/)
    expect(() => db.prepare('UPDATE tournaments SET historical = 2 WHERE id = 3').run()).toThrow(/CHECK/)
    db.prepare("INSERT INTO tournaments (name, system, rounds, header) VALUES ('New', 'swiss', 0, '{}')").run()
    expect(db.prepare("SELECT received_date AS d FROM tournaments WHERE name = 'New'").get()).toEqual({ d: new Date().toISOString().slice(0, 10) })
    db.close()
  })

  it('rolls back entirely when the rebuild would break a reference, leaving foreign keys on', () => {
    const file = tmp.file('orphan.db')
    const db = v6Database(file)
    // an orphan written while foreign keys were off (an old bug): the rebuild must not silently carry it over
    db.pragma('foreign_keys = OFF')
    db.prepare("INSERT INTO tournament_rounds (tournament_id, round) VALUES (77, 1)").run()
    db.pragma('foreign_keys = ON')
    expect(() => migrate(db, migrations)).toThrow(/migration 7 \(regulation-checks\) failed: foreign keys broken by the rebuild: tournament_rounds/)
    expect(db.pragma('user_version', { simple: true })).toBe(6)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.prepare("SELECT status FROM tournaments WHERE id = 1").get()).toEqual({ status: 'accepted' })
    db.close()
  })
})
