// FIDE fixed-width TXT lists (combined players_list_foa.txt, single-type, legacy): columns from the header, overflow-tolerant.
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

export type TxtLayout = 'combined' | 'single' | 'legacy'

type FieldKey =
  | 'id' | 'name' | 'fed' | 'sex' | 'title' | 'wtitle' | 'otitle' | 'foa' | 'birth' | 'flag'
  | 'rating' | 'games' | 'k'
  | 'standard.rating' | 'standard.games' | 'standard.k'
  | 'rapid.rating' | 'rapid.games' | 'rapid.k'
  | 'blitz.rating' | 'blitz.games' | 'blitz.k'

export interface TxtColumn {
  key: FieldKey
  label: string
  start: number
}

export interface TxtHeader {
  layout: TxtLayout
  columns: TxtColumn[]
  /** The list month named in a single-type or legacy header (JAN23 → 2023-01), if any. */
  month: string | null
}

const LABELS: [RegExp, FieldKey | 'month'][] = [
  [/^ID[ _]?Number/i, 'id'],
  [/^B-day/i, 'birth'],
  [/^Born/i, 'birth'],
  [/^SRtng/i, 'standard.rating'],
  [/^SGm/i, 'standard.games'],
  [/^SK/i, 'standard.k'],
  [/^RRtng/i, 'rapid.rating'],
  [/^RGm/i, 'rapid.games'],
  [/^Rk/i, 'rapid.k'],
  [/^BRtng/i, 'blitz.rating'],
  [/^BGm/i, 'blitz.games'],
  [/^BK/i, 'blitz.k'],
  [/^WTit/i, 'wtitle'],
  [/^OTit/i, 'otitle'],
  [/^Titl?/i, 'title'],
  [/^Fed/i, 'fed'],
  [/^Sex/i, 'sex'],
  [/^FOA/i, 'foa'],
  [/^Games/i, 'games'],
  [/^Gms/i, 'games'],
  [/^Flag/i, 'flag'],
  [/^Name/i, 'name'],
  [/^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{2}/i, 'month'],
  [/^K/i, 'k']
]
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/**
 * Reads the header line into column start offsets. Labels are recognised by name, not by spaces, because the
 * legacy header glues some of them ("TitlFed", "GamesBorn"). Returns a located problem for an unknown label.
 */
export function parseTxtHeader(line: string): TxtHeader | { column: number; found: string; expected: string } {
  const columns: TxtColumn[] = []
  let month: string | null = null
  let i = 0
  while (i < line.length) {
    if (line[i] === ' ' || line[i] === '\t') {
      i++
      continue
    }
    const rest = line.slice(i)
    const hit = LABELS.find(([re]) => re.test(rest))
    if (!hit) {
      return { column: i + 1, found: rest.split(/\s/)[0] ?? rest, expected: 'a FIDE list column label (ID Number, Name, Fed, Sex, Tit, SRtng, B-day, Flag, ...)' }
    }
    const label = rest.match(hit[0])![0]
    if (hit[1] === 'month') {
      const m = label.toUpperCase()
      month = `20${m.slice(3, 5)}-${String(MONTHS.indexOf(m.slice(0, 3)) + 1).padStart(2, '0')}`
      columns.push({ key: 'rating', label, start: i })
    } else {
      columns.push({ key: hit[1], label, start: i })
    }
    i += label.length
  }
  const keys = new Set(columns.map((c) => c.key))
  let layout: TxtLayout
  if (keys.has('standard.rating') || keys.has('rapid.rating') || keys.has('blitz.rating')) layout = 'combined'
  else if (columns.some((c) => /^Titl$/i.test(c.label)) || columns.some((c) => /^(Games|Born)$/i.test(c.label))) layout = 'legacy'
  else layout = 'single'
  for (const need of ['id', 'name'] as const) {
    if (!keys.has(need)) return { column: 1, found: line.trim().slice(0, 60), expected: `a header with an “${need === 'id' ? 'ID Number' : 'Name'}” column` }
  }
  if (layout !== 'combined' && !keys.has('rating')) {
    return { column: 1, found: line.trim().slice(0, 60), expected: 'a rating column (SRtng/RRtng/BRtng, or a month such as JAN24)' }
  }
  return { layout, columns, month }
}

