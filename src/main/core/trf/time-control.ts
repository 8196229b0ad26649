// Rating type (standard / rapid / blitz) from the header: explicit words first, then the time control's minutes.
import type { RatingType } from '../model/tournament'
import type { FindingCollector } from './findings'
import type { TrfHeader } from './types'

/**
 * Minutes for 60 moves from a time-control text: base + 60 × increment (FIDE 2024 rapid/blitz rule).
 * Understands "90+30", "90'+30\"", "90 min + 30 s", "100'x40mm + 50'x20mm + 30\"", and TRF26 222
 * "40/6000+30:20/3000+30:1500+30" (seconds). Returns null when the text holds no figures.
 */
export function minutesFor60Moves(text: string | null, encoded = false): number | null {
  if (!text) return null
  const s = text.trim()
  if (encoded) {
    // periods "moves/seconds+inc" separated by ':'; the last has no move count
    const periods = s.split(':').map((p) => /^(?:(\d+)\/)?(\d+)(?:\+(\d+))?$/.exec(p.trim()))
    if (periods.some((p) => !p)) return null
    const first = periods[0]!
    const base = Number(first[2]) / 60
    const inc = first[3] ? Number(first[3]) : 0
    return base + inc
  }
  const hm = /^(\d{1,2}):(\d{2})\b/.exec(s)
  const words = s.replace(/\b(plus|and|et|und|y)\b/gi, '+')
  // "40 moves in 90 min": the base is the time, not the move count
  const movesFirst = /(\d+)\s*(?:moves|coups|züge|jugadas)\s*(?:in|en|\/)?\s*(\d+(?:[.,]\d+)?)/i.exec(s)
  // "40/120, 60": 40 moves in 120 minutes
  const movesSlash = /^(\d{1,3})\s*\/\s*(\d+(?:[.,]\d+)?)/.exec(s)
  const first = movesFirst ? movesFirst[2] : movesSlash ? movesSlash[2] : /(\d+(?:[.,]\d+)?)/.exec(s)?.[1]
  if (!first) return null
  // "1:30 + 10": hours and minutes
  const base = hm ? Number(hm[1]) * 60 + Number(hm[2]) : Number(first.replace(',', '.'))
  if (!Number.isFinite(base) || base <= 0) return null
  // the increment: a number after '+' given in seconds (", s, sec) or closing the text, never minutes (', min)
  let inc = 0
  for (const m of words.matchAll(/\+\s*(\d+)\s*("|″|''|sec\b|secs\b|seconds?\b|s\b|$|\s+(?:from|per|par|pro|por|increment)\b)/gi)) inc = Number(m[1])
  return base + inc
}

export function ratingTypeFromMinutes(minutes: number): RatingType {
  if (minutes <= 10) return 'blitz'
  if (minutes < 60) return 'rapid'
  return 'standard'
}

const WORDS: [RegExp, RatingType][] = [
  [/\b(blitz|bullet|lightning|éclair)\b/i, 'blitz'],
  [/\b(rapid|rapide|schnellschach|rápid[oa]s?|semi-?rapid)\b/i, 'rapid'],
  [/\b(standard|classical|classique|klassisch|normal|slow)\b/i, 'standard']
]

/** The rating type with the reason reported as an info finding; null when nothing tells. */
export function ratingTypeOf(h: TrfHeader, c: FindingCollector): RatingType | null {
  for (const [text, record] of [[h.type, '092'], [h.name, '012']] as const) {
    if (!text) continue
    for (const [re, type] of WORDS) {
      if (re.test(text)) {
        c.add('info', 'trf.header.ratingType', 'header', { line: null }, text, type, { ratingType: type, source: record })
        return type
      }
    }
  }
  const minutes = minutesFor60Moves(h.encodedTimeControl, true) ?? minutesFor60Moves(h.timeControl)
  if (minutes !== null) {
    const type = ratingTypeFromMinutes(minutes)
    c.add('info', 'trf.header.ratingType', 'header', { line: null }, h.encodedTimeControl ?? h.timeControl ?? '', type, { ratingType: type, source: h.encodedTimeControl ? '222' : '122', minutes: Math.round(minutes * 100) / 100 })
    return type
  }
  c.add('warning', 'trf.header.ratingTypeUnknown', 'header', { line: null }, h.timeControl ?? '', 'a time control (122) or the words standard/rapid/blitz in 092', {})
  return null
}
