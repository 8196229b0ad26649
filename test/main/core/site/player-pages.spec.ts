// A player's page and a list's pages of calculation sheets on the public website, each under the 200 KB a request may
// carry: a player with a sheet on every monthly list for twenty years has one page (his lines, his newest sheet whole,
// a link from every other line to its list's page of sheets); a list's sheets are cut into pages by their stored
// bytes (so that a sheet keeps its address whatever names change), every sheet once, each page under the cap even
// with long names, and a page of sections rendered apart is written in place as the same bytes.
import { describe, expect, it } from 'vitest'
import { listSheetSection, playerPagesHtml, sheetsPageText } from '../../../../src/main/core/site/pages'
import { joinPageText, pageTextBound, pageTextBytes, sheetAnchor, sheetCuts, sheetPageOf, sheetsPage, SHEETS_PAGE_WEIGHT, SHEET_FRAME_WEIGHT, writePageText } from '../../../../src/main/core/site/model'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'
import type { SiteList, SitePlayer, SiteSheet } from '../../../../src/main/core/site/model'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import type { HistoryRow } from '../../../../src/shared/contract/archive'

const PUBLISHER = { origin: 'office' as const, name: 'Fédération française des échecs', code: 'FRA', recorded: true, rules: null }

function listDate(l: number): string {
  return `${2006 + Math.floor((l - 1) / 12)}-${String(((l - 1) % 12) + 1).padStart(2, '0')}-01`
}

function list(l: number, last: number): SiteList {
  return { id: l, listDate: listDate(l), ratingType: 'standard', source: 'FRA', version: 1, supersedesId: null, supersededBy: null, reason: null, supersededReason: null, publisher: PUBLISHER, entries: 3000, current: l === last }
}

/** His sheet on list l: two tournaments of nine games (a busy month), against players 1000 + g. */
function sheet(l: number): CalculationSheet {
  const tournament = (t: number) => ({
    tournamentId: l * 10 + t, name: `Open ${listDate(l)} ${t}`, start: listDate(l - 1), end: listDate(l - 1), edition: 'fide-2024', system: 'swiss', late: false, slice: null,
    rating: 2000 + l, ratingListId: l - 1, n: 9, w: 4.5, we: 4.4, chg: 0.1, k: 20, kChg: 2, event: null, notes: [],
    games: Array.from({ length: 9 }, (_, g) => ({ round: g + 1, opponentId: 1000 + g, opponentRating: 1990 + g, opponentListId: l - 1, score: g % 2, counted: true, notCounted: null, ratingUsed: 1990 + g, capped: false, d: 10 - g, pd: 0.51, chg: (g % 2) - 0.51, note: null }))
  })
  return {
    playerId: 7, listDate: listDate(l), edition: 'fide-2024', base: { listId: l - 1, rating: 2000 + l, k: 20, status: 'rated', flags: null },
    tournaments: [tournament(1), tournament(2)], periodGames: 18, changeExact: 4, change: 4, compression: null, firstRating: null, rating: 2004 + l, status: 'rated', flags: null, kNext: { k: 20, note: null }, notes: []
  } as unknown as CalculationSheet
}

/** His sheet on list l as the site shows it, his opponents named `name(g)`. */
function siteSheet(l: SiteList, name = (g: number) => `Opponent ${g}, Émile`): SiteSheet {
  return {
    list: l,
    view: {
      sheet: sheet(l.id),
      references: { players: Array.from({ length: 9 }, (_, g) => ({ id: 1000 + g, fideId: 2_000_000 + g, name: name(g) })), lists: [{ id: l.id - 1, listDate: listDate(l.id - 1), ratingType: 'standard', version: 1 }] },
      rounding: { en: 'FIDE Rating Regulations 2024, § 8.3.4', fr: 'Règlement FIDE du classement 2024, § 8.3.4' },
      caps: []
    },
    rules: {},
    tournamentPages: {},
    opponentPage: (id: number) => (id >= 1000 && id < 1009 ? `players/${(id % 256).toString(16).padStart(2, '0')}/${id}.html` : null),
    withheld: new Set<number>()
  }
}