/** True when the line looks like a FIDE TXT header (so a reader can be chosen from the first line). */
export function looksLikeTxtHeader(line: string): boolean {
  return /^\s*ID[ _]?Number\s/i.test(line)
}

const FED_RE = /[A-Z]{3}/y

function isSpace(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\t'
}

/**
 * Where the federation really starts on this line. A name longer than its column pushes the rest of the
 * line to the right; the federation (three capitals between spaces) is the anchor that gives the shift.
 */
function findFed(line: string, expected: number): number | null {
  const slot = line.slice(expected, expected + 3)
  if (!slot.trim() && isSpace(line[expected - 1])) return null
  FED_RE.lastIndex = expected
  if (isSpace(line[expected - 1]) && FED_RE.test(line) && isSpace(line[expected + 3])) return expected
  for (let p = expected + 1; p < line.length - 2; p++) {
    if (!isSpace(line[p - 1])) continue
    FED_RE.lastIndex = p
    if (FED_RE.test(line) && isSpace(line[p + 3])) return p
  }
  return null
}

interface Token {
  start: number
  end: number
  text: string
}

function tokens(line: string, from: number): Token[] {
  const out: Token[] = []
  const re = /\S+/g
  re.lastIndex = from
  let m: RegExpExecArray | null
  while ((m = re.exec(line))) out.push({ start: m.index, end: m.index + m[0].length, text: m[0] })
  return out
}

export interface TxtLineOptions {
  header: TxtHeader
  /** Which list a single-type or legacy file is (combined files carry all three). */
  ratingType: ListRatingType
  /** The list's year, to check birth years. */
  listYear: number
  log: ProblemLog
}

/** What parseTxtLine needs from a header, worked out once per header instead of once per line. */
interface HeaderPlan {
  nameIdx: number
  nameStart: number
  fedStart: number | null
  /** The columns after the name, with the slot of their key. */
  rest: TxtColumn[]
  restSlot: Int32Array
  restStart: Int32Array
  /** Slot of each key (one slot per distinct key, as a map keyed by key would hold). */
  slot: Map<FieldKey, number>
  /** Where a missing value of each slot is reported (the key's first column), before the shift. */
  slotDefault: Int32Array
  slots: number
  /** Slots of the keys a line is read into (-1: the header has no such column). */
  keys: PlanKeys
}
interface RatingKeys {
  rating: number
  games: number
  k: number
}
interface PlanKeys {
  fed: number
  flag: number
  sex: number
  title: number
  wtitle: number
  otitle: number
  foa: number
  birth: number
  single: RatingKeys
  standard: RatingKeys
  rapid: RatingKeys
  blitz: RatingKeys
}
const plans = new WeakMap<TxtHeader, HeaderPlan>()

