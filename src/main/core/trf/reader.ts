// The forensic TRF reader: TRF06/16/26 in any encoding and dialect → the shared tournament model + located findings.
import type { ResultCode, RoundEntry, TournamentPlayer } from '../model/tournament'
import { decodeTrf } from './encoding'
import { parseBirthDate, parseEventDate } from './dates'
import { FindingCollector } from './findings'
import { runChecks } from './checks'
import { detectSystem } from './system'
import { PLAYER_FIELDS as F, ROUND_BLOCK, TEAM_013_FIELDS, TEAM_310_FIELDS, columnsOf, fieldText, roundBlockStart, type TrfField } from './layout'
import { ratingTypeOf } from './time-control'
import { LIMITS, megabytes } from '../limits'
import {
  DEFAULT_SCORING,
  type ParsedTrf,
  type TrfArbiter,
  type TrfBye,
  type TrfFormat,
  type TrfHeader,
  type TrfKeptLine,
  type TrfNationalRating,
  type TrfPlayerSource,
  type TrfScoring,
  type TrfTeam
} from './types'

const HEADER_RECORDS = new Set(['012', '022', '032', '042', '052', '062', '072', '082', '092', '102', '112', '122', '132'])
/** 142 (number of rounds) alone is also written by TRF16 programs; the others mark a TRF26 file. */
const TRF26_HEADER = new Set(['142', '152', '162', '172', '182', '192', '202', '212', '222', '352', '362'])
/** TRF26 team and pairing records kept as written (byes 240 and teams 310 are also read). */
const TRF26_KEPT = new Set(['250', '260', '299', '300', '320', '330', '801', '802'])
const CODES = new Set<string>(['1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z', ' '])
const BYE_CODES = new Set<string>(['H', 'F', 'U', 'Z', ' ', '-', '+'])
/** A game's result written against opponent 0000: the bye it stands for. */
const BYE_FOR_RESULT: Partial<Record<string, ResultCode>> = { '=': 'H', D: 'H', '1': 'F', W: 'F', '0': 'Z', L: 'Z' }
const TITLES = new Set(['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'])
/** Single-letter and short titles of TRF06 and older exports. */
const TITLE_LETTERS: Record<string, string> = {
  g: 'GM', m: 'IM', f: 'FM', c: 'CM', wg: 'WGM', wm: 'WIM', wf: 'WFM', wc: 'WCM',
  gm: 'GM', im: 'IM', fm: 'FM', cm: 'CM', wgm: 'WGM', wim: 'WIM', wfm: 'WFM', wcm: 'WCM'
}

export function emptyHeader(): TrfHeader {
  return {
    name: null, city: null, federation: null, startDate: null, endDate: null,
    declaredPlayers: null, declaredRated: null, declaredTeams: null, type: null, arbiters: [],
    timeControl: null, roundDates: [], declaredRounds: null, ratingType: null, initialColour: null,
    codedType: null, tiebreaks: null, encodedTimeControl: null, startingRankMethod: null, pairingProgram: null
  }
}

function nonEmpty(s: string): string | null {
  const t = s.trim()
  return t ? t : null
}

/** An arbiter line: "IA Mikel Larreategi Arana (22232540)", "Arbiter, Anna", "FA Jean Dupont 20600003". */
export function parseArbiter(text: string, role: TrfArbiter['role']): TrfArbiter | null {
  let s = text.trim()
  if (!s) return null
  let fideId: string | null = null
  const paren = /\(\s*(\d{4,11})\s*\)/.exec(s)
  if (paren) {
    fideId = paren[1]
    s = (s.slice(0, paren.index) + s.slice(paren.index + paren[0].length)).trim()
  } else {
    const bare = /(?:^|\s)(\d{5,11})\s*$/.exec(s)
    if (bare) {
      fideId = bare[1]
      s = s.slice(0, bare.index).trim()
    }
  }
  let title: string | null = null
  const t = /^(IA|FA|NA|IO|FST|FT|DI|NI)\s+/.exec(s)
  if (t) {
    title = t[1]
    s = s.slice(t[0].length).trim()
  }
  return { role, name: s, title, fideId }
}