/** A player with a line on `lists` monthly lists and a sheet on each but the first; his page shows the newest. */
function player(lists: number): SitePlayer {
  const all = Array.from({ length: lists }, (_, i) => list(i + 1, lists))
  const sheets = all.slice(1).map((l) => siteSheet(l))
  const history: HistoryRow[] = all.map((l) => ({ listId: l.id, listDate: l.listDate, kind: 'office', status: 'published', source: 'FRA', ratingType: 'standard', version: 1, rating: 2004 + l.id, games: 18, k: 20, flags: null, delisted: false, title: null, federation: 'FRA', publisher: PUBLISHER }))
  // the lists' pages of sheets: page (l mod 3) + 1 of list l
  const sheetHref = (listId: number): string | null => (listId >= 2 && listId <= lists ? `${sheetsPage(listId, (listId % 3) + 1)}#${sheetAnchor(7)}` : null)
  return { id: 7, page: 'players/07/7.html', fideId: 651_000_7, name: 'Lefèvre, Jean', federation: 'FRA', title: null, womanTitle: null, otherTitles: null, sex: null, birthYear: null, history, newest: { 'standard|FRA': lists }, sheets: sheets.slice(-1), sheetHref }
}

describe('a player’s page', () => {
  it('holds his lines and his newest sheet whole, under the cap after twenty years, every other line linking to its list’s page of sheets', () => {
    const p = player(240) // twenty years of monthly lists: 239 sheets of 18 games
    const written = playerPagesHtml('Fédération française des échecs', p)
    expect(written.map(([path]) => path)).toEqual(['en/players/07/7.html', 'fr/players/07/7.html'])
    for (const [path, html] of written) {
      expect(Buffer.byteLength(html), path).toBeLessThan(200_000)
      // the newest sheet on the page, no other
      expect([...html.matchAll(/<section class="sheet" id="([^"]+)">/g)].map((m) => m[1])).toEqual(['sheet-240'])
      expect(html).toContain('<a href="#sheet-240">')
      // every other line with a sheet leads to its list's page of sheets, at his section
      const links = [...html.matchAll(/<a href="\.\.\/\.\.\/sheets\/(\d+)\/(\d+)\.html#p7">/g)]
      expect(links.map((m) => Number(m[1]))).toEqual(Array.from({ length: 238 }, (_, i) => 239 - i).reverse().sort((a, b) => a - b))
      for (const [, l, k] of links) expect(Number(k)).toBe((Number(l) % 3) + 1)
    }
    expect(written[0]![1]).toContain('How his latest rating was calculated')
    expect(written[1]![1]).toContain('Comment son dernier classement a été calculé')
  })

  it('links no line of a player without a sheet, and shows no sheet heading', () => {
    const p = { ...player(13), sheets: [], sheetHref: () => null }
    const [[, en]] = playerPagesHtml('Fédération française des échecs', p) as [[string, string]]
    expect(en).not.toContain('<section class="sheet"')
    expect(en).not.toContain('href="#sheet-')
    expect(en).not.toContain('How his latest rating was calculated')
  })
})

describe('a list’s pages of sheets', () => {
  const l = list(50, 50)
  /** Holders 1…n with this sheet, their sections rendered with opponents named `name`. */
  const pagesOf = (n: number, name?: (g: number) => string) => {
    const weights = Array.from({ length: n }, (_, i) => ({ holder: i + 1, weight: packSheet(sheet(50)).length }))
    const cuts = sheetCuts(weights)
    const pages: [string, string][] = []
    for (const loc of ['en', 'fr'] as const) {
      for (let k = 1; k <= cuts.length; k++) {
        const ref = { locale: loc, path: sheetsPage(l.id, k) }
        const opponents: (string | undefined)[] = []
        const holders = weights.map((w) => w.holder).filter((h) => sheetPageOf(cuts, h) === k)
        const sections = holders.map((h) => listSheetSection(ref, { id: h, name: `Holder ${h}, Jean`, fideId: 600_000 + h, page: `players/00/${h}.html` }, siteSheet(l, name), opponents))
        pages.push([`${loc}/${ref.path}`, String(joinPageText(sheetsPageText(ref, 'Fédération française des échecs', l, k, k < cuts.length, sections)))])
      }
    }
    return { cuts, pages }
  }

  it('cuts a list’s sheets by their stored bytes: every sheet once, in holders’ order, each page under the cap even with long names', () => {
    const { cuts, pages } = pagesOf(400)
    expect(cuts.length).toBeGreaterThan(5)
    const sizes = pages.map(([, html]) => Buffer.byteLength(html))
    expect(Math.max(...sizes)).toBeLessThan(150_000)
    for (const loc of ['en', 'fr']) {
      const mine = pages.filter(([path]) => path.startsWith(`${loc}/`))
      const holders = mine.flatMap(([, html]) => [...html.matchAll(/<section class="sheet" id="p(\d+)">/g)].map((m) => Number(m[1])))
      expect(holders).toEqual(Array.from({ length: 400 }, (_, i) => i + 1))
      // a page links to the list, to the page before and after it
      expect(mine[1]![1]).toContain(`href="1.html"`)
      expect(mine[1]![1]).toContain(`href="3.html"`)
      expect(mine[mine.length - 1]![1]).not.toContain(`href="${cuts.length + 1}.html"`)
    }
    expect(pages[0]![1]).toContain(`Calculation sheets · Standard rating list of 1 February 2010 · page 1`)
    // opponents' names of 60 letters: the same cuts, the pages still under the 200 KB a request may carry
    const long = pagesOf(400, (g) => `${'Abcdefghij'.repeat(5)} ${g}, Émilienne-Marguerite`)
    expect(long.cuts).toEqual(cuts)
    expect(Math.max(...long.pages.map(([, html]) => Buffer.byteLength(html)))).toBeLessThan(200_000)
  })

  it('keeps a holder’s sheets on one page, finds the page of any holder, and gives an empty list no page', () => {
    const w = (holder: number, weight: number) => ({ holder, weight })
    const half = SHEETS_PAGE_WEIGHT / 2 - SHEET_FRAME_WEIGHT
    // 1 and 2 fill a page; 3's two sheets (a merge left two behind one line) go together on the next
    const cuts = sheetCuts([w(1, half), w(2, half), w(3, half), w(3, half), w(8, 10)])
    expect(cuts).toEqual([1, 3, 8])
    expect([1, 2, 3, 5, 8, 100].map((h) => sheetPageOf(cuts, h))).toEqual([1, 1, 2, 2, 3, 3])
    // a sheet heavier than a page has one to itself
    expect(sheetCuts([w(1, 10), w(2, 5 * SHEETS_PAGE_WEIGHT), w(3, 10)])).toEqual([1, 2, 3])
    expect(sheetCuts([])).toEqual([])
  })

  it('writes a page of sections rendered apart (bytes among its text) in place, as the same bytes, never cut short', () => {
    const ref = { locale: 'fr' as const, path: sheetsPage(l.id, 2) }
    const sections = [1, 2, 3].map((h) => listSheetSection(ref, { id: h, name: `Holder ${h}, Jean`, fideId: null, page: `players/00/${h}.html` }, siteSheet(l), []))
    const whole = String(joinPageText(sheetsPageText(ref, 'FFE', l, 2, false, sections)))
    const t = sheetsPageText(ref, 'FFE', l, 2, false, sections.map((x, i) => (i === 1 ? Buffer.from(x) : x)))
    expect(typeof t).not.toBe('string')
    const bytes = Buffer.alloc(pageTextBound(t) + 7)
    const size = writePageText(t, bytes, 7)
    expect(size).toBe(pageTextBytes(t))
    expect(bytes.subarray(7, 7 + size).equals(Buffer.from(whole))).toBe(true)
    expect(() => writePageText(t, Buffer.alloc(size - 1), 0)).toThrow(/a page of \d+ bytes written where \d+ are left/)
    // no sheet left on a page (every holder withheld since): the page says so
    expect(String(joinPageText(sheetsPageText(ref, 'FFE', l, 2, false, [])))).toContain('Aucune fiche de calcul n’est publiée sur cette page.')
  })
})
