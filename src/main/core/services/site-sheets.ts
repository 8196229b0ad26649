// The public website's pages of calculation sheets: a list's sheets, a range of players a page (site/model.ts,
// sheetCuts), written once with the list. A player's page shows his newest sheet whole and links every other line to
// its list's page, so that a new list rewrites its own sheets and its players' small pages, not every career again.
// Which pages a build renders: every page of the lists new to it (or of every list, a full build), and on the other
// lists only the pages holding a sheet of a player the build renders because of a registry edit (his name, or a
// co-player's, is in it); the others are kept as the previous build wrote them.
import { siteSheetLists, siteSheetWeights } from '../data/site'
import { displayName } from './lists'
import { listSheetSection, sheetsPageText } from '../site/pages'
import { inEachLocale, SITE_LOCALES } from '../site/labels'
import { sheetCuts, sheetPageOf, sheetsPage, type PageText } from '../site/model'
import { WRITING_AT_MOST, type SiteOutput, type SiteManifest } from '../site/output'
import type { SiteBuildOptions, SiteContext } from './site'
import type { SitePlan } from './site-plan'
import { HandedBatches, type SitePool } from './site-pool'
import type { SheetReader } from './site-players'

/** A list's pages of sheets a build renders: where its pages begin, its sheets, which pages (from 1; null: all). */
export interface SheetPagesTask {
  listId: number
  cuts: number[]
  /**
   * Its sheets in holders' order: [holder, the player it was computed for] (a withheld holder's among them: his sheet
   * weighs, it is not shown).
   */
  sheets: [number, number][]
  pages: number[] | null
}

/** Where each list's pages of sheets begin (list id → the first holder of each page), as the manifest records it. */
export type SheetLinks = Record<string, number[]>

/**
 * Renders a list's pages of sheets (the task's), in both languages, each handed to `each` in order: the task's sheets
 * read at once (as lists:sheet gives them), a withheld holder's left out.
 */
export function renderSheetPages(ctx: SiteContext, reader: SheetReader, task: SheetPagesTask, each: (path: string, text: PageText) => void): void {
  const list = ctx.listById.get(task.listId)!
  const count = task.cuts.length
  const shown = task.sheets.filter(([h]) => ctx.pageOf(h) !== null)
  const stored = reader.readList(task.listId, shown)
  for (const k of taskPages(task)) {
    const holders = [...new Set(rowsOfPage(shown, task.cuts, k).map(([h]) => h))]
    // the page's sheets decoded for its two languages, then left (the task's would outlive many collections)
    const sheets = reader.view(new Map(holders.flatMap((h) => (stored.has(h) ? [[h, stored.get(h)!] as const] : []))))
    for (const loc of SITE_LOCALES) {
      const path = sheetsPage(task.listId, k)
      const ref = { locale: loc, path }
      const sections: string[] = []
      for (const h of holders) {
        const person = ctx.personOf.get(h)!
        const owner = { id: h, name: displayName(person.surname, person.givenNames), fideId: person.fideId, page: ctx.pageOf(h)! }
        for (const s of sheets.get(h) ?? []) sections.push(listSheetSection(ref, owner, s, reader.sheetsPageCells))
      }
      each(`${loc}/${path}`, sheetsPageText(ref, ctx.federation, list, k, k < count, sections))
    }
  }
}

/** The pages a task renders (from 1). */
function taskPages(task: SheetPagesTask): number[] {
  return task.pages ?? Array.from({ length: task.cuts.length }, (_, i) => i + 1)
}

/** The rows (in holders' order) that page k of a list's sheets holds: its holders from its cut to the next. */
function rowsOfPage(rows: readonly [number, number][], cuts: readonly number[], k: number): [number, number][] {
  const from = firstAtOrAfter(rows, cuts[k - 1]!)
  const to = k < cuts.length ? firstAtOrAfter(rows, cuts[k]!) : rows.length
  return rows.slice(from, to)
}

