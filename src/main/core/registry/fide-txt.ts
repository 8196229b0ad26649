// FIDE fixed-width TXT lists (combined players_list_foa.txt, single-type, legacy): columns from the header, overflow-tolerant.
import { splitName } from './names'
import {
  arbiterTitleOf,
  normaliseFlag,
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
  if (!/^\d+$/.test(raw)) {
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

/**
 * One data line → a record, or null for a blank line. Values are read per column from the header's offsets;
 * when a value runs past its column (an overflowing name or other-titles field) every later column shifts
 * by the overflow, which is how FIDE's writer lays such lines out.
 */
export function parseTxtLine(text: string, lineNo: number, opts: TxtLineOptions): ListRecord | null {
  const { header, log } = opts
  if (!text.trim()) return null
  const line = text.replace(/\t/g, ' ')
  const cols = header.columns
  const nameIdx = cols.findIndex((c) => c.key === 'name')
  const fedCol = cols.find((c) => c.key === 'fed')
  const values = new Map<FieldKey, { text: string; column: number }>()

  // ID: the first token, which must sit before the name column.
  const idMatch = /\S+/.exec(line)!
  const idTok: Token = { start: idMatch.index, end: idMatch.index + idMatch[0].length, text: idMatch[0] }
  const nameStart = cols[nameIdx]!.start
  if (idTok.start >= nameStart || !/^\d+$/.test(idTok.text)) {
    log.error(lineNo, idTok.start + 1, 'id', idTok.text, 'a FIDE ID (digits) at the start of the line')
    return null
  }
  values.set('id', { text: idTok.text, column: idTok.start + 1 })

  // Shift after the name, from the federation anchor.
  let shift = 0
  if (fedCol) {
    const at = findFed(line, fedCol.start)
    if (at !== null) shift = at - fedCol.start
  }
  const afterName = cols[nameIdx + 1]
  const nameEnd = afterName ? afterName.start + shift : line.length
  const name = line.slice(nameStart, nameEnd).trim()
  if (!name) {
    log.error(lineNo, nameStart + 1, 'name', '', 'a player name (Surname, Given names)')
    return null
  }
  values.set('name', { text: name, column: nameStart + 1 })

  // Remaining columns. Fast path: every column boundary falls on a space, so fixed slices are exact.
  const rest = cols.slice(nameIdx + 1)
  let aligned = true
  for (let j = 1; j < rest.length; j++) {
    const end = rest[j]!.start + shift
    if (end < line.length && line[end - 1] !== ' ') {
      aligned = false
      break
    }
  }
  if (aligned) {
    for (let j = 0; j < rest.length; j++) {
      const start = rest[j]!.start + shift
      if (start >= line.length) break
      const end = j + 1 < rest.length ? rest[j + 1]!.start + shift : line.length
      const raw = line.slice(start, end)
      const v = raw.trim()
      if (v) values.set(rest[j]!.key, { text: v, column: start + 1 + (raw.length - raw.trimStart().length) })
    }
  }
  // Slow path: each token goes to the column its (shifted) start falls in; an overflowing value shifts the rest.
  for (const tok of aligned ? [] : tokens(line, nameEnd)) {
    const pos = tok.start - shift
    let ci = -1
    for (let j = rest.length - 1; j >= 0; j--) {
      if (rest[j]!.start <= pos) {
        ci = j
        break
      }
    }
    if (ci < 0) ci = 0
    const col = rest[ci]!
    const prev = values.get(col.key)
    values.set(col.key, { text: prev ? `${prev.text} ${tok.text}` : tok.text, column: prev?.column ?? tok.start + 1 })
    const next = rest[ci + 1]
    if (next && tok.end - shift > next.start) shift += tok.end - shift - next.start + 1
  }

  const get = (k: FieldKey): { text: string; column: number } => values.get(k) ?? { text: '', column: (cols.find((c) => c.key === k)?.start ?? 0) + shift + 1 }

  const fed = get('fed')
  let federation: string | null = null
  if (fed.text) {
    if (/^[A-Z]{3}$/.test(fed.text)) federation = fed.text
    else log.error(lineNo, fed.column, 'federation', fed.text, 'a three-letter federation code (e.g. NOR)')
  }
  const flagV = get('flag')
  const flags = normaliseFlag(flagV.text)
  if (flags === undefined) log.error(lineNo, flagV.column, 'flag', flagV.text, 'i, w, wi or nothing')
  const sexV = get('sex')
  let sex: 'M' | 'F' | null = null
  if (sexV.text) {
    const s = sexV.text.toUpperCase()
    if (s === 'M' || s === 'F') sex = s
    else log.error(lineNo, sexV.column, 'sex', sexV.text, 'M or F')
  } else if (flags === 'w' || flags === 'wi') sex = 'F'
  else if (header.layout === 'legacy') sex = 'M'

  const titleV = get('title')
  let title = normaliseTitle(titleV.text)
  if (title === undefined) {
    log.warn(lineNo, titleV.column, 'title', titleV.text, `a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM); the title is not recorded`)
    title = null
  }
  const wV = get('wtitle')
  let womanTitle = normaliseTitle(wV.text)
  if (womanTitle === undefined) {
    log.warn(lineNo, wV.column, 'womanTitle', wV.text, 'a woman title (WGM, WIM, WFM, WCM); the title is not recorded')
    womanTitle = null
  }
  const otherTitles = splitOtherTitles(get('otitle').text)
  const foa = get('foa').text || null

  const birthV = get('birth')
  let birthYear: number | null = null
  if (birthV.text && !/^0+$/.test(birthV.text)) {
    birthYear = intField(birthV.text, 'birthYear', lineNo, birthV.column, 1850, opts.listYear, log)
  }

  const ratings: Partial<Record<ListRatingType, ListRating>> = {}
  const readType = (type: ListRatingType, prefix: '' | 'standard.' | 'rapid.' | 'blitz.'): void => {
    const r = get(`${prefix}rating` as FieldKey)
    const g = get(`${prefix}games` as FieldKey)
    const k = get(`${prefix}k` as FieldKey)
    const rating = intField(r.text, `${type} rating`, lineNo, r.column, 0, 3500, log)
    const games = intField(g.text, `${type} games`, lineNo, g.column, 0, 999, log)
    const kk = intField(k.text, `${type} K`, lineNo, k.column, 1, 100, log)
    if (rating !== null && rating > 0) ratings[type] = { rating, games, k: kk }
  }
  if (header.layout === 'combined') {
    readType('standard', 'standard.')
    readType('rapid', 'rapid.')
    readType('blitz', 'blitz.')
  } else readType(opts.ratingType, '')

  // FIDE writes "Surname, Given names"; a name without a comma is all surname (e.g. "A Chakravarthy").
  const parts = name.includes(',') ? splitName(name) : { surname: name, givenNames: '' }
  return {
    line: lineNo,
    fideId: Number(idTok.text),
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
