// How a calculation sheet is stored: a compact JSON text (objects of the sheet's known shapes as arrays), no deflate.
//
// The sheet used to be stored as deflated JSON of the whole object (`deflate(JSON.stringify(sheet))`). At FIDE scale a
// month writes ~300,000 sheets; the profile showed the JSON (13 keys repeated in every game) and its deflate as about
// half the time of writing a list's sheets. The compact form writes each object of a known shape (the sheet, its base,
// its tournaments, their games, notes, K, month slice, event, compression) as `[shape, ...values]` in the shape's key
// order, every array as `[-1, ...items]`, anything else (a first rating's window, an object of another shape) as plain
// JSON. It is a third of the JSON's size, close to what the deflated form took, without the deflate.
//
// Decoding gives exactly `JSON.parse(JSON.stringify(sheet))` (same keys in the same order, same values): what the old
// form gave. An object is written as a shape only when its own keys are exactly that shape's, in that order, with no
// `undefined` value (JSON would drop the key); otherwise it stays an object. Numbers and strings are written as
// JSON.stringify writes them. The shapes of version 1 below are frozen: a new shape or key order is a new version, and
// every earlier version stays readable.
//
// Version 2 writes the strings most sheets repeat as a reference: a shape's text that is one of STRINGS_V2
// (the rules' references, the notes every rated player gets, the editions' ids) is written `[-2, index]`, six or
// seven bytes where the string took eleven to ninety. In a FIDE-sized month they are about a quarter of the sheets'
// bytes ("FIDE 2024: K factor (regulations.md § 1)" alone 41 MB of 533), which the list's generation writes into the
// database. Anything else is written as version 1 writes it: a version-2 sheet with its references replaced by their
// strings is, byte for byte, the version-1 sheet of the same object. STRINGS_V2 is frozen like the shapes: a string
// added later is a new version; a string the rules no longer write stays, for the sheets that hold it.
//
// The first byte tells the forms apart: '[' (0x5B) for the compact form; a zlib stream (the old form, still read for
// the sheets of older databases) starts with a byte whose low four bits are 8 (deflate), never 0x5B.
import { inflateSync } from 'node:zlib'

/** The compact form's version, its first element: 2 is written, 1 and 2 are read. */
const VERSION = 2

/** The strings version 2 writes as `[-2, index]` (index = position). Frozen: never edit, reorder or remove one. */
export const STRINGS_V2: readonly string[] = [
  ...['FIDE 2005', 'FIDE 2010', 'FIDE 2014', 'FIDE 2017', 'FIDE 2022', 'FIDE 2024'].flatMap((y) => [
    `${y}: tables 8.1a/8.1b (regulations.md § 2)`,
    `${y}: rating-difference cap (regulations.md § 1)`,
    `${y}: K factor (regulations.md § 1)`,
    `${y}: rated player (regulations.md § 4.1)`,
    `${y}: rounding (regulations.md § 4.1)`,
    `${y}: unrated player (regulations.md § 4.2)`,
    `${y}: first rating (regulations.md § 4.2)`,
    `${y}: round-robin iteration (regulations.md § 4.2)`,
    `${y}: Swiss counts rated opponents only (regulations.md § 3)`
  ]),
  'FIDE 2024: unrated player (regulations.md § 4.3)',
  'FIDE 2024: first rating (regulations.md § 4.3)',
  '2024 § 8.3.4',
  'regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)',
  'regulations.md § 5 (inactivity: 2005 § 9.23a–c, 2010 § 7.23a–c, 2014 § 7.23a–b)',
  'regulations.md § 5 (2005 § 9.22, 2010 § 7.22, 2014 § 7.22)',
  'regulations.md § 1 (2024 rapid and blitz)',
  'PD from table 8.1b as printed, never the logistic formula',
  ...[10, 15, 20, 25, 30, 40].flatMap((k) => [`K ${k}: normal`, `K ${k}: normal (games so far unknown: treated as established)`]),
  'K 10: published rating reached 2400 or more',
  'K 10: rated 2400 or more',
  'K 10: rated 2400 or more with 30 games',
  'no event counts towards a first rating',
  'late tournament: rated now with the ratings of the list in force at its start (regulations.md § 5)',
  'delisted on the base list: now treated as any unrated player',
  'no rated player took part: no tournament average, no event rating',
  'round robin with unplayed games: rated as a Swiss tournament',
  'fide-2005',
  'fide-2010',
  'fide-2014',
  'fide-2017',
  'fide-2022',
  'fide-2024'
]

