// Builds the federation's public rating website (a static folder: HTML, JSON, one style sheet, one small script) from
// the office's database. Every figure comes from the office's own reads — the list rows of the exports and top lists
// (data/list-rows.ts), a player's lines (archive's facts, read for a batch of players), each calculation sheet as
// `lists:sheet` gives it (the stored sheet, sheetReferences, sheetCitations: site-players.ts), the lists' publisher and
// history — so the site shows what the office's screens show. Deterministic (no date of building; everything in id
// order) and incremental: a build after new lists or registry edits renders again only the players they touched, and
// writes only the files whose bytes changed (site/output.ts).
import { createHash } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { writeFileSync, readFileSync, existsSync, readdirSync, renameSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Db } from '../db/open'
import { readSettings } from '../data/settings'
import { publishedOfficeLists } from '../data/list-history'
import { getMeta, listTournaments } from '../data/list-reads'
import { listEntryCount } from '../data/list-pages'
import { listRows } from '../data/list-rows'
import { listFederations, listRegions, playerIdOfFideId, readSitePrivacy, sitePlayerRow, sitePlayersOnLists, tournamentPlayerIds, writeSitePrivacy, type SitePlayerRow } from '../data/site'
import { appendAudit } from '../data/audit'
import { UserError } from '../util/errors'
import { loadTournamentModel } from '../data/tournament-model'
import { listPublisher } from '../lists/publisher'
import { SheetReader, searchRows, writePlayers, type SearchRow } from './site-players'
import { writeSheetPages, type SheetLinks } from './site-sheets'
import { planListExport } from './list-exports'
import { jsonListPlayer, writeJson } from '../exports/json'
import { rankCounter } from '../exports/types'
import type { SitePrivacy } from '../site/privacy'
import { inEachLocale, SITE_LOCALES } from '../site/labels'
import { SITE_CSS, SITE_JS } from '../site/assets'
import { buildSearchShards } from '../site/search-index'
import { MANIFEST, readManifest, SiteOutput, type SiteManifest } from '../site/output'
import { homePage, landingPage, listPageHtml, listsIndexPage, searchPageHtml, subListPage } from '../site/pages'
import { tournamentPageHtml } from '../site/tournament-page'
import { listPage, playerPage, sheetsPage, SITE_CATEGORIES, stem, TOP_SIZE, tournamentPage, type ListPageModel, type SiteList, type SiteTournament, type TopBlock } from '../site/model'
import type { ExportCategory } from '../exports/types'
import type { WorkerScript } from '../workers/runner'
import { SitePool } from './site-pool'
import { planBuild, type SitePlan } from './site-plan'

/** Bumped when the pages' form changes: the next build then renders everything again. */
const SITE_FORMAT = 4

export interface SiteBuildOptions {
  out: string
  /** Render every page again, whatever the previous build. */
  full?: boolean
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
  /**
   * The worker entry: the player pages are then rendered on helper threads (the same bytes as on this one), when
   * there are enough of them to render and the database is a file.
   */
  thread?: WorkerScript
  /** How many helper threads (default: one a core, at most MAX_THREADS); 0 renders on this thread. */
  threads?: number
  /** The fewest players to render for helper threads to be started (default THREADS_FROM). */
  threadsFrom?: number
}

/**
 * Lets the event loop run (the helper threads' answers, the writes' completions): the lists' and indexes' pages are
 * written while the threads render, and a thread waiting for its next batch would otherwise wait for them all.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** At most this many rendering threads (the writes and the file system need a core too on a larger machine). */
const MAX_THREADS = 4
/** Helper threads start for this many players to render or more (each thread's start reads the lists again). */
const THREADS_FROM = 2_000

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

/** What every step of a build reads: the settings, the privacy, the lists and their order, the registry records. */
export interface SiteContext {
  db: Db
  federation: string
  privacy: SitePrivacy
  withheld: ReadonlySet<number>
  lists: SiteList[]
  inForce: SiteList[]
  listById: Map<number, SiteList>
  /** The lists in force in archive's playerHistory order (a player's lines) and playerSheets order (his sheets). */
  lineOrder: Map<number, number>
  sheetOrder: Map<number, number>
  /** The newest list of each chain ("type|source" → list id). */
  newest: Record<string, number>
  /** Every player with a line on a site list (withheld ones too), by id, and the published ones' pages. */
  people: SitePlayerRow[]
  personOf: Map<number, SitePlayerRow>
  published: SitePlayerRow[]
  pageOf: (id: number) => string | null
  /** What the pages depend on beyond the lists and the registry (the format, the federation, what may be shown). */
  inputs: string
  manifestLists: SiteManifest['lists']
}

