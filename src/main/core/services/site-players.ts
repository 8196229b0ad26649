// The public website's player pages: every published player's search entry, and his pages rendered from reads made
// for a batch of players at once (his lines, his newest calculation sheet, the names and lists it gives), never a
// query per player or per sheet. The sheets are the office's own (unpackSheet, sheetReferences, sheetCitations: what sheetView
// gives lists:sheet), so the site shows the figures the office's screen shows.
import { sheetReferences } from '../data/list-reads'
import { unpackSheet } from '../lists/stored-sheet'
import { siteLines, siteListSheetBlobs, siteSheetBlobs, siteSheetLists, type SiteLineRow, type SitePlayerRow } from '../data/site'
import { sheetCitations, sheetReferenceIds } from './list-reads'
import { findEdition } from './rating'
import { displayName } from './lists'
import { citeReference } from '../../../shared/citations'
import { publicFacts } from '../site/privacy'
import { playerPagesHtml, type OpponentCells } from '../site/pages'
import { playerPage, sheetAnchor, sheetPageOf, sheetsPage, type Cited, type SitePlayer, type SiteSheet, type SiteSheetView } from '../site/model'
import { WRITING_AT_MOST, type SiteOutput, type SiteManifest } from '../site/output'
import type { CalculationSheet } from '../lists/types'
import type { HistoryRow } from '../../../shared/contract/archive'
import type { SheetView } from '../../../shared/contract/office-lists'
import type { SiteBuildOptions, SiteContext } from './site'
import type { SitePlan } from './site-plan'
import { HandedBatches, type SitePool } from './site-pool'
import { inEachLocale } from '../site/labels'
import type { SheetLinks } from './site-sheets'

export type SearchRow = { name: string; fideId: number | null; federation: string | null; page: string }

/** Players rendered together: their lines, sheets and the names their sheets give read in one go each. */
const PLAYER_BATCH = 250

/** Every published player's search entry: his name, FIDE ID, federation and page. */
export function searchRows(ctx: SiteContext): SearchRow[] {
  return ctx.published.map((row) => ({ name: displayName(row.surname, row.givenNames), fideId: row.fideId, federation: row.federation, page: playerPage(row.id) }))
}

/**
 * Every published player's pages: kept as they are when this build need not render him, else
 * rendered in batches read in bulk (no query per player) — on this thread, or on the helper threads of `pool`, whose
 * batches are written here in the order they were handed out (the same files in the same order either way). The
 * pages `before` writes come first. `links`: where each list's pages of sheets begin; `also`: players to render
 * beside the plan's (their sheet moved page).
 */
