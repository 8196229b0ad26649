// `rating-office players ...`: import-list with progress and located errors, search --json, merge with a reason; exit codes.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { writeSyntheticCombinedList } from '../../helpers/synthetic-list'
import { LISTS_DIR } from '../../helpers/fixtures'

const fixture = (name: string): string => LISTS_DIR + name
const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('rating-office players', () => {
  const db = tmp.file('cli-players.db')

  it('imports a combined list in the worker and reports what it stored', () => {
    const r = runCli(['--db', db, 'players', 'import-list', fixture('players_list_foa.txt'), '--date', '2025-11-01'])
    expect(r.stderr).toMatch(/registry:importList: \d+\/\d+/)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^imported 10 players from .*players_list_foa\.txt \(txt-combined, utf-8\)$/m)
    expect(r.stdout).toMatch(/standard +7 entries/)
    expect(r.stdout).toMatch(/line 10, column 85: title “XM”/)
  })

  it('searches with --json, accents optional', () => {
    const r = runCli(['--db', db, '--json', 'players', 'search', 'muller'])
    expect(r.code).toBe(0)
    const page = JSON.parse(r.stdout) as { total: number; rows: { fideId: number; surname: string; ratings: { standard: { rating: number } } }[] }
    expect(page.total).toBe(1)
    expect(page.rows[0]).toMatchObject({ fideId: 4600010, surname: 'Müller', ratings: { standard: { rating: 2105 } } })
  })

  it('merges two players with a reason and exits 1 with the message on a second try', () => {
    const ids = (JSON.parse(runCli(['--db', db, '--json', 'players', 'search', 'cronin']).stdout) as { rows: { id: number }[] }).rows.map((r) => r.id)
    const other = (JSON.parse(runCli(['--db', db, '--json', 'players', 'search', 'lenz']).stdout) as { rows: { id: number }[] }).rows[0]!.id
    const r = runCli(['--db', db, 'players', 'merge', String(ids[0]), String(other), '--reason', 'test merge of two records'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(new RegExp(`player ${other} merged into ${ids[0]}`))
    const again = runCli(['--db', db, 'players', 'merge', String(ids[0]), String(other), '--reason', 'again'])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already merged/)
  })

  it('says a reason too short in the product’s words, not the schema’s (issue 35)', () => {
    const r = runCli(['--db', db, 'players', 'merge', '1', '2', '--reason', 'ab'])
    expect(r.code).toBe(1)
    expect(r.stderr.trim()).toBe('rating-office: Invalid input for players:merge: a reason of at least 3 characters is needed')
  })

  it('says how many IDs a list gives twice and on which lines, the first line of each kept (the FIDE XML of issue 35)', () => {
    const r = runCli(['--db', tmp.file('dups.db'), 'players', 'import-list', fixture('sanichi_icu_ratings_app__spec__files__fide_player_file_duplicates.xml'), '--date', '2011-07-01'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('imported 12 players from ')
    expect(r.stdout).toContain('(xml, utf-8): 14 records, 2 of them an ID already given (the first line of each ID is kept, the later skipped)')
    expect(r.stdout).toContain(['  2 duplicate ID(s):', '    ID 2500370 on line 56, already on line 47: line 56 skipped', '    ID 2500035 on line 74, already on line 65: line 74 skipped'].join('\n'))
    expect(r.stdout).not.toContain('warning(s)')
  })

  it('imports a national list from the command line: the suggested mapping, --map over it, --preview, duplicates said alike', () => {
    const natDb = tmp.file('national.db')
    const preview = runCli(['--db', natDb, 'players', 'import-national', fixture('national_list.csv'), '--date', '2025-10-01', '--type', 'standard', '--source', 'FRA', '--map', 'birth=', '--preview'])
    expect(preview.code).toBe(0)
    expect(preview.stdout).toContain('national_list.csv: 3 rows; columns: Licence, FIDE ID, Nom, Prénom, Fed, Sexe, Naissance, Elo')
    expect(preview.stdout).toContain('    nationalId ← Licence\n    fideId     ← FIDE ID\n    surname    ← Nom')
    // birth unmapped by --map birth=
    expect(preview.stdout).not.toContain('birth      ←')
    expect(runCli(['--db', natDb, '--json', 'players', 'search', 'dupont']).stdout).toContain('"total": 0')
    // the same licence on two rows (lines 3 and 5, the header on line 1): the first row stands, as in FIDE's lists
    const csv = tmp.file('national-dups.csv')
    writeFileSync(csv, readFileSync(fixture('national_list.csv'), 'utf8') + 'F-1002;;Dupont;Zoé;FRA;F;2012-05-17;1450\n')
    const r = runCli(['--db', natDb, 'players', 'import-national', csv, '--date', '2025-10-01', '--type', 'standard', '--source', 'FRA'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('imported 3 players from ')
    expect(r.stdout).toContain('(national, n/a): 4 records, 1 of them an ID already given')
    expect(r.stdout).toContain('    ID F-1002 on line 5, already on line 3: line 5 skipped')
    const found = JSON.parse(runCli(['--db', natDb, '--json', 'players', 'search', 'dupont']).stdout) as { rows: { nationalId: string | null }[] }
    expect(found.rows.map((x) => x.nationalId)).toEqual(['F-1002'])
    const badMap = runCli(['--db', natDb, 'players', 'import-national', csv, '--date', '2025-10-01', '--type', 'standard', '--source', 'FRA', '--map', 'rating=Classement'])
    expect(badMap.code).toBe(2)
    expect(badMap.stderr).toContain('--map rating: the file has no column “Classement” (columns: Licence, FIDE ID, Nom, Prénom, Fed, Sexe, Naissance, Elo)')
    expect(runCli(['--db', natDb, 'players', 'import-national', csv, '--date', '2025-10-01', '--type', 'standard', '--source', 'fr']).code).toBe(2)
  })

  it('refuses a bad file with its place and exit code 1, and bad usage with 2', () => {
    const bad = runCli(['--db', tmp.file('bad.db'), 'players', 'import-list', fixture('bad_players_list.txt'), '--date', '2025-11-01'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/bad_players_list\.txt, line 3, column 114: standard rating “2X00”/)
    expect(runCli(['--db', db, 'players', 'import-list', fixture('bad_players_list.txt')]).code).toBe(2)
    expect(runCli(['--db', db, 'players', 'import-list', fixture('bad_players_list.txt'), '--date', '1 Nov']).code).toBe(2)
    expect(runCli(['--db', db, 'players', 'merge', 'x', '2', '--reason', 'abc']).code).toBe(2)
  })

  it('stores all of a big first load (read beside the writer inside the job), indexes rebuilt', () => {
    // 40,000 lines (about 6 MB): over the size from which a first load is read beside the writer.
    const list = writeSyntheticCombinedList(tmp.file('players_list_foa.txt'), 40000, { seed: 11 })
    const big = tmp.file('cli-big.db')
    const r = runCli(['--db', big, '--json', 'players', 'import-list', list, '--date', '2025-11-01'])
    expect(r.code).toBe(0)
    const res = JSON.parse(r.stdout) as { records: number; players: { inserted: number }; lists: { ratingType: string; entries: number }[] }
    expect(res.records).toBe(40000)
    expect(res.players.inserted).toBe(40000)
    const total = res.lists.reduce((s, l) => s + l.entries, 0)
    expect(total).toBeGreaterThan(30000)
    const found = JSON.parse(runCli(['--db', big, '--json', 'players', 'search', '100777']).stdout) as { rows: { fideId: number }[] }
    expect(found.rows.map((p) => p.fideId)).toEqual([100777])
  })
})
