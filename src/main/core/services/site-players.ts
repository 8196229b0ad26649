// The public website's player pages: every published player's search entry, and his pages rendered from reads made
// for a batch of players at once (his lines, his calculation sheets, the names and lists they give), never a query per
// player or per sheet. The sheets are the office's own (unpackSheet, sheetReferences, sheetCitations: what sheetView
// gives lists:sheet), so the site shows the figures the office's screen shows.
import { sheetReferences } from '../data/list-reads'
import { unpackSheet } from '../lists/stored-sheet'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { siteLines, siteSheetBlobs, siteSheetLists, type SiteLineRow, type SitePlayerRow } from '../data/site'
import { sheetCitations, sheetReferenceIds } from './list-reads'
import { findEdition } from './rating'
import { displayName } from './lists'
import { citeReference } from '../../../shared/citations'
import { publicFacts } from '../site/privacy'
import { playerPagesText, SHEET_CLOSE, SHEET_OPEN } from '../site/pages'
import { SITE_LOCALES, type SiteLocale } from '../site/labels'
import { playerPage, type Cited, type KeptSheet, type PageText, type SiteList, type SitePlayer, type SiteSheet, type SiteSheetView } from '../site/model'
import type { SiteOutput, SiteManifest } from '../site/output'
import type { CalculationSheet } from '../lists/types'
import type { HistoryRow } from '../../../shared/contract/archive'
import type { SheetView } from '../../../shared/contract/office-lists'
import type { SiteBuildOptions, SiteContext } from './site'
import type { SitePlan } from './site-plan'
import type { RenderedBatch, SitePool } from './site-pool'

export type SearchRow = { name: string; fideId: number | null; federation: string | null; page: string }

/** Players rendered together: their lines, sheets and the names their sheets give read in one go each. */
const PLAYER_BATCH = 250
/** The most bytes of pages still being written when the next batch is rendered (the build's memory stays bounded). */
const WRITING_AT_MOST = 8 * 1024 * 1024

/**
 * Every published player's search entry, and his pages: kept as they are when this build need not render him, else
 * rendered in batches read in bulk (no query per player) — on this thread, or on the helper threads of `pool`, whose
 * batches are written here in the order they were handed out (the same files in the same order either way). The
 * pages `before` writes come first.
 */
export async function writePlayers(
  ctx: SiteContext,
  plan: SitePlan,
  out: SiteOutput,
  previous: SiteManifest | null,
  tournamentPages: Record<number, string>,
  opts: SiteBuildOptions,
  pool: SitePool | null = null,
  before: () => Promise<void> = async () => undefined
) {
  const playerFiles: Record<string, string[]> = {}
  const searchRows: SearchRow[] = []
  const sheets = pool ? null : new SheetReader(ctx, tournamentPages)
  let rendered = 0
  /** Players rendered with their older sheets' sections kept from their previous files. */
  let kept = 0
  let batch: SitePlayerRow[] = []
  /**
   * `before`'s pages are written before any player's, whatever the threads: at once on this thread, else once the
   * threads have their first batches (this thread writes them while they render).
   */
  let first: (() => Promise<void>) | null = before
  const writeFirst = async (): Promise<void> => {
    const f = first
    first = null
    await f?.()
  }
  if (!pool) await writeFirst()
  /** The batches handed to the helper threads, oldest first, written in that order. */
  const handed: Promise<RenderedBatch>[] = []
  const writeHanded = async (keep: number): Promise<void> => {
    while (handed.length > keep) {
      const done = await handed.shift()!
      for (const p of done.players) {
        const paths: string[] = []
        for (const f of p.files) {
          out.write(f.path, done.chunks[f.chunk]!.subarray(f.at, f.at + f.size), f.sha256)
          paths.push(f.path)
        }
        playerFiles[String(p.id)] = paths
      }
      rendered += done.players.length
      kept += done.kept
      await out.settle(WRITING_AT_MOST)
    }
  }
  const flush = async (): Promise<void> => {
    if (!batch.length) return
    const keep = keptFiles(plan, out, previous, batch)
    if (pool) {
      handed.push(pool.render(batch.map((r) => r.id), keep))
      batch = []
      if (handed.length >= 2 * pool.size) await writeFirst()
      // each thread renders its next batch while this one writes the finished ones
      await writeHanded(2 * pool.size)
      return
    }
    kept += renderPlayerPages(
      ctx,
      sheets!,
      batch,
      (id, pages) => {
        for (const [path, html] of pages) out.write(path, html)
        playerFiles[String(id)] = pages.map(([path]) => path)
      },
      keep
    )
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
    const name = displayName(row.surname, row.givenNames)
    searchRows.push({ name, fideId: row.fideId, federation: row.federation, page: playerPage(row.id) })
    const kept = previous?.players[String(row.id)]
    if (plan.touched && !plan.touched.has(row.id) && kept && out.keepAll(kept)) {
      playerFiles[String(row.id)] = kept
      continue
    }
    batch.push(row)
    if (batch.length >= PLAYER_BATCH) await flush()
  }
  await flush()
  await writeFirst()
  await writeHanded(0)
  return { playerFiles, searchRows, rendered, kept }
}

