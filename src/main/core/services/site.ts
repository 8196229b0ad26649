// Builds the federation's public rating website (a static folder: HTML, JSON, one style sheet, one small script) from
// the office's database. Every figure comes from the office's own reads — the list rows of the exports and top lists
// (data/list-rows.ts), a player's lines (archive's playerHistory), each calculation sheet as `lists:sheet` gives it
// (sheetView), the lists' publisher and history — so the site shows what the office's screens show. Deterministic (no
// date of building; everything in id order) and incremental: a build after a new list renders again only the players
// that list touched, and writes only the files whose bytes changed (site/output.ts).
import { createHash } from 'node:crypto'
import { writeFileSync, readFileSync, existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Db } from '../db/open'
import { readSettings } from '../data/settings'
import { publishedOfficeLists } from '../data/list-history'
import { getMeta, listTournaments } from '../data/list-reads'
import { listEntryCount } from '../data/list-pages'
import { listRows } from '../data/list-rows'
import { playerHistory, playerSheets } from '../data/archive'
import { listFederations, listRegions, playerIdOfFideId, playersOnLists, playersTouchedBy, readSitePrivacy, sitePlayerRow, tournamentPlayerIds, writeSitePrivacy } from '../data/site'
import { appendAudit } from '../data/audit'
import { UserError } from '../util/errors'
import { loadTournamentModel } from '../data/tournament-model'
import { listPublisher } from '../lists/publisher'
import { sheetView } from './list-reads'
import { findEdition } from './rating'
import { displayName } from './lists'
import { planListExport } from './list-exports'
import { citeReference } from '../../../shared/citations'
import { jsonListPlayer, writeJson } from '../exports/json'
import { rankCounter } from '../exports/types'
import { publicFacts, type SitePrivacy } from '../site/privacy'
import { SITE_LOCALES } from '../site/labels'
import { SITE_CSS, SITE_JS } from '../site/assets'
import { buildSearchShards } from '../site/search-index'
import { MANIFEST, readManifest, SiteOutput, type SiteManifest } from '../site/output'
import { homePage, landingPage, listPageHtml, listsIndexPage, playerPageHtml, searchPageHtml, subListPage, tournamentPageHtml } from '../site/pages'
import { listPage, playerPage, SITE_CATEGORIES, stem, TOP_SIZE, tournamentPage, type Cited, type ListPageModel, type SiteList, type SitePlayer, type SiteSheet, type SiteTournament, type TopBlock } from '../site/model'
import type { ExportCategory } from '../exports/types'

/** Bumped when the pages' form changes: the next build then renders everything again. */
const SITE_FORMAT = 1

