// What the public may see of a player: the office's choice (settings key 'sitePrivacy') applied to a row, in one place
// for the site's pages, its search index and the JSON export. National IDs, addresses and full birth dates are never
// read by the site at all (data/site.ts selects none of them); birth year and sex only when the federation allows.

/** The office's publication settings. */
export interface SitePrivacy {
  /** Publish the year of birth (never the full date). */
  birthYear: boolean
  /** Publish the sex. */
  sex: boolean
  /** Registry ids of players withheld at their request: no page, no search entry, "withheld" in crosstables. */
  withheld: readonly number[]
}

/** What the office shows when it has decided nothing: neither the birth year nor the sex, nobody withheld. */
export const DEFAULT_PRIVACY: SitePrivacy = { birthYear: false, sex: false, withheld: [] }

/** Everything a list export carries (the officer's own file): no player withheld. */
export const EXPORT_ALL: SitePrivacy = { birthYear: true, sex: true, withheld: [] }

/** The facts a public row may carry, with the ones the settings forbid set to null. */
export function publicFacts<T extends { sex: string | null; birthYear: number | null }>(row: T, privacy: SitePrivacy): T {
  return { ...row, sex: privacy.sex ? row.sex : null, birthYear: privacy.birthYear ? row.birthYear : null }
}

/** A quick membership test over the withheld ids. */
export function withheldSet(privacy: SitePrivacy): ReadonlySet<number> {
  return new Set(privacy.withheld)
}
