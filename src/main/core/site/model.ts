// What the public website is built from, as plain data: the published lists, each list's top lists, each player's
// lines and calculation sheets, each rated tournament's crosstable. The reader (services/site.ts) fills it from the
// office's own reads; the pages (pages.ts) only render it.
import type { ListPublisher } from '../../../shared/contract/lists'
import type { SiteLocale } from './labels'
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
  /** Opponents' pages by player id (null: no page, or withheld). */
  opponentPages: Record<number, string | null>
  withheld: number[]
}

/**
 * A sheet's section as the previous build rendered it, in each language (a rebuild after a new list keeps it): its
 * text, or its UTF-8 bytes as the previous file holds them (written again as they are, never decoded).
 */
export interface KeptSheet {
  list: SiteList
  kept: Record<SiteLocale, string | Buffer>
}

/** A page's text: one string, or its parts in order (strings, and bytes kept from a previous file), written as one file. */
export type PageText = string | readonly (string | Buffer)[]

/** A page's size in UTF-8 bytes. */
export function pageTextBytes(text: PageText): number {
  if (typeof text === 'string') return Buffer.byteLength(text)
  let n = 0
  for (const part of text) n += typeof part === 'string' ? Buffer.byteLength(part) : part.length
  return n
}

/** Writes a page's `size` bytes into `into` from `at` (size from pageTextBytes). */
export function writePageText(text: PageText, into: Buffer, at: number, size: number): void {
  if (typeof text === 'string') {
    into.write(text, at, size, 'utf8')
    return
  }
  let to = at
  for (const part of text) to += typeof part === 'string' ? into.write(part, to, 'utf8') : part.copy(into, to)
  if (to - at !== size) throw new Error(`a page's parts wrote ${to - at} bytes, not ${size}`)
}

/** A page of parts (kept bytes among its strings) as one buffer; a page of one string stays that string. */
export function joinPageText(text: PageText): string | Buffer {
  if (typeof text === 'string') return text
  const size = pageTextBytes(text)
  const bytes = Buffer.allocUnsafe(size)
  writePageText(text, bytes, 0, size)
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
  sheets: (SiteSheet | KeptSheet)[]
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
