// `rating-office demo`: loads the demo federation into a new database through the job, and refuses a second time.
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('rating-office demo', () => {
  const db = tmp.file('demo.db')

  it('loads the lists, the arbiters and the five reports', () => {
    const r = runCli(['--db', db, '--json', 'demo'])
    // progress on stderr, one line per step (not a TTY)
    expect(r.stderr).toContain('demo:load: 8/8 done')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { players: number; arbiters: number; lists: { entries: number }[]; reports: { tournamentId: number | null; errors: number }[] }
    expect(out.players).toBe(321)
    expect(out.arbiters).toBe(8)
    expect(out.reports.map((x) => x.tournamentId)).toEqual([1, 2, 3, 4, 5])
    // the round robin (unlicensed arbiter) and the junior championship (four rounds on one day) carry one error each
    expect(out.reports.map((x) => x.errors)).toEqual([0, 0, 0, 1, 1])
  }, 180_000)

  it('refuses a database that is not empty, with a message and exit code 1', () => {
    const r = runCli(['--db', db, 'demo'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('only into an empty database')
  }, 180_000)
})
