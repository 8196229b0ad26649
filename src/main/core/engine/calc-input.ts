// A fast structural check of a calc document for batch jobs: accepts only what calcInputSchema accepts (zod explains the rest).
import type { CalcInput } from '../../../shared/contract/rating'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const PLAYER_KEYS = new Set(['rating', 'k', 'birthYear', 'ratedGames', 'reached2400', 'reducedMinimum'])
const TOURNAMENT_KEYS = new Set(['name', 'start', 'end', 'system', 'ratingType', 'teamChampionship', 'rating', 'games'])

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const intIn = (v: unknown, lo: number, hi: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean'

function onlyKeys(o: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const k in o) if (!allowed.has(k)) return false
  return true
}

/** True only for a valid calc document; false means "let the schema say what is wrong" (never a false true). */
export function isCalcInputFast(v: unknown): v is CalcInput {
  if (!isObj(v)) return false
  for (const k in v) if (k !== 'edition' && k !== 'player' && k !== 'tournaments') return false
  if (v.edition !== undefined && (typeof v.edition !== 'string' || v.edition.length === 0)) return false
  const p = v.player
  if (!isObj(p) || !onlyKeys(p, PLAYER_KEYS)) return false
  if (!(p.rating === null || intIn(p.rating, 0, 3500))) return false
  if (p.k !== undefined && !intIn(p.k, 1, 100)) return false
  if (p.birthYear !== undefined && !intIn(p.birthYear, 1850, 2100)) return false
  if (p.ratedGames !== undefined && !intIn(p.ratedGames, 0, Number.MAX_SAFE_INTEGER)) return false
  if (!optBool(p.reached2400) || !optBool(p.reducedMinimum)) return false
  const ts = v.tournaments
  if (!Array.isArray(ts) || ts.length === 0) return false
  for (const t of ts) {
    if (!isObj(t) || !onlyKeys(t, TOURNAMENT_KEYS)) return false
    if (t.name !== undefined && typeof t.name !== 'string') return false
    if (typeof t.start !== 'string' || !DATE.test(t.start)) return false
    if (t.end !== undefined && (typeof t.end !== 'string' || !DATE.test(t.end))) return false
    if (t.system !== undefined && t.system !== 'swiss' && t.system !== 'round-robin') return false
    if (t.ratingType !== undefined && t.ratingType !== 'standard' && t.ratingType !== 'rapid' && t.ratingType !== 'blitz') return false
    if (!optBool(t.teamChampionship)) return false
    if (t.rating !== undefined && !intIn(t.rating, 0, 3500)) return false
    const gs = t.games
    if (!Array.isArray(gs)) return false
    for (const g of gs) {
      if (!isObj(g)) return false
      let keys = 0
      for (const k in g) {
        if (k !== 'opponentRating' && k !== 'score') return false
        keys++
      }
      if (keys !== 2) return false
      if (!(g.opponentRating === null || intIn(g.opponentRating, 0, 3500))) return false
      if (g.score !== 0 && g.score !== 0.5 && g.score !== 1) return false
    }
  }
  return true
}