/**
 * The previous files of the batch's players whose older sheets' sections may be kept (plan.keepSheets), each with
 * the SHA-256 and size the manifest gives it; null when there are none.
 */
function keptFiles(plan: SitePlan, out: SiteOutput, previous: SiteManifest | null, batch: readonly SitePlayerRow[]): KeepSheets | null {
  if (!plan.keepSheets || !previous) return null
  const players: KeepSheets['players'] = {}
  let any = false
  for (const row of batch) {
    if (!plan.keepSheets.players.has(row.id)) continue
    const paths = previous.players[String(row.id)]
    if (!paths || !paths.every((p) => out.canKeep(p))) continue
    players[row.id] = paths.map((path) => ({ path, ...previous.files[path]! }))
    any = true
  }
  return any ? { dir: out.dir, lists: [...plan.keepSheets.lists], players } : null
}

/** What a batch may keep of its players' previous files: the folder, the new lists, each player's files. */
export interface KeepSheets {
  dir: string
  /** The lists whose sheets are read and rendered (the new ones); the others' sections are kept. */
  lists: number[]
  players: Record<number, { path: string; sha256: string; bytes: number }[]>
}

const SHEET_SECTION = Buffer.from(SHEET_OPEN)
const SECTION_END = Buffer.from(SHEET_CLOSE)

/**
 * The sheets' sections of a player's previous files, by locale and list id, as bytes of those files (never decoded),
 * when every file is there with the bytes the manifest recorded (else null: he is rendered whole).
 */
function previousSections(dir: string, files: KeepSheets['players'][number]): Record<SiteLocale, Map<number, Buffer>> | null {
  const out = Object.fromEntries(SITE_LOCALES.map((loc) => [loc, new Map<number, Buffer>()])) as Record<SiteLocale, Map<number, Buffer>>
  for (const f of files) {
    const loc = SITE_LOCALES.find((l) => f.path.startsWith(`${l}/`))
    if (!loc) return null
    let bytes: Buffer
    try {
      bytes = readFileSync(join(dir, f.path))
    } catch {
      return null
    }
    if (bytes.length !== f.bytes || createHash('sha256').update(bytes).digest('hex') !== f.sha256) return null
    sheetSectionBytes(bytes, out[loc])
  }
  return out
}

/**
 * The calculation sheets' sections of a player's file as sheetSection (site/pages.ts) wrote them, by list id, as bytes
 * of the file: a rebuild after a new list keeps them (a published sheet, the lists and the names it gives do not change
 * unless a registry edit renders the player whole). A section holds no other section and its texts are escaped, so it
 * ends at the first `</section>`.
 */
export function sheetSectionBytes(bytes: Buffer, into = new Map<number, Buffer>()): Map<number, Buffer> {
  let at = bytes.indexOf(SHEET_SECTION)
  while (at >= 0) {
    const idEnd = bytes.indexOf(0x22, at + SHEET_SECTION.length)
    const end = idEnd < 0 ? -1 : bytes.indexOf(SECTION_END, idEnd)
    if (idEnd < 0 || end < 0) break
    into.set(Number(bytes.toString('latin1', at + SHEET_SECTION.length, idEnd)), bytes.subarray(at, end + SECTION_END.length))
    at = bytes.indexOf(SHEET_SECTION, end)
  }
  return into
}

/**
 * A batch of players' pages in both languages, each player's handed to `each` as soon as rendered (in the batch's
 * order): a page's text then lives briefly, collected young instead of outliving the batch. Returns how many of them
 * kept their older sheets' sections (`keep`).
 */
export function renderPlayerPages(ctx: SiteContext, sheets: SheetReader, batch: readonly SitePlayerRow[], each: (id: number, pages: [string, PageText][]) => void, keep: KeepSheets | null = null): number {
  if (!batch.length) return 0
  const ids = batch.map((r) => r.id)
  const inForce = ctx.inForce.map((l) => l.id)
  const lines = siteLines(ctx.db, ids, inForce)
  // the players whose older sheets are kept: their previous sections, when whole and unaltered; only the new lists' sheets read
  const keptOf = new Map<number, KeptSheet[]>()
  if (keep) {
    const candidates = ids.filter((id) => keep.players[id])
    const fresh = new Set(keep.lists)
    const onLists = siteSheetLists(ctx.db, candidates, inForce)
    for (const id of candidates) {
      const olds = (onLists.get(id) ?? []).filter((l) => !fresh.has(l))
      const sections = olds.length ? previousSections(keep.dir, keep.players[id]!) : null
      if (olds.length && !sections) continue
      const mine: KeptSheet[] = []
      for (const l of olds) {
        const en = sections!.en.get(l)
        const fr = sections!.fr.get(l)
        if (en === undefined || fr === undefined) break
        mine.push({ list: ctx.listById.get(l)!, kept: { en, fr } })
      }
      if (mine.length === olds.length) keptOf.set(id, mine)
    }
  }
  const whole = ids.filter((id) => !keptOf.has(id))
  const sheetsOf = sheets.read(whole)
  if (keptOf.size) for (const [id, read] of sheets.read([...keptOf.keys()], keep!.lists)) sheetsOf.set(id, read)
  for (const row of batch) {
    const facts = publicFacts({ sex: row.sex, birthYear: row.birthYear }, ctx.privacy)
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
      sheets: keptOf.has(row.id) ? sheetsInOrder(ctx, [...keptOf.get(row.id)!, ...(sheetsOf.get(row.id) ?? [])]) : (sheetsOf.get(row.id) ?? [])
    }
    each(row.id, playerPagesText(ctx.federation, player))
  }
  return keptOf.size
}

