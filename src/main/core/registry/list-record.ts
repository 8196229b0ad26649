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

/**
 * The delisted mark of the flag column (the office's lists: TXT, XML): a player whose rating fell under the floor,
 * "listed in the next list as delisted; thereafter treated as any unrated player" (FIDE 2005 § 9.34, 2010 § 7.21,
 * 2014 § 7.21, every later edition). FIDE's downloads have no delisted line (FIDE drops the player), so the letter is
 * the office's, beside FIDE's i and w: `d`, `wd` for a woman. Its line carries no rating; read back, he is unrated.
 */
export const DELISTED_FLAG = 'd'

/** The flags a line states: FIDE's (i inactive, w woman, wi woman inactive) and the delisted mark. */
export interface LineFlags {
  flags: 'i' | 'w' | 'wi' | null
  delisted: boolean
}

/** The delisted mark as the spreadsheet and print exports write it (exports/labels.ts: English, French), read back too. */
export const DELISTED_WORDS = ['delisted', 'délisté'] as const

/** What the flag column expects, as an error says it. */
export const FLAG_EXPECTED = 'i, w, wi, d or "delisted" (delisted), wd or nothing'

/**
 * The flag column's text read: FIDE's flags (i, w, wi) and the delisted mark (d, wd; the word of the spreadsheet
 * exports, after a woman's w: "w delisted"); undefined when it is none of these.
 */
export function readFlag(raw: string): LineFlags | undefined {
  let woman = false
  let inactive = false
  let delisted = false
  for (const token of raw.trim().toLowerCase().split(/[\s,;]+/)) {
    if (!token) continue
    if ((DELISTED_WORDS as readonly string[]).includes(token.normalize('NFC'))) {
      delisted = true
      continue
    }
    if (!/^[iwd]{1,2}$/.test(token) || new Set(token).size !== token.length) return undefined
    woman ||= token.includes('w')
    inactive ||= token.includes('i')
    delisted ||= token.includes(DELISTED_FLAG)
  }
  // a delisted player is unrated: "inactive" (a mark of rated players) cannot stand beside it
  if (delisted && inactive) return undefined
  return { flags: woman ? (inactive ? 'wi' : 'w') : inactive ? 'i' : null, delisted }
}

/** The flag column of a list line: FIDE's flags, with the delisted mark for a line shown as delisted. */
export function writeFlag(flags: string | null, delisted: boolean): string {
  // a delisted player is unrated: he is not "inactive" (a flag of rated players), only a woman's w stays
  if (delisted) return `${flags?.includes('w') ? 'w' : ''}${DELISTED_FLAG}`
  return flags ?? ''
}

/** What a warning expects of a delisted line's rating. */
export const DELISTED_RATING = 'no rating on a line flagged delisted (under the floor: unrated); the rating is not imported'

/**
 * A line shown as delisted publishes no rating: a rating found on it (another program's file) is dropped with a
 * warning, so the player is read as unrated (the rating type the flag column speaks for: a single-type file's, the
 * standard one of a combined file).
 */
export function dropDelistedRating(ratings: Partial<Record<ListRatingType, ListRating>>, type: ListRatingType, warn: (found: string) => void): void {
  const r = ratings[type]
  if (!r) return
  warn(String(r.rating))
  delete ratings[type]
}

/** Collects errors and warnings with their place; too many errors stop the reading early. */
export class ProblemLog {
  readonly errors: ListProblem[] = []
  readonly warnings: ListProblem[] = []
  warningCount = 0
  constructor(
    readonly file: string,
    private readonly maxKept = 200
  ) {}
  error(line: number, column: number, field: string, found: string, expected: string): void {
    if (this.errors.length < this.maxKept) this.errors.push({ file: this.file, line, column, field, found, expected })
  }
  /** Takes over what another log (the reader thread's) collected. */
  absorb(other: { errors: readonly ListProblem[]; warnings: readonly ListProblem[]; warningCount: number }): void {
    for (const e of other.errors) if (this.errors.length < this.maxKept) this.errors.push(e)
    for (const w of other.warnings) if (this.warnings.length < this.maxKept) this.warnings.push(w)
    this.warningCount += other.warningCount
  }
  warn(line: number, column: number, field: string, found: string, expected: string): void {
    this.warningCount++
    if (this.warnings.length < this.maxKept) this.warnings.push({ file: this.file, line, column, field, found, expected })
  }
}
