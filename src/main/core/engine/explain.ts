// A tournament's rating laid out per player and game: each round of the report, whether it counts, the ratings used,
// D, PD, ΔR, and for every game that does not count the reason and the paragraph. Pure: values in, values out.
import type { Edition } from '../../../shared/contract/rating'
import type { GameReason, PlayerCalculation, RatedGameRow } from '../../../shared/contract/tournament-rating'
import { PLAYED_CODES, scoreOf, type TournamentPlayer } from '../model/tournament'
import type { RateTournamentResult } from './tournament'
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

/** The per-player calculation sheets, in the engine's player order. */
export function explainRating(input: ExplainInput): PlayerCalculation[] {
  const { edition: e, result } = input
  const byRank = new Map(input.players.map((p) => [p.startRank, p]))
  const results = new Map(result.players.map((r) => [r.startRank, r]))
  const excluded = new Map<string, ExcludedGame>()
  for (const x of input.excluded) if (!excluded.has(`${x.round}:${x.startRank}`)) excluded.set(`${x.round}:${x.startRank}`, x)
  const iterative = result.system === 'round-robin' && e.roundRobin.unratedOpponents === 'iterative'
  const unratedRef = result.system === 'swiss' ? e.refs.swiss : e.refs.unrated

  return result.players.map((r) => {
    const p = byRank.get(r.startRank)!
    const rows: RatedGameRow[] = [...p.rounds]
      .sort((a, b) => a.round - b.round)
      .map((g) => {
        const opp = g.opponent === null ? undefined : byRank.get(g.opponent)
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
        const oppResult = g.opponent === null ? undefined : results.get(g.opponent)
        const x = excluded.get(`${g.round}:${r.startRank}`)
        if (g.opponent === null || !opp || !PLAYED_CODES.has(g.code)) {
          row.reason = reason('notPlayed', null, `not played over the board (code “${g.code}”): never rated`, { code: g.code })
        } else if (x) {
          row.reason = reason('excludedByFinding', x.paragraph, `excluded by the finding ${x.code}${x.paragraph ? ` (${x.paragraph})` : ''}`, { finding: x.code, findingId: x.findingId })
        } else if (r.firstEventIgnored) {
          row.reason = reason('firstEvent', e.refs.unrated, `his first event, below ${e.unrated.firstEventIgnoredBelow} point(s): not counted`, { threshold: e.unrated.firstEventIgnoredBelow })
        } else if (oppResult?.firstEventIgnored) {
          row.reason = reason('opponentFirstEvent', e.refs.unrated, `the opponent's first event, below ${e.unrated.firstEventIgnoredBelow} point(s): not counted`, { threshold: e.unrated.firstEventIgnoredBelow })
        } else if (r.rating !== null) {
          // rated (or published since the start): the engine's own game, found by round and opponent
          const i = r.played.findIndex((x) => x.round === g.round && x.opponent === g.opponent)
          const game = i >= 0 ? r.games[i] : undefined
          if (!game) row.reason = reason('rule', null, 'not in the calculation')
          else {
            row.opponentRating = game.opponentRating
            row.counted = game.counted
            if (game.counted) {
              row.ratingUsed = game.ratingUsed
              row.d = game.d
              row.pd = game.pd === null ? null : fromHundredths(game.pd)
              row.chg = game.chg === null ? null : fromHundredths(game.chg)
              row.note = game.note
            } else if (game.opponentRating === null) row.reason = reason('unratedOpponent', unratedRef, game.note ?? 'unrated opponent: not counted')
            else row.reason = reason('rule', null, game.note ?? 'not counted')
          }
        } else if (opp.rating !== null) {
          // unrated: his games against rated opponents make his event rating
          row.counted = true
          row.ratingUsed = opp.rating
        } else if (iterative) {
          row.counted = true
          row.note = `unrated opponent, counted in the iterative method (${e.refs.roundRobin})`
        } else {
          row.reason = reason('unratedOpponent', unratedRef, `unrated opponent: not counted for an event rating (${unratedRef})`)
        }
        return row
      })
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
