// A player line (001): its fields one by one, each checked and repaired where a program's habit is known, then its round cells.
import type { RoundEntry, TournamentPlayer } from '../model/tournament'
import { parseBirthDate } from './dates'
import type { FindingCollector } from './findings'
import { PLAYER_FIELDS as F, columnsOf, fieldText, roundBlockStart, type TrfField } from './layout'
import { parseIntField, type ReadContext } from './read-context'
import { readRoundBlock } from './round-cells'

const TITLES = new Set(['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'])
/** Single-letter and short titles of TRF06 and older exports. */
const TITLE_LETTERS: Record<string, string> = {
  g: 'GM', m: 'IM', f: 'FM', c: 'CM', wg: 'WGM', wm: 'WIM', wf: 'WFM', wc: 'WCM',
  gm: 'GM', im: 'IM', fm: 'FM', cm: 'CM', wgm: 'WGM', wim: 'WIM', wfm: 'WFM', wcm: 'WCM'
}

/** Where a field of a player line is, for a finding. */
const at = (line: number, f: TrfField) => ({ line, ...columnsOf(f) })
const columnsText = (f: TrfField) => `columns ${f.column}-${f.endColumn}`

function readSex(c: FindingCollector, text: string, line: number, group: string): TournamentPlayer['sex'] {
  const sexRaw = fieldText(text, F.sex)
  if (sexRaw === 'm') return 'M'
  if (sexRaw === 'w') return 'F'
  if (sexRaw === 'M' || sexRaw === 'f' || sexRaw === 'F' || sexRaw === 'W') {
    const sex = sexRaw === 'M' ? 'M' : 'F'
    c.repair('trf.repair.sexLetter', at(line, F.sex), sexRaw, sex === 'M' ? 'm' : 'w')
    return sex
  }
  if (sexRaw.trim()) c.add('warning', 'trf.player.sex', group, at(line, F.sex), sexRaw, 'm or w')
  return null
}

function readTitle(c: FindingCollector, text: string, line: number, group: string): string | null {
  const titleRaw = fieldText(text, F.title).trim()
  if (!titleRaw) return null
  if (TITLES.has(titleRaw)) return titleRaw
  const title = TITLE_LETTERS[titleRaw.toLowerCase()]
  if (title && (titleRaw.length <= 2 || titleRaw !== titleRaw.toUpperCase())) {
    c.repair('trf.repair.titleLetters', at(line, F.title), titleRaw, title)
    return title
  }
  if (title) return title
  c.add('warning', 'trf.player.title', group, at(line, F.title), titleRaw, 'GM IM FM CM WGM WIM WFM WCM')
  return null
}

function readRating(c: FindingCollector, text: string, line: number, group: string): number | null {
  const ratingRaw = fieldText(text, F.rating).trim()
  if (!ratingRaw) return null
  const n = parseIntField(ratingRaw)
  if (n === null) {
    c.add('warning', 'trf.player.rating', group, at(line, F.rating), ratingRaw, `a rating (${columnsText(F.rating)})`)
    return null
  }
  return n > 0 ? n : null
}

function readFideId(c: FindingCollector, text: string, line: number, group: string): string | null {
  const idRaw = fieldText(text, F.fideId).trim()
  if (!idRaw) return null
  if (/^\d+$/.test(idRaw)) return /^0+$/.test(idRaw) ? null : String(Number(idRaw))
  c.add('warning', 'trf.player.fideId', group, at(line, F.fideId), idRaw, `digits (${columnsText(F.fideId)})`)
  return null
}

function readBirth(c: FindingCollector, text: string, line: number, group: string): string | null {
  const birthRaw = fieldText(text, F.birth)
  if (/^[\s./0-]+$/.test(birthRaw) && birthRaw.trim()) {
    c.repair('trf.repair.blankBirthDate', at(line, F.birth), birthRaw.trim(), 'blank')
    return null
  }
  if (!birthRaw.trim()) return null
  const b = parseBirthDate(birthRaw)
  if (!b) {
    c.add('warning', 'trf.player.birth', group, at(line, F.birth), birthRaw.trim(), 'YYYY/MM/DD')
    return null
  }
  if (b.repair) c.repair(`trf.repair.${b.repair === 'birth-year-only' ? 'birthYearOnly' : 'birthDate'}`, at(line, F.birth), birthRaw.trim(), b.iso.length === 4 ? `${b.iso}/00/00` : b.iso.replace(/-/g, '/'))
  return b.iso
}

function readPoints(c: FindingCollector, text: string, line: number, group: string): number | null {
  const pointsRaw = fieldText(text, F.points).trim()
  if (!pointsRaw) return null
  if (/^\d{1,3}(\.\d)?$/.test(pointsRaw)) return Number(pointsRaw)
  if (/^\d{1,3},\d$/.test(pointsRaw)) {
    c.repair('trf.repair.decimalComma', at(line, F.points), pointsRaw, pointsRaw.replace(',', '.'))
    return Number(pointsRaw.replace(',', '.'))
  }
  c.add('error', 'trf.player.points', group, at(line, F.points), pointsRaw, `points such as 4.5 (${columnsText(F.points)})`)
  return null
}

function readRank(c: FindingCollector, text: string, line: number, group: string): number | null {
  const rankRaw = fieldText(text, F.rank).trim()
  if (!rankRaw) {
    c.repair('trf.repair.emptyRank', at(line, F.rank), '', 'a rank')
    return null
  }
  const rank = parseIntField(rankRaw)
  if (rank === 0) {
    // withdrawn players are often ranked 0: not ranked
    c.repair('trf.repair.zeroRank', at(line, F.rank), rankRaw, 'no rank')
    return null
  }
  if (rank === null) c.add('warning', 'trf.player.rank', group, at(line, F.rank), rankRaw, `a rank (${columnsText(F.rank)})`)
  return rank
}

/** A 001 line: its fields one by one (PLAYER_FIELDS), then its round blocks; trailing empty rounds are dropped. */
export function readPlayer(ctx: ReadContext, text: string, line: number): void {
  const { c } = ctx
  const srRaw = fieldText(text, F.startRank)
  const startRank = parseIntField(srRaw)
  if (startRank === null || startRank === 0) {
    c.fatal('trf.player.startRank', `line ${line}`, at(line, F.startRank), srRaw, `a start number from 1 (${columnsText(F.startRank)})`)
    return
  }
  const group = `player ${startRank}`
  const sex = readSex(c, text, line, group)
  const title = readTitle(c, text, line, group)
  const name = fieldText(text, F.name).trim()
  if (!name) c.add('warning', 'trf.player.name', group, at(line, F.name), '', `a name (${columnsText(F.name)})`)
  const rating = readRating(c, text, line, group)
  const fedRaw = fieldText(text, F.federation).trim()
  const federation = fedRaw || null
  if (federation && !/^[A-Z]{3}$/.test(federation)) c.add('warning', 'trf.player.federation', group, at(line, F.federation), fedRaw, 'a three-letter federation code')
  const fideId = readFideId(c, text, line, group)
  const birth = readBirth(c, text, line, group)
  const points = readPoints(c, text, line, group)
  const rank = readRank(c, text, line, group)
  const rounds: RoundEntry[] = []
  for (let round = 1; roundBlockStart(round) < text.length; round++) rounds.push(readRoundBlock(ctx, text, line, startRank, round))
  while (rounds.length && rounds[rounds.length - 1].code === ' ' && rounds[rounds.length - 1].opponent === null) rounds.pop()
  ctx.players.push({ startRank, fideId, name, sex, title, federation, birth, rating, points, rank, rounds })
  ctx.sources.push({ startRank, line, text })
}
