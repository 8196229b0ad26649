// The published rating of a list entry, decided once: its rating, or none for an entry shown as
// delisted. A player whose rating falls under the floor "is listed in the next list as delisted; thereafter he is
// treated as any unrated player" (FIDE 2005 § 9.34, 2010 § 7.21, 2014 § 7.21, every later edition): his entry keeps
// the computed figure (the calculation sheet gives it as the reason), but no surface publishes it — not the list's
// pages, ranks or counts, not an export, not the archive, not a tournament taking the list's ratings.
// `publishedRatingSql` is the same rule over the entries' columns (migration 24 keeps its own copy, as it ran).

/** An entry's status on its list (migration 8): rated, delisted (shown once under the floor), titled unrated. */
export type EntryStatusValue = 'rated' | 'delisted' | 'titled-unrated' | null

/** The rating an entry publishes: its rating, or null when the entry is shown as delisted. */
export function publishedRating(rating: number | null, status: unknown): number | null {
  return status === 'delisted' ? null : rating
}

/** The entry's delisted mark as SQL over the entry `row` (0 or 1). */
export const delistedSql = (row: string): string => `(${row}.entry_status IS 'delisted')`

/** The published rating as SQL over the entry `row` (or the bare columns): NULL for a delisted entry. */
export const publishedRatingSql = (row?: string): string => {
  const p = row ? `${row}.` : ''
  return `CASE WHEN ${p}entry_status IS 'delisted' THEN NULL ELSE ${p}rating END`
}
