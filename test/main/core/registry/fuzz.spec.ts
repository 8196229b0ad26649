// Bad input to the list imports: byte mutations of the real fixture lists (FIDE TXT and XML, national CSV, and an
// XLSX workbook written here from the CSV's rows) and arbitrary cell values in that workbook never crash, never
// leave a partial write, and a refusal is a located message (file and line; for a workbook that cannot be opened
// at all, the file and why).
import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { importNationalList, readNationalTable, suggestMapping } from '../../../../src/main/core/registry/national'
import { isUserError } from '../../../../src/main/core/util/errors'
import ExcelJS from 'exceljs'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
/** What each file's runs gave, written to test-results/fuzz-lists.json for docs/reliability.md. */
const tallies: Record<string, { imported: number; refused: number }> = {}
afterAll(() => {
  tmp.cleanup()
  mkdirSync('test-results', { recursive: true })
  writeFileSync('test-results/fuzz-lists.json', JSON.stringify({ runs: RUNS, tallies }, null, 2))
})
const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../fixtures/ratinglists/${name}`, import.meta.url)))
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)
// a workbook is written and read for every run: more runs need more time on a loaded machine
const XLSX_TIMEOUT = Math.max(120_000, RUNS * 3_000)

/** A mutation of a file's bytes: overwrite, insert or delete a few bytes, or cut the file short. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() })
)
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never

function mutate(src: Buffer, ms: readonly Mutation[]): Buffer {
  let b = Buffer.from(src)
  for (const m of ms) {
    const at = b.length ? m.at % b.length : 0
    if (m.kind === 'set') b = Buffer.concat([b.subarray(0, at), Buffer.from(m.bytes), b.subarray(at + m.bytes.length)])
    else if (m.kind === 'insert') b = Buffer.concat([b.subarray(0, at), Buffer.from(m.bytes), b.subarray(at)])
    else if (m.kind === 'delete') b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.count)])
    else b = b.subarray(0, at)
  }
  return b
}

function counts(db: Db): string {
  return ['players', 'rating_lists', 'rating_list_entries', 'audit_log'].map((t) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n).join('/')
}

let n = 0
/** Runs one import of mutated bytes; checks the outcome. Returns what happened, for the tally. */
async function attempt(name: string, bytes: Buffer, run: (db: Db, file: string) => unknown | Promise<unknown>): Promise<'imported' | 'refused'> {
  const file = tmp.file(`${n++}-${name}`)
  writeFileSync(file, bytes)
  const db = openDatabase(tmp.file(`${n}.db`))
  try {
    const before = counts(db)
    try {
      await run(db, file)
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      return 'imported'
    } catch (e) {
      // a refusal, never a crash: a user error naming the file, and nothing written
      if (!isUserError(e)) throw new Error(`crash on a mutation of ${name}: ${(e as Error).stack}`)
      expect(e.message).toContain(name)
      // located: a line (and column) in the file; or, for the whole file, the header column the mapping names, its
      // emptiness, or (an XLSX whose directory declares parts past the limit: limits.ts) its size once unpacked
      expect(e.message, e.message).toMatch(/line \d+|the column “|holds no player|^Cannot read |would unpack to \d+ MB/)
      expect(counts(db)).toBe(before)
      return 'refused'
    }
  } finally {
    db.close()
  }
}

describe('list imports under byte mutations', () => {
  for (const name of ['players_list_foa.txt', 'standard_rating_list.txt', 'sanichi_icu_ratings_app__spec__files__players_list.xml']) {
    it(`${name}: imported or refused with a located message, never a crash or a partial write`, async () => {
      const src = fixture(name)
      const tally = { imported: 0, refused: 0 }
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
          tally[await attempt(name, mutate(src, ms), (db, file) => importFideList(db, { file, listDate: '2025-11-01' }))]++
        }),
        { numRuns: RUNS, seed: 20261126 }
      )
      expect(tally.imported + tally.refused).toBe(RUNS)
      tallies[name] = tally
    })
  }

  it('national_list.csv: imported or refused with a located message, never a crash or a partial write', async () => {
    const src = fixture('national_list.csv')
    const mapping = suggestMapping((await readNationalTable(fileURLToPath(new URL('../../../fixtures/ratinglists/national_list.csv', import.meta.url)))).columns)
    const tally = { imported: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
        tally[await attempt('national_list.csv', mutate(src, ms), (db, file) => importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping }))]++
      }),
      { numRuns: RUNS, seed: 20261126 }
    )
    tallies['national_list.csv'] = tally
  })

  /** The CSV fixture's table as a workbook, each row of cells given (the header first). */
  async function workbook(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Liste')
    for (const r of rows) ws.addRow([...r])
    return Buffer.from(await wb.xlsx.writeBuffer())
  }
  const csvRows = (): string[][] =>
    fixture('national_list.csv')
      .toString('utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim())
      .map((l) => l.split(';'))

  it('national_list.xlsx (written from the CSV): byte mutations imported or refused, located, never a crash or a partial write', async () => {
    const rows = csvRows()
    const src = await workbook(rows)
    const mapping = suggestMapping(rows[0]!)
    // the unmutated workbook imports: the mutations start from a good file
    expect(await attempt('national_list.xlsx', src, (db, file) => importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping }))).toBe('imported')
    const tally = { imported: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
        tally[await attempt('national_list.xlsx', mutate(src, ms), (db, file) => importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping }))]++
      }),
      { numRuns: RUNS, seed: 20261126 }
    )
    expect(tally.imported + tally.refused).toBe(RUNS)
    tallies['national_list.xlsx (bytes)'] = tally
  }, XLSX_TIMEOUT)

  it('national_list.xlsx with arbitrary cell values (text, numbers, dates, booleans, formulas, rich text, errors): imported or refused at its line', async () => {
    const rows = csvRows()
    const mapping = suggestMapping(rows[0]!)
    // fast-check's records have no prototype, which ExcelJS's writer needs: plain copies
    const plain = <T,>(a: fc.Arbitrary<T>): fc.Arbitrary<T> => a.map((v) => JSON.parse(JSON.stringify(v)) as T)
    const cell: fc.Arbitrary<ExcelJS.CellValue> = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ' ', '0', '-1', '3000', '31.02.1990', '1990-13-01', '99999999999', 'M', 'F', 'X', "'; DROP TABLE players; --", '\u0000', 'é'.repeat(300)),
      fc.double({ noNaN: false }),
      fc.integer(),
      fc.boolean(),
      fc.date({ min: new Date('1800-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
      fc.constant(null),
      plain(fc.record({ formula: fc.constantFrom('1+1', 'A1', 'NOW()'), result: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })) })),
      plain(fc.record({ richText: fc.array(fc.record({ text: fc.string({ maxLength: 10 }) }), { minLength: 1, maxLength: 3 }) })),
      plain(fc.record({ text: fc.string({ maxLength: 10 }), hyperlink: fc.constant('https://example.org/') })),
      plain(fc.record({ error: fc.constantFrom('#N/A', '#REF!', '#DIV/0!') }))
    ) as fc.Arbitrary<ExcelJS.CellValue>
    // a few cells of the data rows replaced (row, column, value); sometimes a row added or the header cell changed
    const edit = fc.record({ row: fc.nat(), col: fc.nat(), value: cell })
    const tally = { imported: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), fc.boolean(), async (edits, extraRow) => {
        const table: ExcelJS.CellValue[][] = rows.map((r) => [...r])
        if (extraRow) table.push(edits.map((e) => e.value))
        for (const e of edits) {
          const r = 1 + (e.row % (table.length - 1))
          table[r]![e.col % 9] = e.value
        }
        tally[await attempt('national_list.xlsx', await workbook(table), (db, file) => importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping }))]++
      }),
      { numRuns: RUNS, seed: 20261126 }
    )
    expect(tally.imported + tally.refused).toBe(RUNS)
    // both outcomes were drawn: the property did test refusals as well as imports
    expect(tally.refused).toBeGreaterThan(0)
    expect(tally.imported).toBeGreaterThan(0)
    tallies['national_list.xlsx (cells)'] = tally
  }, XLSX_TIMEOUT)
})
