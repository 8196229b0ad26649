// How many of a tournament's games are rated, and why the others are not: one count for the list's
// generation (the games a list says it rated from a tournament) and for the regulation check that warns before approval
// when a tournament would rate no game, or far fewer than it holds.
import type { RateTournamentResult } from '../engine/tournament'
import { PLAYED_CODES, type ResultCode } from '../model/tournament'

/** A player of the file: known to the registry or not, rated at the start or not, every round as reported. */
export interface TallyPlayer {
  startRank: number
  /** Linked to a player of the registry (an unknown player's games are rated for no one). */
  known: boolean
  /** Rating at the start, as the engine was given it (null: unrated). */
  rating: number | null
  rounds: readonly { round: number; opponent: number | null; code: ResultCode | string }[]
}

/** A tournament's games: held (each pairing once), rated (counted for at least one of its two players), and the rest by reason. */
export interface GameTally {
  held: number
  rated: number
  /** Not rated: a player unknown to the registry. */
  unknownPlayer: number
  /** Not rated: a forfeit or a game not played. */
  unplayed: number
  /** Not rated: taken out by a check finding. */
  finding: number
  /** Not rated: an unrated player's first event below the threshold (his games ignored). */
  firstEvent: number
  /** Not rated: neither side counts it (two unrated players; a rated player against an unrated one in a Swiss whose
   *  unrated player cannot count it either; a game the rules leave out). */
  unrated: number
  /** Rounds without an opponent (byes, not paired): no game. */
  byes: number
}

export const EMPTY_TALLY: Readonly<GameTally> = Object.freeze({ held: 0, rated: 0, unknownPlayer: 0, unplayed: 0, finding: 0, firstEvent: 0, unrated: 0, byes: 0 })

/**
 * The tally of a tournament's games from the engine's result over its known players (`res`, rated as the generation
 * rates it: a rated player's game counts when the engine counted it; an unrated player's when his opponent was rated
 * at the start, or unrated counted at his Ru in an iterative round robin (`unratedCountsUnrated`), and neither is a
 * first event ignored). `excluded`: the games a check finding takes out, as `round:startRank` of either side.
 */
export function tallyGames(players: readonly TallyPlayer[], res: RateTournamentResult, excluded: { has(key: string): boolean }, unratedCountsUnrated: boolean): GameTally {
  const t: GameTally = { ...EMPTY_TALLY }
  const byRank = new Map<number, TallyPlayer>()
  for (const p of players) byRank.set(p.startRank, p)
  const result = new Map(res.players.map((r) => [r.startRank, r]))
  // the games the engine counted for each rated player, as round × 2^20 + opponent (numbers: a FIDE-sized month has
  // a million games)
  const key = (round: number, opponent: number): number => round * 1_048_576 + opponent
  const countedFor = new Map<number, Set<number>>()
  for (const r of res.players) {
    if (r.we === null) continue
    const set = new Set<number>()
    r.games.forEach((g, i) => g.counted && set.add(key(r.played[i]!.round, r.played[i]!.opponent)))
    countedFor.set(r.startRank, set)
  }
  const counts = (x: number, y: number, round: number): boolean => {
    const rx = result.get(x)
    const ry = result.get(y)
    if (!rx || !ry) return false
    if (rx.we !== null) return countedFor.get(x)!.has(key(round, y))
    if (rx.firstEventIgnored || ry.firstEventIgnored) return false
    return byRank.get(y)!.rating !== null || unratedCountsUnrated
  }
  for (const p of players) {
    for (const r of p.rounds) {
      if (r.opponent === null) {
        t.byes++
        continue
      }
      const o = byRank.get(r.opponent)
      // each pairing once: from its lower start rank (from this side only when the other is not in the file)
      if (o && r.opponent < p.startRank) continue
      t.held++
      if (!p.known || !o?.known) t.unknownPlayer++
      else if (!PLAYED_CODES.has(r.code as ResultCode)) t.unplayed++
      else if (excluded.has(`${r.round}:${p.startRank}`) || excluded.has(`${r.round}:${r.opponent}`)) t.finding++
      else if (counts(p.startRank, r.opponent, r.round) || counts(r.opponent, p.startRank, r.round)) t.rated++
      else if (result.get(p.startRank)?.firstEventIgnored || result.get(r.opponent)?.firstEventIgnored) t.firstEvent++
      else t.unrated++
    }
  }
  return t
}
