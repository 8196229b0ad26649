// A national list past the limits (issue 38, src/main/core/limits.ts): a sheet with a formatted cell in column XFD is
// read on its header's used range only, a zip bomb is refused from its directory or at the size its parts declare,
// and the refusals name the file, the row and the limit.
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { readNationalTable } from '../../../../src/main/core/registry/national'
import { zipProblem } from '../../../../src/main/core/util/zip-check'
import { LIMITS } from '../../../../src/main/core/limits'
import { UserError } from '../../../../src/main/core/util/errors'
import { translateError } from '../../../../src/shared/errors/index'
import { tempDir } from '../../../helpers/temp-db'
import { openDatabase } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { importNationalList } from '../../../../src/main/core/registry/national'
import { writeWideXlsx, writeXlsxBomb, zipOf } from '../../../reliability/hostile-files'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

async function refusal(file: string): Promise<UserError> {
  const e = await readNationalTable(file).then(() => null, (err: unknown) => err)
  expect(e).toBeInstanceOf(UserError)
  return e as UserError
}

describe('XLSX national lists within the limits', () => {
  it('reads the header’s used range of a sheet with a formatted cell in column XFD: 7 columns, every row', async () => {
    const file = tmp.file('wide.xlsx')
    await writeWideXlsx(file, 300)
    const table = await readNationalTable(file)
    expect(table.columns).toEqual(['ID', 'FIDE ID', 'Name', 'Fed', 'Sex', 'Birth', 'Rating'])
    expect(table.rows).toHaveLength(300)
    expect(table.rows[299]).toEqual(['300', '', 'Player 300, Anna', 'FRA', 'F', String(1980 + (300 % 30)), String(1400 + 300)])
    expect(table.rowLines[0]).toBe(2)
  })

  it('refuses a header wider than the limit, naming its row', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('List')
    ws.addRow([])
    ws.addRow(Array.from({ length: LIMITS.nationalColumns + 1 }, (_, i) => `c${i + 1}`))
    ws.addRow(['1'])
    const file = tmp.file('too-wide.xlsx')
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()))
    const e = await refusal(file)
    expect(e.key).toBe('limits.tooManyColumns')
    expect(translateError(e.key, e.params, 'en')).toBe(`too-wide.xlsx, row 2: the header has ${LIMITS.nationalColumns + 1} columns; Rating Office reads at most ${LIMITS.nationalColumns}. Remove the empty or unused columns. Nothing was read.`)
    expect(translateError(e.key, e.params, 'fr')).toContain('too-wide.xlsx, ligne 2 : l’en-tête a 201 colonnes')
  })

  it('refuses a zip bomb from its central directory, before inflating it', async () => {
    const file = tmp.file('bomb.xlsx')
    writeXlsxBomb(file, 130)
    const e = await refusal(file)
    expect(e.key).toBe('limits.unpackedTooLarge')
    expect(e.params).toMatchObject({ file: 'bomb.xlsx', size: '130', member: 'xl/worksheets/sheet1.xml', limit: '128' })
  })

  it('refuses a part that inflates past the size its header declares, stopping at that size', () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 0x41)
    expect(zipProblem(zipOf([{ name: 'a.xml', data: big, declared: 1024 }]), 64 * 1024 * 1024)).toEqual({ kind: 'lies', member: 'a.xml', declared: 1024 })
    expect(zipProblem(zipOf([{ name: 'a.xml', data: big }]), 64 * 1024 * 1024)).toBeNull()
    expect(zipProblem(zipOf([{ name: 'a.xml', data: big }]), 1024 * 1024)).toEqual({ kind: 'tooLarge', declared: big.length, largest: 'a.xml' })
    expect(zipProblem(Buffer.from('not a zip at all, just some text that is long enough'), 1024)).toEqual({ kind: 'notZip' })
  })

  it('refuses a file larger than the national list limit without reading it', async () => {
    const file = tmp.file('huge.csv')
    writeFileSync(file, '')
    const { truncateSync } = await import('node:fs')
    truncateSync(file, LIMITS.nationalFileBytes + 5 * 1024 * 1024)
    const e = await refusal(file)
    expect(e.key).toBe('limits.fileTooLarge')
    expect(translateError(e.key, e.params, 'en')).toBe('huge.csv is 105 MB; Rating Office reads files of this kind up to 100 MB. Nothing was read or changed.')
  })
})

describe('player names within the limit', () => {
  it('FIDE XML: a 1 MB name is refused at its element, keeping at most the limit of it in memory; nothing imported', () => {
    const file = tmp.file('long-name.xml')
    const player = (id: number, name: string): string => `<player>\n<fideid>${id}</fideid>\n<name>${name}</name>\n<country>FRA</country>\n<sex>M</sex>\n<rating>2000</rating>\n<games>0</games>\n<k>20</k>\n<birthday>1990</birthday>\n</player>\n`
    writeFileSync(file, `<playerslist>\n${player(1000001, 'Fine, Anna')}${player(1000002, 'X'.repeat(1024 * 1024))}</playerslist>\n`)
    const db = openDatabase(tmp.file('xml.db'))
    const e = (() => {
      try {
        importFideList(db, { file, listDate: '2025-11-01' })
        return null
      } catch (err) {
        return err as UserError
      }
    })()
    expect(e?.key).toBe('registry.badFile')
    // line 14: the second player's <name> element
    expect(e?.params).toMatchObject({ file: 'long-name.xml', line: 14, field: 'name', found: '1048576 characters', expected: `a name of at most ${LIMITS.playerNameChars} characters` })
    expect(db.prepare('SELECT count(*) FROM players').pluck().get()).toBe(0)
    db.close()
  })

  it('national CSV: a name past the limit is refused at its row and column', async () => {
    const file = tmp.file('long-name.csv')
    writeFileSync(file, `ID;Name;Rating\n1;Fine, Anna;1500\n2;${'Y'.repeat(LIMITS.playerNameChars + 1)}, Bob;1600\n`)
    const db = openDatabase(tmp.file('csv.db'))
    const e = await importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping: { nationalId: 'ID', name: 'Name', rating: 'Rating' } }).then(() => null, (err: unknown) => err as UserError)
    expect(e?.key).toBe('registry.badFile')
    expect(e?.params).toMatchObject({ line: 3, column: 2, field: 'name', found: `${LIMITS.playerNameChars + 6} characters` })
    db.close()
  })
})

describe('a national CSV line past the limit', () => {
  it('stops the parser at the line, located, in plain words', async () => {
    const file = tmp.file('long-line.csv')
    writeFileSync(file, `ID;Name;Rating\n1;Fine, Anna;1500\n2;${'M'.repeat(LIMITS.csvRecordChars + 10)}, Bob;1600\n`)
    const e = await refusal(file)
    expect(translateError(e.key, e.params, 'en')).toBe(`long-line.csv, line 3, column 1: line “more than 65536 characters” is not valid; expected a line of at most 65536 characters. (1 problem; nothing was imported.)`)
  })
})
