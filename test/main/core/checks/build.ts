// Small CheckInput builders for the regulation-check tests: a tournament, players and games written in a line each.
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import type { CheckArbiter, CheckInput, CheckPlayer, CheckTournament } from '../../../../src/main/core/checks/types'
import type { Edition } from '../../../../src/shared/contract/rating'
import type { ResultCode } from '../../../../src/main/core/model/tournament'

export function edition(id: string): Edition {
  const e = builtinEdition(id)
  if (!e) throw new Error(`no edition ${id}`)
  return e
}

export function player(startRank: number, ratingAtStart: number | null, extra: Partial<CheckPlayer> = {}): CheckPlayer {
  return { startRank, name: `Player ${startRank}`, fideId: String(1000 + startRank), sex: 'M', birth: null, ratingAtStart, firstEvent: null, rounds: [], ...extra }
}

/** A licensed arbiter (licence valid for every date) unless licences are given. */
export function arbiter(role: 'chief' | 'deputy', extra: Partial<CheckArbiter> = {}): CheckArbiter {
  return {
    role,
    name: role === 'chief' ? 'Chief, Arbiter' : 'Deputy, Arbiter',
    fideId: role === 'chief' ? '900' : '901',
    title: 'IA',
    registry: { fideId: role === 'chief' ? '900' : '901', name: 'Arbiter', title: 'IA', licences: [{ validFrom: null, validTo: null, status: 'active' }] },
    suggestions: [],
    ...extra
  }
}

export function input(editionId: string, t: Partial<CheckTournament> = {}, rest: Partial<Omit<CheckInput, 'tournament'>> = {}): CheckInput {
  const e = edition(editionId)
  return {
    tournament: {
      name: 'Test open',
      startDate: '2015-03-01',
      endDate: '2015-03-05',
      system: 'swiss',
      ratingType: 'standard',
      rounds: 0,
      timeControl: '90 min + 30 sec/move',
      encodedTimeControl: null,
      timeControlOverride: null,
      roundDates: [],
      registeredDate: null,
      receivedDate: null,
      historical: false,
      flags: {},
      ...t
    },
    players: [],
    arbiters: [arbiter('chief')],
    edition: e,
    listEdition: e,
    publishedLists: [],
    ...rest
  }
}

/**
 * Plays games into the players: each game is [round, white, black, white's code] with '1', '=', '0'
 * (played) or '+', '-' (forfeit); black gets the mirror code.
 */
export function play(players: CheckPlayer[], games: [number, number, number, ResultCode][]): CheckPlayer[] {
  const mirror: Partial<Record<ResultCode, ResultCode>> = { '1': '0', '0': '1', '=': '=', '+': '-', '-': '+', W: 'L', L: 'W', D: 'D' }
  const byRank = new Map(players.map((p) => [p.startRank, { ...p, rounds: [...p.rounds] }]))
  for (const [round, w, b, code] of games) {
    byRank.get(w)!.rounds.push({ round, opponent: b, color: 'w', code })
    byRank.get(b)!.rounds.push({ round, opponent: w, color: 'b', code: mirror[code]! })
  }
  return [...byRank.values()].map((p) => ({ ...p, rounds: p.rounds.sort((x, y) => x.round - y.round) }))
}

/** Every pair meets once (rounds numbered by the circle method is not needed: one round per pair index). */
export function roundRobin(players: CheckPlayer[], code: ResultCode = '='): CheckPlayer[] {
  const games: [number, number, number, ResultCode][] = []
  let round = 1
  for (let i = 0; i < players.length; i++) for (let j = i + 1; j < players.length; j++) games.push([round++, players[i]!.startRank, players[j]!.startRank, code])
  return play(players, games)
}