/** JaVaFo XXS ("WW=1.0 ... PAB=1.0 FW=1.0") or TRF26 162 (" W 1.0    D 0.5    L 0.0"). */
function parseScoring(text: string, base: TrfScoring): TrfScoring {
  const out = { ...base }
  const pairs = [...text.matchAll(/([A-Z]{1,3})\s*=?\s*(\d+(?:[.,]\d+)?)/g)]
  for (const [, key, num] of pairs) {
    const v = Number(num.replace(',', '.'))
    switch (key) {
      case 'W': case 'WW': case 'BW': out.win = v; break
      case 'D': case 'WD': case 'BD': out.draw = v; break
      case 'L': case 'WL': case 'BL': out.loss = v; break
      case 'FW': out.forfeitWin = v; break
      case 'FL': out.forfeitLoss = v; break
      case 'FPB': out.fullBye = v; break
      case 'HPB': out.halfBye = v; break
      case 'ZPB': out.zeroBye = v; break
      case 'PAB': out.pairingBye = v; break
    }
  }
  return out
}

function parseIntField(s: string): number | null {
  const t = s.trim()
  return /^\d+$/.test(t) ? Number(t) : null
}

interface ReadContext {
  c: FindingCollector
  header: TrfHeader
  players: TournamentPlayer[]
  sources: TrfPlayerSource[]
  teams: TrfTeam[]
  nationals: TrfNationalRating[]
  byes: TrfBye[]
  kept: TrfKeptLine[]
  scoring: TrfScoring
  trf26: boolean
  roundDatesLine: { line: number; text: string } | null
  recordLines: Map<string, number>
  roundDateColumns: [number, number][]
  /** "startRank:round" of blocks written "0000 -" with a blank result (scored by the file's dialect). */
  explicitBlank: Set<string>
  dateLines: { start?: { line: number; text: string }; end?: { line: number; text: string } }
}

function readHeader(ctx: ReadContext, rec: string, text: string, line: number): void {
  const { c, header } = ctx
  let value = text.slice(4)
  if (value.trim().length > LIMITS.headerTextChars && rec !== '132') {
    // a free text past the limit (a 10 MB tournament name): refused, and only the limit's length kept in memory
    c.fatal('trf.limits.field', 'header', { line, column: 5 + LIMITS.headerTextChars, endColumn: text.length }, `${value.trim().length}`, `at most ${LIMITS.headerTextChars} characters`, { record: rec, limit: LIMITS.headerTextChars })
    value = value.slice(0, LIMITS.headerTextChars)
  }
  const v = nonEmpty(value)
  const num = (field: 'declaredPlayers' | 'declaredRated' | 'declaredTeams' | 'declaredRounds'): void => {
    if (v === null) return
    const n = parseIntField(v)
    const lead = /^(\d+)\s*\S/.exec(v)
    if (n !== null) header[field] = n
    else if (lead) {
      c.repair('trf.repair.headerNumber', { line, column: 5, endColumn: text.length }, v, lead[1], { record: rec })
      header[field] = Number(lead[1])
    } else c.add('warning', 'trf.header.number', 'header', { line, column: 5, endColumn: text.length }, v, 'a whole number', { record: rec })
  }
  switch (rec) {
    case '012': header.name = v; break
    case '022': header.city = v; break
    case '032': header.federation = v; break
    case '042': if (v) ctx.dateLines.start = { line, text: value }; break
    case '052': if (v) ctx.dateLines.end = { line, text: value }; break
    case '062': num('declaredPlayers'); break
    case '072': num('declaredRated'); break
    case '082': num('declaredTeams'); break
    case '092': header.type = v; break
    case '102': { const a = parseArbiter(value, 'chief'); if (a) header.arbiters.push(a); break }
    case '112': { const a = parseArbiter(value, 'deputy'); if (a) header.arbiters.push(a); break }
    case '122': header.timeControl = v; break
    case '132': ctx.roundDatesLine = { line, text }; break
    case '142': num('declaredRounds'); break
    case '152': {
      const col = v?.toUpperCase()
      if (col === 'W' || col === 'B') header.initialColour = col === 'W' ? 'w' : 'b'
      else if (v) c.add('warning', 'trf.header.initialColour', 'header', { line, column: 5, endColumn: text.length }, v, 'W or B')
      break
    }
    case '162': if (v) ctx.scoring = parseScoring(v, ctx.scoring); break
    case '172': header.startingRankMethod = v; break
    case '182': header.pairingProgram = v; break
    case '192': header.codedType = v; break
    case '202': header.tiebreaks = v; break
    case '222': header.encodedTimeControl = v; break
    default:
      // 212, 352, 362: team-event parameters, kept as written
      ctx.kept.push({ line, record: rec, text, kind: 'team-record' })
  }
}

