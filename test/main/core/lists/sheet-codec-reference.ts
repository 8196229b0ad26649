// The first encoder of the sheets' compact form (version 1), kept as it was written (commit d00431f), as the reference
// the faster encoder of src/main/core/lists/sheet-codec.ts is checked against byte for byte. Not used by the app.
//
// Its code below is the original's, unchanged: do not "improve" it, the tests compare the new encoder with exactly this.
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

/** The stored form of a calculation sheet as version 1's first encoder wrote it: `[1,<sheet>]`, UTF-8. */
export function referenceEncodeSheet(sheet: unknown): Buffer {
  return Buffer.from(`[${VERSION},${emit(sheet)}]`, 'utf8')
}
