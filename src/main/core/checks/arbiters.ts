// Arbiters: every 102/112 arbiter found in the registry, licensed on the tournament's dates (2014 § 0.3), and a chief named.
import { finding, isoOrNull } from './common'
import type { ArbiterLicence, CheckArbiter, CheckFinding, CheckInput } from './types'

/** A licence in force over the whole of [start, end]: active, started on or before the start, not expired before the end. */
function coversDates(l: ArbiterLicence, start: string, end: string): boolean {
  return l.status === 'active' && (l.validFrom === null || l.validFrom <= start) && (l.validTo === null || l.validTo >= end)
}

type Why = 'none' | 'inactive' | 'suspended' | 'revoked' | 'not-yet-valid' | 'expired' | 'partial'

const WHY: Record<Why, [string, string]> = {
  none: ['no licence is registered', 'aucune licence n’est enregistrée'],
  inactive: ['the licence is inactive', 'la licence est inactive'],
  suspended: ['the licence is suspended', 'la licence est suspendue'],
  revoked: ['the licence is revoked', 'la licence est retirée'],
  'not-yet-valid': ['the licence starts after the tournament began', 'la licence commence après le début du tournoi'],
  expired: ['the licence expired before the tournament ended', 'la licence a expiré avant la fin du tournoi'],
  partial: ['no licence covers every day of the tournament', 'aucune licence ne couvre tous les jours du tournoi']
}

/** Why no licence covers the dates: the nearest reason for the message. */
function whyUnlicensed(a: NonNullable<CheckArbiter['registry']>, start: string, end: string): Why {
  if (a.licences.length === 0) return 'none'
  const active = a.licences.filter((l) => l.status === 'active')
  // none active: the last licence's status says why
  if (active.length === 0) return a.licences[a.licences.length - 1]!.status as Exclude<ArbiterLicence['status'], 'active'>
  if (active.every((l) => l.validFrom !== null && l.validFrom > start)) return 'not-yet-valid'
  if (active.every((l) => l.validTo !== null && l.validTo < end)) return 'expired'
  return 'partial'
}

function reasonParams(reason: Why) {
  return { reason, why: WHY[reason][0], whyFr: WHY[reason][1] }
}

export function checkArbiters(input: CheckInput): CheckFinding[] {
  const { tournament: t, edition } = input
  const c = edition.checks
  const out: CheckFinding[] = []
  if (!input.arbiters.some((a) => a.role === 'chief')) {
    out.push(finding(input, 'check.arbiters.noChief', 'warning', c.refs.chief, { arbiters: input.arbiters.length }))
  }
  const start = isoOrNull(t.startDate)
  const end = isoOrNull(t.endDate) ?? start
  input.arbiters.forEach((a, i) => {
    const who = { position: i + 1, role: a.role, name: a.name, fideId: a.fideId }
    if (!a.registry) {
      const suggestions = a.suggestions.map((s) => `${s.name} (${s.fideId})`).join('; ')
      out.push(finding(input, 'check.arbiters.unknown', 'warning', c.refs.arbiters, { ...who, suggestions: suggestions || '—' }))
      return
    }
    if (start === null || end === null) return
    if (a.registry.licences.some((l) => coversDates(l, start, end))) return
    out.push(
      finding(input, 'check.arbiters.unlicensed', c.arbitersLicensed ? 'error' : 'info', c.refs.arbiters, {
        ...who,
        start,
        end,
        ...reasonParams(whyUnlicensed(a.registry, start, end)),
        required: c.arbitersLicensed
      })
    )
  })
  return out
}