function planOf(header: TxtHeader): HeaderPlan {
  let plan = plans.get(header)
  if (plan) return plan
  const cols = header.columns
  const nameIdx = cols.findIndex((c) => c.key === 'name')
  const slot = new Map<FieldKey, number>()
  const defaults: number[] = []
  for (const c of cols) {
    if (!slot.has(c.key)) {
      slot.set(c.key, slot.size)
      defaults.push(c.start)
    }
  }
  const rest = cols.slice(nameIdx + 1)
  const at = (key: FieldKey): number => slot.get(key) ?? -1
  const rated = (prefix: '' | 'standard.' | 'rapid.' | 'blitz.'): RatingKeys => ({
    rating: at(`${prefix}rating`),
    games: at(`${prefix}games`),
    k: at(`${prefix}k`)
  })
  plan = {
    nameIdx,
    nameStart: cols[nameIdx]!.start,
    fedStart: cols.find((c) => c.key === 'fed')?.start ?? null,
    rest,
    restSlot: Int32Array.from(rest, (c) => slot.get(c.key)!),
    restStart: Int32Array.from(rest, (c) => c.start),
    slot,
    slotDefault: Int32Array.from(defaults),
    slots: slot.size,
    keys: {
      fed: at('fed'), flag: at('flag'), sex: at('sex'), title: at('title'), wtitle: at('wtitle'), otitle: at('otitle'),
      foa: at('foa'), birth: at('birth'),
      single: rated(''), standard: rated('standard.'), rapid: rated('rapid.'), blitz: rated('blitz.')
    }
  }
  plans.set(header, plan)
  return plan
}

