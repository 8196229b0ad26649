// A report's rounds bounded by what the report itself supports: the header's declared rounds (XXR / 142), its round
// dates (132) and the rounds its crosstable pairs. The reader caps a line at LIMITS.trfRounds blocks; inside that cap a
// player line of 150 byes in a nine-round tournament would still import 150 rounds of game rows, so such a line is a
// fatal, located finding here, where the reader's result is validated before an import or a preview.
import { LIMITS } from '../limits'
import { readTrf } from './reader'
import { roundBlockStart, ROUND_BLOCK } from './layout'
import type { ParsedTrf, TrfFinding, TrfPlayerSource } from './types'
import type { TournamentPlayer } from '../model/tournament'

/** What the report supports: the most rounds it declares (XXR / 142, 132's dates) or pairs in its crosstable. */
export interface SupportedRounds {
  declared: number
  dated: number
  paired: number
  /** The largest of the three plus LIMITS.trfRoundsTolerance; null when the report says nothing of its rounds. */
  bound: number | null
}

/** The last round in which two players' lines name each other: a round the crosstable pairs (byes pair no one). */
function lastPairedRound(players: readonly TournamentPlayer[]): number {
  const byRank = new Map(players.map((p) => [p.startRank, p]))
  let last = 0
  for (const p of players) {
    for (const r of p.rounds) {
      if (r.round <= last || r.opponent === null) continue
      // the opponent's line must name this player in the same round: one line alone cannot invent a round
      const other = byRank.get(r.opponent)?.rounds.find((x) => x.round === r.round)
      if (other?.opponent === p.startRank) last = r.round
    }
  }
  return last
}

export function supportedRounds(parsed: Pick<ParsedTrf, 'header' | 'players'>): SupportedRounds {
  const declared = parsed.header.declaredRounds ?? 0
  const dated = parsed.header.roundDates.length
  const paired = lastPairedRound(parsed.players)
  const most = Math.max(declared, dated, paired)
  return { declared, dated, paired, bound: most > 0 ? most + LIMITS.trfRoundsTolerance : null }
}

/**
 * The round blocks a player line holds as written (the reader pads every player to the report's rounds, so the line
 * that brought the rounds is found by its text).
 */
function blocksOf(p: TournamentPlayer, source: TrfPlayerSource | undefined): number {
  if (!source) return p.rounds.reduce((m, r) => Math.max(m, r.round), 0)
  const length = source.text.trimEnd().length
  return length > roundBlockStart(1) ? Math.ceil((length - roundBlockStart(1)) / ROUND_BLOCK.width) : 0
}

/** A fatal finding for each player line holding more rounds than the report supports, at its first block too many. */
export function roundBoundFindings(parsed: ParsedTrf): TrfFinding[] {
  const s = supportedRounds(parsed)
  if (s.bound === null) return []
  const bound = s.bound
  return parsed.players.flatMap((p, i): TrfFinding[] => {
    const source = parsed.playerSources[i]
    const rounds = blocksOf(p, source)
    if (rounds <= bound) return []
    const line = source?.line ?? null
    const column = roundBlockStart(bound + 1) + 1
    return [{
      level: 'error',
      code: 'trf.limits.roundsSupported',
      group: `player ${p.startRank}`,
      fatal: true,
      location: { file: parsed.fileName, line, column, endColumn: Math.max(column + ROUND_BLOCK.width - 1, source?.text.length ?? 0) },
      found: String(rounds),
      expected: `at most ${bound} rounds`,
      params: { line, column, startRank: p.startRank, limit: bound, declared: s.declared, dated: s.dated, paired: s.paired, tolerance: LIMITS.trfRoundsTolerance }
    }]
  })
}

/**
 * A report as the import and the preview read it: the reader's result, with a fatal finding for every player line whose
 * rounds go past what the report supports (so nothing of it is stored).
 */
export function readReport(bytes: Uint8Array, fileName: string): ParsedTrf {
  const parsed = readTrf(bytes, fileName)
  const beyond = roundBoundFindings(parsed)
  return beyond.length ? { ...parsed, findings: [...parsed.findings, ...beyond] } : parsed
}