/** Each string of STRINGS_V2 by its index. */
const STRING_IDS = new Map(STRINGS_V2.map((x, i) => [x, i]))

/** Version 1's shapes (index = shape id): the key lists of the objects generateList and the list writer build. */
const SHAPES_V1: readonly (readonly string[])[] = [
  // 0 CalculationSheet
  ['playerId', 'listDate', 'edition', 'base', 'tournaments', 'periodGames', 'changeExact', 'change', 'compression', 'firstRating', 'rating', 'status', 'flags', 'kNext', 'notes'],
  // 1 the sheet's base line
  ['listId', 'rating', 'k', 'status', 'flags'],
  // 2 SheetTournament
  ['tournamentId', 'name', 'start', 'end', 'edition', 'system', 'late', 'slice', 'rating', 'ratingListId', 'n', 'w', 'we', 'chg', 'k', 'kChg', 'event', 'games', 'notes'],
  // 3 SheetGame
  ['round', 'opponentId', 'opponentRating', 'opponentListId', 'score', 'counted', 'notCounted', 'ratingUsed', 'capped', 'd', 'pd', 'chg', 'note'],
  // 4 Note
  ['ref', 'text'],
  // 5 kNext
  ['k', 'note'],
  // 6 MonthSlice
  ['month', 'rounds', 'last'],
  // 7 an unrated player's event figures
  ['ra', 'ru', 'n', 'w'],
  // 8 compression
  ['before', 'after', 'ref']
]

/** Shape ids by their first key, then checked key by key. */
const BY_FIRST_KEY = new Map<string, number[]>()
SHAPES_V1.forEach((keys, id) => BY_FIRST_KEY.set(keys[0]!, [...(BY_FIRST_KEY.get(keys[0]!) ?? []), id]))

function shapeOf(o: Record<string, unknown>, keys: string[]): number {
  const candidates = keys.length ? BY_FIRST_KEY.get(keys[0]!) : undefined
  if (!candidates) return -1
  for (const id of candidates) {
    const shape = SHAPES_V1[id]!
    if (shape.length !== keys.length) continue
    let same = true
    for (let i = 0; i < shape.length; i++) {
      const x = o[keys[i]!]
      // a key JSON would drop (undefined, a function, a symbol): not this shape, a plain object drops it the same way
      if (shape[i] !== keys[i] || x === undefined || typeof x === 'function' || typeof x === 'symbol') {
        same = false
        break
      }
    }
    if (same) return id
  }
  return -1
}

// The encoder writes the UTF-8 bytes straight into a buffer kept from one sheet to the next. (The first one built a
// string, each object's text from its values' texts: the profile of a FIDE-scale list showed ~9 s in it, a shape looked
// up by its keys for each object, JSON.stringify for each string, the concatenations, then the string's UTF-8.) Each
// shape has a writer that reads the object by its named keys and writes each value by the writer of what it holds (a
// tournament's games by the game's). A writer takes that way only when the generic walk (`value`, the first encoder's
// walk, writing bytes) would write the object as that shape: no toJSON, Object.keys exactly the shape's keys in that
// order, no value JSON drops. Anything else goes to `value` and is written as it always was. The bytes are the first
// encoder's: it is kept in the tests as the reference, and compared with this one byte for byte.
//
// On that way an object is read as the first encoder read it: its toJSON, its keys, each value once to check it (the
// first encoder's `shapeOf`), once to write it. An object that leaves it has been read a little more (up to the value
// that sent it away) before the generic walk reads it as the first encoder did: only an object whose reading has an
// effect (a getter that counts, a proxy) could tell, and JSON.stringify, which reads each value once, would not give
// such a one back either.

type Obj = Record<string, unknown>

/** The buffer the sheet is written into, and how far; `busy` while a sheet is written (a toJSON may encode another). */
let out = Buffer.allocUnsafe(1 << 16)
let at = 0
let busy = false

/** Room for n more bytes. */
function room(n: number): void {
  if (at + n <= out.length) return
  const b = Buffer.allocUnsafe(Math.max(2 * out.length, at + n))
  out.copy(b, 0, 0, at)
  out = b
}

/** Text JSON.stringify made (an escaped string, a BigInt's toJSON): its UTF-8, as Buffer.from writes it. */
function utf8(s: string): void {
  room(3 * s.length)
  at += out.write(s, at, 'utf8')
}

function byte(c: number): void {
  room(1)
  out[at++] = c
}

