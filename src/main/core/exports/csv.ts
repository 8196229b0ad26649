// A list as CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents), the locale's separator.
import { EXPORT_LABELS } from './labels'
import { ChunkedText, exportName, rankCounter, type ExportLocale, type ExportMeta, type ExportRow, type ExportSink, type ExportSort } from './types'

/** A French spreadsheet expects ';' (the comma is its decimal mark), an English one ','. */
export function csvSeparator(locale: ExportLocale): ';' | ',' {
  return locale === 'fr' ? ';' : ','
}

/** A cell that is a plain number written as text ("-12", "+3", "2.5", "1,5"): a spreadsheet reads it as that number. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/

/** The first characters that make a spreadsheet read a cell as a formula or a command (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A text cell as it may go into a CSV file: one that begins with = + - @, a tab or a carriage return gets a leading
 * apostrophe, as OWASP recommends, so that a spreadsheet shows it as text and runs nothing (a name
 * "=HYPERLINK(…)" stays a name). A plain number ("-12", a negative change) is left as it is: it is a number to the
 * spreadsheet and runs nothing. The apostrophe is the only change: removing it gives the original text back.
 */
export function neutraliseCsvText(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s
}

/** One CSV cell: every CSV the product writes goes through here (numbers as they are, text neutralised, then quoted). */
export function csvField(v: string | number | null, sep: string): string {
  if (v === null) return ''
  const s = typeof v === 'number' ? String(v) : neutraliseCsvText(v)
  return s.includes(sep) || s.includes('"') || s.includes('\n') || s.includes('\r') ? `"${s.replace(/"/g, '""')}"` : s
}

/** The heading of the rank column: a rank in the order by rating, a row number in another order. */
export function rankHeading(locale: ExportLocale, sort: ExportSort): string {
  const l = EXPORT_LABELS[locale]
  return sort === 'rating' ? l.rank : l.rowNumber
}

export function csvHeader(locale: ExportLocale, sort: ExportSort): string[] {
  const l = EXPORT_LABELS[locale]
  return [rankHeading(locale, sort), l.fideId, l.name, l.title, l.federation, l.sex, l.birthYear, l.rating, l.games, l.k, l.flag]
}

/** The flag cell of a spreadsheet or print row: FIDE's flags, and the delisted mark in words ("w delisted"). */
export function flagCell(locale: ExportLocale, r: Pick<ExportRow, 'flags' | 'delisted'>): string | null {
  if (!r.delisted) return r.flags
  // a delisted player is unrated: no "inactive" beside the mark, only a woman's w
  return [r.flags?.includes('w') ? 'w' : '', EXPORT_LABELS[locale].delisted].filter(Boolean).join(' ')
}

/** A row's cells; `rank` from rankCounter (null: no rank, an unrated or delisted row in the order by rating). */
export function csvCells(rank: number | null, r: ExportRow, locale: ExportLocale): (string | number | null)[] {
  return [rank, r.fideId, exportName(r), r.title, r.federation, r.sex, r.birthYear, r.rating, r.games, r.k, flagCell(locale, r)]
}

export async function writeCsv(meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink): Promise<void> {
  const sep = csvSeparator(meta.locale)
  const out = new ChunkedText(sink)
  const line = (cells: (string | number | null)[]): string => cells.map((c) => csvField(c, sep)).join(sep) + '\r\n'
  await out.push('\uFEFF' + line(csvHeader(meta.locale, meta.sort)))
  const rank = rankCounter(meta.sort)
  for (const r of rows) await out.push(line(csvCells(rank(r), r, meta.locale)))
  await out.flush()
}