export async function buildSite(db: Db, opts: SiteBuildOptions): Promise<SiteBuildResult> {
  const dir = siteFolder(opts.out)
  const ctx = readSiteContext(db)
  const previous = readManifest(dir)
  const plan = planBuild(ctx, previous, opts.full === true)
  const out = new SiteOutput(dir, previous)
  const pool = renderingThreads(db, ctx, plan, out, opts)
  try {
    const tournaments = ratedTournaments(ctx)
    const reader = pool ? null : new SheetReader(ctx, tournaments.pages)
    // the lists' pages of sheets first: the players' pages link to them
    const sheets = await writeSheetPages(ctx, plan, out, previous, reader, opts, pool)
    // the lists', indexes' and tournaments' pages and the search index, written before the players' (on helper
    // threads: while they render)
    const others = async (): Promise<void> => {
      writeIndexes(ctx, out, await writeLists(ctx, plan, out, sheets.links, opts))
      await writeTournaments(ctx, out, tournaments, opts)
      await nextTurn()
      writeSearchAndAssets(ctx, out, searchRows(ctx))
    }
    const players = await writePlayers(ctx, plan, out, previous, sheets.links, sheets.moved, reader, opts, pool, others)
    await pool?.close()
    await out.settle()
    return finishBuild(ctx, plan, out, dir, players, sheets.links, tournaments.ids.length, opts)
  } catch (e) {
    // a cancelled or failed build leaves no write and no thread under way behind it, and a manifest that vouches for
    // none of the files it may have changed (the next build renders everything and compares their bytes)
    await out.settle().catch(() => undefined)
    await pool?.stop().catch(() => undefined)
    try {
      writeManifest(dir, out.interrupted())
    } catch {
      // the build's own failure is the one to report
    }
    throw e
  }
}

/** The helper threads that render the player pages, or null: rendered on this thread. */
function renderingThreads(db: Db, ctx: SiteContext, plan: SitePlan, out: SiteOutput, opts: SiteBuildOptions): SitePool | null {
  const threads = Math.min(MAX_THREADS, opts.threads ?? availableParallelism())
  if (!opts.thread || threads < 1 || db.memory) return null
  const toRender = plan.touched ? ctx.published.reduce((n, p) => n + (plan.touched!.has(p.id) ? 1 : 0), 0) : ctx.published.length
  if (toRender < (opts.threadsFrom ?? THREADS_FROM)) return null
  return new SitePool(opts.thread, db.name, out.dir, threads, { federation: ctx.federation, privacy: ctx.privacy, lists: ctx.lists, people: ctx.people })
}

/** The output folder, refused when it is a file or a folder that is not a site's (nothing of the officer's overwritten). */
function siteFolder(outDir: string): string {
  const dir = resolve(outDir)
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UserError('site.outIsFile', { path: dir })
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, MANIFEST))) throw new UserError('site.outNotSite', { path: dir })
  return dir
}

/**
 * What a build reads of the settings and the lists before anything else, handed as it is to its helper threads: a
 * list published or a setting changed while the office builds does not reach some pages and not others.
 */
export interface SiteContextBase {
  federation: string
  privacy: SitePrivacy
  lists: SiteList[]
  /** The registry records of the lists' players as the build read them (its helper threads take them as they are). */
  people?: SitePlayerRow[]
}

function readSiteContextBase(db: Db): SiteContextBase {
  const settings = readSettings(db)
  return { federation: settings.federationName.trim() || settings.federation.trim() || 'Rating Office', privacy: readSitePrivacy(db), lists: siteLists(db) }
}

/** Reads once what every page depends on: the settings, the privacy, the lists, the registry records of their players. */
export function readSiteContext(db: Db, given?: SiteContextBase): SiteContext {
  const { federation, privacy, lists, people = sitePlayersOnLists(db, lists.map((l) => l.id)) } = given ?? readSiteContextBase(db)
  const withheld = new Set(privacy.withheld)
  const inForce = lists.filter((l) => !l.supersededBy)
  const byLine = [...inForce].sort((a, b) => a.listDate.localeCompare(b.listDate) || a.ratingType.localeCompare(b.ratingType) || a.version - b.version || a.id - b.id)
  const bySheet = [...inForce].sort((a, b) => a.listDate.localeCompare(b.listDate) || a.ratingType.localeCompare(b.ratingType) || a.id - b.id)
  const newest: Record<string, number> = {}
  for (const l of inForce) if (l.current) newest[chainKey(l)] = l.id
  const published = people.filter((p) => !withheld.has(p.id))
  const publishedSet = new Set(published.map((p) => p.id))
  return {
    db,
    federation,
    privacy,
    withheld,
    lists,
    inForce,
    listById: new Map(lists.map((l) => [l.id, l])),
    lineOrder: new Map(byLine.map((l, i) => [l.id, i])),
    sheetOrder: new Map(bySheet.map((l, i) => [l.id, i])),
    newest,
    people,
    personOf: new Map(people.map((p) => [p.id, p])),
    published,
    pageOf: pagesOf(publishedSet),
    // the withheld players are not an input: withholding one is a registry edit (his fingerprint), rendered incrementally
    inputs: createHash('sha256').update(JSON.stringify({ SITE_FORMAT, federation, birthYear: privacy.birthYear, sex: privacy.sex })).digest('hex'),
    manifestLists: lists.map((l) => ({ id: l.id, supersededBy: l.supersededBy?.id ?? null, current: l.current }))
  }
}