export async function writePlayers(
  ctx: SiteContext,
  plan: SitePlan,
  out: SiteOutput,
  previous: SiteManifest | null,
  links: SheetLinks,
  also: ReadonlySet<number>,
  reader: SheetReader | null,
  opts: SiteBuildOptions,
  pool: SitePool | null = null,
  before: () => Promise<void> = async () => undefined
) {
  const playerFiles: Record<string, string[]> = {}
  let rendered = 0
  let batch: SitePlayerRow[] = []
  /** The batches handed to the helper threads, recorded in that order. */
  const handed = new HandedBatches(out, (id, paths) => (playerFiles[String(id)] = paths))
  /**
   * `before`'s pages are recorded before any player's, whatever the threads: written at once on this thread; beside the
   * helper threads' batches else — begun once they have their first ones, this thread handing them more whenever
   * `before` lets the event loop run (their pages recorded once it is done).
   */
  let first: { done: boolean; promise: Promise<void> } | null = null
  const begin = (): { done: boolean; promise: Promise<void> } => {
    if (!first) {
      const f = { done: false, promise: before() }
      const settled = (): void => {
        f.done = true
      }
      f.promise.then(settled, settled)
      first = f
    }
    return first
  }
  if (!pool) await begin().promise
  else pool.setLinks(links)
  const flush = async (): Promise<void> => {
    if (!batch.length) return
    if (pool) {
      const ids = batch.map((r) => r.id)
      handed.push(pool.render(ids, out.knownOf(ids.flatMap((id) => inEachLocale(playerPage(id))))))
      batch = []
      if (handed.length >= pool.depth) begin()
      // each thread renders its next batch while this one records the finished ones (or writes `before`'s pages)
      if (first?.done) {
        await first.promise // its failure, if it failed
        rendered += await handed.record(pool.depth)
      } else await handed.room(pool.depth)
      return
    }
    renderPlayerPages(ctx, reader!, batch, links, (id, pages) => {
      for (const [path, html] of pages) out.write(path, html)
      playerFiles[String(id)] = pages.map(([path]) => path)
    })
    rendered += batch.length
    batch = []
    await out.settle(WRITING_AT_MOST)
  }
  let done = 0
  for (const row of ctx.published) {
    if (++done % 200 === 0) {
      opts.throwIfCancelled?.()
      opts.progress?.(done, ctx.published.length, 'players')
    }
    const kept = previous?.players[String(row.id)]
    if (plan.touched && !plan.touched.has(row.id) && !also.has(row.id) && kept && out.keepAll(kept)) {
      playerFiles[String(row.id)] = kept
      continue
    }
    batch.push(row)
    if (batch.length >= PLAYER_BATCH) await flush()
  }
  await flush()
  await begin().promise
  rendered += await handed.record(0)
  return { playerFiles, rendered }
}

/**
 * A batch of players' pages in both languages, each player's handed to `each` as soon as rendered (in the batch's
 * order): a page's text then lives briefly, collected young instead of outliving the batch. A player's page shows his
 * newest sheet whole (read for the batch, a read for each list that is someone's newest) and links his other lines to
 * their lists' pages of sheets (`links`).
 */
export function renderPlayerPages(ctx: SiteContext, sheets: SheetReader, batch: readonly SitePlayerRow[], links: SheetLinks, each: (id: number, pages: [string, string][]) => void): void {
  if (!batch.length) return
  const ids = batch.map((r) => r.id)
  const inForce = ctx.inForce.map((l) => l.id)
  const lines = siteLines(ctx.db, ids, inForce)
  const onLists = siteSheetLists(ctx.db, ids, inForce)
  // each player's newest sheet, read with the others whose newest is on the same list
  const byNewest = new Map<number, number[]>()
  for (const [id, lists] of onLists) {
    let newest = lists[0]!
    for (const l of lists) if (ctx.sheetOrder.get(l)! > ctx.sheetOrder.get(newest)!) newest = l
    if (!byNewest.has(newest)) byNewest.set(newest, [])
    byNewest.get(newest)!.push(id)
  }
  const newestOf = new Map<number, SiteSheet[]>()
  for (const [list, players] of byNewest) for (const [id, read] of sheets.read(players, [list])) newestOf.set(id, read)
  for (const row of batch) {
    const facts = publicFacts({ sex: row.sex, birthYear: row.birthYear }, ctx.privacy)
    const mine = new Set(onLists.get(row.id) ?? [])
    const player: SitePlayer = {
      id: row.id,
      page: playerPage(row.id),
      fideId: row.fideId,
      name: displayName(row.surname, row.givenNames),
      federation: row.federation,
      title: row.title,
      womanTitle: row.womanTitle,
      otherTitles: row.otherTitles,
      sex: facts.sex,
      birthYear: facts.birthYear,
      history: historyOf(ctx, lines.get(row.id) ?? []),
      newest: ctx.newest,
      sheets: newestOf.get(row.id) ?? [],
      sheetHref: (listId) => {
        const cuts = links[String(listId)]
        return mine.has(listId) && cuts?.length ? `${sheetsPage(listId, sheetPageOf(cuts, row.id))}#${sheetAnchor(row.id)}` : null
      }
    }
    each(row.id, playerPagesHtml(ctx.federation, player))
  }
}

