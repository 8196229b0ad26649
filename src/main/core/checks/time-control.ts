// Time control: readable, and long enough for the players' ratings: for the strongest player of the tournament up to 2014
// (2014 § 1.1: the whole event fails), per game from 2017 (only that game is not rated; 2022: 2400 → 120′, 1800 → 90′).
import { readTimeControl, type TimeControlProblem } from '../trf/time-control-read'
import { finding, playedGames, sides } from './common'
import type { CheckFinding, CheckInput } from './types'
import type { Checks } from '../../../shared/contract/rating'

/** Why a time control could not be read, for the English and the French message. */
const WHY: Record<TimeControlProblem, [string, string]> = {
  empty: ['none is given', 'aucune n’est donnée'],
  'no-figures': ['it holds no figures', 'elle ne contient aucun chiffre'],
  'unknown-word': ['it holds a word the reader does not know', 'elle contient un mot inconnu du lecteur'],
  ambiguous: ['its figures can be read in more than one way', 'ses chiffres peuvent se lire de plusieurs façons'],
  'no-base-time': ['it gives no base time', 'elle ne donne pas de temps de base'],
  incomplete: ['its periods stop before move 60', 'ses périodes s’arrêtent avant le 60e coup'],
  'bad-code': ['the coded 222 line does not follow TRF26', 'la ligne codée 222 ne suit pas le TRF26']
}

/** Minutes for 60 moves the edition requires for a rating (the largest threshold reached). */
export function requiredMinutes(tc: Checks['timeControl'], rating: number | null): number {
  let required = tc.minimum
  for (const t of tc.thresholds) if (rating !== null && rating >= t.rating && t.minutes > required) required = t.minutes
  return required
}

export function checkTimeControl(input: CheckInput): CheckFinding[] {
  const t = input.tournament
  const c = input.edition.checks
  const appliesMinimum = t.ratingType === null || c.timeControl.ratingTypes.includes(t.ratingType)
  const appliesSchedule = t.ratingType === null || c.schedule.ratingTypes.includes(t.ratingType)
  const tc = readTimeControl(t)
  if (!tc.understood) {
    if (!appliesMinimum && !appliesSchedule) return []
    return [finding(input, 'check.timeControl.unknown', 'warning', c.refs.timeControl, { text: tc.text ?? '', reason: tc.reason, why: WHY[tc.reason][0], whyFr: WHY[tc.reason][1], source: tc.source })]
  }
  if (!appliesMinimum) return []
  const minutes = tc.minutesFor60
  const rating = new Map(input.players.map((p) => [p.startRank, p.ratingAtStart]))
  if (c.timeControl.mode === 'tournament') {
    let top: { startRank: number; rating: number } | null = null
    for (const p of input.players) if (p.ratingAtStart !== null && (top === null || p.ratingAtStart > top.rating)) top = { startRank: p.startRank, rating: p.ratingAtStart }
    const required = requiredMinutes(c.timeControl, top?.rating ?? null)
    if (minutes >= required) return []
    return [
      finding(input, 'check.timeControl.tournamentBelowMinimum', 'error', c.refs.timeControl, { minutes, required, rating: top?.rating ?? null, startRank: top?.startRank ?? null }, top ? { startRanks: [top.startRank] } : {})
    ]
  }
  const names = new Map(input.players.map((p) => [p.startRank, p.name]))
  const out: CheckFinding[] = []
  for (const g of playedGames(input)) {
    const ra = rating.get(g.a) ?? null
    const rb = rating.get(g.b) ?? null
    const top = ra === null ? rb : rb === null ? ra : Math.max(ra, rb)
    const required = requiredMinutes(c.timeControl, top)
    if (minutes >= required) continue
    out.push(
      finding(
        input,
        'check.timeControl.gameBelowMinimum',
        'warning',
        c.refs.timeControl,
        { round: g.round, white: names.get(g.white) ?? g.white, black: names.get(g.black) ?? g.black, rating: top, minutes, required },
        { startRanks: [g.a, g.b], rounds: [g.round], games: sides([g]), excludesGames: true }
      )
    )
  }
  return out
}
