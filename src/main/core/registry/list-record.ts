// What every list reader yields: one player record per line/element, located problems, and the title/flag vocabularies.
import type { RatingType } from '../model/tournament'

export type ListRatingType = RatingType

export interface ListRating {
  rating: number | null
  games: number | null
  k: number | null
}

/** One player as a FIDE (or national) list states them; `line` locates it in the source file. */
export interface ListRecord {
  line: number
  fideId: number | null
  nationalId: string | null
  name: string
  surname: string
  givenNames: string
  federation: string | null
  /** The region within the federation, when a national list gives one (FIDE's lists do not: left as it is). */
  region?: string | null
  sex: 'M' | 'F' | null
  title: string | null
  womanTitle: string | null
  otherTitles: string[]
  foaTitle: string | null
  /** The highest arbiter title among the other titles (IA > FA > NA). */
  arbiterTitle: 'IA' | 'FA' | 'NA' | null
  birthYear: number | null
  /** Full date when the source gives one (XML birthday, national lists); kept internal. */
  birthDate: string | null
  flags: 'i' | 'w' | 'wi' | null
  ratings: Partial<Record<ListRatingType, ListRating>>
}

/** A problem at a place in a file: the import reports it, or refuses the file when it is an error. */
export interface ListProblem {
  file: string
  line: number
  column: number
  field: string
  found: string
  expected: string
}

export const PLAYER_TITLES = ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'] as const
export const ARBITER_TITLES = ['IA', 'FA', 'NA'] as const

/** Title codes of the legacy lists and of the old XML files (g = GM, wm = WIM, ...). */
const LEGACY_TITLES: Record<string, string> = {
  g: 'GM', m: 'IM', f: 'FM', c: 'CM', wg: 'WGM', wm: 'WIM', wf: 'WFM', wc: 'WCM'
}

/** A known title in its FIDE spelling, or undefined for an unknown one (the caller warns). Empty gives null. */
export function normaliseTitle(raw: string): string | null | undefined {
  const t = raw.trim()
  if (!t) return null
  const legacy = LEGACY_TITLES[t]
  if (legacy) return legacy
  const upper = t.toUpperCase()
  return (PLAYER_TITLES as readonly string[]).includes(upper) ? upper : undefined
}

/** The highest arbiter title among FIDE's other titles ("IA,FT" → IA). */
export function arbiterTitleOf(others: readonly string[]): 'IA' | 'FA' | 'NA' | null {
  for (const t of ARBITER_TITLES) if (others.includes(t)) return t
  return null
}

export function splitOtherTitles(raw: string): string[] {
  if (!raw) return []
  return raw
    .split(/[,;\s]+/)
    .map((t) => t.trim().toUpperCase())
    .filter(Boolean)
}

/** FIDE flags: i inactive, w woman, wi woman inactive; undefined when the text is none of these. */
export function normaliseFlag(raw: string): 'i' | 'w' | 'wi' | null | undefined {
  const f = raw.trim().toLowerCase()
  if (!f) return null
  if (f === 'i' || f === 'w' || f === 'wi') return f
  if (f === 'iw') return 'wi'
  return undefined
}

/** The same ID on two lines of one file: the later line is skipped, the first stands. */
export interface ListRepeat {
  id: string
  line: number
  firstLine: number
}

/** Collects errors and warnings with their place; too many errors stop the reading early. */
export class ProblemLog {
  readonly errors: ListProblem[] = []
  readonly warnings: ListProblem[] = []
  warningCount = 0
  /** IDs given again on a later line (the first line stands): the first ones with their lines, and how many in all. */
  readonly repeats: ListRepeat[] = []
  repeatCount = 0
  constructor(
    readonly file: string,
    private readonly maxKept = 200
  ) {}
  error(line: number, column: number, field: string, found: string, expected: string): void {
    if (this.errors.length < this.maxKept) this.errors.push({ file: this.file, line, column, field, found, expected })
  }
  /** Takes over what another log (the reader thread's) collected. */
  absorb(other: { errors: readonly ListProblem[]; warnings: readonly ListProblem[]; warningCount: number; repeats: readonly ListRepeat[]; repeatCount: number }): void {
    for (const e of other.errors) if (this.errors.length < this.maxKept) this.errors.push(e)
    for (const w of other.warnings) if (this.warnings.length < this.maxKept) this.warnings.push(w)
    this.warningCount += other.warningCount
    for (const r of other.repeats) if (this.repeats.length < this.maxKept) this.repeats.push(r)
    this.repeatCount += other.repeatCount
  }
  /** An ID already given on `firstLine`: this record is skipped, reported as a warning and among the repeats. */
  repeat(line: number, id: string, firstLine: number): void {
    this.repeatCount++
    if (this.repeats.length < this.maxKept) this.repeats.push({ id, line, firstLine })
    this.warn(line, 1, 'id', id, `an ID not already given on line ${firstLine}; this record was skipped`)
  }
  warn(line: number, column: number, field: string, found: string, expected: string): void {
    this.warningCount++
    if (this.warnings.length < this.maxKept) this.warnings.push({ file: this.file, line, column, field, found, expected })
  }
}
