// A player's files on the public website stay under the 200 KB a request may carry: a player with a calculation sheet
// on every monthly list for twenty years gets his older sheets on further pages, split alike in both languages; every
// link from his lines to a sheet reaches the file that holds it; a player with a few sheets keeps one page.
import { describe, expect, it } from 'vitest'
import { PLAYER_FILE_BUDGET, playerPagesHtml, playerPagesText } from '../../../../src/main/core/site/pages'
import { sheetSectionBytes } from '../../../../src/main/core/services/site-players'
import { joinPageText, pageTextBound, pageTextBytes, writePageText, type KeptSheet } from '../../../../src/main/core/site/model'
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

function player(lists: number): SitePlayer {
  const all = Array.from({ length: lists }, (_, i) => list(i + 1, lists))
  const sheets: SiteSheet[] = all.slice(1).map((l) => ({
    list: l,
    view: {
      sheet: sheet(l.id),
      references: { players: Array.from({ length: 9 }, (_, g) => ({ id: 1000 + g, fideId: 2_000_000 + g, name: `Opponent ${g}, Émile` })), lists: [{ id: l.id - 1, listDate: listDate(l.id - 1), ratingType: 'standard', version: 1 }] },
      rounding: { en: 'FIDE Rating Regulations 2024, § 8.3.4', fr: 'Règlement FIDE du classement 2024, § 8.3.4' },
      caps: []
    },
    rules: {},
    tournamentPages: {},
    opponentPage: (id: number) => (id >= 1000 && id < 1009 ? `players/${(id % 256).toString(16).padStart(2, '0')}/${id}.html` : null),
    withheld: new Set<number>()
  }))
  const history: HistoryRow[] = all.map((l) => ({ listId: l.id, listDate: l.listDate, kind: 'office', status: 'published', source: 'FRA', ratingType: 'standard', version: 1, rating: 2004 + l.id, games: 18, k: 20, flags: null, delisted: false, title: null, federation: 'FRA', publisher: PUBLISHER }))
  return { id: 7, page: 'players/07/7.html', fideId: 651_000_7, name: 'Lefèvre, Jean', federation: 'FRA', title: null, womanTitle: null, otherTitles: null, sex: null, birthYear: null, history, newest: { 'standard|FRA': lists }, sheets }
}

describe('a player’s files', () => {
  it('split a long career’s sheets into pages under the cap, alike in both languages, every sheet once and every link reaching it', () => {
    const p = player(240) // twenty years of monthly lists: 239 sheets of 18 games
    const written = playerPagesHtml('Fédération française des échecs', p)
    for (const [path, html] of written) {
      expect(Buffer.byteLength(html), path).toBeLessThanOrEqual(PLAYER_FILE_BUDGET)
      expect(Buffer.byteLength(html), path).toBeLessThan(200_000)
    }
    const files = written
    const en = files.filter(([path]) => path.startsWith('en/'))
    const fr = files.filter(([path]) => path.startsWith('fr/'))
    // about 1.1 MB of sheets in English: several pages, the same in French
    expect(en.length).toBeGreaterThan(5)
    expect(fr.map(([path]) => path.slice(3))).toEqual(en.map(([path]) => path.slice(3)))
    expect(en[0]![0]).toBe('en/players/07/7.html')
    expect(en[1]![0]).toBe('en/players/07/7-2.html')
    for (const locale of [en, fr]) {
      const holder = new Map<number, string>()
      for (const [path, html] of locale) {
        for (const m of html.matchAll(/<section class="sheet" id="sheet-(\d+)">/g)) {
          expect(holder.has(Number(m[1])), `sheet ${m[1]} twice`).toBe(false)
          holder.set(Number(m[1]), path.split('/').pop()!)
        }
      }
      expect([...holder.keys()].sort((a, b) => a - b)).toEqual(p.sheets.map((s) => s.list.id))
      // the newest sheets on his page, the oldest on the last page
      expect(holder.get(240)).toBe('7.html')
      expect(holder.get(2)).toBe(locale[locale.length - 1]![0].split('/').pop())
      // his lines link each sheet where it is
      const main = locale[0]![1]
      const links = [...main.matchAll(/<a href="([^"#]*)#sheet-(\d+)">/g)]
      expect(links.length).toBe(239)
      for (const [, file, id] of links) expect(file === '' ? '7.html' : file, `sheet ${id}`).toBe(holder.get(Number(id)))
      // each page of sheets names the player and links back to his page and to the other pages
      for (const [path, html] of locale.slice(1)) {
        expect(html, path).toContain('<h1 data-testid="player-name"><a href="7.html">Lefèvre, Jean</a></h1>')
        expect(html, path).toContain('data-testid="sheet-pages"')
      }
    }
    expect(en[2]![1]).toContain(`Calculation sheets, page 3 of ${en.length}`)
    expect(fr[2]![1]).toContain(`Fiches de calcul, page 3 sur ${fr.length}`)
  })

  it('keep one page for a player whose sheets fit, with links within it', () => {
    const files = playerPagesHtml('Fédération française des échecs', player(13))
    expect(files.map(([path]) => path)).toEqual(['en/players/07/7.html', 'fr/players/07/7.html'])
    expect(files[0]![1]).toContain('<a href="#sheet-13">')
    expect(files[0]![1]).not.toContain('sheet-pages')
  })

  it('write older sheets kept as the bytes of the previous files (a rebuild after a new list) as the same bytes, on one page or split', () => {
    for (const lists of [13, 241]) {
      const p = player(lists)
      const previous = playerPagesHtml('Fédération française des échecs', p)
      // the newest list's sheet rendered again; the others kept from the previous files, as bytes of them
      const sections = { en: new Map<number, Buffer>(), fr: new Map<number, Buffer>() }
      for (const [path, html] of previous) sheetSectionBytes(Buffer.from(html), sections[path.startsWith('en/') ? 'en' : 'fr'])
      expect(sections.en.size).toBe(lists - 1)
      const kept: (KeptSheet | (typeof p.sheets)[number])[] = p.sheets.map((s) => (s.list.id === lists ? s : { list: s.list, kept: { en: sections.en.get(s.list.id)!, fr: sections.fr.get(s.list.id)! } }))
      const text = playerPagesText('Fédération française des échecs', { ...p, sheets: kept })
      expect(text.map(([path]) => path)).toEqual(previous.map(([path]) => path))
      text.forEach(([, t], i) => {
        // written once, in place, into the room its bound gives (as a helper thread writes it into its chunk)
        const bytes = Buffer.alloc(pageTextBound(t) + 7)
        const size = writePageText(t, bytes, 7)
        expect(size).toBe(pageTextBytes(t))
        expect(bytes.subarray(7, 7 + size).equals(Buffer.from(previous[i]![1])), previous[i]![0]).toBe(true)
        expect(Buffer.from(joinPageText(t)).equals(Buffer.from(previous[i]![1])), previous[i]![0]).toBe(true)
        // never cut short: a page where it has no room is an error, not a truncated file
        expect(() => writePageText(t, Buffer.alloc(size - 1), 0)).toThrow(/a page of \d+ bytes written where \d+ are left/)
      })
      // one page: its parts hold the kept bytes as they are (never decoded); split: each page one string
      if (lists === 13) expect(text.every(([, t]) => typeof t !== 'string' && t.some((x) => Buffer.isBuffer(x)))).toBe(true)
      else expect(text.every(([, t]) => typeof t === 'string')).toBe(true)
    }
  })
})
