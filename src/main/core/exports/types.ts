// What every list export reads (one row per player, streamed) and the facts about the list it prints.
import type { RatingType } from '../model/tournament'
import type { ListPublisher } from '../../../shared/contract/lists'

export const EXPORT_FORMATS = ['txt', 'xml', 'csv', 'xlsx', 'pdf', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
export const EXPORT_SORTS = ['rating', 'name', 'fideId'] as const
export type ExportSort = (typeof EXPORT_SORTS)[number]
export const EXPORT_CATEGORIES = ['open', 'women', 'juniors', 'u18', 'u16', 'u14', 'u12', 'u10', 'u8', 'seniors', 'seniors65'] as const
export type ExportCategory = (typeof EXPORT_CATEGORIES)[number]
export type ExportLocale = 'en' | 'fr'

/** One player of a list as exports write him: the list's values, the registry's identity. */
export interface ExportRow {
  playerId: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  /** The player's region (a national list's), for top lists on screen; no export format writes it. */
  region?: string | null
  sex: string | null
  /** The title on the list (an open or a woman title). */
  title: string | null
  /** The registry's woman title, written beside an open title (FIDE's WTit column). */
  womanTitle: string | null
  /** The registry's other titles, comma-separated (IA, FA, FT, ...). */
  otherTitles: string | null
  foaTitle: string | null
  birthYear: number | null
  /** The published rating: null for an unrated entry and for one shown as delisted (data/published-rating.ts). */
  rating: number | null
  games: number | null
  k: number | null
  flags: string | null
  /** Shown once as delisted (rating under the floor, FIDE 2005 § 9.34): 1, else 0 (SQLite's boolean). */
  delisted: number
}

/**
 * The rank column of a list, one counter for every export: in the order by rating, a rated row's rank among the rated
 * rows written (an unrated or delisted row has none: null); in another order, the row's number.
 */
export function rankCounter(sort: ExportSort): (r: Pick<ExportRow, 'rating'>) => number | null {
  let n = 0
  return (r) => (sort !== 'rating' ? ++n : r.rating !== null ? ++n : null)
}

export interface ExportMeta {
  listId: number
  listDate: string
  ratingType: RatingType
  kind: 'reference' | 'office'
  source: string
  status: 'draft' | 'published' | 'reference'
  version: number
  /** Who publishes the list and how it was obtained (lists/publisher.ts): its heading, properties and file name. */
  publisher: ListPublisher
  /** The office's federation logo (PNG or JPEG bytes), from the settings, on the office's own lists when set. */
  logo: Uint8Array | null
  locale: ExportLocale
  sort: ExportSort
  category: ExportCategory
  federation: string | null
  /** Only the players of this region (a national list's: migration 14), when asked. */
  region?: string | null
  /** Rows the export writes (after category, federation, region and top filters). */
  total: number
}

/**
 * Where an export's bytes go: a file, an HTTP response. A returned promise is waited for before the next
 * chunk (back-pressure), so a 1.9 M-row list never piles up in memory.
 */
export type ExportSink = (chunk: Uint8Array) => void | Promise<void>

export type ExportWriter = (meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink) => Promise<void>

/** The display name FIDE's lists use: "Surname, Given names" (the surname alone when there are none). */
export function exportName(r: Pick<ExportRow, 'surname' | 'givenNames'>): string {
  return r.givenNames ? `${r.surname}, ${r.givenNames}` : r.surname
}

/** The FIDE ID-less players (national-only) a FIDE-format export cannot write. */
export function needsFideId(format: ExportFormat): boolean {
  return format === 'txt' || format === 'xml'
}

/** Collects text into chunks of about 64 KB for a sink, so a writer hands over few, large pieces. */
export class ChunkedText {
  private parts: string[] = []
  private size = 0
  constructor(private readonly sink: ExportSink) {}
  async push(text: string): Promise<void> {
    this.parts.push(text)
    this.size += text.length
    if (this.size >= 65536) await this.flush()
  }
  async flush(): Promise<void> {
    if (!this.parts.length) return
    const text = this.parts.join('')
    this.parts = []
    this.size = 0
    await this.sink(Buffer.from(text, 'utf8'))
  }
}