/** The comma before a value of an array. */
function sep(): void {
  room(1)
  out[at++] = COMMA
}

const COMMA = 0x2c
const OPEN = 0x5b
const CLOSE = 0x5d

function nul(): void {
  room(4)
  out[at++] = 0x6e // n
  out[at++] = 0x75 // u
  out[at++] = 0x6c // l
  out[at++] = 0x6c // l
}

function boolean(x: boolean): void {
  room(5)
  if (x) {
    out[at++] = 0x74 // t
    out[at++] = 0x72 // r
    out[at++] = 0x75 // u
    out[at++] = 0x65 // e
  } else {
    out[at++] = 0x66 // f
    out[at++] = 0x61 // a
    out[at++] = 0x6c // l
    out[at++] = 0x73 // s
    out[at++] = 0x65 // e
  }
}

/** A 32-bit integer's digits (-0 as 0, as String writes it); integer arithmetic only (no float remainder). */
function int(v: number): void {
  if (v === -0x80000000) return ascii('-2147483648')
  room(11)
  let p = at
  let u = v | 0
  if (u < 0) {
    out[p++] = 0x2d // -
    u = -u | 0
  }
  p += u < 10 ? 1 : u < 100 ? 2 : u < 1e3 ? 3 : u < 1e4 ? 4 : u < 1e5 ? 5 : u < 1e6 ? 6 : u < 1e7 ? 7 : u < 1e8 ? 8 : u < 1e9 ? 9 : 10
  at = p
  do {
    const q = (u / 10) | 0
    out[--p] = 0x30 + u - 10 * q
    u = q
  } while (u !== 0)
}

/**
 * A number as JSON writes it (String's text; NaN and the infinities null). An integer of 32 bits is written digit by
 * digit; a number that is h / 100 for an integer h of 32 bits (a sheet's figures in hundredths: PD, ΔR, W, We, K × ΔR)
 * as h's digits with the point two places in: that decimal has at most 10 significant digits, so it is the only one of
 * so few digits that reads back as the number, which is what String writes (the shortest), and it is at least 0.01,
 * so String writes no exponent. Any other number is written by String.
 */
function number(x: number): void {
  if ((x | 0) === x) return int(x)
  if (x !== x || x === Infinity || x === -Infinity) return nul()
  const h = Math.round(x * 100)
  if (h / 100 !== x || h > 0x7fffffff || h < -0x7fffffff) return ascii(String(x))
  let u = h
  if (u < 0) {
    byte(0x2d) // -
    u = -u
  }
  const units = (u / 100) | 0
  const cents = u - 100 * units
  int(units)
  room(3)
  out[at++] = 0x2e // .
  const tens = (cents / 10) | 0
  out[at++] = 0x30 + tens
  if (cents !== 10 * tens) out[at++] = 0x30 + (cents - 10 * tens)
}

/** Text of ASCII characters (a number's). */
function ascii(s: string): void {
  room(s.length)
  for (let i = 0; i < s.length; i++) out[at++] = s.charCodeAt(i)
}

/**
 * A string as JSON.stringify writes it, in UTF-8. A string without a character JSON escapes (a quote, a backslash, a
 * control character) and without a surrogate (paired or lone: left to JSON.stringify) is itself between quotes. A short
 * one of printable ASCII (a date, an id, a reason) is copied here byte by byte; any other by `quoted`.
 */
function str(s: string): void {
  const n = s.length
  if (n > 32) return quoted(s)
  room(n + 2)
  const b = out
  let p = at
  b[p++] = 0x22 // "
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return quoted(s)
    b[p++] = c
  }
  b[p] = 0x22
  at = p + 1
}

/** What JSON escapes, and the surrogates (a lone one is escaped, a pair is not: JSON.stringify tells them apart). */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/

/** A string between quotes, its UTF-8 written by Buffer (a native call: faster than a loop past a few dozen characters). */
function quoted(s: string): void {
  if (ESCAPED.test(s)) return utf8(JSON.stringify(s))
  room(3 * s.length + 2)
  out[at++] = 0x22
  at += out.write(s, at, 'utf8')
  out[at++] = 0x22
}

/** A value JSON drops from an object (and writes as null in an array): not a shape's value. */
function dropped(x: unknown): boolean {
  return x === undefined || typeof x === 'function' || typeof x === 'symbol'
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null
}

