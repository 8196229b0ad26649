// The public website's build plan: everything, or what an incremental build renders again — the players the new lists
// touched, the registry's edits and merges since the previous build (its manifest), their co-players — and which
// pages of calculation sheets it renders (services/site-sheets.ts).
import { createHash } from 'node:crypto'
import { coPlayers, playersTouchedBy, siteMerges, type SitePlayerRow } from '../data/site'
import { publicFacts } from '../site/privacy'
import type { SiteList } from '../site/model'
import type { SiteManifest } from '../site/output'
import type { SiteContext } from './site'

/** What this build renders again: everything (`touched` null), or the players and lists an incremental build must. */
export interface SitePlan {
  touched: Set<number> | null
  /** Lists whose pages are kept as they are (out of force at the previous build, no registry edit since). */
  keptLists: Set<number>
  /** Each player's registry fingerprint (what any page shows of him), for the manifest. */
  registry: Record<string, string>
  /** The lists new to an incremental build: every page of their sheets rendered. */
  freshSheets: Set<number>
  /**
   * The players whose sheets an incremental build renders again on the older lists' pages: the records edited or
   * merged since the previous build, and everyone who played with them (their names are in each other's sheets).
   */
  sheetPlayers: Set<number>
  /** A merge made or undone since the previous build: where each list's pages of sheets begin is computed again. */
  recut: boolean
  /** The registry's merges as this build follows them, for the manifest. */
  merges: [number, 0 | 1][]
}

/** What any page shows of a player from the registry (and whether he is withheld), as a short hash. */
function registryFingerprint(row: SitePlayerRow, ctx: SiteContext): string {
  const facts = publicFacts({ sex: row.sex, birthYear: row.birthYear }, ctx.privacy)
  const shown = [row.fideId, row.surname, row.givenNames, row.federation, row.title, row.womanTitle, row.otherTitles, facts.sex, facts.birthYear, row.status, ctx.withheld.has(row.id)]
  return createHash('sha1').update(JSON.stringify(shown)).digest('hex').slice(0, 16)
}

/**
 * Incremental when only new lists came (no correction, the same settings): the players those lists touched, the
 * players whose registry record changed (a name, a title, a federation, withheld or published again) and everyone who
 * shared a tournament with one of them (his name is in their sheets); with a registry edit every list page again.
 */
export function planBuild(ctx: SiteContext, previous: SiteManifest | null, full: boolean): SitePlan {
  const registry: Record<string, string> = {}
  for (const p of ctx.people) registry[String(p.id)] = registryFingerprint(p, ctx)
  const keptLists = new Set<number>()
  const log = siteMerges(ctx.db)
  const merges = log.map((m): [number, 0 | 1] => [m.id, m.undone ? 1 : 0])
  const whole: SitePlan = { touched: null, keptLists, registry, freshSheets: new Set(), sheetPlayers: new Set(), recut: false, merges }
  if (full || !previous || previous.inputs !== ctx.inputs || !previous.registry || !previous.merges || !previous.sheetPages) return whole
  const before = new Map(previous.lists.map((l) => [l.id, l.supersededBy]))
  const sameOld = previous.lists.every((l) => ctx.manifestLists.some((m) => m.id === l.id && m.supersededBy === l.supersededBy))
  const added = ctx.lists.filter((l) => !before.has(l.id))
  if (!sameOld || !added.every((l) => l.supersedesId === null)) return whole
  // a merge the site followed is gone from the log (an older database restored): the site is not this database's
  const followed = new Map(previous.merges)
  const now = new Map(merges)
  if ([...followed.keys()].some((id) => !now.has(id))) return whole
  const touched = new Set<number>()
  for (const l of added) for (const id of playersTouchedBy(ctx.db, l.id, predecessor(ctx.lists, l)?.id ?? null)) touched.add(id)
  const edited = new Set<number>()
  for (const id of new Set([...Object.keys(registry), ...Object.keys(previous.registry)])) if (registry[id] !== previous.registry[id]) edited.add(Number(id))
  // a merge made or undone since moved published lines between its two records: both are rendered whole
  const moved = log.filter((m) => followed.get(m.id) !== (m.undone ? 1 : 0))
  for (const m of moved) for (const id of [m.keepId, m.dropId]) edited.add(id)
  const sheetPlayers = new Set<number>(edited)
  for (const id of coPlayers(ctx.db, [...edited])) sheetPlayers.add(id)
  for (const id of sheetPlayers) touched.add(id)
  if (!edited.size) for (const l of previous.lists) if (l.current === false) keptLists.add(l.id)
  return { touched, keptLists, registry, freshSheets: new Set(added.map((l) => l.id)), sheetPlayers, recut: moved.length > 0, merges }
}

/** The list before `l` in its chain among the site's lists (superseded versions left out). */
function predecessor(lists: readonly SiteList[], l: SiteList): SiteList | null {
  let best: SiteList | null = null
  for (const x of lists) {
    if (x.supersededBy || x.ratingType !== l.ratingType || x.source !== l.source || x.id === l.id) continue
    if (x.listDate < l.listDate && (!best || x.listDate > best.listDate)) best = x
  }
  return best
}
