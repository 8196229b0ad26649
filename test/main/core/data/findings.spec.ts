// excludedGames: the games a check finding takes out of the rating, both sides, until the finding is overridden or rejected.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { excludedGames, gameExclusions } from '../../../../src/main/core/data/findings'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('excludedGames', () => {
  it('lists both sides of the games of open and accepted excluding findings, not of overridden, rejected or earlier ones', () => {
    const db = openDatabase(tmp.file('x.db'))
    db.prepare("INSERT INTO tournaments (id, name, system, rounds, header) VALUES (1, 'Rapid', 'swiss', 2, '{}')").run()
    const p = db.prepare("INSERT INTO tournament_players (tournament_id, start_rank, match_status, name) VALUES (1, ?, 'unmatched', ?)")
    for (let i = 1; i <= 4; i++) p.run(i, `Player ${i}`)
    const g = db.prepare("INSERT INTO tournament_games (tournament_id, start_rank, round, opponent, color, code) VALUES (1, ?, ?, ?, ?, ?)")
    // round 1: 1-3, 2-4; round 2: 1-2, 3-4
    g.run(1, 1, 3, 'w', '1'); g.run(3, 1, 1, 'b', '0'); g.run(2, 1, 4, 'w', '='); g.run(4, 1, 2, 'b', '=')
    g.run(1, 2, 2, 'b', '1'); g.run(2, 2, 1, 'w', '0'); g.run(3, 2, 4, 'w', '0'); g.run(4, 2, 3, 'b', '1')
    const f = db.prepare(
      "INSERT INTO tournament_findings (tournament_id, source, level, code, grp, params, subject, excludes_games, active, decision, decided_at) VALUES (1, 'check', 'warning', ?, 'games', '{}', ?, ?, ?, ?, ?)"
    )
    const subject = (games: { round: number; startRank: number }[]) => JSON.stringify({ games })
    f.run('check.timeControl.gameBelowMinimum', subject([{ round: 1, startRank: 3 }]), 1, 1, null, null) // open
    f.run('check.timeControl.gameBelowMinimum', subject([{ round: 2, startRank: 4 }]), 1, 1, 'accepted', '2025-01-01') // accepted: still out
    f.run('check.games.ratingGap600', subject([{ round: 2, startRank: 1 }]), 1, 1, 'overridden', '2025-01-01') // rated after all
    f.run('check.games.ratingGap600', subject([{ round: 1, startRank: 2 }]), 1, 1, 'rejected', '2025-01-01') // the check did not apply
    f.run('check.games.matchWithUnrated', subject([{ round: 1, startRank: 2 }]), 1, 0, null, null) // earlier file
    f.run('check.schedule.roundsPerDay', subject([{ round: 1, startRank: 2 }]), 0, 1, null, null) // does not exclude games
    expect(excludedGames(db, 1)).toEqual([
      { round: 1, startRank: 1 },
      { round: 1, startRank: 3 },
      { round: 2, startRank: 3 },
      { round: 2, startRank: 4 }
    ])
    expect(excludedGames(db, 2)).toEqual([])
    // with the finding that takes each side out, for the rating preview's reasons
    expect(gameExclusions(db, 1).map((x) => [x.round, x.startRank, x.findingId, x.code])).toEqual([
      [1, 1, 1, 'check.timeControl.gameBelowMinimum'],
      [1, 3, 1, 'check.timeControl.gameBelowMinimum'],
      [2, 3, 2, 'check.timeControl.gameBelowMinimum'],
      [2, 4, 2, 'check.timeControl.gameBelowMinimum']
    ])
    db.close()
  })
})
