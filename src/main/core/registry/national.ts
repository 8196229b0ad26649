// National rating lists from CSV or XLSX: read the table, suggest a column mapping, import with the officer's mapping.
import { readFileSync, statSync } from 'node:fs'
import { basename, extname } from 'node:path'
import { isUtf8 } from 'node:buffer'
import iconv from 'iconv-lite'
import { parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import type { Db } from '../db/open'
import { UserError } from '../util/errors'
import { splitName } from './names'
import { DELISTED_RATING, FLAG_EXPECTED, ProblemLog, normaliseTitle, readFlag, type ListRatingType, type ListRecord } from './list-record'
import { duplicatesOf, throwProblems, type ImportListResult } from './import'
import { ListWriter, referenceListByChecksum } from '../data/list-import'
import { fileChecksum } from './text-source'
import { appendAudit } from '../data/audit'
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

export interface NationalImportOptions {
  file: string
  listDate: string
  ratingType: ListRatingType
  /** The federation that publishes the list (recorded as the lists' source). */
  source: string
  mapping: ColumnMapping
}

/** Turns mapped rows into records; every bad cell is an error at its row and column. */
export function nationalRecords(table: NationalTable, opts: NationalImportOptions, log: ProblemLog): ListRecord[] {
  const fileName = basename(opts.file)
  const index: Partial<Record<NationalField, number>> = {}
  for (const [field, col] of Object.entries(opts.mapping) as [NationalField, string][]) {
    if (!col) continue
    const i = table.columns.indexOf(col)
    if (i < 0) throw new UserError('registry.mappingUnknownColumn', { file: fileName, column: col, columns: table.columns.join(', ') })
    index[field] = i
  }
  if (index.nationalId === undefined && index.fideId === undefined) throw new UserError('registry.mappingMissing', { file: fileName, field: 'nationalId / fideId' })
  if (index.name === undefined && index.surname === undefined) throw new UserError('registry.mappingMissing', { file: fileName, field: 'name / surname' })
  const listYear = Number(opts.listDate.slice(0, 4))
  const out: ListRecord[] = []
  table.rows.forEach((row, r) => {
    const line = table.rowLines[r]!
    const cell = (f: NationalField): string => (index[f] === undefined ? '' : (row[index[f]!] ?? '').trim())
    const col = (f: NationalField): number => (index[f] ?? 0) + 1
    const int = (f: NationalField, min: number, max: number): number | null => {
      const v = cell(f)
      if (!v) return null
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        log.error(line, col(f), f, v, `a whole number from ${min} to ${max}`)
        return null
      }
      return Number(v)
    }
    const fideId = int('fideId', 1, 99_999_999_999)
    const nationalId = cell('nationalId') || null
    if (fideId === null && !nationalId) {
      log.error(line, col(index.nationalId !== undefined ? 'nationalId' : 'fideId'), 'id', '', 'a national ID or a FIDE ID')
      return
    }
    let surname = cell('surname')
    let givenNames = cell('givenNames')
    if (!surname) {
      const parts = splitName(cell('name'))
      surname = parts.surname
      givenNames = parts.givenNames
    }
    if (!surname) {
      log.error(line, col(index.surname !== undefined ? 'surname' : 'name'), 'name', '', 'a player name')
      return
    }
    const longest = Math.max(cell('name').length, cell('surname').length, cell('givenNames').length)
    if (longest > LIMITS.playerNameChars) {
      log.error(line, col(index.surname !== undefined ? 'surname' : 'name'), 'name', `${longest} characters`, `a name of at most ${LIMITS.playerNameChars} characters`)
      return
    }
    const fed = cell('federation').toUpperCase()
    if (fed && !/^[A-Z]{3}$/.test(fed)) log.error(line, col('federation'), 'federation', fed, 'a three-letter federation code')
    const region = cell('region').replace(/\s+/g, ' ') || null
    if (region !== null && (region.length > REGION_MAX || [...region].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127))) {
      log.error(line, col('region'), 'region', region, `a region name of at most ${REGION_MAX} characters`)
    }
    const sexRaw = cell('sex').toUpperCase()
    const sex = sexRaw === 'M' || sexRaw === 'F' ? sexRaw : sexRaw === 'W' ? 'F' : null
    if (sexRaw && !sex) log.error(line, col('sex'), 'sex', sexRaw, 'M, F (or W)')
    const birth = cell('birth')
    let birthYear: number | null = null
    let birthDate: string | null = null
    if (birth) {
      const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(birth) ?? /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(birth)
      if (!m) log.error(line, col('birth'), 'birth', birth, 'a year (YYYY) or a date (YYYY-MM-DD or DD.MM.YYYY)')
      else if (m[0].length === 10 && m[3]!.length === 4) {
        birthYear = Number(m[3])
        birthDate = `${m[3]}-${m[2]}-${m[1]}`
      } else {
        birthYear = Number(m[1])
        if (m[2]) birthDate = birth
      }
      if (birthYear !== null && (birthYear < 1850 || birthYear > listYear)) {
        log.error(line, col('birth'), 'birth', birth, `a birth year from 1850 to ${listYear}`)
        birthYear = null
        birthDate = null
      }
    }
    let title = normaliseTitle(cell('title'))
    if (title === undefined) {
      log.warn(line, col('title'), 'title', cell('title'), 'a FIDE title; the title is not recorded')
      title = null
    }
    const read = readFlag(cell('flags'))
    if (read === undefined) log.error(line, col('flags'), 'flags', cell('flags'), FLAG_EXPECTED)
    const flags = read?.flags
    let rating = int('rating', 0, 3500)
    // a line shown as delisted publishes no rating: he is read as unrated
    if (read?.delisted && rating !== null) {
      log.warn(line, col('rating'), 'rating', String(rating), DELISTED_RATING)
      rating = null
    }
    const games = int('games', 0, 999)
    const k = int('k', 1, 100)
    out.push({
      line,
      fideId,
      nationalId,
      name: givenNames ? `${surname}, ${givenNames}` : surname,
      surname,
      givenNames,
      federation: fed || null,
      region,
      sex,
      title,
      womanTitle: null,
      otherTitles: [],
      foaTitle: null,
      arbiterTitle: null,
      birthYear,
      birthDate,
      flags: flags ?? null,
      ratings: rating !== null && rating > 0 ? { [opts.ratingType]: { rating, games, k } } : {}
    })
  })
  return out
}

