// Builders for list-generation tests: a base list, a tournament from a game list, the next generation's base.
import { generateList } from '../../../../src/main/core/lists/generate'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import type { Edition } from '../../../../src/shared/contract/rating'
import type { ResultCode } from '../../../../src/main/core/model/tournament'
import type { BaseEntry, ExcludedGame, GenerationInput, GenerationResult, MonthSlice, PeriodRound, PeriodTournament, PlayerFacts } from '../../../../src/main/core/lists/types'

export const ed = (id: string): Edition => builtinEdition(id)!

/** A base entry with the defaults of an established, tracked player; override what the test needs. */
export function entry(playerId: number, rating: number | null, over: Partial<BaseEntry> = {}): BaseEntry {
  return {
    playerId,
    rating,
    k: null,
    games: 0,
    flags: null,
    status: 'rated',
    title: null,
    federation: 'SUI',
    birthYear: 1980,
    sex: 'M',
    ratedGamesToDate: 100,
    highestRating: rating,
    trackedSince: null,
    recentGames: [],
    ...over
  }
}

export function facts(playerId: number, birthDate: string | null, sex: 'M' | 'F' = 'M', title: string | null = null): PlayerFacts {
  return { playerId, birthDate, sex, title, federation: 'SUI' }
}

type Result = '1-0' | '0-1' | '=' | '+-' | '-+'
const CODES: Record<Result, [ResultCode, ResultCode]> = { '1-0': ['1', '0'], '0-1': ['0', '1'], '=': ['=', '='], '+-': ['+', '-'], '-+': ['-', '+'] }

export interface TOpts {
  id: number
  start: string
  end: string
  edition: string
  system?: 'swiss' | 'round-robin'
  late?: boolean
  ratingType?: 'standard' | 'rapid' | 'blitz'
  slice?: MonthSlice
  excluded?: ExcludedGame[]
}

/** players: [startRank, playerId, rating at start, list id, standard rating?]; games: [round, white rank, black rank, result]. */
export function tournament(o: TOpts, players: Array<[number, number, number | null, number | null, number?]>, games: Array<[number, number, number, Result]>, byes: Array<[number, number, ResultCode]> = []): PeriodTournament {
  const rounds = new Map<number, PeriodRound[]>(players.map(([rank]) => [rank, []]))
  for (const [round, rank, code] of byes) rounds.get(rank)!.push({ round, opponent: null, code })
  for (const [round, w, b, res] of games) {
    const [cw, cb] = CODES[res]
    rounds.get(w)!.push({ round, opponent: b, code: cw })
    rounds.get(b)!.push({ round, opponent: w, code: cb })
  }
  return {
    tournamentId: o.id,
    name: `T${o.id}`,
    start: o.start,
    end: o.end,
    editionId: o.edition,
    system: o.system ?? 'swiss',
    ratingType: o.ratingType ?? 'standard',
    late: o.late ?? false,
    slice: o.slice ?? null,
    players: players.map(([startRank, playerId, rating, ratingListId, standardRating]) => ({
      startRank,
      playerId,
      rating,
      ratingListId,
      ...(standardRating !== undefined ? { standardRating } : {}),
      rounds: rounds.get(startRank)!.sort((a, b) => a.round - b.round)
    })),
    excluded: o.excluded ?? []
  }
}

/** The next generation's base: the entries just generated, as the office list `listId`. */
export function asBase(r: GenerationResult, listId: number): GenerationInput['base'] {
  return {
    listId,
    listDate: r.listDate,
    entries: r.entries.map((e) => ({ ...e, games: e.games }))
  }
}

export const byId = (r: GenerationResult) => new Map(r.entries.map((e) => [e.playerId, e]))
export const sheetOf = (r: GenerationResult, id: number) => r.sheets.find((s) => s.playerId === id)

/** A standard-list generator for one edition: (list date, base, tournaments, window) → result. */
export function generator(edition: Edition, editions: Edition[], players: PlayerFacts[]) {
  return (listDate: string, base: GenerationInput['base'], tournaments: GenerationInput['tournaments'], window: GenerationInput['window']): GenerationResult =>
    generateList({ listDate, ratingType: 'standard', edition, editions, base, tournaments, window, players })
}
