// The public website's pages, rendered from the site model (model.ts) in one language: the home page (the lists in
// force with their top lists), every published list, a list's page and its federation and region pages, a player's
// page (his line on every list as a table and a chart, and each published rating's calculation sheet), a rated
// tournament's page (its crosstable), the search page. Every text is escaped; every link is relative.
import type { CalculationSheet, SheetGame, SheetTournament } from '../lists/types'
import type { HistoryRow } from '../../../shared/contract/archive'
import { SITE_LABELS, SITE_LOCALES, type SiteLocale } from './labels'
import { day, esc, num, page, pageFrame, rel, signed, table, toRoot, type PageRef } from './html'
import { chartDrawing, ratingChart, type ChartDrawing } from './chart'
import { listPage, type KeptSheet, type ListPageModel, pageTextBound, pageTextBytes, type PageText, type SiteList, type SitePlayer, type SiteSheet, type SubListModel, type TopBlock } from './model'

const L = (locale: SiteLocale) => SITE_LABELS[locale]

export function listName(list: Pick<SiteList, 'ratingType' | 'listDate'>, locale: SiteLocale): string {
  return L(locale).listTitle(L(locale).ratingType[list.ratingType], day(list.listDate, locale))
}

function listStatus(list: SiteList, locale: SiteLocale): string {
  const l = L(locale)
  const parts = [l.version(list.version)]
  if (list.supersededBy) parts.push(l.superseded(list.supersededBy.version, list.supersededReason))
  else if (list.supersedesId !== null) parts.push(l.correctionOf(list.reason))
  if (list.current) parts.push(l.current)
  return parts.join(' · ')
}

export function link(href: string, text: string, testId?: string): string {
  return `<a href="${esc(href)}"${testId ? ` data-testid="${testId}"` : ''}>${esc(text)}</a>`
}

/** The site's root page: the two languages. */
export function landingPage(federation: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(SITE_LABELS.en.siteTitle(federation))}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/site.css">
</head>
<body>
<main id="main">
<h1>${esc(SITE_LABELS.en.siteTitle(federation))}</h1>
<p>${esc(SITE_LABELS.en.landing)} · <span lang="fr">${esc(SITE_LABELS.fr.landing)}</span></p>
<ul class="langs">
<li><a href="en/index.html" hreflang="en">English</a></li>
<li><a href="fr/index.html" hreflang="fr" lang="fr">Français</a></li>
</ul>
</main>
</body>
</html>
`
}

function topTable(ref: PageRef, block: TopBlock, caption: string): string {
  const l = L(ref.locale)
  const c = l.col
  if (!block.rows.length) return `<h3>${esc(caption)}</h3><p class="muted">${esc(l.topNone)}</p>`
  const rows = block.rows.map((r) => [
    esc(r.rank),
    r.page ? link(rel(ref, r.page), r.name) : esc(r.name),
    esc(r.title),
    esc(r.federation),
    esc(r.fideId),
    esc(r.rating),
    esc(r.games),
    esc(r.k)
  ])
  return table(esc(caption), [c.rank, c.name, c.title, c.federation, c.fideId, c.rating, c.games, c.k].map(esc), rows, { kind: 'top', testId: `top-${block.category}` })
}

function tops(ref: PageRef, blocks: readonly TopBlock[]): string {
  const l = L(ref.locale)
  return blocks.map((b) => `<section class="top-list">${topTable(ref, b, l.top(b.rows.length || 100, l.category[b.category]))}</section>`).join('\n')
}

/** The lists in force, each with its open top ten, and the way to the others. */
export function homePage(ref: PageRef, federation: string, current: readonly ListPageModel[]): string {
  const l = L(ref.locale)
  const blocks = current.map((m) => {
    const open = m.tops.find((t) => t.category === 'open')
    const ten: TopBlock = { category: 'open', rows: (open?.rows ?? []).slice(0, 10) }
    return `<section class="current">