/**
 * Whether `o` is written by its shape's writer: what `value` checks (no toJSON, Object.keys the shape's keys in order),
 * each key compared with the shape's as it comes (the keys are internalized strings: mostly a pointer compared).
 * `for…in` gives the own enumerable keys in Object.keys's order without making their array (at FIDE scale the
 * arrays were 570 MB of a month's allocation), then the inherited enumerable ones: the last key own, every key was
 * (an object with an inherited key goes to `value`, which writes it as before).
 */
function exactly(o: Obj, keys: readonly string[]): boolean {
  if (Array.isArray(o) || typeof o.toJSON === 'function') return false
  let i = 0
  for (const k in o) if (i >= keys.length || k !== keys[i++]) return false
  return i === keys.length && Object.hasOwn(o, keys[i - 1]!)
}

/**
 * The generic walk: the compact JSON of `v` (a value as JSON.stringify sees it inside an array: undefined → null), as
 * the first encoder wrote it.
 */
function value(v: unknown): void {
  if (typeof v === 'string') return str(v)
  // a finite number's JSON is its String (-0 included: "0"); NaN and the infinities are null, as in JSON
  if (typeof v === 'number') return number(v)
  if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') return nul()
  if (typeof v === 'boolean') return boolean(v)
  // throws as JSON.stringify does (or writes what a BigInt.prototype.toJSON gives, as the first encoder's text did)
  if (typeof v === 'bigint') return utf8(String(JSON.stringify(v)))
  if (Array.isArray(v)) return list(v, value)
  const o = v as Obj
  // a value with its own JSON form (a Date): that form, as JSON.stringify takes it
  if (typeof o.toJSON === 'function') {
    const j = (o.toJSON as (key: string) => unknown)('')
    return j === o ? nul() : value(j)
  }
  const keys = Object.keys(o)
  const shape = shapeOf(o, keys)
  if (shape >= 0) return BODIES[shape]!(o)
  // another shape: a plain object, its keys as JSON keeps them (undefined, functions and symbols dropped)
  byte(0x7b) // {
  let first = true
  for (const k of keys) {
    const x = o[k]
    if (dropped(x)) continue
    if (!first) byte(COMMA)
    str(k)
    byte(0x3a) // :
    value(x)
    first = false
  }
  byte(0x7d) // }
}

const ARRAY_ITERATOR = Array.prototype[Symbol.iterator]

/** An array as `[-1, ...items]`, each item by `item` (a shape's writer, or `value`). */
function list(v: unknown, item: (x: unknown) => void): void {
  if (!Array.isArray(v)) return value(v)
  room(3)
  out[at++] = OPEN
  out[at++] = 0x2d // -
  out[at++] = 0x31 // 1
  if (v[Symbol.iterator] === ARRAY_ITERATOR)
    for (let i = 0; i < v.length; i++) {
      byte(COMMA)
      item(v[i])
    }
  else
    // its own iterator: walked by it, as the first encoder walked every array (`for…of`)
    for (const x of v as unknown[]) {
      byte(COMMA)
      value(x)
    }
  byte(CLOSE)
}

/** A shape's value expected to be a number (or null), a string (or null), a boolean: anything else by `value`. */
function num(x: unknown): void {
  if (typeof x === 'number') number(x)
  else if (x === null) nul()
  else value(x)
}

/** A shape's text: one of STRINGS_V2 as its reference `[-2,index]`, any other as JSON writes it. */
function text(x: unknown): void {
  if (typeof x === 'string') {
    const id = STRING_IDS.get(x)
    if (id === undefined) return str(x)
    room(4)
    out[at++] = OPEN
    out[at++] = 0x2d // -
    out[at++] = 0x32 // 2
    out[at++] = COMMA
    int(id)
    byte(CLOSE)
  } else if (x === null) nul()
  else value(x)
}

function bool(x: unknown): void {
  if (typeof x === 'boolean') boolean(x)
  else value(x)
}

/** `[id` of a shape's array, then its values (each after a comma) and `]`. */
function open(id: number): void {
  room(2)
  out[at++] = OPEN
  out[at++] = 0x30 + id
}

const [SHEET, BASE, TOURNAMENT, GAME, NOTE, KNEXT, SLICE, EVENT, COMPRESSION] = SHAPES_V1 as [string[], string[], string[], string[], string[], string[], string[], string[], string[]]

// Each shape: its writer (the check, then its body) and its body (the values, the object known to be of the shape:
// read again by their names, as the first encoder read them again to write them).

