// Writes a tournament back as TRF16 or TRF26 (the FIDE upload), in the spec's fixed columns, UTF-8.
import type { RoundEntry, TournamentPlayer } from '../model/tournament'
import { toTrfDate } from './dates'
import { PLAYER_FIELDS, ROUND_DATE, TEAM_013_FIELDS, TEAM_310_FIELDS as T310, TEAM_MEMBERS_COLUMN, recordLine, roundDateColumns, widthOf } from './layout'
import { DEFAULT_SCORING, type TrfArbiter, type TrfHeader, type TrfScoring, type TrfTeam } from './types'

export interface TrfWritable {
  header: TrfHeader
  players: TournamentPlayer[]
  teams?: TrfTeam[]
  scoring?: TrfScoring
}

export interface WriteOptions {
  format: 'TRF16' | 'TRF26'
  lineEnding?: 'LF' | 'CRLF'
}

export interface WriteResult {
  text: string
  bytes: Uint8Array
  /** What could not be written as it is (names longer than 33 characters...). */
  warnings: string[]
}

const NAME_WIDTH = widthOf(PLAYER_FIELDS.name)

function right(v: string | number | null | undefined, width: number): string {
  const s = v === null || v === undefined ? '' : String(v)
  return s.length >= width ? s.slice(0, width) : ' '.repeat(width - s.length) + s
}

function left(v: string | null | undefined, width: number): string {
  const s = v ?? ''
  return s.length >= width ? s.slice(0, width) : s + ' '.repeat(width - s.length)
}

function points(v: number | null): string {
  return v === null ? '' : v.toFixed(1)
}

function arbiterText(a: TrfArbiter): string {
  return `${a.title ? a.title + ' ' : ''}${a.name}${a.fideId ? ` (${a.fideId})` : ''}`
}

function titleText(title: string | null): string {
  return title ?? ''
}

function roundBlock(e: RoundEntry): string {
  if (e.opponent === null) {
    if (e.code === ' ') return '          '
    return `  0000 - ${e.code}`
  }
  return `  ${right(e.opponent, 4)} ${e.color ?? '-'} ${e.code}`
}

/** A 001 line in the spec's columns; `warnings` receives what had to be shortened. */
export function playerLine(p: TournamentPlayer, warnings: string[]): string {
  if (p.name.length > NAME_WIDTH) warnings.push(`player ${p.startRank}: name shortened to ${NAME_WIDTH} characters`)
  const sex = p.sex === 'M' ? 'm' : p.sex === 'F' ? 'w' : ' '
  const F = PLAYER_FIELDS
  let line = recordLine(
    '001',
    [F.startRank, F.sex, F.title, F.name, F.rating, F.federation, F.fideId, F.birth, F.points, F.rank],
    [p.startRank, sex, titleText(p.title), p.name, p.rating, p.federation, p.fideId, toTrfDate(p.birth), points(p.points), p.rank]
  )
  for (const e of p.rounds) line += roundBlock(e)
  return line.trimEnd()
}

function roundDatesLine(dates: (string | null)[]): string {
  let line = '132'
  dates.forEach((d, i) => {
    const [from] = roundDateColumns(i + 1)
    line = line.padEnd(from - 1) + left(d ? d.slice(2).replace(/-/g, '/') : '', ROUND_DATE.width)
  })
  return line.trimEnd()
}

function scoringLine(s: TrfScoring): string | null {
  if (s.win === DEFAULT_SCORING.win && s.draw === DEFAULT_SCORING.draw && s.loss === DEFAULT_SCORING.loss) return null
  return `162 W ${s.win.toFixed(1)}    D ${s.draw.toFixed(1)}    L ${s.loss.toFixed(1)}`
}

export function writeTrf(t: TrfWritable, options: WriteOptions): WriteResult {
  const h = t.header
  const warnings: string[] = []
  const out: string[] = []
  const put = (rec: string, v: string | number | null | undefined): void => {
    if (v !== null && v !== undefined && String(v) !== '') out.push(`${rec} ${v}`)
  }
  const rounds = Math.max(0, ...t.players.map((p) => p.rounds.length))
  const teams = t.teams ?? []
  put('012', h.name)
  put('022', h.city)
  put('032', h.federation)
  put('042', toTrfDate(h.startDate))
  put('052', toTrfDate(h.endDate))
  put('062', t.players.length)
  put('072', t.players.filter((p) => p.rating !== null).length)
  if (teams.length) put('082', teams.filter((x) => x.record === (options.format === 'TRF26' ? '310' : '013')).length || teams.length)
  put('092', h.type)
  for (const a of h.arbiters.filter((x) => x.role === 'chief')) put('102', arbiterText(a))
  for (const a of h.arbiters.filter((x) => x.role === 'deputy')) put('112', arbiterText(a))
  put('122', h.timeControl)
  if (h.roundDates.some((d) => d)) out.push(roundDatesLine(h.roundDates))
  if (options.format === 'TRF26') {
    put('142', h.declaredRounds ?? rounds)
    put('152', h.initialColour ? h.initialColour.toUpperCase() : null)
    const sc = t.scoring ? scoringLine(t.scoring) : null
    if (sc) out.push(sc)
    put('172', h.startingRankMethod)
    put('182', h.pairingProgram)
    put('192', h.codedType)
    put('202', h.tiebreaks)
    put('222', h.encodedTimeControl)
  } else if (h.declaredRounds !== null) {
    // TRF16 has no record for the planned number of rounds; JaVaFo's XXR is the accepted extension
    out.push(`XXR ${h.declaredRounds}`)
  }
  for (const p of [...t.players].sort((a, b) => a.startRank - b.startRank)) out.push(playerLine(p, warnings))
  const teamRecords = teams.filter((x) => x.record === '013').length ? teams.filter((x) => x.record === '013') : teams
  if (options.format === 'TRF26' && teams.some((x) => x.record === '310')) {
    for (const x of teams.filter((y) => y.record === '310')) {
      const head = recordLine(
        '310',
        [T310.number, T310.name, T310.federation, T310.averageRating, T310.matchPoints, T310.gamePoints, T310.rank],
        [x.number, x.name, x.federation, x.averageRating, x.matchPoints?.toFixed(1), x.gamePoints?.toFixed(1), x.rank]
      )
      out.push((head.padEnd(TEAM_MEMBERS_COLUMN['310'] - 1) + x.members.map((m) => right(m, 4)).join(' ')).trimEnd())
    }
  } else {
    for (const x of teamRecords) out.push((recordLine('013', [TEAM_013_FIELDS.name], [x.name]) + x.members.map((m) => ' ' + right(m, 4)).join('')).trimEnd())
  }
  const eol = options.lineEnding === 'CRLF' ? '\r\n' : '\n'
  const text = out.join(eol) + eol
  return { text, bytes: new TextEncoder().encode(text), warnings }
}
