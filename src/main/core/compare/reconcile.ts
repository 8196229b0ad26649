// Why an office list and FIDE's list of the same date disagree on a player: pure, from the two entries, the two
// base entries (the lists each side started from) and, when the office kept one, the player's calculation sheet.

export interface SideEntry {
  rating: number | null
  games: number | null
  k: number | null
  flags: string | null
}

export interface BaseEntryFacts {
  rating: number | null
  k: number | null
}

/** What reconciliation needs from an office calculation sheet (lists generation). */
export interface SheetFacts {
  /** Σ K × ΣΔR before rounding. */
  changeExact: number | null
  /** Counted games against an opponent more than 400 points away (where the 400-point rule applies). */
  gapOver400: number
}

export interface ReconcileInput {
  office: SideEntry | null
  reference: SideEntry | null
  officeBase: BaseEntryFacts | null
  referenceBase: BaseEntryFacts | null
  sheet: SheetFacts | null
}

export const RECONCILE_REASONS = [
  'onlyOffice',
  'onlyReference',
  'base',
  'gamesReference',
  'gamesOffice',
  'k',
  'flag',
  'rounding',
  'cap400',
  'unexplained'
] as const
export type ReconcileReasonCode = (typeof RECONCILE_REASONS)[number]

export interface ReconcileReason {
  code: ReconcileReasonCode
  office: number | string | null
  reference: number | string | null
}

export type Difference = 'rating' | 'k' | 'flag' | 'presence'

export interface ReconcileVerdict {
  differences: Difference[]
  reasons: ReconcileReason[]
}

const flagOf = (f: string | null): string => f ?? ''

/**
 * The differences (rating, K, flag, or the player on one list only) and the reasons found, most basic first:
 * a player unknown to one side; a different base rating; games one side rated and the other did not; a
 * different K; a different flag. A rating gap none of these explains is a rounding difference when it is one
 * point (or, with a sheet, when FIDE's change is within a point of the office's unrounded change), a 400-point
 * rule application when the sheet shows a game over a 400-point gap, else it is reported as unexplained.
 */
export function reconcilePlayer(input: ReconcileInput): ReconcileVerdict {
  const { office, reference, officeBase, referenceBase, sheet } = input
  if (!office && !reference) return { differences: [], reasons: [] }
  if (!reference) return { differences: ['presence'], reasons: [{ code: 'onlyOffice', office: office!.rating, reference: null }] }
  if (!office) return { differences: ['presence'], reasons: [{ code: 'onlyReference', office: null, reference: reference.rating }] }

  const differences: Difference[] = []
  if (office.rating !== reference.rating) differences.push('rating')
  if (office.k !== reference.k) differences.push('k')
  if (flagOf(office.flags) !== flagOf(reference.flags)) differences.push('flag')
  if (!differences.length) return { differences, reasons: [] }

  const reasons: ReconcileReason[] = []
  const ob = officeBase?.rating ?? null
  const rb = referenceBase?.rating ?? null
  if (ob !== rb) reasons.push({ code: 'base', office: ob, reference: rb })
  const og = office.games ?? 0
  const rg = reference.games ?? 0
  if (rg > og) reasons.push({ code: 'gamesReference', office: og, reference: rg })
  else if (og > rg) reasons.push({ code: 'gamesOffice', office: og, reference: rg })
  const kBase = officeBase && referenceBase && officeBase.k !== null && referenceBase.k !== null && officeBase.k !== referenceBase.k
  if (kBase) reasons.push({ code: 'k', office: officeBase.k, reference: referenceBase.k })
  else if (office.k !== reference.k) reasons.push({ code: 'k', office: office.k, reference: reference.k })
  if (flagOf(office.flags) !== flagOf(reference.flags)) reasons.push({ code: 'flag', office: office.flags, reference: reference.flags })

  const explained = reasons.some((r) => r.code === 'base' || r.code === 'gamesReference' || r.code === 'gamesOffice' || (r.code === 'k' && kBase))
  if (differences.includes('rating') && !explained && office.rating !== null && reference.rating !== null) {
    const gap = reference.rating - office.rating
    const refChange = rb !== null ? reference.rating - rb : null
    const nearExact = sheet && sheet.changeExact !== null && refChange !== null && Math.abs(refChange - sheet.changeExact) < 1
    if (nearExact || (Math.abs(gap) === 1 && !(sheet && sheet.gapOver400 > 0))) {
      // with a sheet: the office's unrounded change against FIDE's change; without: the two ratings
      reasons.push(nearExact ? { code: 'rounding', office: sheet.changeExact, reference: refChange } : { code: 'rounding', office: office.rating, reference: reference.rating })
    } else if (sheet && sheet.gapOver400 > 0) {
      reasons.push({ code: 'cap400', office: office.rating, reference: reference.rating })
    } else {
      reasons.push({ code: 'unexplained', office: office.rating, reference: reference.rating })
    }
  }
  return { differences, reasons }
}