<h2>${link(rel(ref, listPage(m.list.id)), listName(m.list, ref.locale))}</h2>
<p class="muted">${esc(listStatus(m.list, ref.locale))} · ${esc(l.players(m.list.entries))} · ${esc(l.publisher)}${esc(l.colon)}${esc(m.list.publisher.name ?? '')}</p>
${topTable(ref, ten, l.top(ten.rows.length, l.category.open))}
</section>`
  })
  return page(ref, { federation, title: l.siteTitle(federation), body: `<h1>${esc(l.currentLists)}</h1>\n${blocks.join('\n')}` })
}

/** Every published list, newest first, a superseded version marked with its correction's reason. */
export function listsIndexPage(ref: PageRef, federation: string, lists: readonly SiteList[]): string {
  const l = L(ref.locale)
  const rows = [...lists]
    .sort((a, b) => b.listDate.localeCompare(a.listDate) || a.ratingType.localeCompare(b.ratingType) || b.version - a.version || b.id - a.id)
    .map((x) => [link(rel(ref, listPage(x.id)), listName(x, ref.locale)), esc(l.ratingType[x.ratingType]), esc(listStatus(x, ref.locale)), esc(x.entries)])
  const body = `<h1>${esc(l.allLists)}</h1>
<p>${esc(l.allListsIntro)}</p>
${table(esc(l.allLists), [l.listCol, l.type, l.status, l.playersCol].map(esc), rows, { kind: 'lists', testId: 'all-lists' })}`
  return page(ref, { federation, title: l.allLists, body })
}

/** A list's page: its facts, its top lists by category, its federation and region pages, the whole list's JSON. */
export function listPageHtml(ref: PageRef, federation: string, m: ListPageModel): string {
  const l = L(ref.locale)
  const title = listName(m.list, ref.locale)
  const subs = (heading: string, items: ListPageModel['federations'], prefix: string) =>
    items.length ? `<h2>${esc(heading)}</h2><ul class="inline">${items.map((s) => `<li>${link(rel(ref, `lists/${m.list.id}-${prefix}-${s.stem}.html`), s.value)}</li>`).join('')}</ul>` : ''
  const body = `<h1>${esc(title)}</h1>
<p class="muted" data-testid="list-status">${esc(listStatus(m.list, ref.locale))} · ${esc(l.players(m.list.entries))} · ${esc(l.publisher)}${esc(l.colon)}${esc(m.list.publisher.name ?? '')}</p>
${m.list.supersededBy ? `<p class="notice">${link(rel(ref, listPage(m.list.supersededBy.id)), l.superseded(m.list.supersededBy.version, m.list.supersededReason))}</p>` : ''}
${m.json ? `<p>${link(toRoot(ref, m.json), l.wholeList)}</p>` : ''}
${tops(ref, m.tops)}
${subs(l.federations, m.federations, 'fed')}
${subs(l.regions, m.regions, 'region')}`
  return page(ref, { federation, title, body })
}

/** A federation's or a region's top lists on a list. */
export function subListPage(ref: PageRef, federation: string, m: SubListModel): string {
  const l = L(ref.locale)
  const what = m.kind === 'federation' ? l.federationPage(m.value) : l.regionPage(m.value)
  const title = `${listName(m.list, ref.locale)} · ${what}`
  const body = `<h1>${esc(what)}</h1>