/** A player's lines as archive's playerHistory gives them (the lists in force only), oldest first. */
function historyOf(ctx: SiteContext, lines: readonly SiteLineRow[]): HistoryRow[] {
  // a player has one line a list: each put in its list's place (the lists' order is known), not sorted
  const placed: (SiteLineRow | undefined)[] = new Array(ctx.lineOrder.size)
  for (const e of lines) placed[ctx.lineOrder.get(e.listId)!] = e
  const out: HistoryRow[] = []
  for (const e of placed) {
    if (!e) continue
    const l = ctx.listById.get(e.listId)!
    out.push({ listId: l.id, listDate: l.listDate, kind: 'office', status: 'published', source: l.source, ratingType: l.ratingType, version: l.version, rating: e.rating, games: e.games, k: e.k, flags: e.flags, delisted: e.delisted, title: e.title, federation: e.federation, publisher: l.publisher })
  }
  return out
}

/** A sheet's citations (sheetCitations) and the rule each of its tournaments follows, by edition. */
type Citations = Pick<SheetView, 'rounding' | 'caps'> & { rules: SiteSheet['rules'] }

/** Stored sheets by holder, each with its list. */
export type StoredSheets = Map<number, { listId: number; sheet: Buffer }[]>

/**
 * The calculation sheets of a batch of players as the site shows them: the office's stored sheets (unpackSheet), the
 * players and lists they name (sheetReferences, once for the batch), their citations (sheetCitations, once for each
 * combination of editions) — what sheetView gives, read in bulk.
 */
export class SheetReader {
  private readonly citations = new Map<string, Citations>()
  /** The players and lists the sheets name, as read (null: not in the database), kept for the build. */
  private readonly playerRef = new Map<number, SheetView['references']['players'][number] | null>()
  private readonly listRef = new Map<number, SheetView['references']['lists'][number] | null>()
  private readonly editionRules = new Map<string, { change: Cited; unrated: Cited } | undefined>()
  /**
   * The opponents' cells of the lists' pages of sheets, by player, kept for the build: the same on every such page and
   * in both languages (the pages all stand in sheets/<list>/, so that the link to a player's page is the same).
   */
  readonly sheetsPageCells: OpponentCells
  constructor(
    private readonly ctx: SiteContext,
    private readonly tournamentPages: Record<number, string>
  ) {
    // as long as the highest id of the site's players (a player beyond it is rare: the array grows)
    let highest = -1
    for (const p of ctx.people) if (p.id > highest) highest = p.id
    this.sheetsPageCells = new Array<string | undefined>(highest + 1)
  }

  /** The players' sheets on the lists in force (or on `lists` only). */
  read(ids: readonly number[], onLists: readonly number[] = this.ctx.inForce.map((l) => l.id)): Map<number, SiteSheet[]> {
    if (!ids.length) return new Map()
    return this.view(siteSheetBlobs(this.ctx.db, ids, onLists))
  }

  /**
   * The stored sheets of one list held by the given holders (`rows`: [holder, the player the sheet was computed for]),
   * by holder, read at once; `view` makes them what the site shows, a page's at a time (decoded sheets die young).
   */
  readList(listId: number, rows: readonly (readonly [number, number])[]): StoredSheets {
    const blobs: StoredSheets = new Map()
    if (!rows.length) return blobs
    const holderOf = new Map(rows.map(([holder, player]) => [player, holder]))
    for (const [player, sheet] of siteListSheetBlobs(this.ctx.db, listId, rows.map(([, player]) => player))) {
      const holder = holderOf.get(player)!
      if (!blobs.has(holder)) blobs.set(holder, [])
      blobs.get(holder)!.push({ listId, sheet })
    }
    return blobs
  }

