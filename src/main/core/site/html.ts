// HTML of the public website: escaping (every text and attribute goes through esc), the page frame (language switch,
// navigation, search box, footer) and relative links, so that the site works from any folder of any web host.
import { SITE_LABELS, type SiteLocale } from './labels'
import { sheetDate } from '../exports/sheet-pdf'

/** Text or attribute value made safe for HTML. */
export function esc(s: string | number | null | undefined): string {
  if (s === null || s === undefined) return ''
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** A date as the reader writes it: "1 October 2025", "1er octobre 2025". */
export function day(iso: string, locale: SiteLocale, month: 'long' | 'short' = 'long'): string {
  // a site has few dates and prints each thousands of times: Intl's formatter is built once per date
  const key = `${iso}|${locale}|${month}`
  let text = days.get(key)
  if (text === undefined) days.set(key, (text = sheetDate(iso, locale, month)))
  return text
}
const days = new Map<string, string>()

/** A figure in the locale's decimals, with a real minus sign. */
export function num(n: number | null | undefined, locale: SiteLocale, digits?: number): string {
  if (n === null || n === undefined) return '–'
  const s = digits === undefined ? String(n) : n.toFixed(digits)
  return (locale === 'fr' ? s.replace('.', ',') : s).replace(/^-/, '−')
}

export function signed(n: number | null | undefined, locale: SiteLocale, digits?: number): string {
  if (n === null || n === undefined) return '–'
  return n > 0 ? `+${num(n, locale, digits)}` : num(n, locale, digits)
}

/** A page's place in the site: its path under the locale's folder ("players/0a/12.html"). */
export interface PageRef {
  locale: SiteLocale
  path: string
}

/** The link from one page of a locale to another path of the same locale. */
export function rel(from: PageRef, to: string): string {
  const depth = from.path.split('/').length - 1
  return '../'.repeat(depth) + to
}

/** The link from a page to a file at the site's root (assets, data). */
export function toRoot(from: PageRef, to: string): string {
  return '../'.repeat(from.path.split('/').length) + to
}

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
  const L = SITE_LABELS[ref.locale]
  const other: SiteLocale = ref.locale === 'en' ? 'fr' : 'en'
  const otherHref = toRoot(ref, `${other}/${ref.path}`)
  const siteTitle = L.siteTitle(f.federation)
  return `<!doctype html>
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
${f.body}
</main>
<footer><p>${esc(L.footer(f.federation))}</p></footer>
<script src="${esc(toRoot(ref, 'assets/site.js'))}" defer></script>
</body>
</html>
`
}

/** A table with a caption, head cells and rows of already escaped cells; `num` marks right-aligned columns. */
export function table(caption: string, head: readonly string[], rows: readonly (readonly string[])[], o: { num?: readonly number[]; testId?: string; className?: string } = {}): string {
  const numeric = new Set(o.num ?? [])
  const cls = (i: number) => (numeric.has(i) ? ' class="n"' : '')
  return `<table${o.className ? ` class="${o.className}"` : ''}${o.testId ? ` data-testid="${o.testId}"` : ''}>
<caption>${caption}</caption>
<thead><tr>${head.map((h, i) => `<th scope="col"${cls(i)}>${h}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table>`
}
