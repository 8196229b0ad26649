// Cross-checks of a read TRF: start numbers, symmetric pairings and results, points, ranks, declared counts, round dates.
import { type ResultCode, type RoundEntry, type TournamentPlayer } from '../model/tournament'
import type { FindingCollector } from './findings'
import { PLAYER_FIELDS, ROUND_BLOCK, columnsOf, roundBlockColumns, roundBlockStart } from './layout'
import type { TrfBye, TrfHeader, TrfNationalRating, TrfPlayerSource, TrfScoring, TrfTeam } from './types'

export interface CheckInput {
  header: TrfHeader
  players: TournamentPlayer[]
  sources: TrfPlayerSource[]
  teams: TrfTeam[]
  nationals: TrfNationalRating[]
  byes: TrfBye[]
  scoring: TrfScoring
  explicitBlank?: Set<string>
  /** Where header records sit: record → line (042, 052, 062, 072, 082, 132, 142, XXR). */
  recordLines?: Map<string, number>
  /** Column range (1-based) of each round date on the 132 line. */
  roundDateColumns?: [number, number][]
}

export interface CheckResult {
  roundsInData: number
  scoring: TrfScoring
}

/** What the opponent must have written for each code. */
const MIRROR: Partial<Record<ResultCode, ResultCode[]>> = {
  '1': ['0'],
  '0': ['1'],
  '=': ['='],
  '+': ['-'],
  '-': ['+', '-'],
  W: ['L'],
  L: ['W'],
  D: ['D']
}

export function pointsOf(code: ResultCode, paired: boolean, s: TrfScoring): number {
  switch (code) {
    case '1':
    case 'W':
      return s.win
    case '=':
    case 'D':
      return s.draw
    case '0':
    case 'L':
      return s.loss
    case '+':
      return paired ? s.forfeitWin : s.fullBye
    case '-':
      return s.forfeitLoss
    case 'H':
      return s.halfBye
    case 'F':
      return s.fullBye
    case 'U':
      return s.pairingBye
    case 'Z':
      return s.zeroBye
    default:
      return 0
  }
}

/** A colour as the messages say it, in both languages (the message's language picks). */
function colourWord(c: RoundEntry['color']): { en: string; fr: string } {
  return c === 'w' ? { en: 'white', fr: 'les blancs' } : c === 'b' ? { en: 'black', fr: 'les noirs' } : { en: 'no colour', fr: 'sans couleur' }
}


function sumPoints(p: TournamentPlayer, s: TrfScoring): number {
  let sum = 0
  for (const r of p.rounds) sum += pointsOf(r.code, r.opponent !== null, s)
  return Math.round(sum * 100) / 100
}

/** What the steps of the checks share: the file's parts, the collector, and where records and players sit. */
interface Checking {
  input: CheckInput
  c: FindingCollector
  players: TournamentPlayer[]
  sources: TrfPlayerSource[]
  header: TrfHeader
  recordAt(rec: string): { line: number | null }
  /** The first player of each start number, and his index in the file. */
  byRank: Map<number, TournamentPlayer>
  indexOf: Map<number, number>
}

/** Runs the cross-checks in their order (the findings come out in it); returns the rounds in the data and the scoring the file uses. */
export function runChecks(input: CheckInput, c: FindingCollector): CheckResult {
  const { header, players, sources } = input
  const recordAt = (rec: string): { line: number | null } => ({ line: input.recordLines?.get(rec) ?? null })
  const n = checkStartNumbers(c, players, sources)
  const { byRank, indexOf } = indexByStartRank(players)
  const k: Checking = { input, c, players, sources, header, recordAt, byRank, indexOf }
  const roundsInData = padRounds(players)
  checkBeyondDeclared(k, roundsInData)
  checkSymmetry(k, n)
  const scoring = readScoringDialect(k)
  checkPoints(k, scoring)
  checkRanks(k)
  checkDeclaredCounts(k, roundsInData)
  checkReferences(k)
  checkRoundDates(k, roundsInData)
  if (header.startDate && header.endDate && header.endDate < header.startDate) {
    c.add('error', 'trf.header.dateOrder', 'header', recordAt('052'), `${header.startDate} → ${header.endDate}`, 'an end date on or after the start date')
  }
  return { roundsInData, scoring }
}

