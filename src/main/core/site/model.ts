// What the public website is built from, as plain data: the published lists, each list's top lists, each player's
// lines and calculation sheets, each rated tournament's crosstable. The reader (services/site.ts) fills it from the
// office's own reads; the pages (pages.ts) only render it.
import type { ListPublisher } from '../../../shared/contract/lists'
import type { HistoryRow } from '../../../shared/contract/archive'
import type { SheetView } from '../../../shared/contract/office-lists'
import type { ExportCategory } from '../exports/types'
import type { JsonListPlayer } from '../exports/json'
import type { RoundEntry } from '../model/tournament'

export type Cited = { en: string; fr: string }

export interface SiteList {
  id: number
  listDate: string
  ratingType: 'standard' | 'rapid' | 'blitz'
  source: string
  version: number
  supersedesId: number | null
  /** The published version that replaced it, if any. */
  supersededBy: { id: number; version: number } | null
  /** The reason recorded with this list (a correction's reason on a new version). */
  reason: string | null
  /** The reason recorded with the version that replaced it. */
  supersededReason: string | null
  publisher: ListPublisher
  entries: number
  /** The list in force of its rating type and chain (the newest published, not superseded). */
  current: boolean
}

export const SITE_CATEGORIES: readonly ExportCategory[] = ['open', 'women', 'juniors', 'seniors']
export const TOP_SIZE = 100

export interface TopBlock {
  category: ExportCategory
  /** Public rows (privacy applied, withheld players left out), with the player's page when he has one. */
  rows: (JsonListPlayer & { page: string | null })[]
}

export interface ListPageModel {
  list: SiteList
  tops: TopBlock[]
  /** Federation and region pages (current lists only): their values and file stems. */
  federations: { value: string; stem: string }[]
  regions: { value: string; stem: string }[]
  /** The whole list's JSON (current lists), from the site's root. */
  json: string | null
  /** The first page of its calculation sheets, when it has some. */
  sheets: string | null
}

export interface SubListModel {
  list: SiteList
  kind: 'federation' | 'region'
  value: string
  stem: string
  tops: TopBlock[]
}

/** What a sheet's section shows of the office's sheet view (lists:sheet): the sheet, what it names, its citations. */
export type SiteSheetView = Pick<SheetView, 'sheet' | 'references' | 'rounding' | 'caps'>

export interface SiteSheet {
  list: SiteList
  view: SiteSheetView
  /** Each edition's rule a tournament follows: a rated player's change, an unrated player's event rating. */
  rules: Record<string, { change: Cited; unrated: Cited }>
  /** Tournament pages by tournament id (a tournament the site publishes). */
  tournamentPages: Record<number, string>
  /** An opponent's page (null: no page, or withheld): the site's one lookup, shared by every sheet. */
  opponentPage: (id: number) => string | null
  /** The players withheld from the site (shown so in the sheets): the site's one set, shared by every sheet. */
  withheld: ReadonlySet<number>
}

/** A page's text: one string, or its parts in order (strings, and sections' bytes rendered apart), written as one file. */
export type PageText = string | readonly (string | Buffer)[]

/** A page's size in UTF-8 bytes. */
export function pageTextBytes(text: PageText): number {
  if (typeof text === 'string') return Buffer.byteLength(text)
  let n = 0
  for (const part of text) n += typeof part === 'string' ? Buffer.byteLength(part) : part.length
  return n
}

/** At least a page's size in UTF-8 bytes, without encoding it: a UTF-16 unit is at most three bytes. */
export function pageTextBound(text: PageText): number {
  if (typeof text === 'string') return 3 * text.length
  let n = 0
  for (const part of text) n += typeof part === 'string' ? 3 * part.length : part.length
  return n
}

/**
 * Writes a page into `into` from `at` and returns its size in bytes; `into` has room for pageTextBound(text) from
 * `at` (a string is encoded once, straight into place, not measured first).
 */
export function writePageText(text: PageText, into: Buffer, at: number): number {
  const room = into.length - at
  if (pageTextBound(text) > room && pageTextBytes(text) > room) throw new Error(`a page of ${pageTextBytes(text)} bytes written where ${room} are left`)
  if (typeof text === 'string') return into.write(text, at, 'utf8')
  let to = at
  for (const part of text) to += typeof part === 'string' ? into.write(part, to, 'utf8') : part.copy(into, to)
  return to - at
}

