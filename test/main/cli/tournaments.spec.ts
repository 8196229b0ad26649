// `rating-office tournaments import FILE… [--json]` and `tournaments export ID --format … --out FILE` as a user runs them.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import Database from 'better-sqlite3'
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
    expect(r.stderr).toContain('1 of 2 file(s) not imported: 1 refused')
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('holds a file that would replace a stored tournament, with its changes and warnings, until --replace confirms it (issue 35)', () => {
    const fresh = tmp.file('replace.db')
    // two reports of the Gros open in one call: the 5-round one goes in, the 4-round one is set aside, not chained over it
    const both = runCli(['--db', fresh, 'tournaments', 'import', TRF + 'py4swiss_javafo_example.trf', TRF + 'echecsjs_javafo_sample2.trf'])
    expect(both.code).toBe(1)
    expect(both.stdout).toContain('py4swiss_javafo_example.trf: set aside — py4swiss_javafo_example.trf reports the same tournament as echecsjs_javafo_sample2.trf, a later report of this import (4 rounds, 5 in echecsjs_javafo_sample2.trf): set aside, not imported.')
    expect(both.stdout).toMatch(/^echecsjs_javafo_sample2\.trf: imported tournament 1 \(version 1\) “XX Open Internacional de Gros” 2010-09-24 — 52 players, 5 rounds/m)
    expect(both.stderr).toContain('1 of 2 file(s) not imported: 1 set aside for a later report of the same tournament')
    // alone, the 4-round report is held: shown, nothing stored. Its changes: round 5 (blank, “0000 - -”, in the 5-round
    // file) is gone for the 52 players; the titles of players 1–3 (GM, IM, FM) are not in it; player 43 has 0.5, not 1
    const held = runCli(['--db', fresh, 'tournaments', 'import', TRF + 'py4swiss_javafo_example.trf'])
    expect(held.code).toBe(1)
    expect(held.stdout).toBe(
      [
        'py4swiss_javafo_example.trf: held — would replace tournament 1 (version 1); nothing imported',
        '  changes: rounds 5 → 4, players 52 → 52, games 93 → 93; 52 round entries changed (result, opponent or colour), 0 players added, 0 removed, 4 player fields and 0 header fields changed',
        '  take care: fewer rounds: 4 instead of 5',
        ''
      ].join('\n')
    )
    expect(held.stderr).toContain('1 of 1 file(s) not imported: 1 held for confirmation (run again with --replace to replace)')
    const confirmed = runCli(['--db', fresh, 'tournaments', 'import', TRF + 'py4swiss_javafo_example.trf', '--replace'])
    expect(confirmed.code).toBe(0)
    expect(confirmed.stdout).toMatch(/^py4swiss_javafo_example\.trf: replaced tournament 1 \(version 2\) “XX Open Internacional de Gros” 2010-09-24 — 52 players, 4 rounds/m)
    expect(confirmed.stdout).toContain('  take care: fewer rounds: 4 instead of 5')
  })

  it('takes a received date per file (FILE=DATE, repeatable) beside the one for every file, and refuses a bad one with exit 2', () => {
    const fresh = tmp.file('received.db')
    const r = runCli(['--db', fresh, 'tournaments', 'import', REAL + 'erral_fidetournament__tests__test_demo.trf', REAL + 'sklangen_TRF__tests__2021_03.trf', '--received', '2021-07-01', '--received', 'erral_fidetournament__tests__test_demo.trf=2018-06-12'])
    expect(r.code).toBe(0)
    const d = new Database(fresh, { readonly: true })
    try {
      expect(d.prepare('SELECT name, received_date AS received FROM tournaments ORDER BY id').all()).toEqual([
        { name: 'XXX Torneo San Viator - Memorial Pepe Domaica (B)', received: '2018-06-12' },
        { name: 'Juni Blitzschach 5 Plus 0', received: '2021-07-01' }
      ])
    } finally {
      d.close()
    }
    const bad = runCli(['--db', fresh, 'tournaments', 'import', REAL + 'sklangen_TRF__tests__2021_03.trf', '--received', 'other.trf=2021-07-01'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--received names “other.trf”, which is not one of the files to import')
    const badDate = runCli(['--db', fresh, 'tournaments', 'import', REAL + 'sklangen_TRF__tests__2021_03.trf', '--received', '2021-13-45'])
    expect(badDate.code).toBe(2)
    expect(badDate.stderr).toContain('--received expects a date as YYYY-MM-DD or FILE=YYYY-MM-DD, got “2021-13-45”')
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
