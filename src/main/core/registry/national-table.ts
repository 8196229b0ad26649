// A national rating list's table from CSV or XLSX, within LIMITS, and a first guess of its column mapping.
import { readFileSync, statSync } from 'node:fs'
import { basename, extname } from 'node:path'
import { isUtf8 } from 'node:buffer'
import iconv from 'iconv-lite'
import { parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import { UserError } from '../util/errors'
import { LIMITS, megabytes } from '../limits'
import { zipProblem } from '../util/zip-check'

export const NATIONAL_FIELDS = [
  'nationalId', 'fideId', 'name', 'surname', 'givenNames', 'federation', 'region', 'sex', 'birth', 'title', 'rating', 'games', 'k', 'flags'
] as const
export type NationalField = (typeof NATIONAL_FIELDS)[number]
/** The longest region name a national list may give (a player's region: migration 14). */
export const REGION_MAX = 60
/** Field → the file's column header. */
export type ColumnMapping = Partial<Record<NationalField, string>>

export interface NationalTable {
  columns: string[]
  rows: string[][]
  /** The file line (CSV) or sheet row (XLSX) of each data row, for located errors. */
  rowLines: number[]
}

const GUESS: [NationalField, RegExp][] = [
  ['fideId', /fide/i],
  ['nationalId', /^(id|nat.*id|national|licen[cs]e|member|code|n°|no\.?)$/i],
  ['surname', /^(surname|last ?name|family|nom|nachname|apellido)/i],
  ['givenNames', /^(first ?name|given|pr[ée]nom|vorname|nombre)/i],
  ['name', /^(name|player|joueur|spieler)$/i],
  ['federation', /^(fed|federation|country|nat|pays)$/i],
  ['region', /^(region|région|ligue|league|state|province|county|landesverband|lv|comit[ée])$/i],
  ['sex', /^(sex|gender|sexe|geschlecht)$/i],
  ['birth', /(birth|born|b-day|naiss|geburt|year)/i],
  ['title', /^(tit|title|titre)/i],
  ['rating', /^(rating|elo|rtng|classement|dwz|rtg)$/i],
  ['games', /^(games|gms|parties|partien)$/i],
  ['k', /^k$/i],
  ['flags', /^(flag|flags)$/i]
]

/** A first mapping from the header names; the officer confirms or corrects it before the import. */
export function suggestMapping(columns: string[]): ColumnMapping {
  const out: ColumnMapping = {}
  const used = new Set<string>()
  for (const [field, re] of GUESS) {
    const col = columns.find((c) => !used.has(c) && re.test(c.trim()))
    if (col !== undefined) {
      out[field] = col
      used.add(col)
    }
  }
  return out
}

function decode(buf: Buffer): string {
  return isUtf8(buf) ? buf.toString('utf8').replace(/^\uFEFF/, '') : iconv.decode(buf, 'win1252')
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue)
    if ('richText' in v) return v.richText.map((r) => r.text).join('')
    return ''
  }
  return String(v)
}

/** Refuses an XLSX whose parts would unpack past the limit, or whose parts inflate past what they declare. */
function checkXlsxArchive(file: string): void {
  const problem = zipProblem(file, LIMITS.xlsxUnpackedBytes)
  // an archive without a ZIP directory is left to the workbook reader, which says it cannot read it
  if (!problem || problem.kind === 'notZip') return
  const name = basename(file)
  if (problem.kind === 'tooLarge') throw new UserError('limits.unpackedTooLarge', { file: name, size: megabytes(problem.declared), member: problem.largest, limit: megabytes(LIMITS.xlsxUnpackedBytes) })
  throw new UserError('limits.zipLies', { file: name, member: problem.member, size: problem.declared })
}

/**
 * The first sheet's table: the header row's used range (up to its last cell with text, at most LIMITS.nationalColumns
 * columns) and, of every data row, those columns only. A cell elsewhere (a formatted cell in column XFD) is never
 * visited: the sheet's `columnCount` is not read.
 */
function sheetTable(ws: ExcelJS.Worksheet, file: string): NationalTable {
  const name = basename(file)
  let width = 0
  let headerLine = 0
  const rows: { line: number; cells: string[] }[] = []
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (!headerLine) {
      // the header's used range: its cells that exist, up to the last one with text
      let found = 0
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        if (cellText(cell.value).trim()) found = Math.max(found, c)
      })
      if (!found) return
      if (found > LIMITS.nationalColumns) throw new UserError('limits.tooManyColumns', { file: name, line: n, found, limit: LIMITS.nationalColumns })
      width = found
      headerLine = n
    } else if (rows.length >= LIMITS.nationalRows + 1) {
      throw new UserError('limits.tooManyRows', { file: name, line: n, limit: LIMITS.nationalRows })
    }
    const cells: string[] = []
    for (let c = 1; c <= width; c++) cells.push(cellText(row.findCell(c)?.value ?? null).trim())
    if (cells.some(Boolean)) rows.push({ line: n, cells })
  })
  if (rows.length < 2) throw new UserError('registry.emptyFile', { file: name })
  return { columns: rows[0]!.cells, rows: rows.slice(1).map((r) => r.cells), rowLines: rows.slice(1).map((r) => r.line) }
}

/** Reads the whole table (national lists are small: tens of thousands of rows), within LIMITS (limits.ts). */
export async function readNationalTable(file: string): Promise<NationalTable> {
  let size: number
  try {
    size = statSync(file).size
  } catch (e) {
    throw new UserError('registry.fileUnreadable', { file, reason: (e as Error).message })
  }
  if (size > LIMITS.nationalFileBytes) throw new UserError('limits.fileTooLarge', { file: basename(file), size: megabytes(size), limit: megabytes(LIMITS.nationalFileBytes) })
  const ext = extname(file).toLowerCase()
  if (ext === '.xlsx') {
    checkXlsxArchive(file)
    const { default: Excel } = await import('exceljs') // on demand: half a second of CPU to load
    const wb = new Excel.Workbook()
    try {
      await wb.xlsx.readFile(file)
    } catch (e) {
      throw new UserError('registry.fileUnreadable', { file: basename(file), reason: (e as Error).message })
    }
    const ws = wb.worksheets[0]
    if (!ws) throw new UserError('registry.emptyFile', { file: basename(file) })
    return sheetTable(ws, file)
  }
  const text = decode(readFileSync(file))
  const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
  const delimiter = [';', '\t', ','].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0]
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true, trim: true, max_record_size: LIMITS.csvRecordChars }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (e) {
    const err = e as Error & { lines?: number; column?: number; code?: string }
    if (err.code === 'CSV_MAX_RECORD_SIZE') {
      throw new UserError('registry.badFile', {
        file: basename(file), line: err.lines ?? 1, column: 1, field: 'line', found: `more than ${LIMITS.csvRecordChars} characters`, expected: `a line of at most ${LIMITS.csvRecordChars} characters`, count: 1
      })
    }
    throw new UserError('registry.badFile', {
      file: basename(file), line: err.lines ?? 1, column: 1, field: 'csv', found: err.message, expected: 'a CSV table with one header line', count: 1
    })
  }
  if (records.length < 2) throw new UserError('registry.emptyFile', { file: basename(file) })
  return { columns: records[0]!.record, rows: records.slice(1).map((r) => r.record), rowLines: records.slice(1).map((r) => r.info.lines) }
}