/** A page of parts (bytes among its strings) as one buffer; a page of one string stays that string. */
export function joinPageText(text: PageText): string | Buffer {
  if (typeof text === 'string') return text
  const bytes = Buffer.allocUnsafe(pageTextBytes(text))
  writePageText(text, bytes, 0)
  return bytes
}

export interface SitePlayer {
  id: number
  page: string
  fideId: number | null
  name: string
  federation: string | null
  title: string | null
  womanTitle: string | null
  otherTitles: string | null
  sex: string | null
  birthYear: number | null
  /** His lines on the site's lists (superseded versions left out), oldest first. */
  history: HistoryRow[]
  /** The newest list of each rating type and chain ("type|source" → list id): a run reaching it is shown "to date". */
  newest: Record<string, number>
  /** His newest calculation sheet (his page shows it whole), or none. */
  sheets: SiteSheet[]
  /** Where each of his published sheets stands (from the locale's folder, with its anchor), by list id; null: none. */
  sheetHref: (listId: number) => string | null
}

export interface SiteTournamentPlayer {
  startRank: number
  name: string
  federation: string | null
  title: string | null
  rating: number | null
  points: number | null
  rank: number | null
  page: string | null
  withheld: boolean
  rounds: RoundEntry[]
}

export interface SiteTournament {
  id: number
  page: string
  name: string
  city: string | null
  federation: string | null
  start: string | null
  end: string | null
  ratedBy: SiteList[]
  rounds: number
  players: SiteTournamentPlayer[]
}

/** A player's page path (from the locale's folder): 256 folders, so no folder holds more than 1/256 of the players. */
export function playerPage(id: number): string {
  return `players/${(id % 256).toString(16).padStart(2, '0')}/${id}.html`
}

/**
 * The k-th page (from 1) of a list's calculation sheets: the sheets of a range of players, in the order of their
 * records; a player's sheet is the section `#p<id>` of the page whose range holds him.
 */
export function sheetsPage(listId: number, k: number): string {
  return `sheets/${listId}/${k}.html`
}

/** What a sheet weighs beside its stored bytes when a list's sheets are cut into pages: its section's frame. */
export const SHEET_FRAME_WEIGHT = 400

/**
 * The most a list's page of sheets weighs (its sheets' stored bytes and frames). A stored sheet renders to about two to
 * three times its bytes in a language (names and links in place of ids): a page of up to about 130 KB, 160 KB with
 * names of 60 letters (player-pages.spec.ts), under the 200 KB a request may carry. By stored bytes, not rendered
 * ones, so that where a page is cut depends on the list's sheets alone — never on a name edited or a player withheld
 * since — and a player's sheet keeps its address.
 */
export const SHEETS_PAGE_WEIGHT = 60_000

/**
 * Where a list's pages of sheets begin: the first holder of each page, for the list's sheets in holders' order (a
 * page holds sheets while their weight stays within SHEETS_PAGE_WEIGHT, and one sheet at least).
 */
export function sheetCuts(sheets: readonly { holder: number; weight: number }[]): number[] {
  const cuts: number[] = []
  let used = 0
  let last = -1
  for (const s of sheets) {
    const w = s.weight + SHEET_FRAME_WEIGHT
    // a holder's sheets stay on one page (a merge may leave two behind one line)
    if (s.holder !== last && (!cuts.length || used + w > SHEETS_PAGE_WEIGHT)) {
      cuts.push(s.holder)
      used = 0
    }
    used += w
    last = s.holder
  }
  return cuts
}

/** The page (from 1) of a list's sheets whose range holds `holder`: the last page that begins at or before him. */
export function sheetPageOf(cuts: readonly number[], holder: number): number {
  let lo = 0
  let hi = cuts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (cuts[mid]! <= holder) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

/** The anchor of a player's section on a list's page of sheets. */
export function sheetAnchor(playerId: number): string {
  return `p${playerId}`
}

export function tournamentPage(id: number): string {
  return `tournaments/${id}.html`
}

export function listPage(id: number): string {
  return `lists/${id}.html`
}

/** A federation's or region's file stem: letters and digits, accents dropped, anything else a dash. */
export function stem(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'x'
}
