// A print-ready list (pdfkit, A4): its publisher (name and logo) and the rules it was computed under, list date and version, one row a player, page
// numbers and a short legend, in English or French. The creation date is the list's date: two exports match.
import { EXPORT_LABELS } from './labels'
import { exportName, rankCounter, type ExportMeta, type ExportRow, type ExportSink } from './types'
import { rankHeading } from './csv'
import { UserError } from '../util/errors'
import { listProvenance, publisherName } from '../../../shared/locales/list-publisher'

/** The fonts the list is set in (TrueType bytes): DejaVu Sans Condensed covers every European name. */
export interface PdfFonts {
  regular: Uint8Array
  bold: Uint8Array
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 }
const HEADER_HEIGHT = 62
const HEAD_ROW = 14
const ROW = 11.5
const FOOTER_HEIGHT = 44
const BODY_SIZE = 8

/** Rows on every page: the same on each, so the page count is known before the first row is written. */
export const PDF_ROWS_PER_PAGE = Math.floor((PAGE.height - 2 * PAGE.margin - HEADER_HEIGHT - HEAD_ROW - FOOTER_HEIGHT) / ROW)

export function pdfPageCount(rows: number): number {
  return Math.max(1, Math.ceil(rows / PDF_ROWS_PER_PAGE))
}

interface Col {
  key: 'rank' | 'title' | 'name' | 'federation' | 'fideId' | 'birthYear' | 'rating' | 'games' | 'k' | 'flag'
  width: number
  align: 'left' | 'right'
}
const COLUMNS: Col[] = [
  { key: 'rank', width: 34, align: 'right' },
  { key: 'title', width: 34, align: 'left' },
  { key: 'name', width: 185, align: 'left' },
  { key: 'federation', width: 30, align: 'left' },
  { key: 'fideId', width: 58, align: 'right' },
  { key: 'birthYear', width: 38, align: 'right' },
  { key: 'rating', width: 40, align: 'right' },
  { key: 'games', width: 40, align: 'right' },
  { key: 'k', width: 22, align: 'right' },
  { key: 'flag', width: 30, align: 'left' }
]
const GAP = 4

/** The text cut to fit `width` at the current font (an ellipsis marks the cut). */
export function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  let s = text
  while (s.length > 1 && doc.widthOfString(s + '…') > width) s = s.slice(0, -1)
  return s + '…'
}

export async function writePdf(meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink, fonts: PdfFonts): Promise<void> {
  const l = EXPORT_LABELS[meta.locale]
  const heading = l.listOf(l.ratingType[meta.ratingType], meta.listDate)
  // who publishes it (the federation for the office's own lists, FIDE for FIDE's download) and how it was obtained
  const publisher = publisherName(meta.publisher, meta.locale)
  const provenance = listProvenance(meta.publisher, meta.locale)
  const doc = await openDocument(meta, fonts, publisher, heading, provenance)
  const stream = streamTo(doc, sink)
  const logo = meta.logo ? await embedLogo(doc, meta.logo) : null
  const list: ListPage = { doc, meta, l, publisher, heading, provenance, pages: pdfPageCount(meta.total), logo }

  const rankOf = rankCounter(meta.sort)
  let page = 0
  let y = 0
  let onPage = PDF_ROWS_PER_PAGE
  for (const r of rows) {
    if (onPage === PDF_ROWS_PER_PAGE) {
      y = startPage(list, ++page)
      onPage = 0
      await stream.drain()
    }
    const values = rowValues(l, r, rankOf(r))
    COLUMNS.forEach((c, i) => cell(doc, c, i, values[c.key], y))
    y += ROW
    onPage++
  }
  if (page === 0) startPage(list, 1)
  await stream.end()
}

/** What every page repeats: the document, the list's facts and labels, its heading lines, the page count. */
interface ListPage {
  doc: PDFKit.PDFDocument
  meta: ExportMeta
  l: (typeof EXPORT_LABELS)[ExportMeta['locale']]
  publisher: string
  heading: string
  provenance: string
  pages: number
  /** the federation's logo, written once into the document before its first page */
  logo: PdfImage | null
}

/** What pdfkit's opened image is to this file (its typings leave openImage out). */
interface PdfImage {
  embed(doc: PDFKit.PDFDocument): void
  obj?: { offset?: number }
}

/**
 * The logo read and written into the document before the first page. pdfkit separates a PNG's transparency in the
 * background and writes the image when that is done: left to the first page, it landed wherever the rows had got
 * to, and two exports of one list differed. Waits (a few ticks) until its object is in the file.
 */
async function embedLogo(doc: PDFKit.PDFDocument, data: Uint8Array): Promise<PdfImage> {
  let image: PdfImage
  try {
    image = (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(Buffer.from(data))
    image.embed(doc)
  } catch (e) {
    throw new UserError('exports.badLogo', { reason: (e as Error).message })
  }
  for (let tick = 0; image.obj?.offset === undefined; tick++) {
    if (tick === 5000) throw new UserError('exports.badLogo', { reason: 'the image was never decoded' })
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  return image
}

/** The document with its properties (publisher, list, provenance, filters) and fonts; dated the list's date so two exports match. */
async function openDocument(meta: ExportMeta, fonts: PdfFonts, publisher: string, heading: string, provenance: string): Promise<PDFKit.PDFDocument> {
  const l = EXPORT_LABELS[meta.locale]
  const date = new Date(`${meta.listDate}T00:00:00Z`)
  const { default: PDFDocument } = await import('pdfkit') // on demand: a quarter of a second of CPU to load
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: {
      Title: `${publisher} – ${heading}`,
      Author: publisher,
      Subject: `${provenance}; ${l.category[meta.category]}, ${l.sortedBy[meta.sort]}`,
      Creator: 'Rating Office',
      Producer: 'Rating Office (PDFKit)',
      CreationDate: date,
      ModDate: date
    }
  })
  doc.registerFont('body', Buffer.from(fonts.regular))
  doc.registerFont('bold', Buffer.from(fonts.bold))
  return doc
}