function readRoundDates(ctx: ReadContext): void {
  const r = ctx.roundDatesLine
  if (!r) return
  const dates: (string | null)[] = []
  // dates sit above their round block (layout's roundDateColumns: round n at 92+10(n-1) .. 99+10(n-1)); read the tokens in order
  // so that files shifted by a column or two are still understood
  const tokens = [...r.text.slice(3).matchAll(/\S+/g)]
  for (const t of tokens) {
    const col = 3 + (t.index ?? 0) + 1
    ctx.roundDateColumns.push([col, col + t[0].length - 1])
    let d = parseEventDate(t[0], 'ymd')
    const yydm = /^(\d{2})[/.-](\d{2})[/.-](\d{2})$/.exec(t[0])
    if (!d && yydm && Number(yydm[2]) > 12) {
      // YY.DD.MM (Irish Krause exports): day and month swapped
      d = parseEventDate(`${yydm[1]}/${yydm[3]}/${yydm[2]}`, 'ymd')
      if (d) d = { iso: d.iso, repair: 'date-day-month-swapped' }
    }
    if (!d) {
      ctx.c.add('warning', 'trf.header.roundDate', 'header', { line: r.line, column: col, endColumn: col + t[0].length - 1 }, t[0], 'YY/MM/DD', { round: dates.length + 1 })
      dates.push(null)
      continue
    }
    if (d.repair && d.repair !== 'date-two-digit-year') ctx.c.repair('trf.repair.roundDate', { line: r.line, column: col, endColumn: col + t[0].length - 1 }, t[0], d.iso)
    dates.push(d.iso)
  }
  ctx.header.roundDates = dates
}

