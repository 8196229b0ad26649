// `rating-office tournaments set-type|qc-approval` as an officer runs them: the rating type the time control gave,
// changed with a reason before approval and refused after (exit 1, the way out on stderr); the Qualification
// Commission's approval of a 45′+30″ standard event recorded with its reference (regulations.md § 1, the 2026 season).
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { openDatabase } from '../../../src/main/core/db/open'
import { reportTrf, seedList, type ReportPlayer } from '../../helpers/report-trf'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const db = tmp.file('cli.db')
openDatabase(db).close()
const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 73001, rating: 2450, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 73002, rating: 1850 },
  { name: 'Charlie, Carl', fideId: 73003, rating: 1700 },
  { name: 'Delta, Dora', fideId: 73004, rating: 1600, sex: 'F' }
]
seedList(db, '2026-03-01', PLAYERS)
const rapidCity = tmp.file('rapid-city.trf')
writeFileSync(rapidCity, reportTrf({ name: 'Rapid City Open 2026', start: '2026-03-07', end: '2026-03-08', roundDates: ['2026-03-07', '2026-03-08'], timeControl: '90 min + 30 sec per move', players: PLAYERS }))
const fastClassic = tmp.file('fast-classic.trf')
writeFileSync(fastClassic, reportTrf({ name: 'Fast Classic 2026', start: '2026-03-14', end: '2026-03-15', roundDates: ['2026-03-14', '2026-03-15'], timeControl: '45 min + 30 sec per move', players: PLAYERS }))
const cli = (...args: string[]) => runCli(['--db', db, ...args])
const timeControlCodes = (id: number) =>
  (JSON.parse(cli('--json', 'tournaments', 'check', String(id)).stdout) as { findingsList: { code: string }[] }).findingsList.map((f) => f.code).filter((c) => c.startsWith('check.timeControl'))

describe('rating-office tournaments set-type', () => {
  it('imports "Rapid City Open" at 90′+30″ as standard, the name a warning', () => {
    const r = cli('tournaments', 'import', rapidCity, '--received', '2026-03-09')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Record 012 (“Rapid City Open 2026”) names a rapid event, but the time control (record 122, 120 minutes for 60 moves) makes it standard')
  })

  it('changes it with a reason, saying what it was and where that came from', () => {
    const r = cli('tournaments', 'set-type', '1', '--type', 'rapid', '--reason', 'the organiser played 15′+10″')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n')[0]).toBe('tournament 1: standard (from the report’s time control (TRF record 122)) → rapid (the officer\'s decision)')
    const audit = cli('--json', 'audit', '--action', 'tournament.ratingType')
    expect(audit.code).toBe(0)
    expect(audit.stdout).toContain('the organiser played 15′+10″')
    expect(audit.stdout).toContain('"source": "122"')
  })

  it('refuses a type it does not know (exit 2) and a change after approval (exit 1, the way out)', () => {
    expect(cli('tournaments', 'set-type', '1', '--type', 'classical', '--reason', 'xyz').code).toBe(2)
    expect(cli('tournaments', 'approve', '1', '--reason', 'complete report', '--override-errors').code).toBe(0)
    const r = cli('tournaments', 'set-type', '1', '--type', 'standard', '--reason', 'back to standard')
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('rating-office: Tournament 1 is approved: its rating type can no longer be changed. Take it back to checked first (reopen, with a reason), then change it.\n')
  })
})

describe('rating-office tournaments qc-approval', () => {
  it('records the approval: the four 45′+30″ findings give way to one information; --remove brings them back', () => {
    expect(cli('tournaments', 'import', fastClassic, '--received', '2026-03-16').code).toBe(0)
    expect(timeControlCodes(2)).toEqual(Array(4).fill('check.timeControl.gameBelowMinimum'))
    const r = cli('tournaments', 'qc-approval', '2', '--reference', 'QC decision 2026/14', '--reason', 'letter of 12 February 2026')
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n')[0]).toBe('tournament 2: approved by the Qualification Commission (QC decision 2026/14)')
    expect(timeControlCodes(2)).toEqual(['check.timeControl.qcApproved'])
    expect(cli('tournaments', 'qc-approval', '2', '--remove', '--reason', 'wrong event').code).toBe(0)
    expect(timeControlCodes(2)).toHaveLength(4)
  })

  it('needs either a reference or --remove (exit 2)', () => {
    expect(cli('tournaments', 'qc-approval', '2', '--reason', 'xyz').code).toBe(2)
    expect(cli('tournaments', 'qc-approval', '2', '--reference', 'A', '--remove', '--reason', 'xyz').code).toBe(2)
  })
})
