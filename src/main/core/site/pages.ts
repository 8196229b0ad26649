// The public website's pages, rendered from the site model (model.ts) in one language: the home page (the lists in
// force with their top lists), every published list, a list's page and its federation and region pages, a player's
// page (his line on every list as a table and a chart, and each published rating's calculation sheet), a rated
// tournament's page (its crosstable), the search page. Every text is escaped; every link is relative.
import type { CalculationSheet, SheetGame, SheetTournament } from '../lists/types'
import type { HistoryRow } from '../../../shared/contract/archive'
import { SITE_LABELS, SITE_LOCALES, type SiteLocale } from './labels'
import { day, esc, num, page, pageFrame, rel, signed, table, tableFrame, toRoot, type PageRef } from './html'
import { chartDrawing, ratingChart, type ChartDrawing } from './chart'
import { listPage, type ListPageModel, type PageText, sheetAnchor, sheetsPage, type SiteList, type SitePlayer, type SiteSheet, type SubListModel, type TopBlock } from './model'

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
${m.sheets ? `<p>${link(rel(ref, m.sheets), l.listSheets, 'list-sheets')}</p>` : ''}
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

/** Where a sheet's section stands: its anchor and its heading (the list on a player's page, the player on a list's). */
interface SectionHead {
  id: string
  head: string
}

/** A sheet's section on its player's page: the list it is the sheet of. */
function playerSectionHead(ref: PageRef, s: SiteSheet): SectionHead {
  const l = L(ref.locale)
  const title = l.player.sheetOf(l.ratingType[s.list.ratingType], day(s.list.listDate, ref.locale))
  return { id: `sheet-${s.list.id}`, head: `<h3>${esc(title)}${s.list.version > 1 ? ` <span class="muted">(${esc(l.version(s.list.version))})</span>` : ''}</h3>` }
}

/** A player's calculation sheet on his list's page of sheets: headed by his name (linked to his page) and FIDE ID. */
export function listSheetSection(ref: PageRef, owner: { id: number; name: string; fideId: number | null; page: string }, s: SiteSheet, opponents: OpponentCells): string {
  const head = `<h3>${link(rel(ref, owner.page), owner.name)}${owner.fideId ? ` <small>${esc(owner.fideId)}</small>` : ''}</h3>`
  return sheetSection(ref, s, opponents, { id: sheetAnchor(owner.id), head })
}

/**
 * The opponents' cells of sheets already rendered, by player id (an array: a build's cache holds every player, and
 * the registry's ids are dense).
 */
export type OpponentCells = (string | undefined)[]

/**
 * A sheet's section in one language. `opponents` holds the opponents' cells already rendered, by player (the same in
 * both languages and on every page of the same folders: his name linked to his page, his FIDE ID).
 */
