// A national list's mapped rows → list records: each cell checked for what its field holds; a bad cell is an error at
// its row and column, and the rows are read in order so the errors come in the file's order.
import { basename } from 'node:path'
import { UserError } from '../util/errors'
import { splitName } from './names'
import { DELISTED_RATING, FLAG_EXPECTED, normaliseTitle, readFlag, type ListRatingType, type ListRecord, type ProblemLog } from './list-record'
import { LIMITS } from '../limits'
import { REGION_MAX, type ColumnMapping, type NationalField, type NationalTable } from './national-table'

export interface NationalImportOptions {
  file: string
  listDate: string
  ratingType: ListRatingType
  /** The federation that publishes the list (recorded as the lists' source). */
  source: string
  mapping: ColumnMapping
}

type ColumnIndex = Partial<Record<NationalField, number>>

/** The mapping as column positions; refused when it names a column the file lacks, or maps no ID or no name. */
function columnIndex(table: NationalTable, opts: NationalImportOptions): ColumnIndex {
  const fileName = basename(opts.file)
  const index: ColumnIndex = {}
  for (const [field, col] of Object.entries(opts.mapping) as [NationalField, string][]) {
    if (!col) continue
    const i = table.columns.indexOf(col)
    if (i < 0) throw new UserError('registry.mappingUnknownColumn', { file: fileName, column: col, columns: table.columns.join(', ') })
    index[field] = i
  }
  if (index.nationalId === undefined && index.fideId === undefined) throw new UserError('registry.mappingMissing', { file: fileName, field: 'nationalId / fideId' })
  if (index.name === undefined && index.surname === undefined) throw new UserError('registry.mappingMissing', { file: fileName, field: 'name / surname' })
  return index
}

/** One row's cells by field, with where each is (1-based column) for a located error. */
class Row {
  constructor(
    readonly line: number,
    readonly log: ProblemLog,
    private readonly cells: string[],
    private readonly index: ColumnIndex
  ) {}

  mapped(f: NationalField): boolean {
    return this.index[f] !== undefined
  }

  cell(f: NationalField): string {
    return this.index[f] === undefined ? '' : (this.cells[this.index[f]] ?? '').trim()
  }

  col(f: NationalField): number {
    return (this.index[f] ?? 0) + 1
  }

  error(f: NationalField, field: string, found: string, expected: string): void {
    this.log.error(this.line, this.col(f), field, found, expected)
  }

  /** A whole number within bounds, null when empty or (error logged) out of them. */
  int(f: NationalField, min: number, max: number): number | null {
    const v = this.cell(f)
    if (!v) return null
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      this.error(f, f, v, `a whole number from ${min} to ${max}`)
      return null
    }
    return Number(v)
  }
}

/** The player's IDs: a FIDE ID, a national ID, at least one of them. */
function rowIds(r: Row): { fideId: number | null; nationalId: string | null } | null {
  const fideId = r.int('fideId', 1, 99_999_999_999)
  const nationalId = r.cell('nationalId') || null
  if (fideId === null && !nationalId) {
    r.error(r.mapped('nationalId') ? 'nationalId' : 'fideId', 'id', '', 'a national ID or a FIDE ID')
    return null
  }
  return { fideId, nationalId }
}

/** The name, from its surname and given names columns or split from one name column; within LIMITS. */
function rowName(r: Row): { surname: string; givenNames: string } | null {
  const nameField = r.mapped('surname') ? 'surname' : 'name'
  let surname = r.cell('surname')
  let givenNames = r.cell('givenNames')
  if (!surname) {
    const parts = splitName(r.cell('name'))
    surname = parts.surname
    givenNames = parts.givenNames
  }
  if (!surname) {
    r.error(nameField, 'name', '', 'a player name')
    return null
  }
  const longest = Math.max(r.cell('name').length, r.cell('surname').length, r.cell('givenNames').length)
  if (longest > LIMITS.playerNameChars) {
    r.error(nameField, 'name', `${longest} characters`, `a name of at most ${LIMITS.playerNameChars} characters`)
    return null
  }
  return { surname, givenNames }
}

/** Federation (three capitals) and region (a short printable name, spaces folded). */
function rowPlace(r: Row): { federation: string | null; region: string | null } {
  const fed = r.cell('federation').toUpperCase()
  if (fed && !/^[A-Z]{3}$/.test(fed)) r.error('federation', 'federation', fed, 'a three-letter federation code')
  const region = r.cell('region').replace(/\s+/g, ' ') || null
  if (region !== null && (region.length > REGION_MAX || [...region].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127))) {
    r.error('region', 'region', region, `a region name of at most ${REGION_MAX} characters`)
  }
  return { federation: fed || null, region }
}

