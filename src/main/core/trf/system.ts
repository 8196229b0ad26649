// Pairing system of a tournament: TRF26 192 code, then the 092 text, then the shape of the pairings.
import type { PairingSystem, TournamentPlayer } from '../model/tournament'
import type { TrfHeader } from './types'

const ROUND_ROBIN_WORDS = /round[\s-]*robin|\brr\b|berger|rundenturnier|toutes[\s-]*rondes|todos[\s-]*contra[\s-]*todos|girone|scheveningen|all[\s-]*play[\s-]*all|double[\s-]*round/i
const SWISS_WORDS = /swiss|suisse|schweizer|suizo|svizzero|dutch|dubov|burstein|lim\b|monrad|baku|olympiad/i

/** Every player meets every other the same number of times (once or twice): a round robin. */
function isRoundRobinShape(players: TournamentPlayer[]): boolean {
  const n = players.length
  if (n < 3) return n === 2 && players[0].rounds.some((r) => r.opponent !== null)
  let cycles: number | null = null
  for (const p of players) {
    const met = new Map<number, number>()
    for (const r of p.rounds) if (r.opponent !== null) met.set(r.opponent, (met.get(r.opponent) ?? 0) + 1)
    if (met.size !== n - 1) return false
    for (const times of met.values()) {
      if (cycles === null) cycles = times
      else if (times !== cycles) return false
    }
  }
  return cycles !== null
}

export function detectSystem(parsed: { header: Pick<TrfHeader, 'codedType' | 'type'>; players: TournamentPlayer[] }): PairingSystem {
  const { codedType, type } = parsed.header
  if (codedType) {
    if (ROUND_ROBIN_WORDS.test(codedType.replace(/_/g, ' '))) return 'round-robin'
    if (SWISS_WORDS.test(codedType.replace(/_/g, ' '))) return 'swiss'
  }
  if (type) {
    if (ROUND_ROBIN_WORDS.test(type)) return 'round-robin'
    if (SWISS_WORDS.test(type)) return 'swiss'
  }
  return isRoundRobinShape(parsed.players) ? 'round-robin' : 'swiss'
}
