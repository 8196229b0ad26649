// `rating-office tournaments import FILE… [--json]` and `tournaments export ID --format … --out FILE` as a user runs them.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { runCli } from '../../helpers/run-cli'
import { REAL_DIR, TRF_DIR } from '../../helpers/fixtures'
import { tempDir } from '../../helpers/temp-db'
import { readTrf } from '../../../src/main/core/trf/index'

const REAL = REAL_DIR
const TRF = TRF_DIR
const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('rating-office tournaments', () => {
  const db = tmp.file('cli.db')
  it('imports several files and prints each tournament id, counts and findings as JSON', () => {
    const r = runCli(['--db', db, '--json', 'tournaments', 'import', REAL + 'erral_fidetournament__tests__test_demo.trf', REAL + 'sklangen_TRF__tests__2021_03.trf'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { ok: boolean; tournamentId: number; outcome: string; players: number; rounds: number; findings: Record<string, number>; findingsList: { code: string }[] }[]
    expect(out.map((x) => [x.ok, x.tournamentId, x.outcome, x.players, x.rounds])).toEqual([[true, 1, 'imported', 137, 7], [true, 2, 'imported', 9, 9]])
    expect(out[0].findingsList.length).toBe(out[0].findings.error + out[0].findings.warning + out[0].findings.info)
  })

  it('says a file is already imported, in text', () => {
    const r = runCli(['--db', db, 'tournaments', 'import', REAL + 'sklangen_TRF__tests__2021_03.trf'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^sklangen_TRF__tests__2021_03\.trf: duplicate tournament 2 \(version 1\) “Juni Blitzschach 5 Plus 0” 2020-06-26 — 9 players, 9 rounds/m)
  })

  it('refuses a malformed file with its exact line and exits 1, importing the good ones', () => {
    const r = runCli(['--db', db, 'tournaments', 'import', TRF + 'py4swiss_too_many_results.trf', REAL + 'sanichi_icu_tournament__spec__samples__krause__valid.tab'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('py4swiss_too_many_results.trf: refused')
    expect(r.stdout).toContain('py4swiss_too_many_results.trf:2:140-149  Line 2: player 2 has a result in round 6, but the file declares 5 rounds.')
    expect(r.stdout).toMatch(/krause__valid\.tab: imported tournament 3 /)
    expect(r.stderr).toContain('1 of 2 file(s) refused')
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('exports TRF16 and TRF26 files that read back to the imported tournament', () => {
    for (const format of ['trf16', 'trf26']) {
      const out = tmp.file(`export.${format}`)
      const r = runCli(['--db', db, 'tournaments', 'export', '1', '--format', format, '--out', out])
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(`tournament 1 written as ${format.toUpperCase()}`)
      const back = readTrf(readFileSync(out), out)
      const original = readTrf(readFileSync(REAL + 'erral_fidetournament__tests__test_demo.trf'), 'x')
      expect(back.players).toEqual(original.players)
      expect(back.header.name).toBe('XXX Torneo San Viator - Memorial Pepe Domaica (B)')
    }
  })

  it('exits 2 on a bad format and 1 on an unknown tournament', () => {
    expect(runCli(['--db', db, 'tournaments', 'export', '1', '--format', 'pgn', '--out', tmp.file('x')]).code).toBe(2)
    const missing = runCli(['--db', db, 'tournaments', 'export', '99', '--format', 'trf16', '--out', tmp.file('y')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No tournament 99.')
  })
})
