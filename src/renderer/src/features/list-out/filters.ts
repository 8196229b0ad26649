// The federation and region filters as the top list and the export panel send them: a federation of three letters
// (upper-cased), a region trimmed; empty fields send nothing; an unfinished federation code sends no request.
export interface PlayerFilters {
  federation?: string
  region?: string
}

/** The filters of a request, or null while the federation field holds no three-letter code. */
export function playerFilters(federation: string, region: string): PlayerFilters | null {
  const fed = federation.trim()
  if (fed && !/^[A-Za-z]{3}$/.test(fed)) return null
  const r = region.trim().replace(/\s+/g, ' ')
  return { ...(fed ? { federation: fed.toUpperCase() } : {}), ...(r ? { region: r } : {}) }
}
