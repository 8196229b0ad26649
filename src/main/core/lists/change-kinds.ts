// The one definition of how a player's line on a list N differs from his line on a base list B: the kinds of change
// that the preview, the comparison of two lists (CLI, call, job and its cache, the archive's screen) and the CLI count
// and page. Pure: the SQL that counts the same kinds over two stored lists (data/list-compare.ts, KIND_SQL) is held to
// this function by a test over every combination of lines (test/main/core/data/list-compare-kinds.spec.ts).
//
// A line stands as one of:
//   rated     a published rating (status 'rated', or an imported line, which has no status, with a rating);
//   delisted  shown once as delisted (status 'delisted': the rating under the floor is stored, not published);
//   unrated   a line without a rating (a titled unrated player);
//   none      no line on the list.
//
// Each player compared (a line on B or on N, or a calculation sheet of N without a line) has exactly one RATING KIND:
//   unlisted   no line on N (he left the list, or the period touched him and N gives him no line: his sheet says why);
//   delisted   N shows him as delisted; or N lists him without a rating while B rated him;
//   new        rated on N, not rated on B (no line, unrated, or delisted there);
//   up, down   rated on both, N's rating higher / lower than B's;
//   unchanged  the rest: rated on both with the same rating, or unrated on N as on B.
// The rating kinds partition the players: their counts add up to the players compared.
// Besides, a player may carry MARKS, each counted in its own kind as well as in his rating kind:
//   inactive     rated on both, the inactive flag (i) on N and not on B;
//   reactivated  rated on both, the inactive flag on B and not on N;
//   title        a line on both, the title differs.
// So a player whose rating rose and who became a FM counts in 'up' and in 'title'; 'unchanged' counts every player whose
// rating is unchanged, including one whose only change is a flag or a title (counted in that mark's kind too).
import type { EntryStatus } from './types'
import { changeKind, type ChangeKind } from '../../../shared/contract/office-lists'
import { MARK_KINDS, RATING_KINDS } from '../../../shared/contract/plain'

/** Every kind, in the order the screens and the CLI show them (the contract's enum). */
export const CHANGE_KINDS = changeKind.options
export type ChangeKindName = ChangeKind

/** The kinds that partition the players (one each), and those counted besides (the contract's). */
export { RATING_KINDS, MARK_KINDS }
export type RatingKind = (typeof RATING_KINDS)[number]
export type MarkKind = (typeof MARK_KINDS)[number]

/** What the kinds read of a line (a stored entry: an imported line has no status). */
export interface KindLine {
  rating: number | null
  status: EntryStatus | null
  flags: string | null
  title: string | null
}

export type Standing = 'rated' | 'delisted' | 'unrated' | 'none'

export function standingOf(line: KindLine | null | undefined): Standing {
  if (!line) return 'none'
  if (line.status === 'delisted') return 'delisted'
  if (line.rating !== null && (line.status === null || line.status === 'rated')) return 'rated'
  return 'unrated'
}

const inactiveFlag = (l: KindLine): boolean => (l.flags ?? '').includes('i')

/** The rating kind of a player with line `b` on the base list and `n` on the new list (null: no line). */
export function ratingKindOf(b: KindLine | null | undefined, n: KindLine | null | undefined): RatingKind {
  const before = standingOf(b)
  const after = standingOf(n)
  if (after === 'none') return 'unlisted'
  if (after === 'delisted' || (after === 'unrated' && before === 'rated')) return 'delisted'
  if (after === 'rated' && before !== 'rated') return 'new'
  if (after === 'rated' && before === 'rated') {
    if (n!.rating! > b!.rating!) return 'up'
    if (n!.rating! < b!.rating!) return 'down'
  }
  return 'unchanged'
}

/** The marks of a player with lines `b` and `n` (see the head of this file), in CHANGE_KINDS order. */
export function marksOf(b: KindLine | null | undefined, n: KindLine | null | undefined): MarkKind[] {
  const out: MarkKind[] = []
  if (!b || !n) return out
  if (standingOf(b) === 'rated' && standingOf(n) === 'rated') {
    if (inactiveFlag(n) && !inactiveFlag(b)) out.push('inactive')
    if (inactiveFlag(b) && !inactiveFlag(n)) out.push('reactivated')
  }
  if ((b.title ?? '') !== (n.title ?? '')) out.push('title')
  return out
}

/** Every kind a player counts in: his rating kind, then his marks. */
export function kindsOf(b: KindLine | null | undefined, n: KindLine | null | undefined): ChangeKindName[] {
  return [ratingKindOf(b, n), ...marksOf(b, n)]
}

export type ChangeCounts = Record<ChangeKindName, number>

export function emptyChangeCounts(): ChangeCounts {
  return Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as ChangeCounts
}

const isMark = (k: ChangeKindName): k is MarkKind => (MARK_KINDS as readonly string[]).includes(k)

/** Whether a player with lines `b` and `n` counts in `kind`. */
export function hasKind(kind: ChangeKindName, b: KindLine | null | undefined, n: KindLine | null | undefined): boolean {
  return isMark(kind) ? marksOf(b, n).includes(kind) : ratingKindOf(b, n) === kind
}

/**
 * The counts as one line of text (the CLI's `lists preview` and `lists diff` print the same): the rating kinds, which
 * add up to the players compared, then the marks counted besides.
 */
export function changeCountsText(counts: Partial<Record<ChangeKindName, number>>): string {
  const n = (k: ChangeKindName): string => `${k} ${counts[k] ?? 0}`
  return `${RATING_KINDS.map(n).join(', ')}; besides: ${MARK_KINDS.map(n).join(', ')}`
}
