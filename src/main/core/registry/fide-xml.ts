// FIDE XML lists, streamed with saxes: the combined players_list_xml (ratings per type) and the older single-rating layout.
import { SaxesParser } from 'saxes'
import { streamText } from './text-source'
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

export interface XmlReadOptions {
  file: string
  /** The list a single-rating XML file is (combined files give rapid_* and blitz_* too). */
  ratingType: ListRatingType
  listYear: number
  log: ProblemLog
  onRecord(record: ListRecord): void
  onProgress?(bytesRead: number, totalBytes: number): void
  shouldStop?(): boolean
}

interface Field {
  /** The element's text, cut after LIMITS.playerNameChars + 1 characters. */
  text: string
  /** The whole text's length, when the text was cut. */
  length?: number
  line: number
  column: number
}

const TYPE_PREFIX: Record<string, ListRatingType> = { '': 'standard', rapid_: 'rapid', blitz_: 'blitz' }

/** Streams the XML list, building one record per <player> element; bad values become located errors. */
export function readFideXml(opts: XmlReadOptions): { players: number; combined: boolean } {
  const { log } = opts
  const parser = new SaxesParser({ position: true })
  let depth = 0
  let inPlayer = false
  let playerLine = 0
  let fields = new Map<string, Field>()
  let current: string | null = null
  let text = ''
  /** The element's whole text length; only its first LIMITS.playerNameChars + 1 characters are kept (a 60 MB name). */
  let textLength = 0
  let textLine = 0
  let textColumn = 0
  let players = 0
  let combined = false
  let stopped = false
  let fatal: Error | null = null

  parser.on('opentag', (tag) => {
    depth++
    if (tag.name === 'player' && !inPlayer) {
      inPlayer = true
      playerLine = parser.line
      fields = new Map()
      const id = tag.attributes['FIDEID'] ?? tag.attributes['fideid']
      if (typeof id === 'string') fields.set('fideid', { text: id, line: parser.line, column: parser.column + 1 })
    } else if (inPlayer) {
      current = tag.name.toLowerCase()
      text = ''
      textLength = 0
      textLine = parser.line
      textColumn = parser.column + 1
    }
  })
  parser.on('text', (t) => {
    if (!current) return
    textLength += t.length
    if (text.length <= LIMITS.playerNameChars) text += t.slice(0, LIMITS.playerNameChars + 1 - text.length)
  })
  parser.on('closetag', (tag) => {
    depth--
    if (tag.name === 'player' && inPlayer) {
      inPlayer = false
      players++
      const rec = toRecord(fields, playerLine, opts)
      if (rec) {
        if (rec.combinedSeen) combined = true
        opts.onRecord(rec.record)
      }
    } else if (inPlayer && current) {
      fields.set(current, { text: text.trim(), line: textLine, column: textColumn, length: textLength })
      current = null
    }
  })
  parser.on('error', (e) => {
    fatal = e
  })

  streamText(
    opts.file,
    (chunk, read, total) => {
      if (stopped || fatal) return
      if (opts.shouldStop?.()) {
        stopped = true
        return
      }
      parser.write(chunk)
      opts.onProgress?.(read, total)
    },
    false
  )
  if (!fatal && !stopped) parser.close()
  if (fatal) {
    const err = fatal as Error
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(err.message)
    log.error(m ? Number(m[1]) : parser.line, m ? Number(m[2]) : parser.column, 'xml', m ? m[3]!.trim() : err.message, 'well-formed XML')
  }
  if (depth !== 0 && !fatal) log.error(parser.line, parser.column, 'xml', 'end of file inside an element', 'a closed <playerslist>')
  return { players, combined }
}

function toRecord(f: Map<string, Field>, line: number, opts: XmlReadOptions): { record: ListRecord; combinedSeen: boolean } | null {
  const { log } = opts
  const get = (k: string): Field => f.get(k) ?? { text: '', line, column: 1 }
  const id = get('fideid')
  if (!/^\d+$/.test(id.text)) {
    log.error(id.line, id.column, 'id', id.text, 'a FIDE ID (digits)')
    return null
  }
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
  const int = (field: Field, label: string, min: number, max: number): number | null => {
    if (!field.text) return null
    if (!/^\d+$/.test(field.text) || Number(field.text) < min || Number(field.text) > max) {
      log.error(field.line, field.column, label, field.text, `a whole number from ${min} to ${max}`)
      return null
    }
    return Number(field.text)
  }
  const fedF = get('country')
  let federation: string | null = null
  if (fedF.text) {
    if (/^[A-Z]{3}$/.test(fedF.text)) federation = fedF.text
    else log.error(fedF.line, fedF.column, 'federation', fedF.text, 'a three-letter federation code')
  }
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
  const otherTitles = splitOtherTitles(get('o_title').text)

  const bF = get('birthday')
  let birthYear: number | null = null
  let birthDate: string | null = null
  if (bF.text && !/^0+$/.test(bF.text)) {
    const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(bF.text)
    const y = m ? Number(m[1]) : NaN
    if (!m || y < 1850 || y > opts.listYear) log.error(bF.line, bF.column, 'birthday', bF.text, `a year (YYYY) or a date (YYYY-MM-DD) up to ${opts.listYear}`)
    else {
      birthYear = y
      if (m[2]) birthDate = bF.text
    }
  }

  let combinedSeen = false
  const ratings: Partial<Record<ListRatingType, ListRating>> = {}
  for (const [prefix, type] of Object.entries(TYPE_PREFIX)) {
    if (prefix && (f.has(`${prefix}rating`) || f.has(`${prefix}k`))) combinedSeen = true
    const t: ListRatingType = prefix ? type : f.has('rapid_rating') || f.has('blitz_rating') ? 'standard' : opts.ratingType
    const rating = int(get(`${prefix}rating`), `${t} rating`, 0, 3500)
    const games = int(get(`${prefix}games`), `${t} games`, 0, 999)
    const k = int(get(`${prefix}k`), `${t} K`, 1, 100)
    if (rating !== null && rating > 0) ratings[t] = { rating, games, k }
    // a line shown as delisted publishes no rating (the office's lists write none): he is read as unrated
    if (read?.delisted && (!prefix || t === 'standard')) {
      const rf = get(`${prefix}rating`)
      dropDelistedRating(ratings, t, (found) => log.warn(rf.line, rf.column, 'rating', found, DELISTED_RATING))
    }
  }

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
      title,
      womanTitle,
      otherTitles,
      foaTitle: get('foa_title').text || null,
      arbiterTitle: arbiterTitleOf(otherTitles),
      birthYear,
      birthDate,
      flags: flags ?? null,
      ratings
    }
  }
}