function sheet(x: unknown): void {
  if (isObj(x) && exactly(x, SHEET) && !(dropped(x.playerId) || dropped(x.listDate) || dropped(x.edition) || dropped(x.base) || dropped(x.tournaments) || dropped(x.periodGames) || dropped(x.changeExact) || dropped(x.change) || dropped(x.compression) || dropped(x.firstRating) || dropped(x.rating) || dropped(x.status) || dropped(x.flags) || dropped(x.kNext) || dropped(x.notes)))
    sheetBody(x)
  else value(x)
}

function sheetBody(x: Obj): void {
  open(0)
  sep(); num(x.playerId)
  sep(); text(x.listDate)
  sep(); text(x.edition)
  sep(); base(x.base)
  sep(); list(x.tournaments, tournament)
  sep(); num(x.periodGames)
  sep(); num(x.changeExact)
  sep(); num(x.change)
  sep(); compression(x.compression)
  sep(); value(x.firstRating)
  sep(); num(x.rating)
  sep(); text(x.status)
  sep(); text(x.flags)
  sep(); kNext(x.kNext)
  sep(); list(x.notes, note)
  byte(CLOSE)
}

function base(x: unknown): void {
  if (isObj(x) && exactly(x, BASE) && !(dropped(x.listId) || dropped(x.rating) || dropped(x.k) || dropped(x.status) || dropped(x.flags))) baseBody(x)
  else value(x)
}

function baseBody(x: Obj): void {
  open(1)
  sep(); num(x.listId)
  sep(); num(x.rating)
  sep(); num(x.k)
  sep(); text(x.status)
  sep(); text(x.flags)
  byte(CLOSE)
}

function tournament(x: unknown): void {
  if (
    isObj(x) &&
    exactly(x, TOURNAMENT) &&
    !(
      dropped(x.tournamentId) || dropped(x.name) || dropped(x.start) || dropped(x.end) || dropped(x.edition) || dropped(x.system) || dropped(x.late) || dropped(x.slice) || dropped(x.rating) ||
      dropped(x.ratingListId) || dropped(x.n) || dropped(x.w) || dropped(x.we) || dropped(x.chg) || dropped(x.k) || dropped(x.kChg) || dropped(x.event) || dropped(x.games) || dropped(x.notes)
    )
  )
    tournamentBody(x)
  else value(x)
}

function tournamentBody(x: Obj): void {
  open(2)
  sep(); num(x.tournamentId)
  sep(); text(x.name)
  sep(); text(x.start)
  sep(); text(x.end)
  sep(); text(x.edition)
  sep(); text(x.system)
  sep(); bool(x.late)
  sep(); slice(x.slice)
  sep(); num(x.rating)
  sep(); num(x.ratingListId)
  sep(); num(x.n)
  sep(); num(x.w)
  sep(); num(x.we)
  sep(); num(x.chg)
  sep(); num(x.k)
  sep(); num(x.kChg)
  sep(); event(x.event)
  sep(); list(x.games, game)
  sep(); list(x.notes, note)
  byte(CLOSE)
}

function game(x: unknown): void {
  if (
    isObj(x) &&
    exactly(x, GAME) &&
    !(
      dropped(x.round) || dropped(x.opponentId) || dropped(x.opponentRating) || dropped(x.opponentListId) || dropped(x.score) || dropped(x.counted) || dropped(x.notCounted) ||
      dropped(x.ratingUsed) || dropped(x.capped) || dropped(x.d) || dropped(x.pd) || dropped(x.chg) || dropped(x.note)
    )
  )
    gameBody(x)
  else value(x)
}

function gameBody(x: Obj): void {
  open(3)
  sep(); num(x.round)
  sep(); num(x.opponentId)
  sep(); num(x.opponentRating)
  sep(); num(x.opponentListId)
  sep(); num(x.score)
  sep(); bool(x.counted)
  sep(); text(x.notCounted)
  sep(); num(x.ratingUsed)
  sep(); bool(x.capped)
  sep(); num(x.d)
  sep(); num(x.pd)
  sep(); num(x.chg)
  sep(); text(x.note)
  byte(CLOSE)
}

function note(x: unknown): void {
  if (isObj(x) && exactly(x, NOTE) && !(dropped(x.ref) || dropped(x.text))) noteBody(x)
  else value(x)
}

function noteBody(x: Obj): void {
  open(4)
  sep(); text(x.ref)
  sep(); text(x.text)
  byte(CLOSE)
}

function kNext(x: unknown): void {
  if (isObj(x) && exactly(x, KNEXT) && !(dropped(x.k) || dropped(x.note))) kNextBody(x)
  else value(x)
}