<p>${link(rel(ref, listPage(m.list.id)), listName(m.list, ref.locale))} · <span class="muted">${esc(listStatus(m.list, ref.locale))}</span></p>
${tops(ref, m.tops)}`
  return page(ref, { federation, title, body })
}

/** The runs of a player's lines on one chain: a new row where his line changed. */
export function historyRuns(rows: readonly HistoryRow[]): HistoryRow[][] {
  const same = (a: HistoryRow, b: HistoryRow) => a.rating === b.rating && a.games === b.games && a.k === b.k && a.flags === b.flags && a.title === b.title && a.federation === b.federation && a.delisted === b.delisted
  const runs: HistoryRow[][] = []
  for (const r of rows) {
    const last = runs[runs.length - 1]
    if (last && same(last[0]!, r)) last.push(r)
    else runs.push([r])
  }
  return runs
}

function lineFlags(r: HistoryRow, locale: SiteLocale): string {
  const l = L(locale).player
  if (r.delisted) return l.delisted
  if (r.rating !== null && (r.flags ?? '').includes('i')) return l.inactive
  return ''
}

function cite(c: { en: string; fr: string } | undefined, locale: SiteLocale): string {
  return c ? c[locale] : ''
}

/** The head of a sheet's table of games in each language, rendered once. */
const gamesHeads = new Map<SiteLocale, string[]>()
function gamesHead(locale: SiteLocale): string[] {
  let h = gamesHeads.get(locale)
  if (!h) {
    const l = L(locale)
    const S = l.sheet
    gamesHeads.set(locale, (h = [S.col.round, S.col.opponent, l.col.rating, S.col.list, S.col.score, 'D', 'PD', 'ΔR', S.col.why].map(esc)))
  }
  return h
}

/**
 * A sheet's section in one language. `opponents` holds the opponents' cells already rendered for the player's files
 * (the same in both languages: his name linked to his page, his FIDE ID), by game.
 */
function sheetSection(ref: PageRef, s: SiteSheet, opponents: Map<SheetGame, string>): string {
  const locale = ref.locale
  const l = L(locale)
  const S = l.sheet
  const sheet = s.view.sheet as CalculationSheet | null
  const title = l.player.sheetOf(l.ratingType[s.list.ratingType], day(s.list.listDate, locale))
  const head = `<h3>${esc(title)}${s.list.version > 1 ? ` <span class="muted">(${esc(l.version(s.list.version))})</span>` : ''}</h3>`
  if (!sheet) return `<section class="sheet" id="sheet-${s.list.id}">${head}<p class="muted">${esc(l.player.sheetNone)}</p></section>`
  const refs = s.view.references
  const listOf = (id: number | null): string => {
    if (id === null) return ''
    for (const x of refs.lists) if (x.id === id) return day(x.listDate, locale, 'short')
    return ''
  }
  const opponent = (g: SheetGame): string => {
    if (g.opponentId === null) return ''
    if (s.withheld.has(g.opponentId)) return `<em>${esc(S.withheld)}</em>`
    let html = opponents.get(g)
    if (html !== undefined) return html
    const p = refs.players.find((x) => x.id === g.opponentId)
    if (!p) return ''
    const href = s.opponentPage(g.opponentId)
    html = `${href ? link(rel(ref, href), p.name) : esc(p.name)}${p.fideId ? ` <small>${esc(p.fideId)}</small>` : ''}`
    opponents.set(g, html)
    return html
  }
  const tournament = (t: SheetTournament): string => {
    const rules = s.rules[t.edition]
    const rule = t.rating !== null ? cite(rules?.change, locale) : cite(rules?.unrated, locale)
    const tPage = s.tournamentPages[t.tournamentId]
    // the rows written straight into the body (no array per row): figures need no escaping, texts are escaped
    let rows = ''
    for (const g of t.games) {
      rows += `${rows ? '\n' : ''}<tr><td>${g.round}<td>${opponent(g)}<td>${g.opponentRating ?? '–'}<td>${esc(listOf(g.opponentListId))}<td>${num(g.score, locale)}<td>${g.d === null ? '' : num(g.d, locale)}${g.capped ? '*' : ''}<td>${g.pd === null ? '' : num(g.pd, locale, 2)}<td>${g.chg === null ? '' : signed(g.chg, locale, 2)}<td>${g.counted ? '' : esc(notCounted(g.notCounted, locale))}`
    }
    const figures =
      t.rating !== null
        ? `<p>${esc(S.ratingUsed(t.rating, listOf(t.ratingListId)))}</p><p class="fig">${esc(S.figures(t.n, num(t.w, locale), num(t.we, locale, 2), signed(t.chg, locale, 2), String(t.k ?? '–'), signed(t.kChg, locale, 2)))}</p>`
        : `<p>${esc(S.playedUnrated)}</p><p class="fig">${esc(S.unratedFigures(t.n, num(t.w, locale), num(t.event?.ra ?? null, locale), num(t.event?.ru ?? null, locale)))}</p>`
    return `<h4>${tPage ? link(rel(ref, tPage), t.name) : esc(t.name)} <span class="muted">${esc(t.start ? day(t.start, locale, 'short') : '')} – ${esc(t.end ? day(t.end, locale, 'short') : '')}</span></h4>
