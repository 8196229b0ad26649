// `rating-office lists calendar|generate|sheet|publish|entries|correct|replay` as scripts use them: JSON figures, readable
// text, and exit 1 with a clear message for no base list, a date off the calendar, nothing approved, publishing twice,
// publishing before the federation is named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { openDatabase } from '../../../src/main/core/db/open'
import { readFileSync } from 'node:fs'
import { runCli } from '../../helpers/run-cli'
import { pdfText } from '../../helpers/pdf-text'
import { tempDir } from '../../helpers/temp-db'
import { PLAYERS, importApproved, seedFideList, trf } from '../core/services/office-list-fixture'

// each case starts the real CLI a few times (tsx from source, seconds each on a busy machine)
const SLOW = 180_000
const tmp = tempDir()
const db = tmp.file('office.db')
const empty = tmp.file('empty.db')

beforeAll(async () => {
  const s = createServices({ dbPath: db, host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
  seedFideList(s, tmp.file('players_list_foa.txt'))
  await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  await s.close()
}, SLOW)
afterAll(() => tmp.cleanup())

describe('rating-office lists (office lists)', () => {
  it('shows the calendar of a year with its closing dates', () => {
    const r = runCli(['--db', db, '--json', 'lists', 'calendar', '--year', '2025'])
    expect(r.code, r.stderr).toBe(0)
    const rows = JSON.parse(r.stdout) as { listDate: string; closingDate: string; edition: string }[]
    expect(rows).toHaveLength(12)
    expect(rows.find((x) => x.listDate === '2025-11-01')).toEqual({ listDate: '2025-11-01', closingDate: '2025-10-29', edition: 'fide-2024' })
  }, SLOW)

  it('refuses a date off the calendar, and a database without a base list, with exit 1 and the reason', () => {
    const off = runCli(['--db', db, 'lists', 'generate', '--date', '2025-11-15'])
    expect(off.code).toBe(1)
    expect(off.stderr).toContain('15 November 2025 is not a list date of the calendar')
    const none = runCli(['--db', empty, 'lists', 'generate', '--date', '2025-11-01'])
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('No base list for the standard list of 1 November 2025')
  }, SLOW)

  it('generates, shows a sheet, publishes once, refuses the second publication, and generates the quiet month after it', async () => {
    const g = runCli(['--db', db, '--json', 'lists', 'generate', '--date', '2025-11-01', '--type', 'standard'])
    expect(g.code, g.stderr).toBe(0)
    const out = JSON.parse(g.stdout) as { listId: number; listDate: string; type: string; edition: string; players: number; rated: number; newlyRated: number; delisted: number; tournaments: { name: string; games: number }[] }
    expect(out).toMatchObject({ listDate: '2025-11-01', type: 'standard', edition: 'fide-2024', players: 9, rated: 9, newlyRated: 0, delisted: 0 })
    expect(out.tournaments.map((t) => [t.name, t.games])).toEqual([['Autumn Round Robin', 6]])

    const sheet = runCli(['--db', db, 'lists', 'sheet', String(out.listId), '--fide-id', String(PLAYERS.B.id)])
    expect(sheet.code, sheet.stderr).toBe(0)
    // B 1900: −.36 + .36 + .42 = .42 × 20 = 8.4 → +8
    expect(sheet.stdout).toContain('Bravo, Ben (FIDE 5000002) on list')
    expect(sheet.stdout).toContain('change 8.4 → +8; new rating 1908')
    // opponents by name with the date of their rating's list; 1900 − 2450 = −550 counts as −400 (2024 § 8.3.1)
    expect(sheet.stdout).toMatch(/r\d {2}Delta, Dan \(5000004\) {2}2450 \(list of 2025-10-01\) {2}0\.5 {2}D -400\* PD 0\.08/)
    expect(sheet.stdout).toContain('* D capped: a difference of more than 400 points counts as 400 (FIDE Rating Regulations 2024, § 8.3.1)')

    // the same sheet printed for the player, in French
    const file = tmp.file('fiche.pdf')
    const printed = runCli(['--db', db, 'lists', 'sheet', String(out.listId), '--fide-id', String(PLAYERS.B.id), '--pdf', file, '--lang', 'fr'])
    expect(printed.code, printed.stderr).toBe(0)
    expect(printed.stdout).toMatch(/^calculation sheet written to .*fiche\.pdf \(1 page\(s\), \d+ bytes\)/)
    const text = (await pdfText(readFileSync(file))).pages.join('\n')
    expect(text).toContain('Bravo, Ben · FIDE ID 5000002')
    expect(text).toContain('Delta, Dan (5000004)')
    expect(text).toContain('liste du 1er oct. 2025')
    expect(text).toContain('Σ K × ΣΔR = 8,40, arrondi à +8')
    expect(text).toContain('Nouveau classement 1908')
    const badLang = runCli(['--db', db, 'lists', 'sheet', String(out.listId), '--fide-id', String(PLAYERS.B.id), '--pdf', file, '--lang', 'de'])
    expect(badLang.code).toBe(2)
    expect(badLang.stderr).toContain('--lang is en or fr, got “de”')

    // the first publication names the federation that publishes: refused while the settings name none, with the options to give
    const unnamed = runCli(['--db', db, 'lists', 'publish', String(out.listId)])
    expect(unnamed.code).toBe(1)
    expect(unnamed.stderr).toContain('The federation that publishes this list is not named (name, code missing)')
    expect(unnamed.stderr).toContain('--federation-name "NAME" --federation-code XXX')
    const half = runCli(['--db', db, 'lists', 'publish', String(out.listId), '--federation-code', 'FRA'])
    expect(half.code).toBe(2)
    expect(half.stderr).toContain('give --federation-name and --federation-code together')
    const badCode = runCli(['--db', db, 'lists', 'publish', String(out.listId), '--federation-name', 'Fédération Française des Échecs', '--federation-code', 'FR1'])
    expect(badCode.code).toBe(1)
    expect(badCode.stderr).toContain('a federation code is needed as a three-letter code (found “FR1”)')
    const pub = runCli(['--db', db, '--json', 'lists', 'publish', String(out.listId), '--federation-name', 'Fédération Française des Échecs', '--federation-code', 'fra'])
    expect(pub.code, pub.stderr).toBe(0)
    expect(JSON.parse(pub.stdout)).toMatchObject({ listId: out.listId, entries: 9, tournaments: 1, publisher: { name: 'Fédération Française des Échecs', code: 'FRA' } })
    // saved to the settings, and the list shown as the federation's, computed under FIDE's rules (text and JSON)
    const shown = runCli(['--db', db, 'lists', 'show', '--kind', 'office'])
    expect(shown.stdout).toMatch(new RegExp(`^\\s*${out.listId}  2025-11-01  standard  office     FRA    published  v1 +9  Fédération Française des Échecs — Computed under the FIDE Rating Regulations 2024$`, 'm'))
    const json = JSON.parse(runCli(['--db', db, '--json', 'lists', 'show']).stdout) as { id: number; kind: string; publisher: unknown }[]
    expect(json.find((l) => l.id === out.listId)!.publisher).toEqual({
      origin: 'office',
      name: 'Fédération Française des Échecs',
      code: 'FRA',
      recorded: true,
      rules: { id: 'fide-2024', kind: 'fide', name: 'FIDE 2024 (with the 2024–2025 amendments)' }
    })
    // FIDE's download stays FIDE's
    expect(json.find((l) => l.kind === 'reference')!.publisher).toEqual({ origin: 'fide', name: 'FIDE', code: 'FIDE', recorded: true, rules: null })
    const twice = runCli(['--db', db, 'lists', 'publish', String(out.listId)])
    expect(twice.code).toBe(1)
    expect(twice.stderr).toContain('The list of 1 November 2025 is already published')

    const entries = runCli(['--db', db, '--json', 'lists', 'entries', String(out.listId), '--limit', '4'])
    expect((JSON.parse(entries.stdout) as { rows: { fideId: number; rating: number }[] }).rows.map((r) => [r.fideId, r.rating])).toEqual([
      [PLAYERS.D.id, 2437],
      [PLAYERS.A.id, 2000],
      [PLAYERS.B.id, 1908],
      // ties by player id, highest first
      [PLAYERS.F5.id, 1902]
    ])

    // no --date: the list after the last published; no tournament in its period: still generated, and said (issue 35)
    const dec = runCli(['--db', db, 'lists', 'generate'])
    expect(dec.code, dec.stderr).toBe(0)
    expect(dec.stdout).toContain('list date 2025-12-01: the list after the last published one')
    expect(dec.stdout).toContain('standard list of 2025-12-01 (closing 2025-11-28')
    expect(dec.stdout).toContain('no tournament in this period: the list carries the base list with its rules applied')

    const correct = runCli(['--db', db, 'lists', 'correct', String(out.listId)])
    expect(correct.code, correct.stderr).toBe(0)
    expect(correct.stdout).toContain(`correction of list ${out.listId}: 0 entries change`)
  }, SLOW * 2)

  // runs after the publication above
  it('replays the published history: exit 0 when every list is reproduced, exit 1 naming the list and the game when not', () => {
    const ok = runCli(['--db', db, 'lists', 'replay'])
    expect(ok.code, ok.stderr).toBe(0)
    expect(ok.stdout).toContain('every published list reproduced (1)')
    const d = openDatabase(db)
    const t = d.prepare("SELECT id FROM tournaments WHERE name = 'Autumn Round Robin'").pluck().get() as number
    d.prepare("UPDATE tournament_games SET code = '0' WHERE tournament_id = ? AND start_rank = 1 AND code = '1'").run(t)
    d.close()
    const bad = runCli(['--db', db, '--json', 'lists', 'replay', '--type', 'standard'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('the standard list of 2025-11-01')
    const r = JSON.parse(bad.stdout) as { ok: boolean; lists: { outcome: string }[]; firstDifference: { causes: { code: string; text: string }[] } }
    expect(r.ok).toBe(false)
    expect(r.lists.map((l) => l.outcome)).toEqual(['differs'])
    expect(r.firstDifference.causes.map((c) => c.code)).toEqual(['game-changed'])
    expect(r.firstDifference.causes[0]!.text).toContain('Autumn Round Robin')
  }, SLOW)
})
