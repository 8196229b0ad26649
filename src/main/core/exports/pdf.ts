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
  const date = new Date(`${meta.listDate}T00:00:00Z`)
  const typeName = l.ratingType[meta.ratingType]
  const heading = l.listOf(typeName, meta.listDate)
  // who publishes it (the federation for the office's own lists, FIDE for FIDE's download) and how it was obtained
  const publisher = publisherName(meta.publisher, meta.locale)
  const provenance = listProvenance(meta.publisher, meta.locale)
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
  let pending: Promise<void> = Promise.resolve()
  let failed: unknown = null
  doc.on('data', (chunk: Buffer) => {
    pending = pending.then(() => sink(chunk)).catch((e: unknown) => {
      failed ??= e
    })
  })
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()))

  const pages = pdfPageCount(meta.total)
  const x0 = PAGE.margin
  const contentWidth = PAGE.width - 2 * PAGE.margin
  const colX: number[] = []
  {
    let x = x0
    for (const c of COLUMNS) {
      colX.push(x)
      x += c.width + GAP
    }
  }
  const headings: Record<Col['key'], string> = {
    rank: rankHeading(meta.locale, meta.sort), title: l.title, name: l.name, federation: l.federation, fideId: l.fideId,
    birthYear: l.birthYear, rating: l.rating, games: l.games, k: l.k, flag: l.flag
  }
  const cell = (c: Col, i: number, text: string, y: number): void => {
    const t = fit(doc, text, c.width)
    const x = c.align === 'right' ? colX[i]! + c.width - doc.widthOfString(t) : colX[i]!
    doc.text(t, x, y, { lineBreak: false })
  }

  let page = 0
  let y = 0
  const startPage = (): void => {
    page++
    doc.addPage({ size: 'A4', margin: PAGE.margin })
    let top = PAGE.margin
    let textX = x0
    if (meta.logo) {
      try {
        doc.image(Buffer.from(meta.logo), x0, top, { fit: [48, 48] })
      } catch (e) {
        throw new UserError('exports.badLogo', { reason: (e as Error).message })
      }
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
    y = PAGE.margin + HEADER_HEIGHT
    doc.font('bold').fontSize(BODY_SIZE)
    COLUMNS.forEach((c, i) => cell(c, i, headings[c.key], y))
    y += HEAD_ROW - 3
    doc.moveTo(x0, y).lineTo(x0 + contentWidth, y).lineWidth(0.5).stroke()
    y += 3
    // footer: the legend and the page number
    const fy = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 6
    doc.moveTo(x0, fy - 4).lineTo(x0 + contentWidth, fy - 4).lineWidth(0.5).stroke()
    doc.font('body').fontSize(7)
    l.legend.forEach((line, i) => doc.text(line, x0, fy + i * 9, { lineBreak: false }))
    const pn = l.page(page, pages)
    doc.fontSize(8).text(pn, x0 + contentWidth - doc.widthOfString(pn), fy + 27, { lineBreak: false })
    doc.font('body').fontSize(BODY_SIZE)
  }

  const rankOf = rankCounter(meta.sort)
  let onPage = PDF_ROWS_PER_PAGE
  for (const r of rows) {
    if (onPage === PDF_ROWS_PER_PAGE) {
      startPage()
      onPage = 0
      await pending
      if (failed) throw failed
    }
    const rank = rankOf(r)
    const values: Record<Col['key'], string> = {
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
    COLUMNS.forEach((c, i) => cell(c, i, values[c.key], y))
    y += ROW
    onPage++
  }
  if (page === 0) startPage()
  doc.end()
  await ended
  await pending
  if (failed) throw failed
}