${figures}
${rule ? `<p class="rule">${esc(S.follows)}${esc(l.colon)}${esc(rule)}</p>\n` : ''}${table(esc(t.name), gamesHead(locale), rows, { kind: 'games' })}`
  }
  let period = ''
  if (sheet.firstRating) {
    const f = sheet.firstRating
    period += `<p>${esc(S.firstRating(num(f.ra, locale, 2), num(f.p, locale, 2), num(f.dp, locale), num(f.ru, locale), f.games))}</p>\n`
  }
  if (sheet.change !== null && sheet.changeExact !== null) {
    period += `<p class="chg">${esc(S.periodChange(num(sheet.changeExact, locale, 2), signed(sheet.change, locale)))}${s.view.rounding ? ` <span class="rule">(${esc(s.view.rounding[locale])})</span>` : ''}</p>\n`
  }
  period += `<p class="new">${esc(S.newRating(sheet.rating === null ? l.player.unrated : String(sheet.rating), String(sheet.kNext.k ?? '–')))}</p>`
  const baseList = listOf(sheet.base.listId)
  // the legend of the columns stands once above the sheets (sheetsHeading); a sheet adds its caps' citations
  const caps = s.view.caps.length ? `\n<p class="legend">${s.view.caps.map((cp) => esc(`* ${cp.points}${l.colon}${cp.citation[locale]}`)).join(' ')}</p>` : ''
  let tournaments = ''
  for (const t of sheet.tournaments) tournaments += `${tournament(t)}\n`
  return `<section class="sheet" id="sheet-${s.list.id}">
