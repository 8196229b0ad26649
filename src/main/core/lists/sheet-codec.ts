// How a calculation sheet is stored and read back: the encoder writes the compact form sheet-format.ts describes (each
// object of a known shape as `[shape, ...values]`, the frequent strings as references), the decoder reads either form.
import { inflateSync } from 'node:zlib'
import { ascii, boolean, byte, CLOSE, COMMA, int, nul, number, OPEN, sep, str, utf8, written } from './json-bytes'
import { SHAPES_V1, STRING_IDS, STRINGS_V2, VERSION } from './sheet-format'

// the frozen strings, as the readers of stored sheets know them
export { STRINGS_V2 } from './sheet-format'

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
  ascii('[-1')
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
    ascii('[-2,')
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
  byte(OPEN)
  byte(0x30 + id)
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

type Maker = (d: typeof decode, v: unknown[], version: number) => Record<string, unknown>

/**
 * Each shape's object made as one literal of its keys in order (`{"playerId": d(v[1], version), …}`), generated once
 * from the frozen SHAPES_V1: the same object, keys and order as adding the keys one by one, a third cheaper to make (an
 * object literal gets its final layout at once; a FIDE-scale site or export decodes millions of sheets). The keys are
 * JSON-quoted constants of this module, nothing read from a stored sheet.
 */
const MAKERS: readonly Maker[] = SHAPES_V1.map(
  (keys) => new Function('d', 'v', 'version', `return {${keys.map((k, i) => `${JSON.stringify(k)}: d(v[${i + 1}], version)`).join(', ')}}`) as Maker
)

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
    return MAKERS[tag]!(decode, v, version)
  }
  const src = v as Record<string, unknown>
  const o: Record<string, unknown> = {}
  for (const k of Object.keys(src)) o[k] = decode(src[k], version)
  return o
}

/** The stored form of a calculation sheet: `[2,<sheet>]` as compact JSON (sheet-format.ts), UTF-8. */
export function encodeSheet(v: unknown): Buffer {
  return written(() => {
    byte(OPEN)
    byte(0x30 + VERSION)
    byte(COMMA)
    sheet(v)
    byte(CLOSE)
  })
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
