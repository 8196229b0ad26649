// A TXT line's cells → a list record: federation, flag, sex, titles, birth year and ratings checked, each bad value an
// error at its line and column.
import { splitName } from './names'
import {
  arbiterTitleOf,
  readFlag,
  dropDelistedRating,
  FLAG_EXPECTED,
  DELISTED_RATING,
  normaliseTitle,
  splitOtherTitles,
  type ListRating,
  type ListRatingType,
  type ListRecord,
  type ProblemLog
} from './list-record'
import type { TxtHeader } from './fide-txt-header'
import type { RatingKeys } from './fide-txt-plan'
import { colOf, isDigits, txt, type Cells } from './fide-txt-cells'

export interface TxtLineOptions {
  header: TxtHeader
  /** Which list a single-type or legacy file is (combined files carry all three). */
  ratingType: ListRatingType
  /** The list's year, to check birth years. */
  listYear: number
  log: ProblemLog
}

function intField(
  raw: string,
  field: string,
  line: number,
  column: number,
  min: number,
  max: number,
  log: ProblemLog
): number | null {
  if (!raw) return null
  if (!isDigits(raw)) {
    log.error(line, column, field, raw, `a whole number from ${min} to ${max}`)
    return null
  }
  const v = Number(raw)
  if (v < min || v > max) {
    log.error(line, column, field, raw, `a whole number from ${min} to ${max}`)
    return null
  }
  return v
}

function allZeros(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== 48) return false
  return s.length > 0
}

/** Three capital letters (A-Z), as a federation code is. */
function isFedCode(s: string): boolean {
  if (s.length !== 3) return false
  for (let i = 0; i < 3; i++) {
    const c = s.charCodeAt(i)
    if (c < 65 || c > 90) return false
  }
  return true
}

function readType(
  c: Cells,
  ratings: Partial<Record<ListRatingType, ListRating>>,
  type: ListRatingType,
  ks: RatingKeys,
  lineNo: number,
  log: ProblemLog
): void {
  const rText = txt(c, ks.rating)
  const gText = txt(c, ks.games)
  const kText = txt(c, ks.k)
  const rating = rText ? intField(rText, `${type} rating`, lineNo, colOf(c, ks.rating), 0, 3500, log) : null
  const games = gText ? intField(gText, `${type} games`, lineNo, colOf(c, ks.games), 0, 999, log) : null
  const kk = kText ? intField(kText, `${type} K`, lineNo, colOf(c, ks.k), 1, 100, log) : null
  if (rating !== null && rating > 0) ratings[type] = { rating, games, k: kk }
}

/** A list record from a line's cells: federation, flag, sex, titles, birth year and ratings checked. */
export function lineRecord(cells: Cells, lineNo: number, idText: string, name: string, opts: TxtLineOptions): ListRecord {
  const { header, log } = opts
  const k = cells.plan.keys

  const fedText = txt(cells, k.fed)
  let federation: string | null = null
  if (fedText) {
    if (isFedCode(fedText)) federation = fedText
    else log.error(lineNo, colOf(cells, k.fed), 'federation', fedText, 'a three-letter federation code (e.g. NOR)')
  }
  const flagText = txt(cells, k.flag)
  const read = readFlag(flagText)
  if (read === undefined) log.error(lineNo, colOf(cells, k.flag), 'flag', flagText, FLAG_EXPECTED)
  const flags = read?.flags
  const sexText = txt(cells, k.sex)
  let sex: 'M' | 'F' | null = null
  if (sexText) {
    const s = sexText.toUpperCase()
    if (s === 'M' || s === 'F') sex = s
    else log.error(lineNo, colOf(cells, k.sex), 'sex', sexText, 'M or F')
  } else if (flags === 'w' || flags === 'wi') sex = 'F'
  else if (header.layout === 'legacy') sex = 'M'

  const titleText = txt(cells, k.title)
  let title = normaliseTitle(titleText)
  if (title === undefined) {
    log.warn(lineNo, colOf(cells, k.title), 'title', titleText, `a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM); the title is not recorded`)
    title = null
  }
  const wText = txt(cells, k.wtitle)
  let womanTitle = normaliseTitle(wText)
  if (womanTitle === undefined) {
    log.warn(lineNo, colOf(cells, k.wtitle), 'womanTitle', wText, 'a woman title (WGM, WIM, WFM, WCM); the title is not recorded')
    womanTitle = null
  }
  const otherTitles = splitOtherTitles(txt(cells, k.otitle))
  const foa = txt(cells, k.foa) || null

  const birthText = txt(cells, k.birth)
  let birthYear: number | null = null
  if (birthText && !allZeros(birthText)) {
    birthYear = intField(birthText, 'birthYear', lineNo, colOf(cells, k.birth), 1850, opts.listYear, log)
  }

  const ratings: Partial<Record<ListRatingType, ListRating>> = {}
  if (header.layout === 'combined') {
    readType(cells, ratings, 'standard', k.standard, lineNo, log)
    readType(cells, ratings, 'rapid', k.rapid, lineNo, log)
    readType(cells, ratings, 'blitz', k.blitz, lineNo, log)
  } else readType(cells, ratings, opts.ratingType, k.single, lineNo, log)
  // a line shown as delisted publishes no rating (the office's lists write none): he is read as unrated
  if (read?.delisted) {
    const type = header.layout === 'combined' ? 'standard' : opts.ratingType
    const column = colOf(cells, header.layout === 'combined' ? k.standard.rating : k.single.rating)
    dropDelistedRating(ratings, type, (found) => log.warn(lineNo, column, 'rating', found, DELISTED_RATING))
  }

  // FIDE writes "Surname, Given names"; a name without a comma is all surname (e.g. "A Chakravarthy").
  const parts = name.includes(',') ? splitName(name) : { surname: name, givenNames: '' }
  return {
    line: lineNo,
    fideId: Number(idText),
    nationalId: null,
    name,
    surname: parts.surname,
    givenNames: parts.givenNames,
    federation,
    sex,
    title,
    womanTitle,
    otherTitles,
    foaTitle: foa,
    arbiterTitle: arbiterTitleOf(otherTitles),
    birthYear,
    birthDate: null,
    flags: flags ?? null,
    ratings
  }
}
