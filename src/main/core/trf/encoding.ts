// Detects a TRF file's encoding (UTF-8 ± BOM, Windows-1252, ISO-8859-1/-2, CP850) and line ends, and decodes it.
import iconv from 'iconv-lite'
import type { LineEnding, TrfEncoding } from './types'

export interface Decoded {
  text: string
  encoding: TrfEncoding
  lineEnding: LineEnding
  /** Candidates that scored close to the winner: the officer may want to check names. */
  ambiguous: boolean
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Federations whose names are written in Latin-2 letters; a hint when the bytes alone cannot decide. */
const LATIN2_FEDERATIONS = new Set(['POL', 'CZE', 'SVK', 'HUN', 'SLO', 'CRO', 'ROU', 'BIH', 'SRB', 'MNE', 'ALB'])

/** Letters typical of each single-byte family when decoded with the right table. */
const LATIN2_LETTERS = /[ąćęłńśźżčďěňřšťůžľĺŕőűăĄĆĘŁŃŚŹŻČĎĚŇŘŠŤŮŽĽĹŔŐŰĂ]/u
/** Accented letters that names are full of; a table that turns them into rarer letters reads less plausibly. */
const COMMON_LETTERS = /[áéíóúàèìòùâêîôûäëïöüçñãõåæøœšžčřłąęśźżćńőűýÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÄËÏÖÜÇÑÅÆØŠŽČŘŁŚŻ]/u
const SYMBOLS = /[\u0080-\u009f¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿×÷˘˛˝˙ˇ]/u

const LETTER = /\p{L}/u

const C1 = 1
const SYMBOL = 2
const IS_LETTER = 4
const COMMON = 8
const LATIN2 = 16
const KNOWN = 32
/** Each character's classes by the patterns above, found once per character (a file repeats a few dozen letters). */
const classes = new Uint8Array(0x10000)
function classOf(code: number): number {
  let k = classes[code]!
  if (k === 0) {
    const c = String.fromCharCode(code)
    k = KNOWN
    if (/[\u0080-\u009f]/.test(c)) k |= C1
    if (SYMBOLS.test(c)) k |= SYMBOL
    if (LETTER.test(c)) k |= IS_LETTER
    if (COMMON_LETTERS.test(c)) k |= COMMON
    if (LATIN2_LETTERS.test(c)) k |= LATIN2
    classes[code] = k
  }
  return k
}

/**
 * The plausibility of a decoding. Only the characters above ASCII count, so the text is walked by index and the
 * ASCII ones skipped at once (a single-byte table decodes to the Basic Multilingual Plane only: an index is a
 * character); spreading every file into an array of characters three times was most of an import's decoding. Each
 * character's classes come from `classOf` (the same patterns, tested once per character, not once per occurrence).
 */
function scoreCandidate(text: string, latin2Hint: number, enc: TrfEncoding): number {
  let score = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    const k = classOf(code)
    const inWord = (i > 0 && (classOf(text.charCodeAt(i - 1)) & IS_LETTER) !== 0) || (i + 1 < text.length && (classOf(text.charCodeAt(i + 1)) & IS_LETTER) !== 0)
    if (k & C1) score -= 6
    else if (k & SYMBOL) score -= inWord ? 5 : 1
    else if (k & IS_LETTER) score += (inWord ? 3 : 1) + (k & COMMON ? 1 : 0)
    else score -= 1
    if (enc === 'iso-8859-2' && k & LATIN2) score += latin2Hint
  }
  return score
}

function lineEndingOf(text: string): LineEnding {
  const crlf = (text.match(/\r\n/g) ?? []).length
  const cr = (text.match(/\r(?!\n)/g) ?? []).length
  const lf = (text.match(/(?<!\r)\n/g) ?? []).length
  const kinds = [crlf > 0, cr > 0, lf > 0].filter(Boolean).length
  if (kinds === 0) return 'none'
  if (kinds > 1) return 'mixed'
  return crlf > 0 ? 'CRLF' : cr > 0 ? 'CR' : 'LF'
}

/** Share of player lines of Central European federations, read from the raw bytes (ASCII columns 54-56). */
function latin2Hint(bytes: Uint8Array): number {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'latin1')
  let ce = 0
  let all = 0
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.startsWith('001') || line.startsWith('032')) {
      const fed = line.startsWith('001') ? line.slice(53, 56).trim() : line.slice(4, 7).trim()
      if (!fed) continue
      all++
      if (LATIN2_FEDERATIONS.has(fed)) ce++
    }
  }
  if (all === 0) return 0
  return ce / all > 0.5 ? 4 : ce / all > 0.2 ? 1 : -2
}

export function decodeTrf(bytes: Uint8Array): Decoded {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    const text = new TextDecoder('utf-8').decode(buf.subarray(3))
    return { text, encoding: 'utf-8-bom', lineEnding: lineEndingOf(text), ambiguous: false }
  }
  // Notepad's "Unicode": UTF-16 with its byte-order mark
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
    const le = buf[0] === 0xff
    const text = new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(buf.subarray(2))
    return { text, encoding: le ? 'utf-16le' : 'utf-16be', lineEnding: lineEndingOf(text), ambiguous: false }
  }
  let high = false
  for (const b of buf) {
    if (b >= 0x80) {
      high = true
      break
    }
  }
  if (!high) {
    const text = buf.toString('latin1')
    return { text, encoding: 'ascii', lineEnding: lineEndingOf(text), ambiguous: false }
  }
  try {
    const text = utf8.decode(buf)
    return { text, encoding: 'utf-8', lineEnding: lineEndingOf(text), ambiguous: false }
  } catch {
    // not UTF-8: one of the single-byte tables
  }
  const hint = latin2Hint(bytes)
  const candidates: { enc: TrfEncoding; iconvName: string }[] = [
    { enc: 'windows-1252', iconvName: 'win1252' },
    { enc: 'iso-8859-2', iconvName: 'iso88592' },
    { enc: 'cp850', iconvName: 'cp850' }
  ]
  const scored = candidates.map((c) => {
    const text = iconv.decode(buf, c.iconvName)
    return { ...c, text, score: scoreCandidate(text, hint, c.enc) }
  })
  // a stable order breaks ties in favour of Windows-1252, the most common single-byte table in the wild
  scored.sort((a, b) => b.score - a.score)
  const best = scored[0]
  let encoding = best.enc
  // Windows-1252 and ISO-8859-1 differ only in 0x80-0x9F; without such bytes the file is plain Latin-1
  if (encoding === 'windows-1252' && !buf.some((b) => b >= 0x80 && b <= 0x9f)) encoding = 'iso-8859-1'
  // close scores only matter when the candidates read the names differently
  const ambiguous = scored.slice(1).some((c) => c.score >= best.score - 2 && c.text !== best.text)
  return { text: best.text, encoding, lineEnding: lineEndingOf(best.text), ambiguous }
}