/** Start numbers: unique and 1..N without gaps; returns how many distinct ones there are. */
function checkStartNumbers(c: FindingCollector, players: TournamentPlayer[], sources: TrfPlayerSource[]): number {
  const lineOf = new Map<number, number>()
  for (let i = 0; i < players.length; i++) {
    const sr = players[i].startRank
    const prev = lineOf.get(sr)
    if (prev !== undefined) {
      c.fatal('trf.player.startRankDuplicate', `player ${sr}`, { line: sources[i].line, ...columnsOf(PLAYER_FIELDS.startRank) }, String(sr), 'a start number used once', { player: sr, firstLine: prev })
    } else lineOf.set(sr, sources[i].line)
  }
  const n = lineOf.size
  const sorted = [...lineOf.keys()].sort((a, b) => a - b)
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i] !== i + 1) {
      const sr = sorted[i]
      c.fatal('trf.player.startRankGap', 'start numbers', { line: lineOf.get(sr)!, ...columnsOf(PLAYER_FIELDS.startRank) }, String(sr), String(i + 1), { player: sr, missing: i + 1, players: n })
      break
    }
  }
  return n
}

/** The first player of each start number, and his index in the file. */
function indexByStartRank(players: TournamentPlayer[]): { byRank: Map<number, TournamentPlayer>; indexOf: Map<number, number> } {
  const byRank = new Map<number, TournamentPlayer>()
  const indexOf = new Map<number, number>()
  players.forEach((p, i) => {
    if (!byRank.has(p.startRank)) {
      byRank.set(p.startRank, p)
      indexOf.set(p.startRank, i)
    }
  })
  return { byRank, indexOf }
}

/** Every player gets an entry for every round: absent rounds read as "not paired". Returns the rounds in the data. */
function padRounds(players: TournamentPlayer[]): number {
  let roundsInData = 0
  for (const p of players) roundsInData = Math.max(roundsInData, p.rounds.length)
  for (const p of players) {
    for (let r = p.rounds.length; r < roundsInData; r++) p.rounds.push({ round: r + 1, opponent: null, color: null, code: ' ' })
  }

  return roundsInData
}

/** Games in rounds beyond the declared number (XXR/142). */
function checkBeyondDeclared({ c, players, sources, header }: Checking, roundsInData: number): void {
  const declared = header.declaredRounds
  if (declared !== null && roundsInData > declared) {
    for (let i = 0; i < players.length; i++) {
      const p = players[i]
      const extra = p.rounds.findIndex((r, k) => k >= declared && (r.opponent !== null || r.code !== ' '))
      if (extra >= 0) {
        c.fatal('trf.round.beyondDeclared', `round ${extra + 1}`, { line: sources[i].line, ...roundBlockColumns(extra + 1) }, sources[i].text.slice(roundBlockStart(extra + 1), roundBlockStart(extra + 2)).trim(), `at most ${declared} rounds (XXR/142)`, { round: extra + 1, player: p.startRank, declared })
      }
    }
  }

}

/** Each game must be told the same way by both players: opponent, opposite colours, mirrored result. */
function checkSymmetry({ c, players, sources, byRank, indexOf }: Checking, n: number): void {
  for (let i = 0; i < players.length; i++) {
    const p = players[i]
    for (const e of p.rounds) {
      if (e.opponent === null) continue
      const q = byRank.get(e.opponent)
      const at = { line: sources[i].line, ...roundBlockColumns(e.round) }
      if (!q) {
        c.fatal('trf.round.opponent', `round ${e.round}`, { line: sources[i].line, column: at.column + ROUND_BLOCK.opponent.from - 1, endColumn: at.column + ROUND_BLOCK.opponent.to - 1 }, String(e.opponent), `a start number from 1 to ${n}`, { round: e.round, player: p.startRank })
        continue
      }
      if (q.startRank < p.startRank && q.rounds[e.round - 1]?.opponent === p.startRank) continue // told from q's side
      const f = q.rounds[e.round - 1]
      const qi = indexOf.get(q.startRank)!
      const qAt = { line: sources[qi].line, ...roundBlockColumns(e.round) }
      const params = { round: e.round, a: p.startRank, b: q.startRank, colourA: colourWord(e.color), otherLine: qAt.line }
      if (!f || f.opponent !== p.startRank) {
        const says =
          f && f.opponent !== null
            ? { en: `played ${f.opponent} with ${colourWord(f.color).en}`, fr: `dit avoir joué ${f.opponent} avec ${colourWord(f.color).fr}` }
            : f
              ? { en: `had no game (code '${f.code}')`, fr: `n’a pas de partie (code « ${f.code} »)` }
              : { en: 'had no game (no entry)', fr: 'n’a pas de partie (aucune case)' }
        c.fatal('trf.round.asymmetric', `round ${e.round}`, at, `${p.startRank}: ${e.opponent} ${e.color ?? '-'} ${e.code}`, `${q.startRank} names ${p.startRank} in round ${e.round}`, { ...params, bSays: says })
        continue
      }
      if (e.color !== null && f.color !== null && e.color === f.color) {
        c.fatal('trf.round.colourClash', `round ${e.round}`, at, `${colourWord(e.color).en} / ${colourWord(f.color).en}`, 'opposite colours', { ...params, colourB: colourWord(f.color) })
      }
      const ok = MIRROR[e.code]
      if (!ok || !ok.includes(f.code)) {
        c.fatal('trf.round.incompatibleResult', `round ${e.round}`, at, `${e.code} / ${f.code}`, ok ? ok.join(' or ') : 'a played or forfeit result', { ...params, codeA: e.code, codeB: f.code })
      }
    }
  }

}

