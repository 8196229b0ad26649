// A tournament's rating laid out per player and game: each round of the report, whether it counts, the ratings used,
// D, PD, ΔR, and for every game that does not count the reason and the paragraph. Pure: values in, values out.
import type { Edition } from '../../../shared/contract/rating'
import type { GameReason, PlayerCalculation, RatedGameRow } from '../../../shared/contract/tournament-rating'
import { PLAYED_CODES, scoreOf, type RoundEntry, type TournamentPlayer } from '../model/tournament'
import type { RatedPlayerResult, RateTournamentResult } from './tournament'
import { fromHundredths } from './rounding'

/** A game taken out of the rating by a regulation finding (one side of it). */
export interface ExcludedGame {
  round: number
  startRank: number
  findingId: number
  code: string
  paragraph: string | null
}

export interface ExplainInput {
  edition: Edition
  /** Every player with all his rounds as reported, `rating` the rating at the start the engine was given. */
  players: readonly TournamentPlayer[]
  /** The engine's result, computed without the excluded games. */
  result: RateTournamentResult
  excluded: readonly ExcludedGame[]
  ratingFrom: ReadonlyMap<number, PlayerCalculation['ratingFrom']>
}

function reason(code: GameReason['code'], ref: string | null, text: string, params: GameReason['params'] = {}): GameReason {
  return { code, ref, text, params }
}

/** What laying out one game reads: the edition, the players and the engine's results by start rank, the excluded games. */
interface Layout {
  e: Edition
  byRank: Map<number, TournamentPlayer>
  results: Map<number, RatedPlayerResult>
  /** The excluded games by `round:startRank` (the first finding of each). */
  excluded: Map<string, ExcludedGame>
  /** A round robin rated by the iterative method: unrated opponents count. */
  iterative: boolean
  /** The paragraph an unrated opponent's game cites (the Swiss one, or the unrated-player one). */
  unratedRef: string
}

/** The per-player calculation sheets, in the engine's player order. */
export function explainRating(input: ExplainInput): PlayerCalculation[] {
  const { edition: e, result } = input
  const excluded = new Map<string, ExcludedGame>()
  for (const x of input.excluded) if (!excluded.has(`${x.round}:${x.startRank}`)) excluded.set(`${x.round}:${x.startRank}`, x)
  const layout: Layout = {
    e,
    byRank: new Map(input.players.map((p) => [p.startRank, p])),
    results: new Map(result.players.map((r) => [r.startRank, r])),
    excluded,
    iterative: result.system === 'round-robin' && e.roundRobin.unratedOpponents === 'iterative',
    unratedRef: result.system === 'swiss' ? e.refs.swiss : e.refs.unrated
  }

  return result.players.map((r) => {
    const p = layout.byRank.get(r.startRank)!
    const rows = [...p.rounds].sort((a, b) => a.round - b.round).map((g) => gameRow(layout, r, g))
    return {
      startRank: r.startRank,
      fideId: r.fideId,
      name: r.name,
      rating: r.rating,
      ratingFrom: input.ratingFrom.get(r.startRank) ?? (r.rating === null ? 'none' : 'list'),
      ru: r.ru,
      ra: r.ra,
      sumOpponents: r.sumOpponents,
      n: r.n,
      w: r.w,
      we: r.we,
      k: r.k,
      kChg: r.kChg,
      firstEventIgnored: r.firstEventIgnored,
      games: rows,
      notes: r.notes
    }
  })
}

/** One round of the report as rated: counted with its figures, or the reason and paragraph it does not count. */
function gameRow(t: Layout, r: RatedPlayerResult, g: RoundEntry): RatedGameRow {
  const { e } = t
  const opp = g.opponent === null ? undefined : t.byRank.get(g.opponent)
  const row: RatedGameRow = {
    round: g.round,
    opponent: g.opponent,
    opponentName: opp?.name ?? null,
    code: g.code,
    score: scoreOf(g.code),
    counted: false,
    opponentRating: opp?.rating ?? null,
    ratingUsed: null,
    d: null,
    pd: null,
    chg: null,
    reason: null,
    note: null
  }
  const oppResult = g.opponent === null ? undefined : t.results.get(g.opponent)
  const x = t.excluded.get(`${g.round}:${r.startRank}`)
  if (g.opponent === null || !opp || !PLAYED_CODES.has(g.code)) {
    row.reason = reason('notPlayed', null, `not played over the board (code “${g.code}”): never rated`, { code: g.code })
  } else if (x) {
    row.reason = reason('excludedByFinding', x.paragraph, `excluded by the finding ${x.code}${x.paragraph ? ` (${x.paragraph})` : ''}`, { finding: x.code, findingId: x.findingId })
  } else if (r.firstEventIgnored) {
    row.reason = reason('firstEvent', e.refs.unrated, `his first event, below ${e.unrated.firstEventIgnoredBelow} point(s): not counted`, { threshold: e.unrated.firstEventIgnoredBelow })
  } else if (oppResult?.firstEventIgnored) {
    row.reason = reason('opponentFirstEvent', e.refs.unrated, `the opponent's first event, below ${e.unrated.firstEventIgnoredBelow} point(s): not counted`, { threshold: e.unrated.firstEventIgnoredBelow })
  } else if (r.rating !== null) {
    ratedGame(t, r, g, row)
  } else if (opp.rating !== null) {
    // unrated: his games against rated opponents make his event rating
    row.counted = true
    row.ratingUsed = opp.rating
  } else if (t.iterative) {
    row.counted = true
    row.note = `unrated opponent, counted in the iterative method (${e.refs.roundRobin})`
  } else {
    row.reason = reason('unratedOpponent', t.unratedRef, `unrated opponent: not counted for an event rating (${t.unratedRef})`)
  }
  return row
}

/** A rated player's game (or one published since the start): the engine's own, found by round and opponent. */
function ratedGame(t: Layout, r: RatedPlayerResult, g: RoundEntry, row: RatedGameRow): void {
  const i = r.played.findIndex((x) => x.round === g.round && x.opponent === g.opponent)
  const game = i >= 0 ? r.games[i] : undefined
  if (!game) {
    row.reason = reason('rule', null, 'not in the calculation')
    return
  }
  row.opponentRating = game.opponentRating
  row.counted = game.counted
  if (game.counted) {
    row.ratingUsed = game.ratingUsed
    row.d = game.d
    row.pd = game.pd === null ? null : fromHundredths(game.pd)
    row.chg = game.chg === null ? null : fromHundredths(game.chg)
    row.note = game.note
  } else if (game.opponentRating === null) row.reason = reason('unratedOpponent', t.unratedRef, game.note ?? 'unrated opponent: not counted')
  else row.reason = reason('rule', null, game.note ?? 'not counted')
}