${head}
<p class="muted">${esc(S.base)}${esc(l.colon)}${esc(sheet.base.rating ?? l.player.unrated)}${sheet.base.rating !== null ? `, K ${esc(sheet.base.k ?? '–')}` : ''}${baseList ? ` (${esc(baseList)})` : ''}</p>
${tournaments}<h4>${esc(S.period)}</h4>
${period}${caps}
</section>`
}

/** How a sheet's section begins (its list id follows) and ends. */
export const SHEET_OPEN = '<section class="sheet" id="sheet-'
export const SHEET_CLOSE = '</section>'

/** Whether a kept section shows a sheet (sheetSection writes the one without on a single line). */
function keptHasSheet(s: KeptSheet): boolean {
  const html = s.kept.en
  return typeof html === 'string' ? html.charCodeAt(html.indexOf('>') + 1) === 10 : html[html.indexOf(0x3e) + 1] === 10
}

/** The heading of a player's calculation sheets, with the legend of their columns. */
function sheetsHeading(locale: SiteLocale, heading: string): string {
  return `<h2>${esc(heading)}</h2>\n<p class="legend">${esc(L(locale).sheet.legend)}</p>`
}

function notCounted(code: string | null, locale: SiteLocale): string {
  const words: Record<string, { en: string; fr: string }> = {
    forfeit: { en: 'forfeit', fr: 'forfait' },
    bye: { en: 'bye', fr: 'exempt' },
    unplayed: { en: 'not played', fr: 'non jouée' },
    'unrated-opponent': { en: 'unrated opponent', fr: 'adversaire non classé' },
    finding: { en: 'excluded by a check', fr: 'exclue par un contrôle' },
    'first-event': { en: 'first event rule', fr: 'règle du premier tournoi' },
    'fast-game': { en: 'not rated (600-point rule)', fr: 'non classée (règle des 600 points)' }
  }
  return code ? (words[code]?.[locale] ?? code) : ''
}

/** The most one of a player's files holds: a page stays under the 200 KB a request may carry, its frame included. */
export const PLAYER_FILE_BUDGET = 150_000

/**
 * A player's files in both languages (their HTML, its UTF-8 bytes measured against the budget): his page (facts, lines, chart, the newest calculation sheets) and, when his
 * sheets over the years would make it too big, further pages of older sheets (`<id>-2.html`, …), split the same way
 * in both languages so that the language switch lands on the same page.
 */
export function playerPagesHtml(federation: string, p: SitePlayer, budget = PLAYER_FILE_BUDGET): [string, string][] {
  return playerPagesText(federation, p, budget).map(([path, text]) => [path, typeof text === 'string' ? text : text.map(String).join('')])
}

/**
 * playerPagesHtml's pages as they are written: a page that keeps sections as bytes from the player's previous file
 * is its parts in order (the bytes never decoded nor encoded again); the others, one string.
 */
export function playerPagesText(federation: string, p: SitePlayer, budget = PLAYER_FILE_BUDGET): [string, PageText][] {
  const sheets = [...p.sheets].reverse()
  const opponents = new Map<SheetGame, string>()
  const sections = new Map(SITE_LOCALES.map((loc) => [loc, sheets.map((s) => ('kept' in s ? s.kept[loc] : sheetSection({ locale: loc, path: p.page }, s, opponents)))]))
  // one page when it fits (nearly every player): the bytes measured are the bytes written
  const whole: [string, (string | Buffer)[]][] = SITE_LOCALES.map((loc) => {
    const ref: PageRef = { locale: loc, path: p.page }
    const { head, tail } = pageFrame(ref, { federation, title: p.name })
    const mine = sections.get(loc)!
    const parts: (string | Buffer)[] = [head + playerBodyHead(ref, p, () => null) + (mine.length ? `${sheetsHeading(loc, L(loc).player.sheets)}\n` : '')]
    mine.forEach((s, i) => {
      if (i) parts.push('\n')
      parts.push(s)
    })
    parts.push(tail)
    return [`${loc}/${p.page}`, parts]
  })
  // the bound (three bytes a UTF-16 unit) first: a page's bytes measured exactly only when it is over the budget
  const fits = (parts: readonly (string | Buffer)[]): boolean =>
    pageTextBound(parts) <= budget || pageTextBytes(parts) <= budget
  if (whole.every(([, parts]) => fits(parts))) {
    return whole.map(([path, parts]) => [path, parts.every((x) => typeof x === 'string') ? parts.join('') : mergeStrings(parts)])
  }
  return playerPagesSplit(federation, p, sheets, new Map([...sections].map(([loc, list]) => [loc, list.map(String)])), budget)
}

/** Parts with the strings between two kept byte sections joined (fewer, longer writes). */
function mergeStrings(parts: readonly (string | Buffer)[]): (string | Buffer)[] {
  const out: (string | Buffer)[] = []
  for (const x of parts) {
    const last = out.length - 1
    if (typeof x === 'string' && typeof out[last] === 'string') out[last] += x
    else out.push(x)
  }
  return out
}

/** A player whose sheets need more than his page: the first page and pages of older sheets, each one string. */
function playerPagesSplit(federation: string, p: SitePlayer, sheets: readonly (SiteSheet | KeptSheet)[], sections: Map<SiteLocale, string[]>, budget: number): [string, string][] {
  const pages = splitSheets(federation, p, sections, budget)
  const out: [string, string][] = []
  for (const loc of SITE_LOCALES) {
    const ref: PageRef = { locale: loc, path: p.page }
    const mine = sections.get(loc)!
    const where = new Map<number, string>()
    pages.forEach((idx, k) => {
      for (const i of idx) where.set(sheets[i]!.list.id, k === 0 ? `#sheet-${sheets[i]!.list.id}` : `${sheetsPageName(p.id, k + 1)}#sheet-${sheets[i]!.list.id}`)
    })
    const nav = sheetsNav(ref, p, pages.length, 1)
    out.push([`${loc}/${p.page}`, page(ref, { federation, title: p.name, body: `${playerBody(ref, p, pages[0]!.map((i) => mine[i]!), (listId) => where.get(listId) ?? null)}\n${nav}` })])
    for (let k = 1; k < pages.length; k++) {
      const path = p.page.replace(/[^/]+$/, sheetsPageName(p.id, k + 1))
      const r: PageRef = { locale: loc, path }
      const l = L(loc)
      const body = `<h1 data-testid="player-name">${link(rel(r, p.page), p.name)}</h1>
${sheetsHeading(loc, l.player.sheetPage(k + 1, pages.length))}
${sheetsNav(r, p, pages.length, k + 1)}
${pages[k]!.map((i) => mine[i]!).join('\n')}`
      out.push([`${loc}/${path}`, page(r, { federation, title: `${p.name} · ${l.player.sheetPage(k + 1, pages.length)}`, body })])
    }
  }
  return out
}