function isDigits(s: string): boolean {
  if (!s.length) return false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/** Index of the first character at or after `from` that is not a plain space, or `end`. */
function skipSpaces(line: string, from: number, end: number): number {
  while (from < end && line.charCodeAt(from) === 32) from++
  return from
}

/** Index after the last character before `end` (and at or after `from`) that is not a plain space. */
function trimEnd(line: string, from: number, end: number): number {
  while (end > from && line.charCodeAt(end - 1) === 32) end--
  return end
}

/** A character that String.prototype.trim never removes (so trimming plain spaces is trimming). */
function isPrintableAscii(c: number): boolean {
  return c > 32 && c < 127
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

/** The values read from one line, by key slot, and the final shift (for the place of a missing value). */
interface Cells {
  texts: (string | undefined)[]
  columns: number[]
  plan: HeaderPlan
  shift: number
}

/** A value by its key's slot (-1: no such column); '' when empty. Plain functions: no closure per line. */
function txt(c: Cells, i: number): string {
  return i >= 0 ? (c.texts[i] ?? '') : ''
}

/** Where a value is, or would be (its column shifted like the rest of the line), 1-based. */
function colOf(c: Cells, i: number): number {
  if (i >= 0 && c.texts[i] !== undefined) return c.columns[i]!
  return (i >= 0 ? c.plan.slotDefault[i]! : 0) + c.shift + 1
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

/**
 * One data line → a record, or null for a blank line. Values are read per column from the header's offsets;
 * when a value runs past its column (an overflowing name or other-titles field) every later column shifts
 * by the overflow, which is how FIDE's writer lays such lines out.
 */
export function parseTxtLine(text: string, lineNo: number, opts: TxtLineOptions): ListRecord | null {
  const { header, log } = opts
  // A line starting with a digit is not blank; anything else is checked the thorough way.
  const c0 = text.charCodeAt(0)
  if (!(c0 >= 48 && c0 <= 57) && !text.trim()) return null
  const line = text.indexOf('\t') >= 0 ? text.replace(/\t/g, ' ') : text
  const plan = planOf(header)
  const texts: (string | undefined)[] = new Array<string | undefined>(plan.slots)
  const columns: number[] = new Array<number>(plan.slots).fill(0)
  const idText = readIdCell(line, lineNo, plan, texts, columns, log)
  if (idText === null) return null
  // Shift after the name, from the federation anchor.
  let shift = 0
  if (plan.fedStart !== null) {
    const at = findFed(line, plan.fedStart)
    if (at !== null) shift = at - plan.fedStart
  }
  const afterName = header.columns[plan.nameIdx + 1]
  const nameEnd = afterName ? afterName.start + shift : line.length
  const name = line.slice(plan.nameStart, nameEnd).trim()
  if (!name) {
    log.error(lineNo, plan.nameStart + 1, 'name', '', 'a player name (Surname, Given names)')
    return null
  }
  texts[plan.slot.get('name')!] = name
  columns[plan.slot.get('name')!] = plan.nameStart + 1
  if (!readRestAligned(line, plan, shift, texts, columns)) shift = readRestByTokens(line, nameEnd, plan, shift, texts, columns)
  return lineRecord({ texts, columns, plan, shift }, lineNo, idText, name, opts)
}

/** The ID: the first token, which must sit before the name column; null (error logged) when it is not a FIDE ID. */
function readIdCell(line: string, lineNo: number, plan: HeaderPlan, texts: (string | undefined)[], columns: number[], log: ProblemLog): string | null {
  let idStart: number
  let idText: string
  let idEnd = 0
  while (idEnd < line.length && line.charCodeAt(idEnd) >= 48 && line.charCodeAt(idEnd) <= 57) idEnd++
  if (idEnd > 0 && (idEnd === line.length || line.charCodeAt(idEnd) === 32)) {
    idStart = 0
    idText = line.slice(0, idEnd)
  } else {
    const idMatch = /\S+/.exec(line)!
    idStart = idMatch.index
    idText = idMatch[0]
  }
  if (idStart >= plan.nameStart || !isDigits(idText)) {
    log.error(lineNo, idStart + 1, 'id', idText, 'a FIDE ID (digits) at the start of the line')
    return null
  }
  const idSlot = plan.slot.get('id')!
  texts[idSlot] = idText
  columns[idSlot] = idStart + 1
  return idText
}

/**
 * The columns after the name, the fast way: when every column boundary falls on a space, fixed slices are exact.
 * Returns false (nothing read) when one does not.
 */
function readRestAligned(line: string, plan: HeaderPlan, shift: number, texts: (string | undefined)[], columns: number[]): boolean {
  const { rest, restSlot, restStart } = plan
  for (let j = 1; j < rest.length; j++) {
    const end = restStart[j]! + shift
    if (end < line.length && line.charCodeAt(end - 1) !== 32) return false
  }
  for (let j = 0; j < rest.length; j++) {
    const start = restStart[j]! + shift
    if (start >= line.length) break
    const end = j + 1 < rest.length ? restStart[j + 1]! + shift : line.length
    let a = skipSpaces(line, start, end)
    let b = trimEnd(line, a, end)
    let v: string
    if (a === b) v = ''
    else if (isPrintableAscii(line.charCodeAt(a)) && isPrintableAscii(line.charCodeAt(b - 1))) v = line.slice(a, b)
    else {
      // Other white space (a no-break space, a CR): trim as String.prototype.trim does.
      const raw = line.slice(start, end)
      v = raw.trim()
      a = start + (raw.length - raw.trimStart().length)
      b = a + v.length
    }
    if (v) {
      texts[restSlot[j]!] = v
      columns[restSlot[j]!] = a + 1
    }
  }
  return true
}

/** The columns after the name, the slow way: each token goes to the column its (shifted) start falls in; an overflowing value shifts the rest. Returns the final shift. */
function readRestByTokens(line: string, nameEnd: number, plan: HeaderPlan, shift: number, texts: (string | undefined)[], columns: number[]): number {
  const { rest, restSlot } = plan
  for (const tok of tokens(line, nameEnd)) {
    const pos = tok.start - shift
    let ci = -1
    for (let j = rest.length - 1; j >= 0; j--) {
      if (rest[j]!.start <= pos) {
        ci = j
        break
      }
    }
    if (ci < 0) ci = 0
    const k = restSlot[ci]!
    const prev = texts[k]
    if (prev !== undefined) texts[k] = `${prev} ${tok.text}`
    else {
      texts[k] = tok.text
      columns[k] = tok.start + 1
    }
    const next = rest[ci + 1]
    if (next && tok.end - shift > next.start) shift += tok.end - shift - next.start + 1
  }
  return shift
}

/** A list record from a line's cells: federation, flag, sex, titles, birth year and ratings checked. */
function lineRecord(cells: Cells, lineNo: number, idText: string, name: string, opts: TxtLineOptions): ListRecord {
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