/**
 * The scoring the file's points column follows: a different bye scoring that explains every difference is the
 * file's dialect (lichess scores U as 0, some programs write F for the pairing bye); byes written in a
 * program's own way are turned into half-point byes where they explain a player's points.
 */
function readScoringDialect({ input, c, players, sources }: Checking): TrfScoring {
  let scoring = input.scoring
  const mismatched = (s: TrfScoring): number => players.filter((p) => p.points !== null && Math.abs(sumPoints(p, s) - p.points) > 1e-9).length
  const base = mismatched(scoring)
  if (base > 0) {
    const variants: [string, TrfScoring][] = [
      ['U=0', { ...scoring, pairingBye: 0 }],
      ['U=0.5', { ...scoring, pairingBye: 0.5 }],
      ['F=0', { ...scoring, fullBye: 0 }],
      ['Z=0.5', { ...scoring, zeroBye: 0.5 }],
      ['H=1', { ...scoring, halfBye: 1 }],
      ['H=0', { ...scoring, halfBye: 0 }]
    ]
    // byes written in a program's own way, recognised only when they explain the points column:
    // "0000 -" with a blank result, or "-" with no opponent, scored as a half point (Irish Krause exports)
    const blanks = input.explicitBlank ?? new Set<string>()
    const halfByeDialects: [string, (p: TournamentPlayer, r: RoundEntry) => boolean][] = [
      ['0000 -  ', (p, r) => r.code === ' ' && blanks.has(`${p.startRank}:${r.round}`)],
      ['       -', (_p, r) => r.code === '-' && r.opponent === null]
    ]
    // per player: converted only when exactly these entries explain this player's points column
    let current = base
    for (const [found, isHalf] of halfByeDialects) {
      for (let i = 0; i < players.length; i++) {
        const p = players[i]
        if (p.points === null) continue
        const diff = p.points - sumPoints(p, scoring)
        const halves = p.rounds.filter((r) => isHalf(p, r))
        if (halves.length === 0 || Math.abs(diff - 0.5 * halves.length) > 1e-9) continue
        for (const r of halves) {
          r.code = 'H'
          c.repair('trf.repair.halfByeDialect', { line: sources[i].line, ...roundBlockColumns(r.round) }, found, '0000 - H')
        }
        current--
      }
    }
    for (const [label, v] of variants) {
      if (current > 0 && mismatched(v) === 0) {
        c.repair('trf.repair.byeScoring', { line: null }, 'points column', label, { scoring: label, players: base })
        scoring = v
        break
      }
    }
  }
  return scoring
}

/** The points column against the results, with the file's scoring. */
function checkPoints({ c, players, sources }: Checking, scoring: TrfScoring): void {
  for (let i = 0; i < players.length; i++) {
    const p = players[i]
    if (p.points === null) continue
    const sum = sumPoints(p, scoring)
    if (Math.abs(sum - p.points) > 1e-9) {
      c.add('error', 'trf.check.points', `player ${p.startRank}`, { line: sources[i].line, ...columnsOf(PLAYER_FIELDS.points) }, p.points.toFixed(1), sum.toFixed(1), { player: p.startRank, inFile: p.points, results: sum })
    }
  }

}

/** Ranks: unique, in 1..N, and never a better rank for fewer points (in team events individual ranks follow the teams). */
function checkRanks({ input, c, players, sources }: Checking): void {
  const ranked = players.map((p, i) => ({ p, i })).filter((x) => x.p.rank !== null)
  const seenRank = new Map<number, number>()
  for (const { p, i } of ranked) {
    const r = p.rank!
    if (r < 1 || r > players.length) c.add('warning', 'trf.check.rankRange', `player ${p.startRank}`, { line: sources[i].line, ...columnsOf(PLAYER_FIELDS.rank) }, String(r), `1 to ${players.length}`, { player: p.startRank })
    const prev = seenRank.get(r)
    if (prev !== undefined) c.add('warning', 'trf.check.rankDuplicate', `player ${p.startRank}`, { line: sources[i].line, ...columnsOf(PLAYER_FIELDS.rank) }, String(r), 'a rank used once', { player: p.startRank, other: prev })
    else seenRank.set(r, p.startRank)
  }
  // in team events individual ranks follow the teams: no order check
  const byPlace = input.teams.length > 0 ? [] : [...ranked].sort((a, b) => a.p.rank! - b.p.rank!)
  for (let k = 1; k < byPlace.length; k++) {
    const better = byPlace[k - 1].p
    const worse = byPlace[k].p
    if (better.points !== null && worse.points !== null && worse.points > better.points) {
      c.add('warning', 'trf.check.rankOrder', `player ${worse.startRank}`, { line: sources[byPlace[k].i].line, ...columnsOf(PLAYER_FIELDS.rank) }, `rank ${worse.rank} with ${worse.points}`, `behind ${better.startRank} (rank ${better.rank}, ${better.points})`, { player: worse.startRank, other: better.startRank })
    }
  }

}

