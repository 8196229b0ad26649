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
// The first byte tells the forms apart: '[' (0x5B) for the compact form; a zlib stream (the old form, still read for
// the sheets of older databases) starts with a byte whose low four bits are 8 (deflate), never 0x5B.
import { inflateSync } from 'node:zlib'

/** The compact form's version, its first element. */
const VERSION = 1

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

/** Appends the compact JSON of `v` (a value as JSON.stringify sees it inside an array: undefined → null). */
function emit(v: unknown): string {
  if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') return 'null'
  // a finite number's JSON is its String (-0 included: "0"); NaN and the infinities are null, as in JSON
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null'
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v === 'bigint') return JSON.stringify(v) // throws as JSON.stringify does
  if (Array.isArray(v)) {
    let s = '[-1'
    for (const item of v) s += ',' + emit(item)
    return s + ']'
  }
  const o = v as Record<string, unknown>
  // a value with its own JSON form (a Date): that form, as JSON.stringify takes it
  if (typeof o.toJSON === 'function') {
    const j = (o.toJSON as (key: string) => unknown)('')
    return j === o ? 'null' : emit(j)
  }
  const keys = Object.keys(o)
  const shape = shapeOf(o, keys)
  if (shape >= 0) {
    let s = '[' + shape
    for (const k of keys) s += ',' + emit(o[k])
    return s + ']'
  }
  // another shape: a plain object, its keys as JSON keeps them (undefined, functions and symbols dropped)
  let s = '{'
  let first = true
  for (const k of keys) {
    const x = o[k]
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue
    s += (first ? '' : ',') + JSON.stringify(k) + ':' + emit(x)
    first = false
  }
  return s + '}'
}

function decode(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v
  if (Array.isArray(v)) {
    const tag = v[0] as number
    if (tag === -1) {
      const out = new Array<unknown>(v.length - 1)
      for (let i = 1; i < v.length; i++) out[i - 1] = decode(v[i])
      return out
    }
    const shape = SHAPES_V1[tag]
    if (!shape || shape.length !== v.length - 1) throw new Error(`calculation sheet: unknown shape ${String(tag)} of ${v.length - 1} values`)
    const o: Record<string, unknown> = {}
    for (let i = 0; i < shape.length; i++) o[shape[i]!] = decode(v[i + 1])
    return o
  }
  const src = v as Record<string, unknown>
  const o: Record<string, unknown> = {}
  for (const k of Object.keys(src)) o[k] = decode(src[k])
  return o
}

/** The stored form of a calculation sheet: `[1,<sheet>]` as compact JSON (see above), UTF-8. */
export function encodeSheet(sheet: unknown): Buffer {
  return Buffer.from(`[${VERSION},${emit(sheet)}]`, 'utf8')
}

/** A stored sheet, either form: the compact one, or the deflated JSON older databases hold. */
export function decodeSheet(blob: Uint8Array): unknown {
  if (blob.length > 0 && blob[0] === 0x5b) {
    const top = JSON.parse(Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength).toString('utf8')) as unknown[]
    if (top[0] !== VERSION || top.length !== 2) throw new Error(`calculation sheet: unknown stored version ${String(top[0])}`)
    return decode(top[1])
  }
  return JSON.parse(inflateSync(blob).toString('utf8'))
}
