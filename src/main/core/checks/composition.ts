// Round-robin composition: a third of the players rated, 4 under 10 players, double round robin 6 players with 4 rated,
// national championships 3 rated (2 in women's events) (2005 § 6.3, 2010 § 6.3, 2014 § 6.2).
import { finding, isDoubleRoundRobin } from './common'
import type { CheckFinding, CheckInput } from './types'

export function checkComposition(input: CheckInput): CheckFinding[] {
  const rr = input.edition.checks.composition.roundRobin
  if (rr === null || input.tournament.system !== 'round-robin') return []
  const players = input.players.length
  const rated = input.players.filter((p) => p.ratingAtStart !== null).length
  const unrated = players - rated
  const flags = input.tournament.flags
  let required: number
  let minPlayers = 0
  let rule: string
  let ruleFr: string
  if (flags.nationalChampionship) {
    required = flags.womenEvent ? rr.nationalChampionship.womenMinRated : rr.nationalChampionship.minRated
    rule = flags.womenEvent ? "women's national championship" : 'national championship'
    ruleFr = flags.womenEvent ? 'championnat national féminin' : 'championnat national'
  } else if (unrated > 0 && isDoubleRoundRobin(input)) {
    required = rr.double.minRated
    minPlayers = rr.double.minPlayers
    rule = `double round robin: at least ${minPlayers} players, ${required} of them rated`
    ruleFr = `toutes rondes aller-retour : au moins ${minPlayers} joueurs dont ${required} classés`
  } else if (players < rr.smallField.below) {
    required = Math.max(rr.smallField.minRated, Math.ceil(players * rr.minRatedFraction - 1e-9))
    rule = `fewer than ${rr.smallField.below} players`
    ruleFr = `moins de ${rr.smallField.below} joueurs`
  } else {
    required = Math.ceil(players * rr.minRatedFraction - 1e-9)
    rule = `${Math.round(rr.minRatedFraction * 100)} % of the players`
    ruleFr = `${Math.round(rr.minRatedFraction * 100)} % des joueurs`
  }
  if (rated >= required && players >= minPlayers) return []
  return [
    finding(input, 'check.composition.roundRobin', 'error', input.edition.checks.refs.composition, { players, rated, required, minPlayers, rule, ruleFr }, { startRanks: input.players.filter((p) => p.ratingAtStart === null).map((p) => p.startRank) })
  ]
}
