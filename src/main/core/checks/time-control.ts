// Time control: readable, and long enough for the players' ratings: for the strongest player of the tournament up to 2014
// (2014 § 1.1: the whole event fails), per game from 2017 (only that game is not rated; 2022: 2400 → 120′, 1800 → 90′).
import { readTimeControl, type TimeControlProblem } from '../trf/time-control-read'
import { finding, playedGames, sides } from './common'
import { QC_STANDARD_REF } from '../rules/amendments'
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
  const minutes = tc.minutesFor60
  const qc = qcApproval(input, minutes)
  if (!appliesMinimum) return qc ? [qc.finding] : []
  if (qc?.honoured) return [qc.finding]
  const out: CheckFinding[] = qc ? [qc.finding] : []
  out.push(...belowMinimum(input, minutes))
  return out
}

type QcReason = 'not-standard' | 'no-rule' | 'before' | 'too-short' | 'rounds-per-day'
const QC_WHY: Record<QcReason, [string, string]> = {
  'not-standard': ['the tournament is not rated on the standard list', 'le tournoi n’est pas comptabilisé dans la liste standard'],
  'no-rule': ['the rules applied ({edition}) have no such approval', 'les règles appliquées ({edition}) ne prévoient pas cette homologation'],
  before: ['the rule applies to tournaments starting from {from}', 'la règle vaut pour les tournois commençant à partir du {from}'],
  'too-short': ['the time control gives {minutes} minutes for 60 moves, below the {minMinutes} of 45′+30″', 'la cadence donne {minutes} minutes pour 60 coups, moins que les {minMinutes} de 45′+30″'],
  'rounds-per-day': ['{date} has {count} rounds, more than {max} a day', 'le {date} compte {count} rondes, plus de {max} par jour']
}

/**
 * The officer's mark that the Qualification Commission approved the event for the standard list (regulations.md § 1,
 * the 2026 season): honoured for a standard event starting on or after the rule's first day, at 45′+30″ or more for
 * 60 moves, with at most two rounds a day; then the minimum of the players' ratings does not apply. A mark outside the
 * rule is a warning that says why, and the minimum applies.
 */
function qcApproval(input: CheckInput, minutes: number): { honoured: boolean; finding: CheckFinding } | null {
  const t = input.tournament
  const reference = t.qcReference?.trim()
  if (!reference) return null
  const rule = input.edition.amendments.qcStandard ?? null
  const fill = (text: string, p: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(p[k] ?? ''))
  const outside = (reason: QcReason, p: Record<string, string | number> = {}) => ({
    honoured: false,
    finding: finding(input, 'check.timeControl.qcOutsideRule', 'warning', QC_STANDARD_REF, { reference, reason, why: fill(QC_WHY[reason][0], p), whyFr: fill(QC_WHY[reason][1], p) })
  })
  if (t.ratingType !== 'standard') return outside('not-standard')
  if (!rule) return outside('no-rule', { edition: input.edition.id })
  if (t.startDate === null || t.startDate < rule.from) return outside('before', { from: rule.from })
  if (minutes < rule.minMinutes) return outside('too-short', { minutes, minMinutes: rule.minMinutes })
  const perDay = new Map<string, number>()
  for (const d of t.roundDates) if (d) perDay.set(d, (perDay.get(d) ?? 0) + 1)
  for (const [date, count] of [...perDay].sort()) if (count > rule.maxRoundsPerDay) return outside('rounds-per-day', { date, count, max: rule.maxRoundsPerDay })
  return { honoured: true, finding: finding(input, 'check.timeControl.qcApproved', 'info', QC_STANDARD_REF, { reference, minutes, minMinutes: rule.minMinutes }) }
}

/** The minimum for 60 moves the players' ratings require, for the whole event up to 2014, per game from 2017. */
function belowMinimum(input: CheckInput, minutes: number): CheckFinding[] {
  const c = input.edition.checks
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
