// HTML of the public website: escaping (every text and attribute goes through esc), the page frame (language switch,
// navigation, search box, footer) and relative links, so that the site works from any folder of any web host.
import { SITE_LABELS, type SiteLocale } from './labels'
import { sheetDate } from '../exports/sheet-pdf'
import { formatFigure } from '../../../shared/formats'

/** Text or attribute value made safe for HTML. */
export function esc(s: string | number | null | undefined): string {
  if (s === null || s === undefined) return ''
  if (typeof s === 'number') return String(s)
  // most texts (figures, most names) hold nothing to escape: tested once, returned as they are
  if (!SPECIAL.test(s)) return s
  return s.replace(SPECIALS, (c) => ESCAPES[c]!)
}
const SPECIAL = /[&<>"']/
const SPECIALS = /[&<>"']/g
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** A date as the reader writes it: "1 October 2025", "1er octobre 2025". */
export function day(iso: string, locale: SiteLocale, month: 'long' | 'short' = 'long'): string {
  // a site has few dates and prints each thousands of times: Intl's formatter is built once per date
  const cache = days[locale][month]
  let text = cache.get(iso)
  if (text === undefined) cache.set(iso, (text = sheetDate(iso, locale, month)))
  return text
}
const days: Record<SiteLocale, Record<'long' | 'short', Map<string, string>>> = {
  en: { long: new Map(), short: new Map() },
  fr: { long: new Map(), short: new Map() }
}

/** A sheet's figure as the office's drawer and the sheet's PDF write it (shared formatFigure), each kept once written. */
export function num(n: number | null | undefined, locale: SiteLocale, digits?: number): string {
  if (n === null || n === undefined) return '–'
  // the sheets print the same few hundred figures (expected scores, differences) millions of times: each written once
  const cache = digits === undefined ? figures[locale][0] : digits === 1 || digits === 2 ? figures[locale][digits] : undefined
  let text = cache?.get(n)
  if (text !== undefined) return text
  text = formatFigure(n, locale, digits)
  if (cache && cache.size < FIGURES_KEPT) cache.set(n, text)
  return text
}
/** Figures written, by locale: as they are (index 0), with 1 or 2 decimals. */
const figures: Record<SiteLocale, (Map<number, string> | undefined)[]> = {
  en: [new Map(), new Map(), new Map()],
  fr: [new Map(), new Map(), new Map()]
}
const FIGURES_KEPT = 50_000

/** A change with its sign, as formatSigned writes it, from the kept figures. */
export function signed(n: number | null | undefined, locale: SiteLocale, digits?: number): string {
  if (n === null || n === undefined) return '–'
  return n > 0 ? `+${num(n, locale, digits)}` : num(n, locale, digits)
}

/** A page's place in the site: its path under the locale's folder ("players/0a/12.html"). */
export interface PageRef {
  locale: SiteLocale
  path: string
}

/** The link from one page of a locale to another path of the same locale: the shortest, from the folders they share. */
export function rel(from: PageRef, to: string): string {
  const f = from.path
  // the folders both paths begin with ("players/0a/" for two player pages of one folder) need not be climbed
  let shared = 0
  for (let i = 0; i < f.length && i < to.length && f.charCodeAt(i) === to.charCodeAt(i); i++) if (f.charCodeAt(i) === 47) shared = i + 1
  return UP[depthFrom(f, shared)] + (shared ? to.slice(shared) : to)
}

/** The link from a page to a file at the site's root (assets, data). */
export function toRoot(from: PageRef, to: string): string {
  return UP[depth(from.path) + 1] + to
}

/** The folders a page's path goes down (its slashes). */
function depth(path: string): number {
  return depthFrom(path, 0)
}

/** The folders a page's path goes down from character `start` on. */
function depthFrom(path: string, start: number): number {
  let n = 0
  for (let i = path.indexOf('/', start); i >= 0; i = path.indexOf('/', i + 1)) n++
  return n
}
const UP = Array.from({ length: 16 }, (_, i) => '../'.repeat(i))

export interface Frame {
  federation: string
  /** The page's own title (before the site's). */
  title: string
  body: string
  /** The search box's initial value (the search page). */
  query?: boolean
}

/** A whole page: head, skip link, navigation with the other language's same page, search box, main, footer. */
export function page(ref: PageRef, f: Frame): string {
  const { head, tail } = pageFrame(ref, f)
  return head + f.body + tail
}

/** A page's frame around its body: what `page` writes before it and after it. */
export function pageFrame(ref: PageRef, f: Omit<Frame, 'body'>): { head: string; tail: string } {
  const L = SITE_LABELS[ref.locale]
  const other: SiteLocale = ref.locale === 'en' ? 'fr' : 'en'
  const otherHref = toRoot(ref, `${other}/${ref.path}`)
  const siteTitle = L.siteTitle(f.federation)
  const head = `<!doctype html>
<html lang="${ref.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(f.title === siteTitle ? siteTitle : `${f.title} · ${siteTitle}`)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${esc(toRoot(ref, 'assets/site.css'))}">
<link rel="alternate" hreflang="${other}" href="${esc(otherHref)}">
</head>
<body>
<a class="skip" href="#main">${esc(L.skip)}</a>
<header class="top">
<p class="brand"><a href="${esc(rel(ref, 'index.html'))}">${esc(siteTitle)}</a></p>
<nav aria-label="${esc(L.navLabel)}"><ul>
<li><a href="${esc(rel(ref, 'index.html'))}">${esc(L.nav.home)}</a></li>
<li><a href="${esc(rel(ref, 'lists/index.html'))}">${esc(L.nav.lists)}</a></li>
<li><a href="${esc(otherHref)}" hreflang="${other}" lang="${other}" data-testid="site-lang">${esc(L.other)}</a></li>
</ul></nav>
<form class="search" role="search" action="${esc(rel(ref, 'search.html'))}" method="get">
<label for="q">${esc(L.searchLabel)}</label>
<input id="q" name="q" type="search" autocomplete="off" minlength="2" maxlength="60" data-testid="site-search-input">
<button type="submit">${esc(L.searchButton)}</button>
</form>
</header>
<main id="main">
`
  const tail = `
</main>
<footer><p>${esc(L.footer(f.federation))}</p></footer>
<script src="${esc(toRoot(ref, 'assets/site.js'))}" defer></script>
</body>
</html>
`
  return { head, tail }
}

/**
 * The right-aligned (numeric) columns of each kind of table the site repeats by the thousand, set once in the style
 * sheet (assets.ts) rather than on each of their millions of cells.
 */
export const NUMERIC_COLUMNS = {
  top: [0, 4, 5, 6, 7],
  lists: [3],
  games: [0, 2, 4, 5, 6, 7],
  hist: [2, 3, 4]
} as const satisfies Record<string, readonly number[]>
export type TableKind = keyof typeof NUMERIC_COLUMNS

/**
 * A table with a caption, head cells and rows of already escaped cells (or its body already rendered, each row
 * `<tr><td>…<td>…`). HTML's optional end tags are left out (a cell ends at the next one, a row at the next row).
 * A table of a `kind` has its numeric columns right-aligned by the style sheet; another marks them (`num`) on each cell.
 */
export function table(caption: string, head: readonly string[], rows: readonly (readonly string[])[] | string, o: TableOptions = {}): string {
  const numeric = new Set(o.kind ? [] : (o.num ?? []))
  let body = ''
  if (typeof rows === 'string') body = rows
  else {
    // each column's opening cell tag, made once for the table (a site has millions of cells)
    const open = head.map((_, i) => (numeric.has(i) ? '<td class="n">' : '<td>'))
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k]!
      let tr = k ? '\n<tr>' : '<tr>'
      for (let i = 0; i < r.length; i++) tr += (open[i] ?? (numeric.has(i) ? '<td class="n">' : '<td>')) + r[i]
      body += tr
    }
  }
  const t = tableFrame(head, o)
  return `${t.open}${caption}${t.head}${body}${t.close}`
}

export interface TableOptions {
  kind?: TableKind
  num?: readonly number[]
  testId?: string
  className?: string
}

/**
 * A table's markup around its caption's text and its body: `open` (to the caption), `head` (from the caption's end to
 * the body), `close`. A table repeated by the thousand (a sheet's games) takes them once.
 */
export function tableFrame(head: readonly string[], o: TableOptions = {}): { open: string; head: string; close: string } {
  const numeric = new Set(o.kind ? [] : (o.num ?? []))
  const className = o.kind ?? o.className
  let th = ''
  for (let i = 0; i < head.length; i++) th += numeric.has(i) ? `<th class="n">${head[i]}` : `<th>${head[i]}`
  return {
    open: `<table${className ? ` class="${className}"` : ''}${o.testId ? ` data-testid="${o.testId}"` : ''}>\n<caption>`,
    head: `</caption>\n<thead><tr>${th}</thead>\n<tbody>\n`,
    close: '\n</tbody>\n</table>'
  }
}