/**
 * The document's bytes handed to the sink in order; `drain` waits for the sink (back-pressure, once a page) and
 * rethrows its first failure, `end` closes the document and waits for the last bytes.
 */
function streamTo(doc: PDFKit.PDFDocument, sink: ExportSink): { drain: () => Promise<void>; end: () => Promise<void> } {
  let pending: Promise<void> = Promise.resolve()
  let failed: unknown = null
  doc.on('data', (chunk: Buffer) => {
    pending = pending.then(() => sink(chunk)).catch((e: unknown) => {
      failed ??= e
    })
  })
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  const drain = async (): Promise<void> => {
    await pending
    if (failed) throw failed
  }
  return {
    drain,
    end: async () => {
      doc.end()
      await ended
      await drain()
    }
  }
}

/** The x of each column, left to right with a gap between. */
const COL_X: readonly number[] = COLUMNS.map((_, i) => PAGE.margin + COLUMNS.slice(0, i).reduce((x, c) => x + c.width + GAP, 0))
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin

/** One cell: the text cut to its column, aligned left or right. */
function cell(doc: PDFKit.PDFDocument, c: Col, i: number, text: string, y: number): void {
  const t = fit(doc, text, c.width)
  const x = c.align === 'right' ? COL_X[i]! + c.width - doc.widthOfString(t) : COL_X[i]!
  doc.text(t, x, y, { lineBreak: false })
}

/** A new page with its heading, the columns' titles and the footer; returns the y of its first row. */
function startPage(list: ListPage, page: number): number {
  list.doc.addPage({ size: 'A4', margin: PAGE.margin })
  pageHeading(list)
  const y = columnTitles(list)
  pageFooter(list, page)
  list.doc.font('body').fontSize(BODY_SIZE)
  return y
}

/** The heading: the logo when set, the publisher, the list and its version and status, the provenance, the filters. */
function pageHeading({ doc, meta, l, publisher, heading, provenance, logo }: ListPage): void {
  const x0 = PAGE.margin
  let top = PAGE.margin
  let textX = x0
  if (logo) {
    doc.image(logo as unknown as PDFKit.Mixins.ImageSrc, x0, top, { fit: [48, 48] })
    textX = x0 + 58
  }
  doc.fillColor('black')
  doc.font('bold').fontSize(13).text(publisher, textX, top, { lineBreak: false })
  top += 17
  doc.font('body').fontSize(10)
  const status = l.status[meta.status]
  doc.text(`${heading} — ${l.version(meta.version)} (${status})`, textX, top, { lineBreak: false })
  top += 13
  doc.fontSize(8.5).text(provenance, textX, top, { lineBreak: false })
  top += 11
  const filters = [l.category[meta.category], ...(meta.federation ? [l.federationFilter(meta.federation)] : []), ...(meta.region ? [l.regionFilter(meta.region)] : []), l.sortedBy[meta.sort], l.players(meta.total)]
  doc.fontSize(10).text(filters.join(' — '), textX, top, { lineBreak: false })
}

/** The columns' titles under the heading, ruled off; returns the y of the first row. */
function columnTitles({ doc, meta, l }: ListPage): number {
  const titles: Record<Col['key'], string> = {
    rank: rankHeading(meta.locale, meta.sort), title: l.title, name: l.name, federation: l.federation, fideId: l.fideId,
    birthYear: l.birthYear, rating: l.rating, games: l.games, k: l.k, flag: l.flag
  }
  let y = PAGE.margin + HEADER_HEIGHT
  doc.font('bold').fontSize(BODY_SIZE)
  COLUMNS.forEach((c, i) => cell(doc, c, i, titles[c.key], y))
  y += HEAD_ROW - 3
  doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT_WIDTH, y).lineWidth(0.5).stroke()
  return y + 3
}

/** The footer: the legend and the page number ("Page n of N"). */
function pageFooter({ doc, l, pages }: ListPage, page: number): void {
  const x0 = PAGE.margin
  const fy = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 6
  doc.moveTo(x0, fy - 4).lineTo(x0 + CONTENT_WIDTH, fy - 4).lineWidth(0.5).stroke()
  doc.font('body').fontSize(7)
  l.legend.forEach((line, i) => doc.text(line, x0, fy + i * 9, { lineBreak: false }))
  const pn = l.page(page, pages)
  doc.fontSize(8).text(pn, x0 + CONTENT_WIDTH - doc.widthOfString(pn), fy + 27, { lineBreak: false })
}

/** One player's cells as printed. */
function rowValues(l: ListPage['l'], r: ExportRow, rank: number | null): Record<Col['key'], string> {
  return {
    rank: rank === null ? '' : String(rank),
    title: r.title ?? '',
    name: exportName(r),
    federation: r.federation ?? '',
    fideId: r.fideId === null ? '' : String(r.fideId),
    birthYear: r.birthYear === null ? '' : String(r.birthYear),
    // a delisted player: the mark where his rating would stand (he has none, and no rank)
    rating: r.delisted ? l.delisted : r.rating === null ? '' : String(r.rating),
    games: r.games === null ? '' : String(r.games),
    k: r.k === null ? '' : String(r.k),
    flag: r.flags ?? ''
  }
}
