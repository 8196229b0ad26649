// Which games count: unplayed games in a round robin (rated as a Swiss), matches with an unrated player, an unrated
// player's first event with a zero score, too few rated opponents, and the rapid/blitz 600-point rule from 1 Dec 2024;
// and who is rated with his standard rating in a 2024 rapid or blitz event (no first-event rule for him).
import { fastGameExcluded, RATED_WITH_STANDARD_REF } from '../rules/amendments'
import { PLAYED_CODES, RATING_TYPE_FR, scoreOf } from '../model/tournament'
import { finding, isDoubleRoundRobin, pairings, playedGames, sides } from './common'
import type { CheckFinding, CheckInput, CheckPlayer } from './types'

function unplayedRoundRobin(input: CheckInput): CheckFinding[] {
  if (input.tournament.system !== 'round-robin') return []
  const cycles = isDoubleRoundRobin(input) ? 2 : 1
  // the pairs that did not meet over the board as often as the cycles require
  const met = new Map<string, number>()
  for (const g of playedGames(input)) met.set(`${g.a}:${g.b}`, (met.get(`${g.a}:${g.b}`) ?? 0) + 1)
  const concerned = new Set<number>()
  let unplayed = 0
  const ranks = input.players.map((p) => p.startRank).sort((a, b) => a - b)
  for (let i = 0; i < ranks.length; i++) {
    for (let j = i + 1; j < ranks.length; j++) {
      const missing = cycles - (met.get(`${ranks[i]}:${ranks[j]}`) ?? 0)
      if (missing > 0) {
        unplayed += missing
        concerned.add(ranks[i]!)
        concerned.add(ranks[j]!)
      }
    }
  }
  if (unplayed === 0) return []
  return [finding(input, 'check.games.unplayedRoundRobin', 'info', input.edition.checks.refs.unplayed, { count: unplayed, paired: pairings(input).size }, { startRanks: [...concerned] })]
}

function matchWithUnrated(input: CheckInput): CheckFinding[] {
  if (!input.edition.checks.matchWithUnrated || input.players.length !== 2) return []
  const unrated = input.players.filter((p) => p.ratingAtStart === null)
  if (unrated.length === 0) return []
  const games = playedGames(input)
  return [
    finding(
      input,
      'check.games.matchWithUnrated',
      'error',
      input.edition.checks.refs.match,
      { unrated: unrated.map((p) => p.name).join(', ') },
      { startRanks: unrated.map((p) => p.startRank), games: sides(games), excludesGames: true }
    )
  ]
}

function playedBy(p: CheckPlayer) {
  return p.rounds.filter((r) => r.opponent !== null && PLAYED_CODES.has(r.code))
}

function unratedPlayers(input: CheckInput): CheckFinding[] {
  const e = input.edition
  const rating = new Map(input.players.map((p) => [p.startRank, p.ratingAtStart]))
  // rated opponents count in a Swiss, or in a round robin rated as one (unplayed games)
  const swissLike = input.tournament.system === 'swiss' || unplayedRoundRobin(input).length > 0
  const out: CheckFinding[] = []
  for (const p of input.players) {
    if (p.ratingAtStart !== null) continue
    const played = playedBy(p)
    if (played.length === 0) continue
    // as the engine counts it: against rated opponents only in a Swiss, or where unrated opponents are not counted
    const countable = swissLike || e.roundRobin.unratedOpponents === 'not-counted' ? played.filter((r) => (rating.get(r.opponent!) ?? null) !== null) : played
    const score = countable.reduce((s, r) => s + scoreOf(r.code), 0)
    if (p.firstEvent === true && countable.length > 0 && score < e.unrated.firstEventIgnoredBelow) {
      out.push(finding(input, 'check.games.firstEventZero', 'info', e.checks.refs.firstEvent, { startRank: p.startRank, name: p.name, score, below: e.unrated.firstEventIgnoredBelow }, { startRanks: [p.startRank] }))
    }
    if (!swissLike) continue
    const ratedOpponents = played.filter((r) => (rating.get(r.opponent!) ?? null) !== null).length
    if (ratedOpponents < e.unrated.minRatedOpponentsPerEvent) {
      out.push(
        finding(input, 'check.games.tooFewRatedOpponents', 'info', e.checks.refs.ratedOpponents, { startRank: p.startRank, name: p.name, ratedOpponents, required: e.unrated.minRatedOpponentsPerEvent }, { startRanks: [p.startRank] })
      )
    }
  }
  return out
}

/**
 * 2024 rapid and blitz: a player without a rating of the event's type but with a standard rating is rated with it
 * (rules/amendments.ts, ratedWithStandard; the list does the same). He is not an unrated player: the first-event and
 * rated-opponents rules do not concern him (his ratingAtStart is that rating), and the officer is told so.
 */
function withStandardRating(input: CheckInput): CheckFinding[] {
  const type = input.tournament.ratingType
  if (type === null) return []
  return input.players
    .filter((p) => p.ratedWithStandard === true && p.ratingAtStart !== null && playedBy(p).length > 0)
    .map((p) => finding(input, 'check.games.ratedWithStandard', 'info', RATED_WITH_STANDARD_REF, { startRank: p.startRank, name: p.name, rating: p.ratingAtStart, ratingType: type, ratingTypeFr: RATING_TYPE_FR[type] }, { startRanks: [p.startRank] }))
}

function ratingGap(input: CheckInput): CheckFinding[] {
  const t = input.tournament
  const rule = input.edition.amendments.fastGamesNotRated
  if (!rule || t.ratingType === null || t.ratingType === 'standard' || t.startDate === null) return []
  const rating = new Map(input.players.map((p) => [p.startRank, p.ratingAtStart]))
  const names = new Map(input.players.map((p) => [p.startRank, p.name]))
  const out: CheckFinding[] = []
  for (const g of playedGames(input)) {
    const rw = rating.get(g.white) ?? null
    const rb = rating.get(g.black) ?? null
    if (rw === null || rb === null || !fastGameExcluded(input.edition, t.ratingType, t.startDate, rw, rb)) continue
    out.push(
      finding(
        input,
        'check.games.ratingGap600',
        'warning',
        input.edition.checks.refs.ratingGap,
        { round: g.round, white: names.get(g.white) ?? g.white, black: names.get(g.black) ?? g.black, whiteRating: rw, blackRating: rb, difference: Math.abs(rw - rb), minDifference: rule.minDifference, aboveRating: rule.aboveRating },
        { startRanks: [g.a, g.b], rounds: [g.round], games: sides([g]), excludesGames: true }
      )
    )
  }
  return out
}

export function checkGames(input: CheckInput): CheckFinding[] {
  return [...unplayedRoundRobin(input), ...matchWithUnrated(input), ...unratedPlayers(input), ...withStandardRating(input), ...ratingGap(input)]
}