/** Imports a national list as a read-only reference list of that federation, in one transaction. */
export async function importNationalList(db: Db, opts: NationalImportOptions): Promise<ImportListResult> {
  const table = await readNationalTable(opts.file)
  const fileName = basename(opts.file)
  const log = new ProblemLog(fileName)
  const records = nationalRecords(table, opts, log)
  if (log.errors.length) throwProblems(log)
  const checksum = fileChecksum(opts.file)
  const dup = referenceListByChecksum(db, checksum, opts.listDate)
  if (dup) throw new UserError('registry.alreadyImported', { file: fileName, listDate: opts.listDate, listId: dup.id })
  const writer = new ListWriter(db, log, { listDate: opts.listDate, source: opts.source, fileName, checksum })
  const lists = db.transaction(() => {
    writer.openList(opts.ratingType)
    for (const r of records) writer.write(r)
    writer.finish()
    writer.storeCounts()
    const lists = [...writer.lists.entries()].map(([ratingType, l]) => ({ id: l.id, ratingType, entries: l.entries }))
    appendAudit(db, {
      action: 'list.import',
      entity: 'rating_list',
      entityId: lists.map((l) => l.id).join(','),
      data: { file: fileName, checksum, listDate: opts.listDate, source: opts.source, format: 'national', mapping: opts.mapping, lists, records: writer.records, players: writer.counts, warnings: log.warningCount, duplicates: { count: log.repeatCount, lines: log.repeats.slice(0, 20) } }
    })
    return lists
  })()
  return {
    format: 'national',
    encoding: 'n/a',
    checksum,
    lists,
    records: writer.records,
    players: writer.counts,
    arbitersAdded: 0,
    warnings: log.warnings,
    warningCount: log.warningCount,
    duplicates: duplicatesOf(log)
  }
}