function kNextBody(x: Obj): void {
  open(5)
  sep(); num(x.k)
  sep()
  const n = x.note
  if (n === null) nul()
  else note(n)
  byte(CLOSE)
}

function slice(x: unknown): void {
  if (x === null) nul()
  else if (isObj(x) && exactly(x, SLICE) && !(dropped(x.month) || dropped(x.rounds) || dropped(x.last))) sliceBody(x)
  else value(x)
}

function sliceBody(x: Obj): void {
  open(6)
  sep(); text(x.month)
  sep(); list(x.rounds, num)
  sep(); bool(x.last)
  byte(CLOSE)
}

function event(x: unknown): void {
  if (x === null) nul()
  else if (isObj(x) && exactly(x, EVENT) && !(dropped(x.ra) || dropped(x.ru) || dropped(x.n) || dropped(x.w))) eventBody(x)
  else value(x)
}

function eventBody(x: Obj): void {
  open(7)
  sep(); num(x.ra)
  sep(); num(x.ru)
  sep(); num(x.n)
  sep(); num(x.w)
  byte(CLOSE)
}

function compression(x: unknown): void {
  if (x === null) nul()
  else if (isObj(x) && exactly(x, COMPRESSION) && !(dropped(x.before) || dropped(x.after) || dropped(x.ref))) compressionBody(x)
  else value(x)
}

function compressionBody(x: Obj): void {
  open(8)
  sep(); num(x.before)
  sep(); num(x.after)
  sep(); text(x.ref)
  byte(CLOSE)
}

/** Each shape's body, by its id (for an object the generic walk found of that shape). */
const BODIES: readonly ((o: Obj) => void)[] = [sheetBody, baseBody, tournamentBody, gameBody, noteBody, kNextBody, sliceBody, eventBody, compressionBody]

function decode(v: unknown, version: number): unknown {
  if (v === null || typeof v !== 'object') return v
  if (Array.isArray(v)) {
    const tag = v[0] as number
    if (tag === -1) {
      const out = new Array<unknown>(v.length - 1)
      for (let i = 1; i < v.length; i++) out[i - 1] = decode(v[i], version)
      return out
    }
    if (tag === -2 && version >= 2) {
      const x = v.length === 2 && typeof v[1] === 'number' ? STRINGS_V2[v[1]] : undefined
      if (x === undefined) throw new Error(`calculation sheet: unknown string ${JSON.stringify(v.slice(1))}`)
      return x
    }
    const shape = SHAPES_V1[tag]
    if (!shape || shape.length !== v.length - 1) throw new Error(`calculation sheet: unknown shape ${String(tag)} of ${v.length - 1} values`)
    const o: Record<string, unknown> = {}
    for (let i = 0; i < shape.length; i++) o[shape[i]!] = decode(v[i + 1], version)
    return o
  }
  const src = v as Record<string, unknown>
  const o: Record<string, unknown> = {}
  for (const k of Object.keys(src)) o[k] = decode(src[k], version)
  return o
}

/** The stored form of a calculation sheet: `[2,<sheet>]` as compact JSON (see above), UTF-8. */
export function encodeSheet(v: unknown): Buffer {
  // a toJSON of the sheet that encodes another sheet: that one is written into a buffer of its own
  const outer = busy ? { out, at } : null
  if (outer) out = Buffer.allocUnsafe(1024)
  busy = true
  at = 0
  try {
    room(3)
    out[at++] = OPEN
    out[at++] = 0x30 + VERSION
    out[at++] = COMMA
    sheet(v)
    byte(CLOSE)
    const blob = Buffer.allocUnsafe(at)
    out.copy(blob, 0, 0, at)
    return blob
  } finally {
    busy = outer !== null
    if (outer) ({ out, at } = outer)
    // a sheet far bigger than the others: its buffer is not kept
    else if (out.length > 1 << 22) out = Buffer.allocUnsafe(1 << 16)
  }
}

/** A stored sheet, either form: the compact one, or the deflated JSON older databases hold. */
export function decodeSheet(blob: Uint8Array): unknown {
  if (blob.length > 0 && blob[0] === 0x5b) {
    const top = JSON.parse(Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength).toString('utf8')) as unknown[]
    if ((top[0] !== 1 && top[0] !== VERSION) || top.length !== 2) throw new Error(`calculation sheet: unknown stored version ${String(top[0])}`)
    return decode(top[1], top[0])
  }
  return JSON.parse(inflateSync(blob).toString('utf8'))
}