/** The header's declared players, rated players, teams and rounds against the data. */
function checkDeclaredCounts({ input, c, players, header, recordAt }: Checking, roundsInData: number): void {
  const declared = header.declaredRounds
  if (header.declaredPlayers !== null && header.declaredPlayers !== players.length) {
    c.add('warning', 'trf.check.playerCount', 'header', recordAt('062'), String(header.declaredPlayers), String(players.length), { record: '062' })
  }
  const rated = players.filter((p) => p.rating !== null).length
  if (header.declaredRated !== null && header.declaredRated !== rated) {
    c.add('warning', 'trf.check.ratedCount', 'header', recordAt('072'), String(header.declaredRated), String(rated), { record: '072' })
  }
  const teamCount = Math.max(input.teams.filter((t) => t.record === '013').length, input.teams.filter((t) => t.record === '310').length)
  if (header.declaredTeams !== null && header.declaredTeams > 0 && header.declaredTeams !== teamCount) {
    c.add('warning', 'trf.check.teamCount', 'header', recordAt('082'), String(header.declaredTeams), String(teamCount), { record: '082' })
  }
  if (declared !== null && roundsInData < declared) {
    c.add('info', 'trf.check.roundsPlayed', 'header', recordAt(input.recordLines?.has('142') ? '142' : 'XXR'), String(roundsInData), String(declared), { declared, inData: roundsInData })
  }
}

/** Team members, national ratings and byes name players of the file. */
function checkReferences({ input, c, byRank }: Checking): void {
  for (const t of input.teams) {
    for (const m of t.members) {
      if (!byRank.has(m)) c.add('warning', 'trf.team.member', `team ${t.name}`, { line: t.line }, String(m), 'a player start number', { team: t.name, member: m })
    }
  }
  for (const nr of input.nationals) {
    if (!byRank.has(nr.startRank)) c.add('warning', 'trf.national.unknownPlayer', 'national ratings', { line: nr.line, ...columnsOf(PLAYER_FIELDS.startRank) }, String(nr.startRank), 'a player start number', { player: nr.startRank })
  }
  for (const b of input.byes) {
    for (const sr of b.players) {
      if (!byRank.has(sr)) c.add('warning', 'trf.bye.unknownPlayer', `round ${b.round}`, { line: b.line }, String(sr), 'a player start number', { player: sr, round: b.round })
    }
  }

}

/** Round dates: one per round, in order, inside the tournament's dates. */
function checkRoundDates({ input, c, header, recordAt }: Checking, roundsInData: number): void {
  const declared = header.declaredRounds
  const dateAt = (k: number): { line: number | null; column?: number; endColumn?: number } => {
    const cols = input.roundDateColumns?.[k]
    return cols ? { ...recordAt('132'), column: cols[0], endColumn: cols[1] } : recordAt('132')
  }
  const dates = header.roundDates
  if (dates.length > 0) {
    const rounds = Math.max(roundsInData, declared ?? 0)
    if (dates.length !== rounds && dates.length !== roundsInData) {
      c.add('warning', 'trf.check.roundDatesCount', 'header', recordAt('132'), String(dates.length), String(rounds), { record: '132' })
    }
    for (let k = 1; k < dates.length; k++) {
      const a = dates[k - 1]
      const b = dates[k]
      if (a && b && b < a) c.add('warning', 'trf.check.roundDatesOrder', `round ${k + 1}`, dateAt(k), b, `on or after ${a}`, { round: k + 1 })
    }
    for (let k = 0; k < dates.length; k++) {
      const d = dates[k]
      if (!d) continue
      if ((header.startDate && d < header.startDate) || (header.endDate && d > header.endDate)) {
        c.add('warning', 'trf.check.roundDatesOutside', `round ${k + 1}`, dateAt(k), d, `${header.startDate ?? '?'} to ${header.endDate ?? '?'}`, { round: k + 1 })
      }
    }
  }
}