/** The file name of a player's k-th page of sheets (k ≥ 2), in his page's folder. */
function sheetsPageName(id: number, k: number): string {
  return `${id}-${k}.html`
}

/** Links to a player's pages of sheets (the current one unlinked). */
function sheetsNav(ref: PageRef, p: SitePlayer, count: number, current: number): string {
  const l = L(ref.locale).player
  const items = Array.from({ length: count }, (_, i) => i + 1).map((k) => {
    const text = l.sheetPage(k, count)
    if (k === current) return `<li aria-current="page">${esc(text)}</li>`
    return `<li>${link(k === 1 ? rel(ref, p.page) : sheetsPageName(p.id, k), k === 1 ? l.backToPlayer : text)}</li>`
  })
  return `<nav aria-label="${esc(l.sheetPages)}"><ul class="inline" data-testid="sheet-pages">${items.join('')}</ul></nav>`
}

/**
 * Which sheets (indexes, newest first) go on which page: the first page holds what fits beside his lines, the next
 * pages as many as fit each; the sizes are the bigger of the two languages', so both split alike.
 */
function splitSheets(federation: string, p: SitePlayer, sections: Map<SiteLocale, string[]>, budget: number): number[][] {
  const size = (f: (loc: SiteLocale) => string): number => Math.max(...SITE_LOCALES.map((loc) => Buffer.byteLength(f(loc))))
  const count = sections.get('en')!.length
  const sheetSize = Array.from({ length: count }, (_, i) => size((loc) => sections.get(loc)![i]!) + 1)
  // room for the links that point to another page and for the pages' navigation
  const slack = 400 + 60 * count
  const first = size((loc) => page({ locale: loc, path: p.page }, { federation, title: p.name, body: playerBody({ locale: loc, path: p.page }, p, [], () => null) })) + slack
  const next = size((loc) => page({ locale: loc, path: p.page }, { federation, title: p.name, body: '' })) + slack
  const pages: number[][] = [[]]
  let used = first
  for (let i = 0; i < count; i++) {
    // a page of sheets is never left empty: a sheet bigger than a page has one to itself
    if (used + sheetSize[i]! > budget && (pages.length === 1 || pages[pages.length - 1]!.length > 0)) {
      pages.push([])
      used = next
    }
    pages[pages.length - 1]!.push(i)
    used += sheetSize[i]!
  }
  return pages
}

/** What a player's pages show the same in every language: his lines by chain, their runs and charts' drawings, which lists have a sheet. */
interface PlayerParts {
  chains: { key: string; rows: HistoryRow[]; runs: HistoryRow[][]; rated: HistoryRow[]; drawing: ChartDrawing | null }[]
  sheetLists: Set<number>
}
const partsOf = new WeakMap<SitePlayer, PlayerParts>()

function playerParts(p: SitePlayer): PlayerParts {
  let parts = partsOf.get(p)
  if (parts) return parts
  const byChain = new Map<string, HistoryRow[]>()
  for (const h of p.history) {
    const k = `${h.ratingType}|${h.source}`
    if (!byChain.has(k)) byChain.set(k, [])
    byChain.get(k)!.push(h)
  }
  const chains = [...byChain.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rows]) => {
      const runs = historyRuns(rows)
      const rated = runs.filter((r) => r[0]!.rating !== null).map((r) => r[0]!)
      return { key, rows, runs, rated, drawing: chartDrawing(rated.map((r) => ({ date: r.listDate, rating: r.rating! }))) }
    })
  parts = { chains, sheetLists: new Set(p.sheets.filter((s) => ('kept' in s ? keptHasSheet(s) : s.view.sheet)).map((s) => s.list.id)) }
  partsOf.set(p, parts)
  return parts
}