export interface SiteBuildOptions {
  out: string
  /** Render every page again, whatever the previous build. */
  full?: boolean
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

export interface SiteBuildResult {
  dir: string
  mode: 'full' | 'incremental'
  lists: number
  players: number
  /** Players whose pages this build rendered (every published one in a full build). */
  rendered: number
  withheld: number
  tournaments: number
  files: number
  written: string[]
  unchanged: number
  deleted: string[]
  bytes: number
}

/** The lists the site publishes: every published office list, with what replaced it and which is in force. */
export function siteLists(db: Db): SiteList[] {
  const settings = readSettings(db)
  const rows = publishedOfficeLists(db)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const lists: SiteList[] = rows.map((r) => {
    const by = r.supersededBy !== null ? byId.get(r.supersededBy) : undefined
    return {
      id: r.id,
      listDate: r.listDate,
      ratingType: r.ratingType,
      source: r.source,
      version: r.version,
      supersedesId: r.supersedesId,
      supersededBy: by ? { id: by.id, version: by.version } : null,
      reason: getMeta(db, r.id)?.reason ?? null,
      supersededReason: by ? (getMeta(db, by.id)?.reason ?? null) : null,
      publisher: listPublisher(r, settings),
      entries: listEntryCount(db, r.id),
      current: false
    }
  })
  const newest = new Map<string, SiteList>()
  for (const l of lists) {
    if (l.supersededBy) continue
    const k = chainKey(l)
    const n = newest.get(k)
    if (!n || l.listDate > n.listDate || (l.listDate === n.listDate && (l.version > n.version || (l.version === n.version && l.id > n.id)))) newest.set(k, l)
  }
  for (const l of newest.values()) l.current = true
  return lists
}

function chainKey(l: { ratingType: string; source: string }): string {
  return `${l.ratingType}|${l.source}`
}

/** The list before `l` in its chain among the site's lists (superseded versions left out). */
function predecessor(lists: readonly SiteList[], l: SiteList): SiteList | null {
  let best: SiteList | null = null
  for (const x of lists) {
    if (x.supersededBy || chainKey(x) !== chainKey(l) || x.id === l.id) continue
    if (x.listDate < l.listDate && (!best || x.listDate > best.listDate)) best = x
  }
  return best
}

export async function buildSite(db: Db, opts: SiteBuildOptions): Promise<SiteBuildResult> {
  const dir = resolve(opts.out)
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UserError('site.outIsFile', { path: dir })
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, MANIFEST))) throw new UserError('site.outNotSite', { path: dir })
  const settings = readSettings(db)
  const federation = settings.federationName.trim() || settings.federation.trim() || 'Rating Office'
  const privacy = readSitePrivacy(db)
  const withheld = new Set(privacy.withheld)
  const lists = siteLists(db)
  const inForce = lists.filter((l) => !l.supersededBy)
  const inputs = createHash('sha256').update(JSON.stringify({ SITE_FORMAT, federation, privacy })).digest('hex')
  const manifestLists = lists.map((l) => ({ id: l.id, supersededBy: l.supersededBy?.id ?? null, current: l.current }))

  // incremental when only new lists came (no correction, same settings): the players those lists touched
  const previous = readManifest(dir)
  let touched: Set<number> | null = null
  /** Lists out of force at the previous build: their pages cannot change when only new lists came. */
  const keptLists = new Set<number>()
  if (!opts.full && previous && previous.inputs === inputs) {
    const before = new Map(previous.lists.map((l) => [l.id, l.supersededBy]))
    const sameOld = previous.lists.every((l) => manifestLists.some((m) => m.id === l.id && m.supersededBy === l.supersededBy))
    for (const l of previous.lists) if (l.current === false) keptLists.add(l.id)
    const added = lists.filter((l) => !before.has(l.id))
    if (sameOld && added.every((l) => l.supersedesId === null)) {
      touched = new Set<number>()
      for (const l of added) for (const id of playersTouchedBy(db, l.id, predecessor(lists, l)?.id ?? null)) touched.add(id)
    }
  }
  const out = new SiteOutput(dir, previous)

  const allPlayers = playersOnLists(db, lists.map((l) => l.id))
  const published = allPlayers.filter((id) => !withheld.has(id))
  const publishedSet = new Set(published)
  const pageOf = (id: number): string | null => (publishedSet.has(id) ? playerPage(id) : null)

  // tournaments the lists rated, with the lists that rated them
  const ratedBy = new Map<number, SiteList[]>()
  for (const l of lists) {
    for (const t of listTournaments(db, l.id)) {
      if (!ratedBy.has(t.tournamentId)) ratedBy.set(t.tournamentId, [])
      ratedBy.get(t.tournamentId)!.push(l)
    }
  }
  const tournamentIds = [...ratedBy.keys()].sort((a, b) => a - b)
  const tournamentPages: Record<number, string> = {}
  for (const id of tournamentIds) tournamentPages[id] = tournamentPage(id)

  const editionRules = new Map<string, { change: Cited; unrated: Cited }>()
  const rulesOf = (editionId: string): { change: Cited; unrated: Cited } | undefined => {
    if (!editionRules.has(editionId)) {
      const e = findEdition(db, editionId)
      if (!e) return undefined
      const cite = (ref: string): Cited => ({ en: citeReference(ref, 'en', e.id), fr: citeReference(ref, 'fr', e.id) })
      editionRules.set(editionId, { change: cite(e.refs.change), unrated: cite(e.refs.unrated) })
    }
    return editionRules.get(editionId)
  }
  const inForceIds = new Set(inForce.map((l) => l.id))
  const listById = new Map(lists.map((l) => [l.id, l]))
  const newest: Record<string, number> = {}
  for (const l of inForce) if (l.current) newest[chainKey(l)] = l.id

  // players
  const playerFiles: Record<string, string[]> = {}
  const searchRows: { name: string; fideId: number | null; federation: string | null; page: string }[] = []
  let rendered = 0
  let done = 0
  for (const id of published) {
    if (++done % 200 === 0) {
      opts.throwIfCancelled?.()
      opts.progress?.(done, published.length, 'players')
    }
    const row = sitePlayerRow(db, id)
    if (!row) continue
    const name = displayName(row.surname, row.givenNames)
    const path = playerPage(id)
    searchRows.push({ name, fideId: row.fideId, federation: row.federation, page: path })
    const files = SITE_LOCALES.map((loc) => `${loc}/${path}`)
    playerFiles[String(id)] = files
    if (touched && !touched.has(id) && previous?.players[String(id)] && out.keepAll(files)) continue
    const facts = publicFacts({ sex: row.sex, birthYear: row.birthYear }, privacy)
    const sheets: SiteSheet[] = []
    for (const s of playerSheets(db, id)) {
      const list = listById.get(s.listId)
      if (!list) continue
      const view = sheetView(db, { listId: s.listId, playerId: id })
      const rules: SiteSheet['rules'] = {}
      const opponentPages: SiteSheet['opponentPages'] = {}
      for (const t of (view.sheet as { tournaments?: { edition: string }[] } | null)?.tournaments ?? []) {
        const r = rulesOf(t.edition)
        if (r) rules[t.edition] = r
      }
      for (const p of view.references.players) opponentPages[p.id] = pageOf(p.id)
      sheets.push({ list, view, rules, tournamentPages, opponentPages, withheld: view.references.players.filter((p) => withheld.has(p.id)).map((p) => p.id) })
    }
    const player: SitePlayer = {
      id,
      page: path,
      fideId: row.fideId,
      name,
      federation: row.federation,
      title: row.title,
      womanTitle: row.womanTitle,
      otherTitles: row.otherTitles,
      sex: facts.sex,
      birthYear: facts.birthYear,
      history: playerHistory(db, id, undefined, false).filter((h) => inForceIds.has(h.listId)),
      newest,
      sheets
    }
    for (const loc of SITE_LOCALES) out.write(`${loc}/${path}`, playerPageHtml({ locale: loc, path }, federation, player))
    rendered++
  }

  // lists: top lists by category; the lists in force also by federation and region, and whole as JSON
  const topBlocks = (list: SiteList, filter: { federation?: string; region?: string }): TopBlock[] =>
    SITE_CATEGORIES.map((category: ExportCategory) => {
      const rank = rankCounter('rating')
      const rows: TopBlock['rows'] = []
      for (const r of listRows(db, { listId: list.id, listDate: list.listDate, sort: 'rating', category, federation: filter.federation ?? null, region: filter.region ?? null, top: TOP_SIZE }, TOP_SIZE)) {
        const k = rank(r)
        if (withheld.has(r.playerId)) continue
        rows.push({ ...jsonListPlayer(k, r, privacy), page: pageOf(r.playerId) })
      }
      return { category, rows }
    })
  const models: ListPageModel[] = []
  for (const list of lists) {
    opts.throwIfCancelled?.()
    if (touched && keptLists.has(list.id) && !list.current && out.keepAll(SITE_LOCALES.map((loc) => `${loc}/${listPage(list.id)}`))) {
      models.push({ list, tops: [], federations: [], regions: [], json: null })
      continue
    }
    const subs = (values: string[]) => {
      const seen = new Set<string>()
      return values.map((value) => {
        let s = stem(value)
        while (seen.has(s)) s += '-x'
        seen.add(s)
        return { value, stem: s }
      })
    }
    const federations = list.current ? listFederations(db, list.id) : []
    const m: ListPageModel = {
      list,
      tops: topBlocks(list, {}),
      federations: federations.length > 1 ? subs(federations) : [],
      regions: list.current ? subs(listRegions(db, list.id)) : [],
      json: list.current ? `data/lists/${list.id}.json` : null
    }
    models.push(m)
    for (const loc of SITE_LOCALES) out.write(`${loc}/${listPage(list.id)}`, listPageHtml({ locale: loc, path: listPage(list.id) }, federation, m))
    for (const [kind, items, prefix] of [['federation', m.federations, 'fed'], ['region', m.regions, 'region']] as const) {
      for (const s of items) {
        const path = `lists/${list.id}-${prefix}-${s.stem}.html`
        const sub = { list, kind, value: s.value, stem: s.stem, tops: topBlocks(list, kind === 'federation' ? { federation: s.value } : { region: s.value }) }
        for (const loc of SITE_LOCALES) out.write(`${loc}/${path}`, subListPage({ locale: loc, path }, federation, sub))
      }
    }
    if (m.json) out.write(m.json, await listJson(db, list.id, privacy))
  }
  const current = models.filter((m) => m.list.current).sort((a, b) => a.list.ratingType.localeCompare(b.list.ratingType) || a.list.source.localeCompare(b.list.source))
  for (const loc of SITE_LOCALES) {
    out.write(`${loc}/index.html`, homePage({ locale: loc, path: 'index.html' }, federation, current))
    out.write(`${loc}/lists/index.html`, listsIndexPage({ locale: loc, path: 'lists/index.html' }, federation, lists))
    out.write(`${loc}/search.html`, searchPageHtml({ locale: loc, path: 'search.html' }, federation))
  }

  // tournaments
  for (const tid of tournamentIds) {
    opts.throwIfCancelled?.()
    const model = loadTournamentModel(db, tid)
    const links = tournamentPlayerIds(db, tid)
    const t: SiteTournament = {
      id: tid,
      page: tournamentPages[tid]!,
      name: model.header.name ?? `#${tid}`,
      city: model.header.city,
      federation: model.header.federation,
      start: model.header.startDate,
      end: model.header.endDate,
      ratedBy: ratedBy.get(tid)!,
      rounds: Math.max(0, ...model.players.flatMap((p) => p.rounds.map((r) => r.round))),
      players: model.players.map((p) => {
        const pid = links.get(p.startRank) ?? null
        return {
          startRank: p.startRank,
          name: p.name,
          federation: p.federation,
          title: p.title,
          rating: p.rating,
          points: p.points,
          rank: p.rank,
          page: pid !== null ? pageOf(pid) : null,
          withheld: pid !== null && withheld.has(pid),
          rounds: p.rounds
        }
      })
    }
    for (const loc of SITE_LOCALES) out.write(`${loc}/${t.page}`, tournamentPageHtml({ locale: loc, path: t.page }, federation, t))
  }

  // search index, assets, the root page
  const search = buildSearchShards(searchRows)
  out.write('search/index.json', JSON.stringify(search.index))
  for (const [file, entries] of search.files) out.write(`search/${file}`, JSON.stringify(entries))
  out.write('assets/site.css', SITE_CSS)
  out.write('assets/site.js', SITE_JS)
  out.write('index.html', landingPage(federation))

  out.removeStale()
  const manifest: SiteManifest = out.manifest(inputs, manifestLists, playerFiles)
  const text = JSON.stringify(manifest)
  const mfile = join(dir, MANIFEST)
  if (!existsSync(mfile) || readFileSync(mfile, 'utf8') !== text) writeFileSync(mfile, text)
  opts.progress?.(published.length, published.length, 'done')
  appendAudit(db, { action: 'site.build', entity: 'site', entityId: null, data: { lists: lists.length, players: published.length, withheld: allPlayers.length - published.length, files: out.files.size, written: out.counts.written.length, deleted: out.counts.deleted.length } })
  return {
    dir,
    mode: touched ? 'incremental' : 'full',
    lists: lists.length,
    players: published.length,
    rendered,
    withheld: allPlayers.length - published.length,
    tournaments: tournamentIds.length,
    files: out.files.size,
    written: out.counts.written,
    unchanged: out.counts.unchanged,
    deleted: out.counts.deleted,
    bytes: out.counts.bytes
  }
}

