// The forensic reader on every shared fixture: facts of the real files, located errors of the malformed ones.
import { describe, expect, it } from 'vitest'
import { describeFinding, playerLine, readTrf } from '../../../../src/main/core/trf/index'
import { isRulerLine } from '../../../../src/main/core/trf/reader'
import type { RoundEntry, TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { REAL_DIR, TRF_DIR, listFixtures, readFixture } from './fixtures'

/** Facts of the real files (origins in test/fixtures/SOURCES.md): players, rounds with data, encoding, line ends, 013 teams, 112 lines. */
const REAL: [string, number, number, string, string, number, number][] = [
  ['GrzegorzKi_CompetiChess__test__backend__testLargeFile.trf', 112, 20, 'ascii', 'LF', 0, 0],
  ['GrzegorzKi_CompetiChess__test__backend__testTrfFile.txt', 52, 5, 'ascii', 'LF', 0, 0],
  ['Lichess4545_heltour__heltour__tournament__seeders__championship2025_seeder.py__TRF16_DATA@df9bfb45.trf', 163, 4, 'utf-8', 'LF', 8, 2],
  ['Lichess4545_heltour__heltour__tournament__seeders__trf16_seeder.py__TRF16_DATA@c6befe55.trf', 129, 7, 'utf-8', 'LF', 15, 2],
  ['Sharly-Chess_sharly-chess__tests__trf__example_trf26.trf', 249, 14, 'ascii', 'LF', 50, 2],
  ['alcarazzam_chessament__autotests__data__tournament_1.txt', 88, 9, 'ascii', 'CRLF', 0, 1],
  ['erral_fidetournament__tests__test_demo.trf', 137, 7, 'ascii', 'LF', 0, 0],
  ['sanichi_icu_ratings_app__spec__files__bunratty_masters_2011.tab', 40, 6, 'ascii', 'CRLF', 0, 0],
  ['sanichi_icu_ratings_app__spec__files__galway_major_2011.tab', 59, 6, 'ascii', 'LF', 0, 1],
  ['sanichi_icu_ratings_app__spec__files__kilkenny_masters_2011.tab', 34, 6, 'ascii', 'LF', 0, 0],
  ['sanichi_icu_tournament__spec__samples__krause__armstrong_2011.tab', 160, 11, 'ascii', 'LF', 12, 0],
  ['sanichi_icu_tournament__spec__samples__krause__armstrong_2012_with_bom.tab', 2, 1, 'utf-8-bom', 'LF', 0, 0],
  ['sanichi_icu_tournament__spec__samples__krause__bunratty_challengers_2011.tab', 63, 6, 'ascii', 'CRLF', 0, 0],
  ['sanichi_icu_tournament__spec__samples__krause__bunratty_major_2011.tab', 56, 6, 'ascii', 'CRLF', 0, 0],
  ['sanichi_icu_tournament__spec__samples__krause__bunratty_masters_2011.tab', 34, 6, 'ascii', 'CRLF', 0, 0],
  ['sanichi_icu_tournament__spec__samples__krause__bunratty_minor_2011.tab', 103, 6, 'ascii', 'CRLF', 0, 0],
  ['sanichi_icu_tournament__spec__samples__krause__irish_intermediate_champs_2011.tab', 21, 5, 'iso-8859-1', 'CRLF', 0, 1],
  ['sanichi_icu_tournament__spec__samples__krause__irish_junior_champs_2011.tab', 34, 5, 'iso-8859-1', 'CRLF', 0, 1],
  ['sanichi_icu_tournament__spec__samples__krause__valid.tab', 12, 5, 'ascii', 'LF', 0, 0],
  ['sklangen_TRF__tests__2020_06.trf', 13, 10, 'ascii', 'LF', 0, 0],
  ['sklangen_TRF__tests__2021_03.trf', 9, 9, 'ascii', 'LF', 0, 0],
  ['sklangen_TRF__tests__example1.trf', 284, 7, 'ascii', 'LF', 0, 1]
]

describe('readTrf on the 22 real files', () => {
  it('covers every file of trf-real', () => {
    expect(REAL.map((r) => r[0]).sort()).toEqual(listFixtures(REAL_DIR))
  })
  it.each(REAL)('%s: facts of REAL-SOURCES.md, no fatal error', (file, players, rounds, encoding, eol, teams013, deputies) => {
    const t = readFixture(REAL_DIR, file)
    expect(t.players).toHaveLength(players)
    expect(t.roundsInData).toBe(rounds)
    expect(t.encoding).toBe(encoding)
    expect(t.lineEnding).toBe(eol)
    expect(t.teams.filter((x) => x.record === '013')).toHaveLength(teams013)
    expect(t.header.arbiters.filter((a) => a.role === 'deputy')).toHaveLength(deputies)
    expect(t.findings.filter((f) => f.fatal).map((f) => describeFinding(f))).toEqual([])
    for (const p of t.players) expect(p.rounds).toHaveLength(rounds)
  })

  it('reads the FIDE TRF16 example (example1): header, a player line, dialect repairs reported', () => {
    const t = readFixture(REAL_DIR, 'sklangen_TRF__tests__example1.trf')
    expect(t.header.name).toBe('9. Karl-Mala-Gedenkturnier')
    expect(t.header.city).toBe('Frankfurt (Main) /GER')
    expect(t.header.startDate).toBe('2005-07-28')
    expect(t.header.endDate).toBe('2005-07-31')
    expect(t.header.ratingType).toBe('standard')
    expect(t.system).toBe('swiss')
    const p1 = t.players[0]
    expect(p1).toMatchObject({ startRank: 1, name: 'Vasquez,Rodrigo', title: 'GM', federation: 'CHI', fideId: '3400042', birth: '1969-12-06', rating: 2558, points: 6, rank: 4 })
    expect(p1.rounds[0]).toEqual({ round: 1, opponent: 141, color: 'w', code: '1' })
    // 138 players without rating (REAL-SOURCES.md)
    expect(t.players.filter((p) => p.rating === null)).toHaveLength(138)
    const forfeits = t.players.flatMap((p) => p.rounds).filter((r) => r.code === '+' || r.code === '-')
    expect(forfeits).toHaveLength(22)
    const titles = t.findings.find((f) => f.code === 'trf.repair.titleLetters')!
    expect(titles.level).toBe('info')
    expect(titles.location.line).toBe(14)
    expect(titles.found).toBe('g')
    expect(titles.expected).toBe('GM')
    expect(t.findings.find((f) => f.code === 'trf.repair.birthDate')?.found).toBe('1969.12.06')
  })

  it('reads arbiters with FIDE IDs and the Spanish demo file facts (erral)', () => {
    const t = readFixture(REAL_DIR, 'erral_fidetournament__tests__test_demo.trf')
    expect(t.header).toMatchObject({ city: 'Madrid', startDate: '2018-04-08', endDate: '2018-06-10' })
    expect(t.header.arbiters[0]).toMatchObject({ role: 'chief', fideId: '2216434' })
    expect(t.header.roundDates).toEqual(['2018-04-08', '2018-04-15', '2018-04-22', '2018-05-06', '2018-05-13', '2018-05-20', '2018-05-27'])
    // 137 players, 20 unrated; result codes '+-01=FHUZ'; 30 forfeit entries; 137 '0000' entries
    expect(t.players.filter((p) => p.rating === null)).toHaveLength(20)
    const all = t.players.flatMap((p) => p.rounds)
    expect(new Set(all.map((r) => r.code))).toEqual(new Set(['+', '-', '0', '1', '=', 'F', 'H', 'U', 'Z']))
    expect(all.filter((r) => r.code === '+' || r.code === '-')).toHaveLength(30)
  })

  it('locates header cross-checks on their record: round dates of 132 outside the tournament, 062 player count', () => {
    const g = readFixture(REAL_DIR, 'sanichi_icu_ratings_app__spec__files__galway_major_2011.tab')
    const outside = g.findings.filter((f) => f.code === 'trf.check.roundDatesOutside')
    expect(outside.map((f) => [f.found, f.location.line, f.location.column, f.location.endColumn])).toEqual([
      ['2001-09-30', 13, 92, 99], ['2001-10-01', 13, 102, 109], ['2001-10-01', 13, 112, 119], ['2001-10-01', 13, 122, 129], ['2001-10-01', 13, 132, 139], ['2001-10-02', 13, 142, 149]
    ])
    const b = readFixture(REAL_DIR, 'sanichi_icu_ratings_app__spec__files__bunratty_masters_2011.tab')
    const count = b.findings.find((f) => f.code === 'trf.check.playerCount')!
    expect(count).toMatchObject({ found: '34', expected: '40', location: { line: 6 } })
  })

  it('reads the JaVaFo sample arbiter: title, name and FIDE ID', () => {
    const t = readFixture(TRF_DIR, 'echecsjs_javafo_sample2.trf')
    expect(t.header.arbiters).toEqual([{ role: 'chief', title: 'IA', name: 'Mikel Larreategi Arana', fideId: '22232540' }])
    expect(t.header.declaredRounds).toBe(9)
  })

  it('decodes the Latin-1 Irish files with their accents, and the Greek UTF-8 header', () => {
    const t = readFixture(REAL_DIR, 'sanichi_icu_tournament__spec__samples__krause__irish_intermediate_champs_2011.tab')
    const accented = t.players.map((p) => p.name).filter((n) => /[^\x20-\x7e]/.test(n))
    // one name of the file's 21 is written with accents (line 34, Latin-1 bytes)
    expect(accented).toEqual(['Morgan, Mícheál'])
    for (const n of accented) expect(n).toMatch(/^[\p{L} ,.'-]+$/u)
    const junior = readFixture(REAL_DIR, 'sanichi_icu_tournament__spec__samples__krause__irish_junior_champs_2011.tab')
    expect(junior.players.map((p) => p.name)).toEqual(expect.arrayContaining(['Morgan, Mícheál', 'Ó Muireagáin, Colm', 'Ní Mhuireagáin, Eibhia', 'McBride, Seán Patrick']))
    // four Irish names agree on Latin-1: no doubt left about the table
    expect(junior.findings.some((f) => f.code === 'trf.encoding.ambiguous')).toBe(false)
    const g = readFixture(REAL_DIR, 'Lichess4545_heltour__heltour__tournament__seeders__trf16_seeder.py__TRF16_DATA@c6befe55.trf')
    expect(g.header.name).toBe('ΔΙΑΣΥΛΛΟΓΙΚΟ ΚΥΠΕΛΛΟ ΚΡΗΤΙΚΗΣ ΦΙΛΙΑΣ 2024')
    expect(g.header.city).toBe('Heraklion')
  })

  it('skips the column rulers of a Krause file with a note: the ruler “0123456789…” never becomes the name (issue 35)', () => {
    const t = readFixture(REAL_DIR, 'sanichi_icu_tournament__spec__samples__krause__armstrong_2011.tab')
    // line 29 starts with 012, the record of the name: read as one, the name was “45678901234…”
    expect(t.header.name).toBe('Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011')
    const rulers = t.findings.filter((f) => f.code === 'trf.line.ruler')
    expect(rulers.map((f) => [f.level, f.location.line])).toEqual([['info', 28], ['info', 29]])
    expect(describeFinding(rulers[1]!)).toBe('Line 29: a column ruler (“01234567890123456789…”), not a record: skipped.')
    expect(describeFinding(rulers[1]!, 'fr')).toBe('Ligne 29 : une règle de colonnes (« 01234567890123456789… »), pas un enregistrement : ignorée.')
    expect(t.findings.some((f) => f.code === 'trf.line.unknown')).toBe(false)
    expect(t.kept.filter((k) => k.kind === 'ruler').map((k) => k.line)).toEqual([28, 29])
    // the tens above a ruler, and a line of digits that does not count up, are told apart
    expect(isRulerLine('         1         2         3')).toBe(true)
    expect(isRulerLine('1234567890123456789012345')).toBe(true)
    expect(isRulerLine('0123456789012345678X')).toBe(false)
    expect(isRulerLine('1234567890123456789912345')).toBe(false)
    expect(isRulerLine('012 Open 2024')).toBe(false)
  })

  it('reads the official TRF26 sample: 142 rounds, 192 code, 310 teams, 240 byes, unknown ruler lines kept', () => {
    const t = readFixture(REAL_DIR, 'Sharly-Chess_sharly-chess__tests__trf__example_trf26.trf')
    expect(t.format).toBe('TRF26')
    expect(t.header.declaredRounds).toBe(14)
    expect(t.header.codedType).toBe('FIDE_TEAM_BAKU')
    expect(t.header.initialColour).toBe('w')
    expect(t.header.encodedTimeControl).toBe('40/6000+30:900+30')
    expect(t.teams.filter((x) => x.record === '310')).toHaveLength(50)
    expect(t.byes.length).toBe(18)
    expect(t.byes[0]).toEqual({ kind: 'F', round: 1, players: [3], line: expect.any(Number) })
    const unknown = t.findings.filter((f) => f.code === 'trf.line.unknown')
    // the three column templates of the sample (the AAA line, and the III line twice) are no records
    expect(unknown.map((f) => f.location.line)).toEqual([359, 596, 647])
    expect(t.kept.filter((k) => k.kind === 'unknown')).toHaveLength(unknown.length)
    expect(t.nationalRatings.some((n) => n.federation === 'FRA' && n.startRank === 14 && n.rating === 2700)).toBe(true)
  })
})

describe('readTrf on the deliberately malformed fixtures', () => {
  const fatal = (file: string) => readFixture(TRF_DIR, file).findings.filter((f) => f.fatal)

  it('a player line numbered 101 is named with its line and column', () => {
    const [f] = fatal('py4swiss_invalid_code.trf')
    expect(f).toMatchObject({ code: 'trf.record.misnumbered', found: '101', expected: '001 (a player line)' })
    expect(f.location).toEqual({ file: 'py4swiss_invalid_code.trf', line: 7, column: 1, endColumn: 3 })
  })
  it('a gap in start numbers names the line of player 8', () => {
    const [f] = fatal('py4swiss_missing_starting_number.trf')
    expect(f).toMatchObject({ code: 'trf.player.startRankGap', found: '8', expected: '7' })
    expect(f.location.line).toBe(7)
    expect(describeFinding(f)).toBe('Line 7: start number 8 found where 7 was expected; start numbers must run from 1 to 7.')
  })
  it('results beyond XXR 5 name both lines and the block columns', () => {
    const fs = fatal('py4swiss_too_many_results.trf')
    expect(fs.map((f) => [f.code, f.location.line, f.location.column, f.location.endColumn])).toEqual([
      ['trf.round.beyondDeclared', 2, 140, 149],
      ['trf.round.beyondDeclared', 7, 140, 149]
    ])
  })
  it('a missing result is an asymmetric pairing in round 5 between players 2 and 3', () => {
    const [f] = fatal('py4swiss_missing_result.trf')
    expect(f.code).toBe('trf.round.asymmetric')
    expect(f.group).toBe('round 5')
    expect(f.params).toMatchObject({ round: 5, a: 2, b: 3, line: 2, otherLine: 3 })
    // what each player says, in the message's language (no English words in the French message)
    expect(describeFinding(f, 'fr')).toMatch(/^Ronde 5 : le joueur 2 dit avoir joué 3 avec les (blancs|noirs), 3 n’a pas de partie \(code « . »\) \(lignes 2 et 3\)\.$/)
    expect(describeFinding(f)).toMatch(/^Round 5: player 2 says he played 3 with (white|black), 3 had no game \(code '.'\) \(lines 2 and 3\)\.$/)
  })
  it('both players claiming the win is an incompatible result, grouped by round', () => {
    const [f] = fatal('py4swiss_incompatible_result.trf')
    expect(f.code).toBe('trf.round.incompatibleResult')
    expect(describeFinding(f)).toBe('Round 5: player 2 has “1” against 3, who has “1” (lines 2 and 3).')
    expect(describeFinding(f, 'fr')).toBe('Ronde 5 : le joueur 2 a « 1 » contre 3, qui a « 1 » (lignes 2 et 3).')
  })
  it('a wrong points column is a stored (not fatal) error on the player line', () => {
    const t = readFixture(TRF_DIR, 'py4swiss_incorrect_points.trf')
    expect(t.findings.filter((f) => f.fatal)).toEqual([])
    const f = t.findings.find((x) => x.code === 'trf.check.points')!
    expect(f).toMatchObject({ level: 'error', found: '4.0', expected: '3.0' })
    expect(f.location).toMatchObject({ line: 2, column: 81, endColumn: 84 })
    expect(describeFinding(f)).toBe('Line 2: player 2 has 4.0 points in the file but 3.0 from his results.')
  })
  it('the well-formed trf/ fixtures read without fatal errors', () => {
    for (const file of listFixtures(TRF_DIR).filter((f) => !/invalid_code|missing_starting|too_many|missing_result|incompatible/.test(f))) {
      expect(fatal(file).map((f) => `${file}: ${describeFinding(f)}`)).toEqual([])
    }
  })
})

describe('readTrf dialects, built by hand', () => {
  const base = (sr: number, name: string, points: number, rounds: RoundEntry[]): TournamentPlayer => ({
    startRank: sr, fideId: String(1000000 + sr), name, sex: 'M', title: null, federation: 'FRA', birth: '1990-01-01', rating: 2000, points, rank: sr, rounds
  })
  it('repairs a decimal comma, an empty rank, two-digit-year header dates, and reports each once', () => {
    const w: string[] = []
    const l1 = playerLine(base(1, 'Alpha, Ann', 1, [{ round: 1, opponent: 2, color: 'w', code: '1' }]), w)
    const l2 = playerLine({ ...base(2, 'Beta, Bob', 0, [{ round: 1, opponent: 1, color: 'b', code: '0' }]), birth: '1991' }, w)
    // a decimal comma in the points column (81-84) and nothing in the rank column (86-89)
    const dialect = (l: string) => l.slice(0, 80) + l.slice(80, 84).replace('.', ',') + ' ' + '    ' + l.slice(89)
    const text = ['012 Dialects', '042 10.09.13', '052 11.03.13', dialect(l1), dialect(l2)].join('\r\n')
    const t = readTrf(new TextEncoder().encode(text), 'dialects.trf')
    expect(t.players.map((p) => [p.points, p.rank, p.birth])).toEqual([[1, null, '1990-01-01'], [0, null, '1991']])
    expect(t.header.startDate).toBe('2010-09-13')
    expect(t.header.endDate).toBe('2011-03-13')
    const comma = t.findings.find((f) => f.code === 'trf.repair.decimalComma')!
    expect(comma.params).toMatchObject({ count: 2, lines: '4, 5' })
    expect(comma.location).toMatchObject({ line: 4, column: 81, endColumn: 84 })
    expect(t.findings.filter((f) => f.code === 'trf.repair.emptyRank')).toHaveLength(1)
    expect(t.findings.some((f) => f.fatal)).toBe(false)
  })
  it('groups a colour clash: "player 1 says he played 2 with white, 2 says he played 1 with white"', () => {
    const w: string[] = []
    const text = [playerLine(base(1, 'A', 1, [{ round: 1, opponent: 2, color: 'w', code: '1' }]), w), playerLine(base(2, 'B', 0, [{ round: 1, opponent: 1, color: 'w', code: '0' }]), w)].join('\n')
    const t = readTrf(new TextEncoder().encode(text), 'clash.trf')
    const f = t.findings.find((x) => x.code === 'trf.round.colourClash')!
    expect(f.fatal).toBe(true)
    expect(describeFinding(f)).toBe('Round 1: player 1 says he played 2 with white, 2 says he played 1 with white (lines 1 and 2).')
    expect(describeFinding(f, 'fr')).toBe('Ronde 1 : le joueur 1 dit avoir joué 2 avec les blancs, 2 dit avoir joué 1 avec les blancs (lignes 1 et 2).')
  })
  it('a points column that counts U byes as 0 (lichess) is read as that dialect and reported once', () => {
    const w: string[] = []
    const lines = [
      playerLine(base(1, 'A', 1, [{ round: 1, opponent: 2, color: 'w', code: '1' }, { round: 2, opponent: null, color: null, code: 'U' }]), w),
      playerLine(base(2, 'B', 0, [{ round: 1, opponent: 1, color: 'b', code: '0' }, { round: 2, opponent: 3, color: 'w', code: '0' }]), w),
      playerLine(base(3, 'C', 1, [{ round: 1, opponent: null, color: null, code: 'U' }, { round: 2, opponent: 2, color: 'b', code: '1' }]), w)
    ]
    const t = readTrf(new TextEncoder().encode(lines.join('\n')), 'lichess.trf')
    expect(t.findings.filter((f) => f.code === 'trf.check.points')).toEqual([])
    const r = t.findings.find((f) => f.code === 'trf.repair.byeScoring')!
    expect(r.expected).toBe('U=0')
    expect(t.scoring.pairingBye).toBe(0)
  })
  it('never throws on bytes that are not a TRF file', () => {
    const t = readTrf(new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x0a, 0x80, 0x81]), 'garbage.bin')
    expect(t.players).toEqual([])
    expect(t.findings.some((f) => f.fatal && f.code === 'trf.file.noPlayers')).toBe(true)
  })
})
