// The records beside the crosstable: teams (013, TRF26 310), national ratings (FED lines) and TRF26 byes (240).
import { TEAM_013_FIELDS, TEAM_310_FIELDS, fieldText } from './layout'
import { nonEmpty, parseIntField, type ReadContext } from './read-context'

export function readTeam013(ctx: ReadContext, text: string, line: number): void {
  const name = fieldText(text, TEAM_013_FIELDS.name).trim()
  const members: number[] = []
  for (const m of text.slice(TEAM_013_FIELDS.name.endColumn).matchAll(/\d+/g)) members.push(Number(m[0]))
  ctx.teams.push({ number: ctx.teams.filter((t) => t.record === '013').length + 1, name, federation: null, averageRating: null, matchPoints: null, gamePoints: null, rank: null, members, record: '013', line })
}

export function readTeam310(ctx: ReadContext, text: string, line: number): void {
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

export function readNational(ctx: ReadContext, text: string, line: number): void {
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

export function readBye240(ctx: ReadContext, text: string, line: number): void {
  const m = /^240\s+([A-Z])\s+(\d+)((?:\s+\d+)*)\s*$/.exec(text)
  if (!m) {
    ctx.c.add('warning', 'trf.bye.layout', 'lines', { line, column: 1, endColumn: text.length }, text, '240 T RRR PPPP ...')
    ctx.kept.push({ line, record: '240', text, kind: 'unknown' })
    return
  }
  ctx.byes.push({ kind: m[1], round: Number(m[2]), players: m[3].trim() ? m[3].trim().split(/\s+/).map(Number) : [], line })
}
