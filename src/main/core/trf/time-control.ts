// Rating type (standard / rapid / blitz) from the header: explicit words first, then the time control's minutes.
import { RATING_TYPE_FR, type RatingType } from '../model/tournament'
import type { FindingCollector } from './findings'
import type { FileRatingTypeSource, TrfHeader } from './types'
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

/** Where a tournament's rating type comes from, in order of precedence (the officer's decision overrides them all). */
export type RatingTypeSource = FileRatingTypeSource | 'officer'

export interface RatingTypeDecision {
  ratingType: RatingType | null
  /** null: nothing told it (the officer decides). */
  source: FileRatingTypeSource | null
  /** Minutes per player for 60 moves when the time control decided. */
  minutes: number | null
  /** Records whose words name another rating type than the one decided (092 type, 012 name). */
  disagreeing: { record: '092' | '012'; text: string; says: RatingType }[]
}

/** The rating type a text's words name (standard, rapid, blitz in the languages the reports use); null: none. */
export function ratingTypeNamed(text: string | null): RatingType | null {
  if (!text) return null
  for (const [re, type] of WORDS) if (re.test(text)) return type
  return null
}

/**
 * The rating type of a report: the time control decides (TRF26 222 when it can be read, the 122 text otherwise, each
 * by its minutes for 60 moves, regulations.md § 1); only when neither can be read do the words of 092 (type), then of
 * 012 (name), give a provisional type, for the officer to confirm. A 90′+30″ event named "Rapid City Open" is standard.
 */
export function decideRatingType(h: Pick<TrfHeader, 'type' | 'name' | 'timeControl' | 'encodedTimeControl'>): RatingTypeDecision {
  const named = ([['092', h.type], ['012', h.name]] as const).flatMap(([record, text]) => {
    const says = ratingTypeNamed(text)
    return says && text ? [{ record, text, says }] : []
  })
  const coded = minutesFor60Moves(h.encodedTimeControl, true)
  const minutes = coded ?? minutesFor60Moves(h.timeControl)
  if (minutes !== null) {
    const ratingType = ratingTypeFromMinutes(minutes)
    return { ratingType, source: coded !== null ? '222' : '122', minutes: Math.round(minutes * 100) / 100, disagreeing: named.filter((n) => n.says !== ratingType) }
  }
  const first = named[0]
  if (!first) return { ratingType: null, source: null, minutes: null, disagreeing: [] }
  return { ratingType: first.says, source: first.record, minutes: null, disagreeing: named.filter((n) => n.says !== first.says) }
}

/** The rating type with its source reported as findings; a name or type that disagrees with the time control is a warning. */
export function ratingTypeOf(h: TrfHeader, c: FindingCollector): RatingType | null {
  const d = decideRatingType(h)
  h.ratingTypeSource = d.source
  if (d.ratingType === null) {
    c.add('warning', 'trf.header.ratingTypeUnknown', 'header', { line: null }, h.timeControl ?? '', 'a time control (122 or 222) or the words standard/rapid/blitz in 092', {})
    return null
  }
  if (d.source === '222' || d.source === '122') {
    const text = (d.source === '222' ? h.encodedTimeControl : h.timeControl) ?? ''
    c.add('info', 'trf.header.ratingType', 'header', { line: null }, text, d.ratingType, { ratingType: d.ratingType, ratingTypeFr: RATING_TYPE_FR[d.ratingType], source: d.source, minutes: d.minutes })
  } else {
    // no readable time control: the words are a provisional answer the officer confirms or changes
    const text = (d.source === '092' ? h.type : h.name) ?? ''
    c.add('warning', 'trf.header.ratingTypeFromWords', 'header', { line: null }, text, 'a time control (122 or 222)', { ratingType: d.ratingType, ratingTypeFr: RATING_TYPE_FR[d.ratingType], source: d.source })
  }
  // a name that disagrees with the time control (the words' own disagreements are the officer's to settle above)
  if (d.minutes !== null) for (const n of d.disagreeing) {
    c.add('warning', 'trf.header.ratingTypeNameDisagrees', 'header', { line: null }, n.text, d.ratingType, {
      ratingType: d.ratingType,
      ratingTypeFr: RATING_TYPE_FR[d.ratingType],
      source: d.source,
      named: n.says,
      namedFr: RATING_TYPE_FR[n.says],
      record: n.record,
      minutes: d.minutes
    })
  }
  return d.ratingType
}
