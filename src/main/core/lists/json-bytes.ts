// JSON's values as UTF-8 bytes, written straight into a buffer kept from one text to the next: what the calculation
// sheet's encoder (sheet-codec.ts) writes its compact form with, each value as JSON.stringify would write it.

/** The buffer being written, and how far; `busy` while a text is written (a toJSON may encode another sheet). */
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
export function utf8(s: string): void {
  room(3 * s.length)
  at += out.write(s, at, 'utf8')
}

export function byte(c: number): void {
  room(1)
  out[at++] = c
}

/** The comma before a value of an array. */
export function sep(): void {
  room(1)
  out[at++] = COMMA
}

export const COMMA = 0x2c
export const OPEN = 0x5b
export const CLOSE = 0x5d

export function nul(): void {
  room(4)
  out[at++] = 0x6e // n
  out[at++] = 0x75 // u
  out[at++] = 0x6c // l
  out[at++] = 0x6c // l
}

export function boolean(x: boolean): void {
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
export function int(v: number): void {
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
export function number(x: number): void {
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
export function ascii(s: string): void {
  room(s.length)
  for (let i = 0; i < s.length; i++) out[at++] = s.charCodeAt(i)
}

/**
 * A string as JSON.stringify writes it, in UTF-8. A string without a character JSON escapes (a quote, a backslash, a
 * control character) and without a surrogate (paired or lone: left to JSON.stringify) is itself between quotes. A short
 * one of printable ASCII (a date, an id, a reason) is copied here byte by byte; any other by `quoted`.
 */
export function str(s: string): void {
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

/**
 * The bytes `write` writes, as a Buffer of their own. A text written while another is (a toJSON of a sheet that
 * encodes another sheet) goes to a buffer of its own; the kept buffer is dropped after a text far bigger than the others.
 */
export function written(write: () => void): Buffer {
  const outer = busy ? { out, at } : null
  if (outer) out = Buffer.allocUnsafe(1024)
  busy = true
  at = 0
  try {
    write()
    const blob = Buffer.allocUnsafe(at)
    out.copy(blob, 0, 0, at)
    return blob
  } finally {
    busy = outer !== null
    if (outer) ({ out, at } = outer)
    else if (out.length > 1 << 22) out = Buffer.allocUnsafe(1 << 16)
  }
}