/** A list's JSON export under the site's privacy: the same writer and rows as `lists export --format json`. */
async function listJson(db: Db, listId: number, privacy: SitePrivacy): Promise<Buffer> {
  const plan = planListExport(db, { listId, format: 'json', sort: 'rating' })
  const chunks: Buffer[] = []
  await writeJson(plan.meta, listRows(db, plan.query), (c) => {
    chunks.push(Buffer.from(c))
  }, privacy)
  return Buffer.concat(chunks)
}

export interface SitePrivacyChange {
  birthYear?: boolean
  sex?: boolean
  /** FIDE IDs to withhold from the site (at the player's request), and to publish again. */
  withhold?: number[]
  release?: number[]
  reason?: string | null
}

/** Changes what the site may show; refuses an unknown FIDE ID (located by the ID); recorded in the audit log. */
export function changeSitePrivacy(db: Db, change: SitePrivacyChange): SitePrivacy & { withheldFideIds: (number | null)[] } {
  const toId = (fideId: number): number => {
    const id = playerIdOfFideId(db, fideId)
    if (id === null) throw new UserError('site.unknownFideId', { fideId })
    return id
  }
  const result = db.transaction(() => {
    const now = readSitePrivacy(db)
    const add = (change.withhold ?? []).map(toId)
    const drop = new Set((change.release ?? []).map(toId))
    const next = writeSitePrivacy(db, {
      birthYear: change.birthYear ?? now.birthYear,
      sex: change.sex ?? now.sex,
      withheld: [...now.withheld, ...add].filter((id) => !drop.has(id))
    })
    appendAudit(db, { action: 'site.privacy', entity: 'settings', entityId: 'sitePrivacy', reason: change.reason ?? null, data: { before: now, after: next } })
    return next
  })()
  return { ...result, withheldFideIds: result.withheld.map((id) => sitePlayerRow(db, id)?.fideId ?? null) }
}

/** The publication settings as the officer reads them (withheld players with their FIDE IDs). */
export function sitePrivacyView(db: Db): SitePrivacy & { withheldFideIds: (number | null)[] } {
  const p = readSitePrivacy(db)
  return { ...p, withheldFideIds: p.withheld.map((id) => sitePlayerRow(db, id)?.fideId ?? null) }
}
