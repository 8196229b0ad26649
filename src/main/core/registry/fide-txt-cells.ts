// A TXT line's cells: the ID, then the columns after the name, read by the header's offsets and shifted where a value
// overflows its column (the federation is the anchor that gives the shift). Plain loops over char codes: a FIDE list
// has over a million lines.
import type { ProblemLog } from './list-record'
import type { HeaderPlan } from './fide-txt-plan'

const FED_RE = /[A-Z]{3}/y

function isSpace(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\t'
}

/**
 * Where the federation really starts on this line. A name longer than its column pushes the rest of the
 * line to the right; the federation (three capitals between spaces) is the anchor that gives the shift.
 */
export function findFed(line: string, expected: number): number | null {
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

export function tokens(line: string, from: number): Token[] {
  const out: Token[] = []
  const re = /\S+/g
  re.lastIndex = from
  let m: RegExpExecArray | null
  while ((m = re.exec(line))) out.push({ start: m.index, end: m.index + m[0].length, text: m[0] })
  return out
}

export function isDigits(s: string): boolean {
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

/** The values read from one line, by key slot, and the final shift (for the place of a missing value). */
export interface Cells {
  texts: (string | undefined)[]
  columns: number[]
  plan: HeaderPlan
  shift: number
}

/** A value by its key's slot (-1: no such column); '' when empty. Plain functions: no closure per line. */
export function txt(c: Cells, i: number): string {
  return i >= 0 ? (c.texts[i] ?? '') : ''
}

/** Where a value is, or would be (its column shifted like the rest of the line), 1-based. */
export function colOf(c: Cells, i: number): number {
  if (i >= 0 && c.texts[i] !== undefined) return c.columns[i]!
  return (i >= 0 ? c.plan.slotDefault[i]! : 0) + c.shift + 1
}

/** The ID: the first token, which must sit before the name column; null (error logged) when it is not a FIDE ID. */
export function readIdCell(line: string, lineNo: number, plan: HeaderPlan, texts: (string | undefined)[], columns: number[], log: ProblemLog): string | null {
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
export function readRestAligned(line: string, plan: HeaderPlan, shift: number, texts: (string | undefined)[], columns: number[]): boolean {
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
export function readRestByTokens(line: string, nameEnd: number, plan: HeaderPlan, shift: number, texts: (string | undefined)[], columns: number[]): number {
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