  /**
   * Stored sheets by holder as the site shows them, with the players and lists they name: each read once in a build
   * (a build reads them batch after batch, and the same opponents and lists come back in every batch).
   */
  view(blobs: StoredSheets): Map<number, SiteSheet[]> {
    const { ctx } = this
    const decoded: { playerId: number; listId: number; sheet: CalculationSheet; ids: { players: number[]; lists: number[] } }[] = []
    const players = new Set<number>()
    const lists = new Set<number>()
    for (const [playerId, rows] of blobs) {
      for (const r of rows) {
        const sheet = unpackSheet(r.sheet) as CalculationSheet
        const refs = sheetReferenceIds(sheet)
        for (const p of refs.players) players.add(p)
        for (const l of refs.lists) lists.add(l)
        decoded.push({ playerId, listId: r.listId, sheet, ids: refs })
      }
    }
    const { playerRef, listRef } = this
    const newPlayers = [...players].filter((id) => !playerRef.has(id)).sort((a, b) => a - b)
    const newLists = [...lists].filter((id) => !listRef.has(id)).sort((a, b) => a - b)
    if (newPlayers.length || newLists.length) {
      const refs = sheetReferences(ctx.db, newPlayers, newLists)
      for (const p of refs.players) playerRef.set(p.id, { id: p.id, fideId: p.fideId, name: displayName(p.surname, p.givenNames) })
      for (const l of refs.lists) listRef.set(l.id, l)
      // an id the registry does not hold is asked once
      for (const id of newPlayers) if (!playerRef.has(id)) playerRef.set(id, null)
      for (const id of newLists) if (!listRef.has(id)) listRef.set(id, null)
    }
    const out = new Map<number, SiteSheet[]>()
    for (const d of decoded.sort((a, b) => a.playerId - b.playerId || ctx.sheetOrder.get(a.listId)! - ctx.sheetOrder.get(b.listId)!)) {
      const { rounding, caps, rules } = this.cited(d.sheet)
      const view: SiteSheetView = { sheet: d.sheet, references: { players: known(d.ids.players, playerRef), lists: known(d.ids.lists, listRef) }, rounding, caps }
      if (!out.has(d.playerId)) out.set(d.playerId, [])
      // the site's lookups themselves, not an object and an array made for each sheet
      out.get(d.playerId)!.push({ list: ctx.listById.get(d.listId)!, view, rules, tournamentPages: this.tournamentPages, opponentPage: ctx.pageOf, withheld: ctx.withheld })
    }
    return out
  }

  /**
   * sheetCitations for a sheet, and the rule each of its tournaments follows: computed once per combination of its
   * editions and capped games.
   */
  private cited(sheet: CalculationSheet): Citations {
    let key = sheet.edition
    for (const t of sheet.tournaments) {
      let capped = false
      for (const g of t.games) if (g.capped) capped = true
      key += `|${t.edition}:${capped ? 1 : 0}`
    }
    let c = this.citations.get(key)
    if (!c) {
      const all = sheetCitations(this.ctx.db, sheet)
      const rules: SiteSheet['rules'] = {}
      for (const t of sheet.tournaments) {
        const r = this.rulesOf(t.edition)
        if (r) rules[t.edition] = r
      }
      this.citations.set(key, (c = { rounding: all.rounding, caps: all.caps, rules }))
    }
    return c
  }

  /** Each edition's rule a tournament follows (a rated player's change, an unrated player's event rating), cited. */
  private rulesOf(editionId: string): { change: Cited; unrated: Cited } | undefined {
    if (!this.editionRules.has(editionId)) {
      const e = findEdition(this.ctx.db, editionId)
      const cite = (ref: string): Cited => ({ en: citeReference(ref, 'en', e!.id), fr: citeReference(ref, 'fr', e!.id) })
      this.editionRules.set(editionId, e ? { change: cite(e.refs.change), unrated: cite(e.refs.unrated) } : undefined)
    }
    return this.editionRules.get(editionId)
  }
}

/** The references of these ids the database holds, in their order (an id it does not hold left out). */
function known<T>(ids: readonly number[], refs: ReadonlyMap<number, T | null>): T[] {
  const out: T[] = []
  for (const id of ids) {
    const r = refs.get(id)
    if (r) out.push(r)
  }
  return out
}
