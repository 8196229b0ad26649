// The header records of a TRF (012-132, 142-362): tournament facts, arbiters, event and round dates, scoring.
import { parseEventDate } from './dates'
import { LIMITS } from '../limits'
import { nonEmpty, parseIntField, type ReadContext } from './read-context'
import type { TrfArbiter, TrfScoring } from './types'

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
export function parseScoring(text: string, base: TrfScoring): TrfScoring {
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

export function readHeader(ctx: ReadContext, rec: string, text: string, line: number): void {
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

export function readRoundDates(ctx: ReadContext): void {
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

export function readEventDates(ctx: ReadContext): void {
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