/** A published player's page, each path made once (the sheets name the same opponents thousands of times); null: none. */
function pagesOf(published: ReadonlySet<number>): (id: number) => string | null {
  // by id, in an array as long as the highest published id (the registry's ids are dense)
  let highest = -1
  for (const id of published) if (id > highest) highest = id
  const made: (string | null | undefined)[] = new Array(highest + 1)
  return (id) => {
    if (id > highest || id < 0) return null
    let page = made[id]
    if (page === undefined) made[id] = page = published.has(id) ? playerPage(id) : null
    return page
  }
}

export interface RatedTournaments {
  ids: number[]
  /** Each tournament's page, by id (the sheets link to it). */
  pages: Record<number, string>
  /** The lists that rated each. */
  ratedBy: Map<number, SiteList[]>
}

/** The tournaments the lists rated, with the lists that rated them, in id order. */
export function ratedTournaments(ctx: SiteContext): RatedTournaments {
  const ratedBy = new Map<number, SiteList[]>()
  for (const l of ctx.lists) {
    for (const t of listTournaments(ctx.db, l.id)) {
      if (!ratedBy.has(t.tournamentId)) ratedBy.set(t.tournamentId, [])
      ratedBy.get(t.tournamentId)!.push(l)
    }
  }
  const ids = [...ratedBy.keys()].sort((a, b) => a - b)
  const pages: Record<number, string> = {}
  for (const id of ids) pages[id] = tournamentPage(id)
  return { ids, pages, ratedBy }
}

/** A list's top 100 of each category (withheld players left out, the others keep the office's ranks). */
function topBlocks(ctx: SiteContext, list: SiteList, filter: { federation?: string; region?: string }): TopBlock[] {
  return SITE_CATEGORIES.map((category: ExportCategory) => {
    const rank = rankCounter('rating')
    const rows: TopBlock['rows'] = []
    for (const r of listRows(ctx.db, { listId: list.id, listDate: list.listDate, sort: 'rating', category, federation: filter.federation ?? null, region: filter.region ?? null, top: TOP_SIZE }, TOP_SIZE)) {
      const k = rank(r)
      if (ctx.withheld.has(r.playerId)) continue
      rows.push({ ...jsonListPlayer(k, r, ctx.privacy), page: ctx.pageOf(r.playerId) })
    }
    return { category, rows }
  })
}

/** Federation or region values with their file stems, a repeated stem made unique. */
function subPages(values: string[]): { value: string; stem: string }[] {
  const seen = new Set<string>()
  return values.map((value) => {
    let s = stem(value)
    while (seen.has(s)) s += '-x'
    seen.add(s)
    return { value, stem: s }
  })
}

/** Every list's page (its top lists by category); the lists in force also by federation and region, and whole as JSON. */
async function writeLists(ctx: SiteContext, plan: SitePlan, out: SiteOutput, sheets: SheetLinks, opts: SiteBuildOptions): Promise<ListPageModel[]> {
  const { db, federation } = ctx
  const models: ListPageModel[] = []
  for (const list of ctx.lists) {
    opts.throwIfCancelled?.()
    await nextTurn()
    if (plan.touched && plan.keptLists.has(list.id) && !list.current && out.keepAll(inEachLocale(listPage(list.id)))) {
      models.push({ list, tops: [], federations: [], regions: [], json: null, sheets: null })
      continue
    }
    const federations = list.current ? listFederations(db, list.id) : []
    const m: ListPageModel = {
      list,
      tops: topBlocks(ctx, list, {}),
      federations: federations.length > 1 ? subPages(federations) : [],
      regions: list.current ? subPages(listRegions(db, list.id)) : [],
      json: list.current ? `data/lists/${list.id}.json` : null,
      sheets: sheets[String(list.id)]?.length ? sheetsPage(list.id, 1) : null
    }
    models.push(m)
    for (const loc of SITE_LOCALES) out.write(`${loc}/${listPage(list.id)}`, listPageHtml({ locale: loc, path: listPage(list.id) }, federation, m))
    for (const [kind, items, prefix] of [['federation', m.federations, 'fed'], ['region', m.regions, 'region']] as const) {
      for (const s of items) {
        const path = `lists/${list.id}-${prefix}-${s.stem}.html`
        const sub = { list, kind, value: s.value, stem: s.stem, tops: topBlocks(ctx, list, kind === 'federation' ? { federation: s.value } : { region: s.value }) }
        for (const loc of SITE_LOCALES) out.write(`${loc}/${path}`, subListPage({ locale: loc, path }, federation, sub))
      }
    }
    if (m.json) out.write(m.json, await listJson(db, list.id, ctx.privacy))
  }
  return models
}