/** The first row whose holder is `holder` or after him. */
function firstAtOrAfter(rows: readonly [number, number][], holder: number): number {
  let lo = 0
  let hi = rows.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (rows[mid]![0] < holder) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Writes the pages of sheets this build renders (on the helper threads of `pool` when there are some, in the order
 * handed out), keeps the others, and returns where every list's pages begin and the holders whose sheet moved page.
 */
export async function writeSheetPages(ctx: SiteContext, plan: SitePlan, out: SiteOutput, previous: SiteManifest | null, reader: SheetReader | null, opts: SiteBuildOptions, pool: SitePool | null): Promise<{ links: SheetLinks; moved: Set<number> }> {
  const links: SheetLinks = {}
  const moved = new Set<number>()
  const handed = new HandedBatches(out)
  let done = 0
  // a list's sheets are read when its turn comes (never every list's at once: they would outlive the phase)
  for (const whole of sheetTasks(ctx, plan, out, previous, links, moved)) {
    opts.throwIfCancelled?.()
    opts.progress?.(done++, ctx.inForce.length, 'sheets')
    for (const task of splitTask(whole)) {
      if (pool) {
        handed.push(pool.renderSheets(task, out.knownOf(taskPages(task).flatMap((k) => inEachLocale(sheetsPage(task.listId, k))))))
        await handed.record(pool.depth)
      } else {
        renderSheetPages(ctx, reader!, task, (path, text) => out.write(path, text))
        await out.settle(WRITING_AT_MOST)
      }
    }
  }
  await handed.record(0)
  return { links, moved }
}

/**
 * What the build renders of each list's pages of sheets (its tasks, lists in order, made as they are asked for), the
 * pages it keeps marked kept, every list's cuts into `links`, and into `moved` the holders whose sheet changed page (a
 * merge moved where a list's pages begin): their own pages link to it.
 */
function* sheetTasks(ctx: SiteContext, plan: SitePlan, out: SiteOutput, previous: SiteManifest | null, links: SheetLinks, moved: Set<number>): Generator<SheetPagesTask> {
  const recorded = previous?.sheetPages ?? {}
  // the pages of the older lists holding a sheet of a player rendered because of a registry edit
  const again = new Map<number, Set<number>>()
  if (plan.sheetPlayers.size) {
    for (const [holder, lists] of siteSheetLists(ctx.db, [...plan.sheetPlayers].sort((a, b) => a - b), ctx.inForce.map((l) => l.id))) {
      for (const l of lists) {
        const cuts = recorded[String(l)]
        if (!cuts?.length) continue
        if (!again.has(l)) again.set(l, new Set())
        again.get(l)!.add(sheetPageOf(cuts, holder))
      }
    }
  }
  for (const list of ctx.inForce) {
    const was = recorded[String(list.id)]
    let weights = plan.touched === null || plan.freshSheets.has(list.id) || was === undefined || plan.recut ? siteSheetWeights(ctx.db, list.id) : null
    if (plan.touched === null || plan.freshSheets.has(list.id) || was === undefined) {
      const cuts = sheetCuts(weights!)
      links[String(list.id)] = cuts
      if (cuts.length) yield { listId: list.id, cuts, sheets: sheetRows(weights!), pages: null }
      continue
    }
    if (plan.recut) {
      const cuts = sheetCuts(weights!)
      if (!sameCuts(cuts, was)) {
        links[String(list.id)] = cuts
        for (const w of weights!) if (sheetPageOf(cuts, w.holder) !== sheetPageOf(was, w.holder)) moved.add(w.holder)
        if (cuts.length) yield { listId: list.id, cuts, sheets: sheetRows(weights!), pages: null }
        continue
      }
    }
    // the pages as the previous build cut them: kept, but those a registry edit reaches (or no longer there)
    links[String(list.id)] = was
    const pages = new Set(again.get(list.id) ?? [])
    for (let k = 1; k <= was.length; k++) if (!pages.has(k) && !out.keepAll(inEachLocale(sheetsPage(list.id, k)))) pages.add(k)
    if (pages.size) yield { listId: list.id, cuts: was, sheets: sheetRows((weights ??= siteSheetWeights(ctx.db, list.id))), pages: [...pages].sort((a, b) => a - b) }
  }
}

/** The sheets rendered by one task at most (a list's pages handed out a few at a time: the threads kept busy alike). */
const TASK_SHEETS = 500

/** A list's task as tasks of a few of its pages each, each with the sheets of its pages only. */
function splitTask(task: SheetPagesTask): SheetPagesTask[] {
  const out: SheetPagesTask[] = []
  let pages: number[] = []
  let rows: [number, number][] = []
  for (const k of task.pages ?? Array.from({ length: task.cuts.length }, (_, i) => i + 1)) {
    const page = rowsOfPage(task.sheets, task.cuts, k)
    if (pages.length && rows.length + page.length > TASK_SHEETS) {
      out.push({ listId: task.listId, cuts: task.cuts, sheets: rows, pages })
      pages = []
      rows = []
    }
    pages.push(k)
    rows = rows.concat(page)
  }
  if (pages.length) out.push({ listId: task.listId, cuts: task.cuts, sheets: rows, pages })
  return out
}

function sheetRows(weights: readonly { holder: number; player: number }[]): [number, number][] {
  return weights.map((w) => [w.holder, w.player])
}

function sameCuts(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