function sheetSection(ref: PageRef, s: SiteSheet, opponents: OpponentCells, where: SectionHead = playerSectionHead(ref, s)): string {
  const locale = ref.locale
  const l = L(locale)
  const S = l.sheet
  const F = sheetFragments(locale)
  const sheet = s.view.sheet as CalculationSheet | null
  const head = where.head
  if (!sheet) return `<section class="sheet" id="${where.id}">${head}<p class="muted">${esc(l.player.sheetNone)}</p></section>`
  const refs = s.view.references
  // the date of the list a rating came from, and escaped (most of a sheet's ratings come from one list)
  let lastList: number | null = null
  let lastDate = ''
  let lastHtml = ''
  const listOf = (id: number | null): string => {
    if (id === null) return ''
    if (id !== lastList) {
      lastList = id
      lastDate = ''
      for (const x of refs.lists) if (x.id === id) lastDate = day(x.listDate, locale, 'short')
      lastHtml = esc(lastDate)
    }
    return lastDate
  }
  const listHtml = (id: number | null): string => {
    if (id === null) return ''
    listOf(id)
    return lastHtml
  }
  const opponent = (g: SheetGame): string => {
    const id = g.opponentId
    if (id === null) return ''
    if (s.withheld.has(id)) return F.withheld
    let html = opponents[id]
    if (html !== undefined) return html
    let p: (typeof refs.players)[number] | undefined
    for (const x of refs.players) if (x.id === id) p = x
    if (!p) return ''
    const href = s.opponentPage(id)
    html = `${href ? link(rel(ref, href), p.name) : esc(p.name)}${p.fideId ? ` <small>${p.fideId}</small>` : ''}`
    opponents[id] = html
    return html
  }
  const tournament = (t: SheetTournament): string => {
    const rules = s.rules[t.edition]
    const rule = t.rating !== null ? cite(rules?.change, locale) : cite(rules?.unrated, locale)
    const tPage = s.tournamentPages[t.tournamentId]
    // the rows written straight into the body (no array per row): figures need no escaping, texts are escaped
    let rows = ''
    for (const g of t.games) {
      rows += `${rows ? '\n' : ''}<tr><td>${g.round}<td>${opponent(g)}<td>${g.opponentRating ?? '–'}<td>${listHtml(g.opponentListId)}<td>${num(g.score, locale)}<td>${g.d === null ? '' : num(g.d, locale)}${g.capped ? '*' : ''}<td>${g.pd === null ? '' : num(g.pd, locale, 2)}<td>${g.chg === null ? '' : signed(g.chg, locale, 2)}<td>${g.counted ? '' : esc(notCounted(g.notCounted, locale))}`
    }
    const figures =
      t.rating !== null
        ? `<p>${esc(S.ratingUsed(t.rating, listOf(t.ratingListId)))}</p><p class="fig">${esc(S.figures(t.n, num(t.w, locale), num(t.we, locale, 2), signed(t.chg, locale, 2), String(t.k ?? '–'), signed(t.kChg, locale, 2)))}</p>`
        : `<p>${esc(S.playedUnrated)}</p><p class="fig">${esc(S.unratedFigures(t.n, num(t.w, locale), num(t.event?.ra ?? null, locale), num(t.event?.ru ?? null, locale)))}</p>`
    const name = esc(t.name)
    return `<h4>${tPage ? link(rel(ref, tPage), t.name) : name} <span class="muted">${t.start ? esc(day(t.start, locale, 'short')) : ''} – ${t.end ? esc(day(t.end, locale, 'short')) : ''}</span></h4>
${figures}
${rule ? `${F.ruleOpen}${esc(rule)}</p>\n` : ''}${F.games.open}${name}${F.games.head}${rows}${F.games.close}`
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
  const baseList = listHtml(sheet.base.listId)
  // the legend of the columns stands once above the sheets (sheetsLegend); a sheet adds its caps' citations
  const caps = s.view.caps.length ? `\n<p class="legend">${s.view.caps.map((cp) => esc(`* ${cp.points}${l.colon}${cp.citation[locale]}`)).join(' ')}</p>` : ''
  let tournaments = ''
  for (const t of sheet.tournaments) tournaments += `${tournament(t)}\n`
  return `<section class="sheet" id="${where.id}">
${head}
${F.baseOpen}${sheet.base.rating === null ? F.unrated : `${sheet.base.rating}, K ${sheet.base.k ?? '–'}`}${baseList ? ` (${baseList})` : ''}</p>
${tournaments}${F.period}
${period}${caps}
</section>`
}

/** What every sheet's section of a language writes the same, escaped once. */
interface SheetFragments {
  baseOpen: string
  unrated: string
  ruleOpen: string
  period: string
  withheld: string
  games: { open: string; head: string; close: string }
}
const fragments = new Map<SiteLocale, SheetFragments>()
function sheetFragments(locale: SiteLocale): SheetFragments {
  let f = fragments.get(locale)
  if (!f) {
    const l = L(locale)
    const S = l.sheet
    fragments.set(
      locale,
      (f = {
        baseOpen: `<p class="muted">${esc(S.base)}${esc(l.colon)}`,
        unrated: esc(l.player.unrated),
        ruleOpen: `<p class="rule">${esc(S.follows)}${esc(l.colon)}`,
        period: `<h4>${esc(S.period)}</h4>`,
        withheld: `<em>${esc(S.withheld)}</em>`,
        games: tableFrame([S.col.round, S.col.opponent, l.col.rating, S.col.list, S.col.score, 'D', 'PD', 'ΔR', S.col.why].map(esc), { kind: 'games' })
      })
    )
  }
  return f
}

/** The legend of a sheet's columns, once above the sheets of a page. */
function sheetsLegend(locale: SiteLocale): string {
  return `<p class="legend">${esc(L(locale).sheet.legend)}</p>`
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

/**
 * A player's page in both languages: his facts, his line on every list (a table and a chart per chain; a row whose
 * list has his calculation sheet links to it), and his newest sheet whole.
 */
export function playerPagesHtml(federation: string, p: SitePlayer): [string, string][] {
  const opponents: OpponentCells = []
  const here = new Set(p.sheets.map((s) => s.list.id))
  return SITE_LOCALES.map((loc) => {
    const ref: PageRef = { locale: loc, path: p.page }
    const href = (listId: number): string | null => {
      if (here.has(listId)) return `#sheet-${listId}`
      const to = p.sheetHref(listId)
      return to === null ? null : rel(ref, to)
    }
    const sections = p.sheets.map((s) => sheetSection(ref, s, opponents))
    const body = playerBodyHead(ref, p, href) + (sections.length ? `<h2>${esc(L(loc).player.sheets)}</h2>\n<p class="muted">${esc(L(loc).player.sheetsNote)}</p>\n${sheetsLegend(loc)}\n${sections.join('\n')}` : '')
    return [`${loc}/${p.page}`, page(ref, { federation, title: p.name, body })]
  })
}

/**
 * A list's k-th page of calculation sheets in one language, around its sections (rendered apart, as text or bytes):
 * its title, a link to the list and to the pages before and after, the legend of the columns. Its parts in order.
 */
export function sheetsPageText(ref: PageRef, federation: string, list: SiteList, k: number, hasNext: boolean, sections: readonly (string | Buffer)[]): PageText {
  const l = L(ref.locale)
  const name = listName(list, ref.locale)
  const title = l.sheetsTitle(name, k)
  const items = [k > 1 ? `<li>${link(rel(ref, sheetsPage(list.id, k - 1)), l.sheetsPrev)}</li>` : '', hasNext ? `<li>${link(rel(ref, sheetsPage(list.id, k + 1)), l.sheetsNext)}</li>` : ''].join('')
  const nav = `<nav aria-label="${esc(l.sheetsNav)}"><ul class="inline" data-testid="sheet-pages"><li>${link(rel(ref, listPage(list.id)), name)}</li>${items}</ul></nav>`
  const { head, tail } = pageFrame(ref, { federation, title })
  const top = `${head}<h1>${esc(title)}</h1>
<p class="muted">${esc(l.sheetsIntro)}</p>
${nav}
${sheetsLegend(ref.locale)}
`
  if (!sections.length) return `${top}<p class="muted">${esc(l.sheetsEmpty)}</p>\n${nav}${tail}`
  const parts: (string | Buffer)[] = [top]
  sections.forEach((x, i) => {
    if (i) parts.push('\n')
    parts.push(x)
  })
  parts.push(`\n${nav}${tail}`)
  // its parts as they are: each is encoded straight into place when written, never joined into one string first
  return parts
}

/** What a player's pages show the same in every language: his lines by chain, their runs and charts' drawings, which lists have a sheet. */
interface PlayerParts {
  chains: { key: string; rows: HistoryRow[]; runs: HistoryRow[][]; rated: HistoryRow[]; drawing: ChartDrawing | null }[]
}
const partsOf = new WeakMap<SitePlayer, PlayerParts>()

function playerParts(p: SitePlayer): PlayerParts {
  let parts = partsOf.get(p)
  if (parts) return parts
  const byChain = new Map<string, HistoryRow[]>()
  // a chain's key is made only where a line's chain differs from the line's before (most players have one chain)
  let type: string | null = null
  let source: string | null = null
  let rows: HistoryRow[] = []
  for (const h of p.history) {
    if (h.ratingType !== type || h.source !== source) {
      type = h.ratingType
      source = h.source
      const k = `${type}|${source}`
      const had = byChain.get(k)
      if (had) rows = had
      else byChain.set(k, (rows = []))
    }
    rows.push(h)
  }
  const chains = [...byChain.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rows]) => {
      const runs = historyRuns(rows)
      const rated = runs.filter((r) => r[0]!.rating !== null).map((r) => r[0]!)
      return { key, rows, runs, rated, drawing: chartDrawing(rated.map((r) => ({ date: r.listDate, rating: r.rating! }))) }
    })
  parts = { chains }
  partsOf.set(p, parts)
  return parts
}

/** A player's page body before his sheets' heading: his facts, his lines' tables and charts (a row links to its list's sheet of his). */
function playerBodyHead(ref: PageRef, p: SitePlayer, href: (listId: number) => string | null): string {
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
  const { chains } = playerParts(p)
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
          const to_ = href(first.listId)
          const from = to_ !== null ? `<a href="${esc(to_)}">${esc(day(first.listDate, locale, 'short'))}</a>` : esc(day(first.listDate, locale, 'short'))
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
