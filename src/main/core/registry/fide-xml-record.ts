// One <player> element of a FIDE XML list → a list record: each field checked, a bad value a located error.
import { splitName } from './names'
import { LIMITS } from '../limits'
import {
  arbiterTitleOf,
  readFlag,
  dropDelistedRating,
  FLAG_EXPECTED,
  DELISTED_RATING,
  normaliseTitle,
  splitOtherTitles,
  type ListRating,
  type ListRatingType,
  type ListRecord,
  type ProblemLog
} from './list-record'

export interface Field {
  /** The element's text, cut after LIMITS.playerNameChars + 1 characters. */
  text: string
  /** The whole text's length, when the text was cut. */
  length?: number
  line: number
  column: number
}

/** What a player's record is read with: the list's rating type (single-rating files), its year, the problem log. */
export interface XmlRecordOptions {
  ratingType: ListRatingType
  listYear: number
  log: ProblemLog
}

/** A player's field by its element name; an absent one is empty, placed at the player's line. */
type FieldOf = (key: string) => Field

const TYPE_PREFIX: Record<string, ListRatingType> = { '': 'standard', rapid_: 'rapid', blitz_: 'blitz' }

function int(log: ProblemLog, field: Field, label: string, min: number, max: number): number | null {
  if (!field.text) return null
  if (!/^\d+$/.test(field.text) || Number(field.text) < min || Number(field.text) > max) {
    log.error(field.line, field.column, label, field.text, `a whole number from ${min} to ${max}`)
    return null
  }
  return Number(field.text)
}

/** The name, spaces normalised; null (error logged) when empty or past LIMITS. */
function playerName(get: FieldOf, log: ProblemLog): string | null {
  const nameF = get('name')
  if ((nameF.length ?? 0) > LIMITS.playerNameChars) {
    log.error(nameF.line, nameF.column, 'name', `${nameF.length} characters`, `a name of at most ${LIMITS.playerNameChars} characters`)
    return null
  }
  // Some files pad names oddly (" Orr  ,  Mark  J  L"): spaces are normalised, letters kept.
  const name = nameF.text.replace(/\s+/g, ' ').replace(/\s*,\s*/, ', ').trim()
  if (!name) {
    log.error(nameF.line, nameF.column, 'name', '', 'a player name')
    return null
  }
  return name
}

function federationOf(get: FieldOf, log: ProblemLog): string | null {
  const fedF = get('country')
  if (!fedF.text) return null
  if (/^[A-Z]{3}$/.test(fedF.text)) return fedF.text
  log.error(fedF.line, fedF.column, 'federation', fedF.text, 'a three-letter federation code')
  return null
}

/** The flag (inactive, woman, delisted) and the sex, which a woman's flag gives when the sex field is empty. */
function flagAndSex(get: FieldOf, log: ProblemLog): { read: ReturnType<typeof readFlag>; sex: 'M' | 'F' | null } {
  const flagF = get('flag')
  const read = readFlag(flagF.text)
  if (read === undefined) log.error(flagF.line, flagF.column, 'flag', flagF.text, FLAG_EXPECTED)
  const flags = read?.flags
  const sexF = get('sex')
  let sex: 'M' | 'F' | null = null
  if (sexF.text) {
    if (sexF.text === 'M' || sexF.text === 'F') sex = sexF.text
    else log.error(sexF.line, sexF.column, 'sex', sexF.text, 'M or F')
  } else if (flags === 'w' || flags === 'wi') sex = 'F'
  return { read, sex }
}

/** FIDE and woman titles (an unknown one is a warning, not recorded) and the other titles (arbiter, trainer). */
function titlesOf(get: FieldOf, log: ProblemLog): Pick<ListRecord, 'title' | 'womanTitle' | 'otherTitles'> {
  const titleF = get('title')
  let title = normaliseTitle(titleF.text)
  if (title === undefined) {
    log.warn(titleF.line, titleF.column, 'title', titleF.text, 'a FIDE title; the title is not recorded')
    title = null
  }
  const wF = get('w_title')
  let womanTitle = normaliseTitle(wF.text)
  if (womanTitle === undefined) {
    log.warn(wF.line, wF.column, 'womanTitle', wF.text, 'a woman title; the title is not recorded')
    womanTitle = null
  }
  return { title, womanTitle, otherTitles: splitOtherTitles(get('o_title').text) }
}

