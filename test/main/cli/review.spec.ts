// `rating-office tournaments check|approve|reject|decide|list|report` as a user runs them: codes printed, approval
// refused while an error is open (exit 1, the reason on stderr), overrides recorded, the PDF written.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { openDatabase } from '../../../src/main/core/db/open'
import { reportTrf, seedArbiter, seedList, type ReportPlayer } from '../../helpers/report-trf'
import { pdfText } from '../../helpers/pdf-text'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const db = tmp.file('cli.db')
openDatabase(db).close()
const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 71001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 71002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 71003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 71004, rating: 1900, sex: 'F' }
]
seedList(db, '2025-02-01', PLAYERS)
seedArbiter(db, 72001, 'Lapierre, Louis', null)
const file = tmp.file('open.trf')
writeFileSync(
  file,
  reportTrf({
    name: 'Open de Lyon',
    start: '2025-03-01',
    end: '2025-03-02',
    // four rounds on one day: more than 12 hours of play at 90′ + 30″ (2024 edition)
    roundDates: ['2025-03-01', '2025-03-01', '2025-03-01', '2025-03-01'],
    arbiters: [{ role: 'chief', name: 'Lapierre, Louis', fideId: 72001 }],
    players: [...PLAYERS, { name: 'Echo, Emil', fideId: 71005, rating: 1850 }, { name: 'Foxtrot, Fred', fideId: 71006, rating: 1700 }]
  })
)
const cli = (...args: string[]) => runCli(['--db', db, ...args])

describe('rating-office tournaments (review)', () => {
  let unlicensed = 0
  it('imports with a received date, checks, and prints the findings with their codes and ids', () => {
    expect(cli('tournaments', 'import', file, '--received', '2025-03-03').code).toBe(0)
    const r = cli('--json', 'tournaments', 'check', '1')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { status: string; inserted: number; findingsList: { id: number; code: string; source: string }[] }
    expect(out.status).toBe('checked')
    expect(out.inserted).toBe(0)
    const codes = out.findingsList.filter((f) => f.source === 'check').map((f) => f.code)
    expect(codes).toContain('check.arbiters.unlicensed')
    expect(codes).toContain('check.schedule.hoursPerDay')
    unlicensed = out.findingsList.find((f) => f.code === 'check.arbiters.unlicensed')!.id
    const text = cli('tournaments', 'check', '1')
    expect(text.stdout).toMatch(/^tournament 1: checked, rules fide-2024; \d+ error/m)
    expect(text.stdout).toContain(`#${unlicensed} error   Arbiter without a licence [check.arbiters.unlicensed]`)
  })

  it('refuses approval while errors are open: exit 1 and the reason', () => {
    const r = cli('tournaments', 'approve', '1', '--reason', 'all fine')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/Tournament 1 cannot be approved: \d+ errors? still open \(.*Arbiter without a licence/)
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('decides one finding, then approves overriding the other open errors with the reason', () => {
    const d = cli('tournaments', 'decide', String(unlicensed), 'override', '--reason', 'licence confirmed by phone')
    expect(d.code).toBe(0)
    expect(d.stdout.trim()).toBe(`finding #${unlicensed} (check.arbiters.unlicensed) of tournament 1: overridden`)
    const a = cli('--json', 'tournaments', 'approve', '1', '--reason', 'schedule agreed with the federation', '--override-errors')
    expect(a.code).toBe(0)
    expect(JSON.parse(a.stdout)).toMatchObject({ id: 1, status: 'approved' })
    // the check's two errors: the arbiter's licence, overridden above by its own decision, and the hours of play, the
    // one left open, overridden now
    expect(JSON.parse(a.stdout).overridden).toBe(1)
    const list = JSON.parse(cli('--json', 'tournaments', 'list', '--state', 'approved').stdout) as { total: number; rows: { id: number; listDate: string }[] }
    expect(list).toMatchObject({ total: 1, rows: [{ id: 1, listDate: '2025-04-01' }] })
    expect(JSON.parse(cli('--json', 'tournaments', 'list', '--state', 'checked').stdout).total).toBe(0)
  })

  it('writes the check report as a PDF, in French on request', async () => {
    const out = tmp.file('report.pdf')
    const r = cli('tournaments', 'report', '1', '--out', out, '--lang', 'fr')
    expect(r.code).toBe(0)
    // the page count printed is the PDF's (two now: each note says that no decision is awaited)
    const pages = /^check report of tournament 1 written to .*report\.pdf \((\d+) page\(s\), \d+ bytes\)/.exec(r.stdout)
    expect(pages).not.toBeNull()
    const read = await pdfText(readFileSync(out))
    expect(read.pages).toHaveLength(Number(pages![1]))
    const text = read.pages.join(' ').replace(/\s+/g, ' ')
    expect(text).toContain('Aucune décision attendue')
    expect(text).toContain('Rapport de contrôle')
    expect(text).toContain('Arbitre sans licence (1)')
    expect(text).toContain('Réglementation du classement de la FIDE 2024, arbitres licenciés')
    expect(text).toContain('licence confirmed by phone')
  })

  it('exits 1 with a clear message for an unknown id or a refused transition, 2 for bad usage', () => {
    expect(cli('tournaments', 'check', '99')).toMatchObject({ code: 1, stderr: 'rating-office: No tournament 99.\n' })
    expect(cli('tournaments', 'decide', '99999', 'accept', '--reason', 'xyz').code).toBe(1)
    expect(cli('tournaments', 'approve', '1', '--reason', 'again').stderr).toContain('already approved')
    expect(cli('tournaments', 'decide', '1', 'maybe', '--reason', 'xyz').code).toBe(2)
    expect(cli('tournaments', 'list', '--state', 'published').code).toBe(2)
    const rejected = cli('tournaments', 'reject', '1', '--reason', 'organiser withdrew')
    expect(rejected).toMatchObject({ code: 0, stdout: 'tournament 1: rejected\n' })
  })
})