/** M or F; W is read as F. */
function rowSex(r: Row): 'M' | 'F' | null {
  const sexRaw = r.cell('sex').toUpperCase()
  const sex = sexRaw === 'M' || sexRaw === 'F' ? sexRaw : sexRaw === 'W' ? 'F' : null
  if (sexRaw && !sex) r.error('sex', 'sex', sexRaw, 'M, F (or W)')
  return sex
}

/** A birth year (YYYY) or date (YYYY-MM-DD, DD.MM.YYYY), from 1850 to the list's year. */
function rowBirth(r: Row, listYear: number): { birthYear: number | null; birthDate: string | null } {
  const birth = r.cell('birth')
  let birthYear: number | null = null
  let birthDate: string | null = null
  if (!birth) return { birthYear, birthDate }
  const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(birth) ?? /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(birth)
  if (!m) r.error('birth', 'birth', birth, 'a year (YYYY) or a date (YYYY-MM-DD or DD.MM.YYYY)')
  else if (m[0].length === 10 && m[3]!.length === 4) {
    birthYear = Number(m[3])
    birthDate = `${m[3]}-${m[2]}-${m[1]}`
  } else {
    birthYear = Number(m[1])
    if (m[2]) birthDate = birth
  }
  if (birthYear !== null && (birthYear < 1850 || birthYear > listYear)) {
    r.error('birth', 'birth', birth, `a birth year from 1850 to ${listYear}`)
    return { birthYear: null, birthDate: null }
  }
  return { birthYear, birthDate }
}

/** A FIDE title; another title is a warning and is not recorded. */
function rowTitle(r: Row): string | null {
  const title = normaliseTitle(r.cell('title'))
  if (title !== undefined) return title
  r.log.warn(r.line, r.col('title'), 'title', r.cell('title'), 'a FIDE title; the title is not recorded')
  return null
}

/** The flags, and the rating with its games and K, in the list's rating type; a delisted line's rating is dropped. */
function rowRating(r: Row, ratingType: ListRatingType): Pick<ListRecord, 'flags' | 'ratings'> {
  const read = readFlag(r.cell('flags'))
  if (read === undefined) r.error('flags', 'flags', r.cell('flags'), FLAG_EXPECTED)
  let rating = r.int('rating', 0, 3500)
  // a line shown as delisted publishes no rating: he is read as unrated
  if (read?.delisted && rating !== null) {
    r.log.warn(r.line, r.col('rating'), 'rating', String(rating), DELISTED_RATING)
    rating = null
  }
  const games = r.int('games', 0, 999)
  const k = r.int('k', 1, 100)
  return { flags: read?.flags ?? null, ratings: rating !== null && rating > 0 ? { [ratingType]: { rating, games, k } } : {} }
}

/** One mapped row → a record, or null when it has no ID or no usable name (the error logged). */
function nationalRecord(r: Row, opts: NationalImportOptions, listYear: number): ListRecord | null {
  const ids = rowIds(r)
  if (!ids) return null
  const name = rowName(r)
  if (!name) return null
  const { surname, givenNames } = name
  const place = rowPlace(r)
  const sex = rowSex(r)
  const birth = rowBirth(r, listYear)
  const title = rowTitle(r)
  const { flags, ratings } = rowRating(r, opts.ratingType)
  return {
    line: r.line,
    fideId: ids.fideId,
    nationalId: ids.nationalId,
    name: givenNames ? `${surname}, ${givenNames}` : surname,
    surname,
    givenNames,
    federation: place.federation,
    region: place.region,
    sex,
    title,
    womanTitle: null,
    otherTitles: [],
    foaTitle: null,
    arbiterTitle: null,
    birthYear: birth.birthYear,
    birthDate: birth.birthDate,
    flags,
    ratings
  }
}

/** Turns mapped rows into records; every bad cell is an error at its row and column. */
export function nationalRecords(table: NationalTable, opts: NationalImportOptions, log: ProblemLog): ListRecord[] {
  const index = columnIndex(table, opts)
  const listYear = Number(opts.listDate.slice(0, 4))
  const out: ListRecord[] = []
  table.rows.forEach((row, r) => {
    const record = nationalRecord(new Row(table.rowLines[r]!, log, row, index), opts, listYear)
    if (record) out.push(record)
  })
  return out
}