/** A birth year or date (all zeros: none), from 1850 to the list's year. */
function birthOf(get: FieldOf, opts: XmlRecordOptions): { birthYear: number | null; birthDate: string | null } {
  const bF = get('birthday')
  let birthYear: number | null = null
  let birthDate: string | null = null
  if (bF.text && !/^0+$/.test(bF.text)) {
    const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(bF.text)
    const y = m ? Number(m[1]) : NaN
    if (!m || y < 1850 || y > opts.listYear) opts.log.error(bF.line, bF.column, 'birthday', bF.text, `a year (YYYY) or a date (YYYY-MM-DD) up to ${opts.listYear}`)
    else {
      birthYear = y
      if (m[2]) birthDate = bF.text
    }
  }
  return { birthYear, birthDate }
}

/**
 * The ratings with games and K: the combined layout's rating/rapid_rating/blitz_rating, or the single layout's one
 * (of the file's rating type); whether the combined layout was seen. A delisted line's standard rating is dropped.
 */
function ratingsOf(f: Map<string, Field>, get: FieldOf, opts: XmlRecordOptions, read: ReturnType<typeof readFlag>): { ratings: Partial<Record<ListRatingType, ListRating>>; combinedSeen: boolean } {
  const { log } = opts
  let combinedSeen = false
  const ratings: Partial<Record<ListRatingType, ListRating>> = {}
  for (const [prefix, type] of Object.entries(TYPE_PREFIX)) {
    if (prefix && (f.has(`${prefix}rating`) || f.has(`${prefix}k`))) combinedSeen = true
    const t: ListRatingType = prefix ? type : f.has('rapid_rating') || f.has('blitz_rating') ? 'standard' : opts.ratingType
    const rating = int(log, get(`${prefix}rating`), `${t} rating`, 0, 3500)
    const games = int(log, get(`${prefix}games`), `${t} games`, 0, 999)
    const k = int(log, get(`${prefix}k`), `${t} K`, 1, 100)
    if (rating !== null && rating > 0) ratings[t] = { rating, games, k }
    // a line shown as delisted publishes no rating (the office's lists write none): he is read as unrated
    if (read?.delisted && (!prefix || t === 'standard')) {
      const rf = get(`${prefix}rating`)
      dropDelistedRating(ratings, t, (found) => log.warn(rf.line, rf.column, 'rating', found, DELISTED_RATING))
    }
  }
  return { ratings, combinedSeen }
}

/** A <player>'s fields → its record, or null when it has no FIDE ID or no usable name (the error logged). */
export function toRecord(f: Map<string, Field>, line: number, opts: XmlRecordOptions): { record: ListRecord; combinedSeen: boolean } | null {
  const { log } = opts
  const get: FieldOf = (k) => f.get(k) ?? { text: '', line, column: 1 }
  const id = get('fideid')
  if (!/^\d+$/.test(id.text)) {
    log.error(id.line, id.column, 'id', id.text, 'a FIDE ID (digits)')
    return null
  }
  const name = playerName(get, log)
  if (name === null) return null
  const federation = federationOf(get, log)
  const { read, sex } = flagAndSex(get, log)
  const titles = titlesOf(get, log)
  const { birthYear, birthDate } = birthOf(get, opts)
  const { ratings, combinedSeen } = ratingsOf(f, get, opts, read)
  const parts = name.includes(',') ? splitName(name) : { surname: name, givenNames: '' }
  return {
    combinedSeen,
    record: {
      line,
      fideId: Number(id.text),
      nationalId: null,
      name,
      surname: parts.surname,
      givenNames: parts.givenNames,
      federation,
      sex,
      ...titles,
      foaTitle: get('foa_title').text || null,
      arbiterTitle: arbiterTitleOf(titles.otherTitles),
      birthYear,
      birthDate,
      flags: read?.flags ?? null,
      ratings
    }
  }
}
