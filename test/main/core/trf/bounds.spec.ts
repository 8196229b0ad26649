// A report's rounds bounded by what it supports (src/main/core/trf/bounds.ts): the declared rounds (XXR), the round
// dates (132) and the rounds two lines pair, plus LIMITS.trfRoundsTolerance. A line past it is a fatal, located finding
// and the import stores nothing; every real report of the fixtures passes.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { readReport, supportedRounds } from '../../../../src/main/core/trf/bounds'
import { importTrfFile } from '../../../../src/main/core/tournaments/import'
import { openDatabase } from '../../../../src/main/core/db/open'
import { LIMITS } from '../../../../src/main/core/limits'
import { roundBlockStart } from '../../../../src/main/core/trf/layout'
import { describeFinding } from '../../../../src/main/core/trf/describe'
import { UserError } from '../../../../src/main/core/util/errors'
import { tempDir } from '../../../helpers/temp-db'
import { writeByesTrf, writeTwoPlayerTrf } from '../../../reliability/hostile-files'
import { REAL_DIR, TRF_DIR, fixtureBytes, listFixtures } from './fixtures'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const read = (file: string) => readReport(readFileSync(file), 'hostile.trf')
const beyond = (file: string) => read(file).findings.filter((f) => f.code === 'trf.limits.roundsSupported')

describe('TRF rounds bounded by the header and the crosstable', () => {
  it('refuses a line of 150 byes in a report declaring 9 rounds, at the first block past 9 + 2, and imports nothing', () => {
    expect(LIMITS.trfRoundsTolerance).toBe(2)
    writeByesTrf(tmp.file('150.trf'), 150, 9)
    const found = beyond(tmp.file('150.trf'))
    expect(found).toHaveLength(1)
    const f = found[0]!
    // line 8 (seven header lines), the 12th round block: 9 declared + 2
    expect(f).toMatchObject({ fatal: true, found: '150', location: { file: 'hostile.trf', line: 8, column: roundBlockStart(12) + 1 } })
    expect(f.params).toMatchObject({ limit: 11, declared: 9, dated: 0, paired: 0, startRank: 1 })
    expect(describeFinding(f, 'en')).toBe(`Line 8, column ${roundBlockStart(12) + 1}: player 1’s line holds 150 rounds; the report supports 11 at most (declared rounds 9, round dates 0, rounds paired in the crosstable 0, and 2 more). The report is refused.`)
    expect(describeFinding(f, 'fr')).toBe(`Ligne 8, colonne ${roundBlockStart(12) + 1} : la ligne du joueur 1 contient 150 rondes ; le rapport en permet 11 au plus (rondes déclarées 9, dates de rondes 0, rondes appariées dans le tableau 0, et 2 de plus). Le rapport est refusé.`)
    const db = openDatabase(tmp.file('150.db'))
    expect(() => importTrfFile(db, readFileSync(tmp.file('150.trf')), '150.trf')).toThrow(UserError)
    expect(db.prepare('SELECT count(*) FROM tournaments').pluck().get()).toBe(0)
    expect(db.prepare('SELECT count(*) FROM tournament_games').pluck().get()).toBe(0)
    db.close()
  })

  it('takes a line up to the tolerance past the declared rounds, and refuses one more', () => {
    writeByesTrf(tmp.file('11.trf'), 11, 9)
    writeByesTrf(tmp.file('12.trf'), 12, 9)
    expect(beyond(tmp.file('11.trf'))).toEqual([])
    expect(beyond(tmp.file('12.trf')).map((f) => f.found)).toEqual(['12'])
  })

  it('without a declared round, bounds a line by the last round both lines pair: one line alone pairs nothing', () => {
    // rounds 1–5: Alpha and Beta name each other; rounds 6–30: Alpha names Beta, Beta's line is silent
    const games1 = '  0002 w 1'.repeat(30)
    const games2 = '  0001 b 0'.repeat(5)
    writeTwoPlayerTrf(tmp.file('paired.trf'), null, games1, games2)
    const parsed = read(tmp.file('paired.trf'))
    expect(supportedRounds(parsed)).toEqual({ declared: 0, dated: 0, paired: 5, bound: 7 })
    expect(beyond(tmp.file('paired.trf')).map((f) => [f.location.line, f.found])).toEqual([[7, '30']])
  })

  it('leaves a report that says nothing of its rounds to the reader’s cap per line', () => {
    writeByesTrf(tmp.file('silent.trf'), 150, null)
    expect(supportedRounds(read(tmp.file('silent.trf'))).bound).toBeNull()
    expect(beyond(tmp.file('silent.trf'))).toEqual([])
  })

  it('finds nothing to refuse in any real report of the fixtures', () => {
    const files = [...listFixtures(TRF_DIR).map((n) => [TRF_DIR, n] as const), ...listFixtures(REAL_DIR).map((n) => [REAL_DIR, n] as const)]
    expect(files.length).toBeGreaterThan(20)
    const refused = files.filter(([dir, n]) => readReport(fixtureBytes(dir, n), n).findings.some((f) => f.code === 'trf.limits.roundsSupported'))
    expect(refused).toEqual([])
  })
})