/** A player's sheets in archive's playerSheets order (SheetReader's). */
function sheetsInOrder<T extends { list: SiteList }>(ctx: SiteContext, sheets: T[]): T[] {
  return sheets.sort((a, b) => ctx.sheetOrder.get(a.list.id)! - ctx.sheetOrder.get(b.list.id)!)
}

/** A player's lines as archive's playerHistory gives them (the lists in force only), oldest first. */
function historyOf(ctx: SiteContext, lines: readonly SiteLineRow[]): HistoryRow[] {
  return [...lines]
    .sort((a, b) => ctx.lineOrder.get(a.listId)! - ctx.lineOrder.get(b.listId)!)
    .map((e) => {
      const l = ctx.listById.get(e.listId)!
      return { listId: l.id, listDate: l.listDate, kind: 'office', status: 'published', source: l.source, ratingType: l.ratingType, version: l.version, rating: e.rating, games: e.games, k: e.k, flags: e.flags, delisted: e.delisted, title: e.title, federation: e.federation, publisher: l.publisher }
    })
}

/**
 * The calculation sheets of a batch of players as the site shows them: the office's stored sheets (unpackSheet), the
 * players and lists they name (sheetReferences, once for the batch), their citations (sheetCitations, once for each
 * combination of editions) — what sheetView gives, read in bulk.
 */
export class SheetReader {
  private readonly citations = new Map<string, Pick<SheetView, 'rounding' | 'caps'>>()
  private readonly editionRules = new Map<string, { change: Cited; unrated: Cited } | undefined>()
  constructor(
    private readonly ctx: SiteContext,
    private readonly tournamentPages: Record<number, string>
  ) {}

  /** The players' sheets on the lists in force (or on `lists` only). */
  read(ids: readonly number[], onLists: readonly number[] = this.ctx.inForce.map((l) => l.id)): Map<number, SiteSheet[]> {
    const { ctx } = this
    if (!ids.length) return new Map()
    const blobs = siteSheetBlobs(ctx.db, ids, onLists)
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
    const refs = sheetReferences(ctx.db, [...players].sort((a, b) => a - b), [...lists].sort((a, b) => a - b))
    const playerRef = new Map(refs.players.map((p) => [p.id, { id: p.id, fideId: p.fideId, name: displayName(p.surname, p.givenNames) }]))
    const listRef = new Map(refs.lists.map((l) => [l.id, l]))
    const out = new Map<number, SiteSheet[]>()
    for (const d of decoded.sort((a, b) => a.playerId - b.playerId || ctx.sheetOrder.get(a.listId)! - ctx.sheetOrder.get(b.listId)!)) {
      const view: SiteSheetView = {
        sheet: d.sheet,
        references: { players: d.ids.players.flatMap((id) => playerRef.get(id) ?? []), lists: d.ids.lists.flatMap((id) => listRef.get(id) ?? []) },
        ...this.cited(d.sheet)
      }
      if (!out.has(d.playerId)) out.set(d.playerId, [])
      out.get(d.playerId)!.push(this.siteSheet(ctx.listById.get(d.listId)!, view))
    }
    return out
  }

  private siteSheet(list: SiteList, view: SiteSheetView): SiteSheet {
    const rules: SiteSheet['rules'] = {}
    for (const t of view.sheet?.tournaments ?? []) {
      const r = this.rulesOf(t.edition)
      if (r) rules[t.edition] = r
    }
    // the site's lookups themselves, not an object and an array made for each sheet
    return { list, view, rules, tournamentPages: this.tournamentPages, opponentPage: this.ctx.pageOf, withheld: this.ctx.withheld }
  }

  /** sheetCitations for a sheet, computed once per combination of its editions and capped games. */
  private cited(sheet: CalculationSheet): Pick<SheetView, 'rounding' | 'caps'> {
    const key = `${sheet.edition}|${sheet.tournaments.map((t) => `${t.edition}:${t.games.some((g) => g.capped) ? 1 : 0}`).join(',')}`
    let c = this.citations.get(key)
    if (!c) {
      const all = sheetCitations(this.ctx.db, sheet)
      this.citations.set(key, (c = { rounding: all.rounding, caps: all.caps }))
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
