// Whether a tournament rates its games at all: a tournament that would rate no game is an error (it
// is not approved without a decision), one that rates far fewer games than it holds a warning, each with the figures
// and why the others are not rated. The games are counted as the list's generation counts them (lists/rated-games.ts)
// from the engine's rating of the tournament with the ratings at its start.
import { rateTournament } from '../engine/tournament'
import { EMPTY_TALLY, tallyGames, type GameTally } from '../lists/rated-games'
import { ratedWithStandard } from '../rules/amendments'
import type { TournamentPlayer } from '../model/tournament'
import { finding } from './common'
import type { CheckFinding, CheckInput } from './types'

/** Far fewer: fewer than this share of the games held are rated. */
export const FEW_RATED_SHARE = 0.5

/** The tally of the tournament's games as the generation would count them, the games the other findings take out left out. */
export function ratedGamesOf(input: CheckInput, excludedBy: readonly CheckFinding[]): GameTally {
  if (!input.players.length) return { ...EMPTY_TALLY }
  const excluded = new Set<string>()
  for (const f of excludedBy) if (f.excludesGames) for (const g of f.games ?? []) excluded.add(`${g.round}:${g.startRank}`)
  const known = input.players.filter((p) => p.inRegistry !== false)
  const e = input.edition
  // 2024 rapid and blitz: an unrated player with a standard rating is rated with it, as the list's generation rates him
  const withStandard = ratedWithStandard(e, input.tournament.ratingType ?? 'standard')
  const ratingOf = (p: (typeof input.players)[number]): number | null => p.ratingAtStart ?? (withStandard ? (p.standardAtStart ?? null) : null)
  const players: TournamentPlayer[] = known.map((p) => ({
    startRank: p.startRank,
    fideId: p.fideId,
    name: p.name,
    sex: p.sex,
    title: null,
    federation: null,
    birth: p.birth,
    rating: ratingOf(p),
    points: null,
    rank: null,
    rounds: p.rounds.map((r) => (r.opponent !== null && excluded.has(`${r.round}:${p.startRank}`) ? { round: r.round, opponent: null, color: null, code: ' ' as const } : r))
  }))
  const res = rateTournament({
    edition: e,
    start: input.tournament.startDate ?? '',
    system: input.tournament.system,
    ratingType: input.tournament.ratingType ?? 'standard',
    players,
    notFirstEvent: new Set(known.filter((p) => p.firstEvent === false).map((p) => p.startRank)),
    withoutK: true
  })
  const iterative = input.tournament.system === 'round-robin' && !res.treatedAsSwiss && e.roundRobin.unratedOpponents === 'iterative'
  return tallyGames(
    input.players.map((p) => ({ startRank: p.startRank, known: p.inRegistry !== false, rating: ratingOf(p), rounds: p.rounds })),
    res,
    excluded,
    iterative
  )
}

/** The finding of a tournament that would rate no game, or far fewer than it holds (none otherwise). */
export function checkRatedGames(input: CheckInput, others: readonly CheckFinding[]): CheckFinding[] {
  const t = ratedGamesOf(input, others)
  if (t.held === 0 || t.rated >= t.held * FEW_RATED_SHARE) return []
  const params = { held: t.held, rated: t.rated, unknownPlayer: t.unknownPlayer, unrated: t.unrated, unplayed: t.unplayed, finding: t.finding, firstEvent: t.firstEvent, byes: t.byes }
  const unknown = input.players.filter((p) => p.inRegistry === false).map((p) => p.startRank)
  const paragraph = input.tournament.system === 'swiss' ? input.edition.refs.swiss : input.edition.refs.unrated
  return [finding(input, t.rated === 0 ? 'check.games.noneRated' : 'check.games.fewRated', t.rated === 0 ? 'error' : 'warning', paragraph, params, unknown.length ? { startRanks: unknown } : {})]
}