/** The home page (the lists in force), the lists' index and the search page, in each language. */
function writeIndexes(ctx: SiteContext, out: SiteOutput, models: readonly ListPageModel[]): void {
  const current = models.filter((m) => m.list.current).sort((a, b) => a.list.ratingType.localeCompare(b.list.ratingType) || a.list.source.localeCompare(b.list.source))
  for (const loc of SITE_LOCALES) {
    out.write(`${loc}/index.html`, homePage({ locale: loc, path: 'index.html' }, ctx.federation, current))
    out.write(`${loc}/lists/index.html`, listsIndexPage({ locale: loc, path: 'lists/index.html' }, ctx.federation, ctx.lists))
    out.write(`${loc}/search.html`, searchPageHtml({ locale: loc, path: 'search.html' }, ctx.federation))
  }
}

/** Each rated tournament's page: its crosstable, a withheld player shown as such, the others linked to their pages. */
async function writeTournaments(ctx: SiteContext, out: SiteOutput, tournaments: RatedTournaments, opts: SiteBuildOptions): Promise<void> {
  for (const [i, tid] of tournaments.ids.entries()) {
    opts.throwIfCancelled?.()
    if (i % 16 === 15) await nextTurn()
    const model = loadTournamentModel(ctx.db, tid)
    const links = tournamentPlayerIds(ctx.db, tid)
    const t: SiteTournament = {
      id: tid,
      page: tournaments.pages[tid]!,
      name: model.header.name ?? `#${tid}`,
      city: model.header.city,
      federation: model.header.federation,
      start: model.header.startDate,
      end: model.header.endDate,
      ratedBy: tournaments.ratedBy.get(tid)!,
      rounds: Math.max(0, ...model.players.flatMap((p) => p.rounds.map((r) => r.round))),
      players: model.players.map((p) => {
        const pid = links.get(p.startRank) ?? null
        return { startRank: p.startRank, name: p.name, federation: p.federation, title: p.title, rating: p.rating, points: p.points, rank: p.rank, page: pid !== null ? ctx.pageOf(pid) : null, withheld: pid !== null && ctx.withheld.has(pid), rounds: p.rounds }
      })
    }
    for (const loc of SITE_LOCALES) out.write(`${loc}/${t.page}`, tournamentPageHtml({ locale: loc, path: t.page }, ctx.federation, t))
  }
}

/** The search index's shards, the style sheet and script, the root page. */
function writeSearchAndAssets(ctx: SiteContext, out: SiteOutput, searchRows: SearchRow[]): void {
  const search = buildSearchShards(searchRows)
  out.write('search/index.json', JSON.stringify(search.index))
  for (const [file, entries] of search.files) out.write(`search/${file}`, JSON.stringify(entries))
  out.write('assets/site.css', SITE_CSS)
  out.write('assets/site.js', SITE_JS)
  out.write('index.html', landingPage(ctx.federation))
}

/**
 * Writes the site's manifest, unless it already holds these bytes: into a file of its own first, then renamed over the
 * previous one (never a manifest half written).
 */
function writeManifest(dir: string, manifest: SiteManifest): void {
  const text = JSON.stringify(manifest)
  const mfile = join(dir, MANIFEST)
  if (existsSync(mfile) && readFileSync(mfile, 'utf8') === text) return
  writeFileSync(`${mfile}.new`, text)
  renameSync(`${mfile}.new`, mfile)
}

/** Removes what this build did not produce, writes the manifest, records the build in the audit log. */
function finishBuild(ctx: SiteContext, plan: SitePlan, out: SiteOutput, dir: string, players: { playerFiles: Record<string, string[]>; rendered: number }, sheetPages: SheetLinks, tournaments: number, opts: SiteBuildOptions): SiteBuildResult {
  out.removeStale()
  writeManifest(dir, out.manifest(ctx.inputs, ctx.manifestLists, players.playerFiles, plan.registry, plan.merges, sheetPages))
  const published = ctx.published.length
  const withheld = ctx.people.length - published
  opts.progress?.(published, published, 'done')
  appendAudit(ctx.db, { action: 'site.build', entity: 'site', entityId: null, data: { lists: ctx.lists.length, players: published, withheld, files: out.files.size, written: out.counts.written.length, deleted: out.counts.deleted.length } })
  return {
    dir,
    mode: plan.touched ? 'incremental' : 'full',
    lists: ctx.lists.length,
    players: published,
    rendered: players.rendered,
    withheld,
    tournaments,
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
