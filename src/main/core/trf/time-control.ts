// Rating type (standard / rapid / blitz) from the header: explicit words first, then the time control's minutes.
import type { RatingType } from '../model/tournament'
import type { FindingCollector } from './findings'
import type { TrfHeader } from './types'
import { readCodedTimeControl, readTimeControlText } from './time-control-read'

/**
 * Minutes per player for 60 moves from a 122 text (or a TRF26 222 code when `encoded`), every period and the
 * increment counted (time-control-read.ts); null when the text cannot be read with certainty.
 */
export function minutesFor60Moves(text: string | null, encoded = false): number | null {
  const r = encoded ? readCodedTimeControl(text) : readTimeControlText(text)
  return r.understood ? r.minutesFor60 : null
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
