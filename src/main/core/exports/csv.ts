// A list as CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents), the locale's separator.
import { EXPORT_LABELS } from './labels'
import { ChunkedText, exportName, type ExportLocale, type ExportMeta, type ExportRow, type ExportSink } from './types'

/** A French spreadsheet expects ';' (the comma is its decimal mark), an English one ','. */
export function csvSeparator(locale: ExportLocale): ';' | ',' {
  return locale === 'fr' ? ';' : ','
}

export function csvField(v: string | number | null, sep: string): string {
  if (v === null) return ''
  const s = String(v)
  return s.includes(sep) || s.includes('"') || s.includes('\n') || s.includes('\r') ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvHeader(locale: ExportLocale): string[] {
  const l = EXPORT_LABELS[locale]
  return [l.rank, l.fideId, l.name, l.title, l.federation, l.sex, l.birthYear, l.rating, l.games, l.k, l.flag]
}

export function csvCells(rank: number, r: ExportRow): (string | number | null)[] {
  return [rank, r.fideId, exportName(r), r.title, r.federation, r.sex, r.birthYear, r.rating, r.games, r.k, r.flags]
}

export async function writeCsv(meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink): Promise<void> {
  const sep = csvSeparator(meta.locale)
  const out = new ChunkedText(sink)
  const line = (cells: (string | number | null)[]): string => cells.map((c) => csvField(c, sep)).join(sep) + '\r\n'
  await out.push('\uFEFF' + line(csvHeader(meta.locale)))
  let rank = 0
  for (const r of rows) await out.push(line(csvCells(++rank, r)))
  await out.flush()
}