/** A player's page body: his facts, his line on every list (a table and a chart), the given sheets' sections. */
function playerBody(ref: PageRef, p: SitePlayer, sheets: readonly string[], sheetHref: (listId: number) => string | null): string {
  return playerBodyHead(ref, p, sheetHref) + (sheets.length ? `${sheetsHeading(ref.locale, L(ref.locale).player.sheets)}\n${sheets.join('\n')}` : '')
}

/** A player's page body before his sheets' heading: his facts, his lines' tables and charts. */
function playerBodyHead(ref: PageRef, p: SitePlayer, sheetHref: (listId: number) => string | null): string {
  const locale = ref.locale
  const l = L(locale)
  const P = l.player
  const facts: [string, string][] = []
  if (p.fideId) facts.push(['FIDE ID', String(p.fideId)])
  if (p.federation) facts.push([l.col.federation, p.federation])
  const titles = [p.title, p.womanTitle && p.womanTitle !== p.title ? p.womanTitle : null, p.otherTitles].filter(Boolean).join(', ')
  if (titles) facts.push([P.titles, titles])
  if (p.birthYear !== null) facts.push([P.born, String(p.birthYear)])
  if (p.sex !== null) facts.push([P.sex, p.sex])
  const { chains, sheetLists } = playerParts(p)
  const href = (listId: number): string => sheetHref(listId) ?? `#sheet-${listId}`
  const sections = chains.map(({ key: k, rows, runs, rated, drawing }) => {
      const type = l.ratingType[rows[0]!.ratingType]
      const newest = p.newest[k]
      const table_ = table(
        esc(type),
        [P.from, P.to, l.col.rating, l.col.games, l.col.k, l.col.title, l.col.flag].map(esc),
        runs.map((run) => {
          const first = run[0]!
          const lastOne = run[run.length - 1]!
          const to = lastOne.listId === newest ? P.toDate : day(lastOne.listDate, locale, 'short')
          const from = sheetLists.has(first.listId) ? `<a href="${href(first.listId)}">${esc(day(first.listDate, locale, 'short'))}</a>` : esc(day(first.listDate, locale, 'short'))
          return [from, esc(to), esc(first.rating ?? (first.delisted ? '' : P.unrated)), esc(first.games ?? ''), esc(first.k ?? ''), esc(first.title ?? ''), esc(lineFlags(first, locale))]
        }),
        { kind: 'hist', testId: `history-${rows[0]!.ratingType}` }
      )
      const points = rated.map((r) => ({ date: r.listDate, rating: r.rating!, label: `${day(r.listDate, locale, 'short')}: ${r.rating}` }))
      return `<section class="history"><h3>${esc(type)}</h3>${ratingChart(points, P.chart(type), `chart-${rows[0]!.ratingType}-${rows[0]!.source}`.replace(/[^A-Za-z0-9-]/g, '-'), drawing) || `<p class="muted">${esc(P.chartEmpty)}</p>`}${table_}</section>`
    })
  return `<h1 data-testid="player-name">${esc(p.name)}</h1>
<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>
<h2>${esc(P.history)}</h2>
<p class="muted">${esc(P.historyNote)}</p>
${sections.join('\n')}
`
}

/** The search page: the results come from the script (the index's small files); without it, a way round. */
export function searchPageHtml(ref: PageRef, federation: string): string {
  const l = L(ref.locale)
  const body = `<h1>${esc(l.searchTitle)}</h1>
<p class="muted">${esc(l.searchHint)}</p>
<noscript><p class="notice">${esc(l.searchNoJs)}</p></noscript>
<div id="results" data-testid="search-results" aria-live="polite" data-none="${esc(l.searchNone)}" data-more="${esc(l.searchMore)}" data-count-one="${esc(l.searchCount(1))}" data-count-many="${esc(l.searchCount(2).replace('2', '{n}'))}" data-root="${esc(toRoot(ref, ''))}" data-locale="${ref.locale}"></div>`
  return page(ref, { federation, title: l.searchTitle, body })
}
