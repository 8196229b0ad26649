// A tournament report past the limits (issue 38, src/main/core/limits.ts): refused as a whole, located, before the work
// grows with the file (a player line of 200,000 byes, a 10 MB tournament name, a file over the size limit).
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { readTrf } from '../../../../src/main/core/trf/reader'
import { importTrfFile } from '../../../../src/main/core/tournaments/import'
import { openDatabase } from '../../../../src/main/core/db/open'
import { LIMITS } from '../../../../src/main/core/limits'
import { roundBlockStart } from '../../../../src/main/core/trf/layout'
import { UserError } from '../../../../src/main/core/util/errors'
import { translateError } from '../../../../src/shared/errors/index'
import { tempDir } from '../../../helpers/temp-db'
import { writeByesTrf } from '../../../reliability/hostile-files'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const fatal = (bytes: Uint8Array) => readTrf(bytes, 'hostile.trf').findings.filter((f) => f.fatal)

describe('TRF limits', () => {
  it('refuses a player line of 200,000 byes at the first round block past the limit, and imports nothing', () => {
    writeByesTrf(tmp.file('byes.trf'), 200_000)
    const bytes = readFileSync(tmp.file('byes.trf'))
    expect(bytes.length).toBeGreaterThan(2_000_000)
    const found = fatal(bytes)
    expect(found.map((f) => f.code)).toEqual(['trf.limits.rounds'])
    // line 8 (after 7 header lines), the column after the 200th round block
    expect(found[0]!.location).toMatchObject({ line: 8, column: roundBlockStart(LIMITS.trfRounds + 1) + 1 })
    expect(found[0]!.found).toBe('200000')
    expect(translateError(found[0]!.code, { ...found[0]!.params, column: found[0]!.location.column, found: found[0]!.found }, 'en')).toBe(`Line 8, column ${roundBlockStart(201) + 1}: this player line holds 200000 rounds; a report is read up to 200 rounds a player. The report is refused.`)
    const db = openDatabase(tmp.file('byes.db'))
    expect(() => importTrfFile(db, bytes, 'byes.trf')).toThrow(UserError)
    expect(db.prepare('SELECT count(*) FROM tournaments').pluck().get()).toBe(0)
    db.close()
  })

  it('reads a player line of exactly 200 rounds', () => {
    writeByesTrf(tmp.file('200.trf'), 200)
    const parsed = readTrf(readFileSync(tmp.file('200.trf')), '200.trf')
    expect(parsed.findings.filter((f) => f.fatal)).toEqual([])
    expect(parsed.players[0]!.rounds).toHaveLength(200)
  })

  it('refuses a 10 MB tournament name by the file’s size, a 3 MB one by its line, the line not read', () => {
    expect(fatal(Buffer.from(`012 ${'A'.repeat(10 * 1024 * 1024)}\n`)).map((f) => f.code)).toEqual(['trf.limits.fileSize'])
    const name = 'A'.repeat(3 * 1024 * 1024)
    const parsed = readTrf(Buffer.from(`012 ${name}\n022 Nowhere\n`), 'name.trf')
    const found = parsed.findings.filter((f) => f.fatal)
    expect(found.map((f) => f.code)).toEqual(['trf.limits.line', 'trf.file.noPlayers'])
    expect(found[0]!.location).toMatchObject({ line: 1 })
    // the line is not read: no name, the next line read
    expect(parsed.header.name).toBeNull()
    expect(parsed.header.city).toBe('Nowhere')
    // a name of 501 characters, under the line limit: the field's own limit
    const long = readTrf(Buffer.from(`012 ${'B'.repeat(LIMITS.headerTextChars + 1)}\n`), 'long.trf').findings.filter((f) => f.fatal)
    expect(long[0]).toMatchObject({ code: 'trf.limits.field', location: { line: 1, column: 5 + LIMITS.headerTextChars }, found: String(LIMITS.headerTextChars + 1) })
  })

  it('refuses a file over the size limit without decoding it', () => {
    const found = fatal(new Uint8Array(LIMITS.trfBytes + 1))
    expect(found.map((f) => f.code)).toEqual(['trf.limits.fileSize'])
    expect(found[0]!.found).toBe('8.0')
  })
})