function readEventDates(ctx: ReadContext): void {
  const { start, end } = ctx.dateLines
  // Two-digit-year dates: YY.MM.DD is the TRF habit (132 writes YY/MM/DD); pick the order that makes start ≤ end
  for (const [which, d] of [['start', start], ['end', end]] as const) {
    if (!d) continue
    const raw = d.text.trim()
    const parsed = parseEventDate(raw, 'ymd')
    const col = 5 + (d.text.length - d.text.trimStart().length)
    const at = { line: d.line, column: col, endColumn: col + raw.length - 1 }
    if (!parsed) {
      ctx.c.add('warning', 'trf.header.date', 'header', at, raw, 'YYYY/MM/DD', { record: which === 'start' ? '042' : '052' })
      continue
    }
    if (parsed.repair) ctx.c.repair(`trf.repair.${parsed.repair === 'date-two-digit-year' ? 'twoDigitYear' : 'headerDate'}`, at, raw, parsed.iso.replace(/-/g, '/'))
    else if (/^\d{2}[/.-]\d{2}[/.-]\d{2}$/.test(raw)) ctx.c.repair('trf.repair.twoDigitYear', at, raw, parsed.iso.replace(/-/g, '/'))
    if (which === 'start') ctx.header.startDate = parsed.iso
    else ctx.header.endDate = parsed.iso
  }
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

/** One round block of a player line (round from 1), repaired where a program's habit is known; fatal findings give an empty round. */
function readRoundBlock(ctx: ReadContext, text: string, line: number, startRank: number, round: number): RoundEntry {
  const { c } = ctx
  const empty: RoundEntry = { round, opponent: null, color: null, code: ' ' }
  const base = roundBlockStart(round)
  const block = text.slice(base, base + ROUND_BLOCK.width)
  const rg = `round ${round}`
  if (!block.trim()) return empty
  const oppRaw = text.slice(base + ROUND_BLOCK.opponent.from - 1, base + ROUND_BLOCK.opponent.to).trim()
  let colRaw = text.charAt(base + ROUND_BLOCK.colour - 1) || ' '
  let codeRaw = text.charAt(base + ROUND_BLOCK.result - 1) || ' '
  const whole = { line, column: base + 1, endColumn: Math.min(base + ROUND_BLOCK.width, text.length) }
  const opponentAt = { line, column: base + ROUND_BLOCK.opponent.from, endColumn: base + ROUND_BLOCK.opponent.to }
  const colourAt = { line, column: base + ROUND_BLOCK.colour, endColumn: base + ROUND_BLOCK.colour }
  const resultAt = { line, column: base + ROUND_BLOCK.result, endColumn: base + ROUND_BLOCK.result }
  // the separators (columns 1-2, 7 and 9 of the block) must be blank
  if (block.slice(0, 2).trim() || (block.length > 6 && text.charAt(base + 6) !== ' ') || (block.length > 8 && text.charAt(base + 8) !== ' ')) {
    c.fatal('trf.round.layout', rg, whole, block, 'a round block "  NNNN c r" (opponent, colour, result)', { round, player: startRank })
    return empty
  }
  let opponent: number | null = null
  if (oppRaw && !/^0+$/.test(oppRaw)) {
    opponent = parseIntField(oppRaw)
    if (opponent === null) {
      c.fatal('trf.round.opponent', rg, opponentAt, oppRaw, 'an opponent start number or 0000', { round, player: startRank })
      return empty
    }
  }
  if (colRaw === 'W' || colRaw === 'B') {
    c.repair('trf.repair.colourCase', colourAt, colRaw, colRaw.toLowerCase())
    colRaw = colRaw.toLowerCase()
  }
  if (codeRaw === '½') {
    c.repair('trf.repair.resultCode', resultAt, codeRaw, '=')
    codeRaw = '='
  } else if (/^[hfuzdl]$/.test(codeRaw)) {
    c.repair('trf.repair.resultCode', resultAt, codeRaw, codeRaw.toUpperCase())
    codeRaw = codeRaw.toUpperCase()
  }
  if (!CODES.has(codeRaw)) {
    c.fatal('trf.round.code', rg, resultAt, codeRaw, '1 0 = + - W D L H F U Z', { round, player: startRank })
    return empty
  }
  const code = codeRaw as ResultCode
  let color: RoundEntry['color'] = null
  if (colRaw === 'w' || colRaw === 'b') color = colRaw
  else if (colRaw !== '-' && colRaw !== ' ') {
    c.fatal('trf.round.colour', rg, colourAt, colRaw, 'w, b or -', { round, player: startRank })
  }
  if (opponent === null) {
    const asBye = BYE_FOR_RESULT[code]
    if (asBye && oppRaw) {
      // "0000 - =": a bye written with a game's result (Krause exports): the half point is a half-point bye
      c.repair('trf.repair.byeAsResult', resultAt, block.trimEnd(), `${oppRaw} - ${asBye}`)
      return { round, opponent: null, color: null, code: asBye }
    }
    if (!BYE_CODES.has(code)) {
      c.fatal('trf.round.resultWithoutOpponent', rg, whole, block.trimEnd(), 'an opponent for a played result', { round, player: startRank, code })
    }
    if (code === ' ' && (oppRaw || colRaw === '-')) ctx.explicitBlank.add(`${startRank}:${round}`)
    return { round, opponent: null, color: null, code }
  }
  if (opponent === startRank) c.fatal('trf.round.selfPairing', rg, opponentAt, oppRaw, 'another player', { round, player: startRank })
  if (code === 'H' || code === 'F' || code === 'U' || code === 'Z' || code === ' ') {
    c.add('warning', 'trf.round.byeWithOpponent', rg, whole, block.trimEnd(), 'opponent 0000 for a bye', { round, player: startRank, opponent, code })
  } else if (color === null && code !== '+' && code !== '-') {
    c.fatal('trf.round.colour', rg, colourAt, colRaw, 'w or b for a played game', { round, player: startRank })
  }
  return { round, opponent, color, code }
}

/** A 001 line: its fields one by one (PLAYER_FIELDS), then its round blocks; trailing empty rounds are dropped. */
function readPlayer(ctx: ReadContext, text: string, line: number): void {
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

function readTeam013(ctx: ReadContext, text: string, line: number): void {
  const name = fieldText(text, TEAM_013_FIELDS.name).trim()
  const members: number[] = []
  for (const m of text.slice(TEAM_013_FIELDS.name.endColumn).matchAll(/\d+/g)) members.push(Number(m[0]))
  ctx.teams.push({ number: ctx.teams.filter((t) => t.record === '013').length + 1, name, federation: null, averageRating: null, matchPoints: null, gamePoints: null, rank: null, members, record: '013', line })
}

function readTeam310(ctx: ReadContext, text: string, line: number): void {
  const number = parseIntField(fieldText(text, TEAM_310_FIELDS.number))
  const name = fieldText(text, TEAM_310_FIELDS.name).trim()
  // the fields after the name are read as tokens in order, so that a column or two off is still understood
  const tokens = text.slice(TEAM_310_FIELDS.name.endColumn).trim().split(/\s+/).filter(Boolean)
  let i = 0
  let federation: string | null = null
  if (tokens[i] && !/^\d/.test(tokens[i])) federation = tokens[i++]
  const num = (): number | null => (tokens[i] !== undefined && /^\d+(\.\d+)?$/.test(tokens[i]) ? Number(tokens[i++]) : null)
  const averageRating = tokens[i] && /^\d+$/.test(tokens[i]) ? num() : null
  const matchPoints = tokens[i] && tokens[i].includes('.') ? num() : null
  const gamePoints = tokens[i] && tokens[i].includes('.') ? num() : null
  const rank = num()
  const members = tokens.slice(i).filter((t) => /^\d+$/.test(t)).map(Number)
  ctx.teams.push({ number, name, federation, averageRating, matchPoints, gamePoints, rank, members, record: '310', line })
}

function readNational(ctx: ReadContext, text: string, line: number): void {
  const startRank = parseIntField(text.slice(4, 8))
  if (startRank === null) {
    ctx.kept.push({ line, record: text.slice(0, 3), text, kind: 'unknown' })
    ctx.c.add('warning', 'trf.line.unknown', 'lines', { line, column: 1, endColumn: 3 }, text.slice(0, 20), 'a known record')
    return
  }
  const ratingRaw = text.slice(48, 52).trim()
  ctx.nationals.push({
    federation: text.slice(0, 3),
    startRank,
    rating: /^\d+$/.test(ratingRaw) && Number(ratingRaw) > 0 ? Number(ratingRaw) : null,
    origin: nonEmpty(text.slice(53, 56)),
    nationalId: nonEmpty(text.slice(57, 68)),
    line
  })
}

function readBye240(ctx: ReadContext, text: string, line: number): void {
  const m = /^240\s+([A-Z])\s+(\d+)((?:\s+\d+)*)\s*$/.exec(text)
  if (!m) {
    ctx.c.add('warning', 'trf.bye.layout', 'lines', { line, column: 1, endColumn: text.length }, text, '240 T RRR PPPP ...')
    ctx.kept.push({ line, record: '240', text, kind: 'unknown' })
    return
  }
  ctx.byes.push({ kind: m[1], round: Number(m[2]), players: m[3].trim() ? m[3].trim().split(/\s+/).map(Number) : [], line })
}

function formatOf(ctx: ReadContext, titlesLetters: boolean): TrfFormat {
  if (ctx.trf26) return 'TRF26'
  if (ctx.roundDatesLine || ctx.header.arbiters.some((a) => a.role === 'deputy') || !titlesLetters) return 'TRF16'
  return 'TRF06'
}

/**
 * A column ruler that report programs and hand-made files put above the player lines: a run of digits each one more
 * than the last ("0123456789012…", "1234567890…"), the tens above it ("         1         2…"), or FIDE's template of
 * a record ("DDD SSSS sTTT NNNN…", "CCC SSS NNNN…": each field drawn as a run of one letter). No record looks so: a 012
 * line would hold a name, a 001 line spaces after 001.
 */
export function isRulerLine(text: string): boolean {
  if (/^\d{20,}$/.test(text)) {
    for (let i = 1; i < text.length; i++) if ((text.charCodeAt(i) - 48) !== (text.charCodeAt(i - 1) - 47) % 10) return false
    return true
  }
  if (/^ +\d+( +\d+){2,}$/.test(text)) {
    const n = text.trim().split(/ +/).map(Number)
    return n.every((x, i) => i === 0 || x === n[i - 1]! + 1)
  }
  if (!/^([A-Z])\1\1 /.test(text)) return false
  const tokens = text.split(/ +/)
  const drawn = tokens.filter((t) => /^[a-z]?([A-Z0-9])\1*\d?$/.test(t) || /^([A-Z])\1+(\/([A-Z])\3+)+$/.test(t)).length
  return tokens.length >= 5 && drawn / tokens.length >= 0.6
}

/** Reads any TRF file; never throws on bad bytes: every problem becomes a located finding. */
export function readTrf(bytes: Uint8Array, fileName: string): ParsedTrf {
  const c = new FindingCollector(fileName)
  // past the size limit nothing is decoded: the file is refused as a whole, in the time it takes to measure it
  const tooLarge = bytes.length > LIMITS.trfBytes
  if (tooLarge) c.fatal('trf.limits.fileSize', 'file', { line: null }, megabytes(bytes.length), `at most ${megabytes(LIMITS.trfBytes)} MB`, { limit: megabytes(LIMITS.trfBytes) })
  const decoded = decodeTrf(tooLarge ? new Uint8Array() : bytes)
  c.add('info', 'trf.encoding.detected', 'encoding', { line: null }, decoded.encoding, '', { encoding: decoded.encoding, lineEnding: decoded.lineEnding })
  if (decoded.ambiguous) c.add('warning', 'trf.encoding.ambiguous', 'encoding', { line: null }, decoded.encoding, 'check the accented names', { encoding: decoded.encoding })
  if (decoded.lineEnding === 'mixed') c.add('info', 'trf.lineEnding.mixed', 'encoding', { line: null }, 'mixed', 'one kind of line end')
  const lines = decoded.text.split(/\r\n|\r|\n/)
  if (lines.length && lines[lines.length - 1] === '') lines.pop()
  const ctx: ReadContext = {
    c, header: emptyHeader(), players: [], sources: [], teams: [], nationals: [], byes: [], kept: [],
    scoring: { ...DEFAULT_SCORING }, trf26: false, roundDatesLine: null, dateLines: {}, explicitBlank: new Set(), recordLines: new Map(), roundDateColumns: []
  }
  let xxs: string | null = null
  /** The longest line read: a player line of LIMITS.trfRounds round blocks (line 132's dates sit above them). */
  const longest = roundBlockStart(LIMITS.trfRounds + 1)
  let roundEntries = 0
  let playersRefused = false
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1
    // trailing blanks carry no meaning (a blank round block reads as "not paired" either way)
    let text = lines[i].trimEnd()
    if (!text) continue
    if (text.length > longest) {
      // a line past the limit (200,000 byes on one player line): refused, located at the first round block too many
      const rounds = Math.ceil((text.length - roundBlockStart(1)) / ROUND_BLOCK.width)
      if (text.startsWith('001')) c.fatal('trf.limits.rounds', `line ${line}`, { line, column: longest + 1, endColumn: text.length }, String(rounds), `at most ${LIMITS.trfRounds} rounds`, { limit: LIMITS.trfRounds })
      else {
        // any other record that long holds nothing of use: not read at all
        c.fatal('trf.limits.line', 'lines', { line, column: longest + 1, endColumn: text.length }, String(text.length), `at most ${longest} characters`, { limit: longest })
        continue
      }
      text = text.slice(0, longest).trimEnd()
    }
    if (text.startsWith('001')) {
      // the crosstable's size: players, and round blocks of all of them
      roundEntries += Math.max(0, Math.ceil((text.length - roundBlockStart(1)) / ROUND_BLOCK.width))
      if (ctx.players.length >= LIMITS.trfPlayers || roundEntries > LIMITS.trfRoundEntries) {
        if (!playersRefused) c.fatal('trf.limits.players', `line ${line}`, { line, column: 1, endColumn: 3 }, String(ctx.players.length + 1), `at most ${LIMITS.trfPlayers} players and ${LIMITS.trfRoundEntries} round blocks`, { players: LIMITS.trfPlayers, entries: LIMITS.trfRoundEntries })
        playersRefused = true
        continue
      }
    }
    if (text.startsWith('###')) {
      ctx.kept.push({ line, record: '###', text, kind: 'comment' })
      continue
    }
    if (text.startsWith('#')) {
      c.repair('trf.repair.comment', { line, column: 1, endColumn: 1 }, text.slice(0, 10), '###')
      ctx.kept.push({ line, record: '#', text, kind: 'comment' })
      continue
    }
    if (isRulerLine(text)) {
      // a column ruler ("0123456789012…", "         1         2…", "DDD SSSS sTTT…") is a layout aid, not a record:
      // read as one, "0123456…" would give the tournament a name of digits (Krause files of the ICU)
      ctx.kept.push({ line, record: text.slice(0, 3), text, kind: 'ruler' })
      c.add('info', 'trf.line.ruler', 'lines', { line, column: 1, endColumn: text.length }, text.length > 20 ? text.slice(0, 20) + '…' : text, 'a TRF record')
      continue
    }
    const rec = text.slice(0, 3)
    if (rec !== '001' && !ctx.recordLines.has(rec)) ctx.recordLines.set(rec, line)
    if (rec === '001') readPlayer(ctx, text, line)
    else if (HEADER_RECORDS.has(rec)) readHeader(ctx, rec, text, line)
    else if (TRF26_HEADER.has(rec)) {
      if (rec !== '142') ctx.trf26 = true
      readHeader(ctx, rec, text, line)
    } else if (rec === '013') readTeam013(ctx, text, line)
    else if (rec === '310') {
      ctx.trf26 = true
      readTeam310(ctx, text, line)
    } else if (rec === '240') {
      ctx.trf26 = true
      readBye240(ctx, text, line)
    } else if (TRF26_KEPT.has(rec)) {
      ctx.trf26 = true
      ctx.kept.push({ line, record: rec, text, kind: 'team-record' })
    } else if (/^(XX|BB)[A-Z]/.test(rec)) {
      ctx.kept.push({ line, record: rec, text, kind: 'extension' })
      const v = text.slice(3).trim()
      if (rec === 'XXR') {
        const n = parseIntField(v)
        if (n === null) c.add('warning', 'trf.header.number', 'header', { line, column: 5, endColumn: text.length }, v, 'a whole number', { record: rec })
        else if (ctx.header.declaredRounds === null) ctx.header.declaredRounds = n
      } else if (rec === 'XXC') {
        if (/white1/i.test(v)) ctx.header.initialColour ??= 'w'
        else if (/black1/i.test(v)) ctx.header.initialColour ??= 'b'
      } else if (rec === 'XXS') xxs = v
    } else if (/^[A-Z]{3} {1,4}\d/.test(text) && text.length >= 8) readNational(ctx, text, line)
    else if (/^\d{3} {1,4}\d{1,4} /.test(text) && text.length >= 84) {
      c.fatal('trf.record.misnumbered', `line ${line}`, { line, column: 1, endColumn: 3 }, rec, '001 (a player line)')
      ctx.kept.push({ line, record: rec, text, kind: 'unknown' })
    } else {
      ctx.kept.push({ line, record: rec, text, kind: 'unknown' })
      c.add('warning', 'trf.line.unknown', 'lines', { line, column: 1, endColumn: Math.min(text.length, 3) }, text.length > 40 ? text.slice(0, 40) + '…' : text, 'a TRF record (001, 012-132, 142-362, XX?)', { record: rec })
    }
  }
  if (xxs) ctx.scoring = parseScoring(xxs, ctx.scoring)
  readEventDates(ctx)
  readRoundDates(ctx)
  const h = ctx.header
  h.ratingType = ratingTypeOf(h, c)
  if (!h.name) c.add('warning', 'trf.header.missing', 'header', { line: null }, '', '012 tournament name', { record: '012' })
  if (!h.startDate) c.add('warning', 'trf.header.missing', 'header', { line: null }, '', '042 start date', { record: '042' })
  if (!h.endDate) c.add('warning', 'trf.header.missing', 'header', { line: null }, '', '052 end date', { record: '052' })
  if (tooLarge) {
    // refused above: no second finding about its (undecoded) emptiness
  } else if (lines.length === 0 || lines.every((l) => !l.trim())) c.fatal('trf.file.empty', 'file', { line: null }, '', 'a TRF file')
  else if (ctx.players.length === 0) c.fatal('trf.file.noPlayers', 'file', { line: null }, '', 'player lines (001)')

  const titleLetters = ctx.sources.some((s) => /^[gmfc]$|^w[gmfc]$/.test(s.text.slice(10, 13).trim()))
  const checked = runChecks({ header: h, players: ctx.players, sources: ctx.sources, teams: ctx.teams, nationals: ctx.nationals, byes: ctx.byes, scoring: ctx.scoring, explicitBlank: ctx.explicitBlank, recordLines: ctx.recordLines, roundDateColumns: ctx.roundDateColumns }, c)
  const parsedCore = { header: h, players: ctx.players }
  const system = detectSystem(parsedCore)
  return {
    fileName,
    format: formatOf(ctx, titleLetters),
    encoding: decoded.encoding,
    lineEnding: decoded.lineEnding,
    lineCount: lines.length,
    header: h,
    players: ctx.players,
    playerSources: ctx.sources,
    teams: ctx.teams,
    nationalRatings: ctx.nationals,
    byes: ctx.byes,
    scoring: checked.scoring,
    roundsInData: checked.roundsInData,
    system,
    kept: ctx.kept,
    findings: c.finish()
  }
}
