// A list as FIDE's fixed-width TXT download (single rating type), which our registry import and other programs read.
import { layoutTxtLine, txtHeaderLine } from '../registry/fide-txt-layout'
import { writeFlag } from '../registry/list-record'
import { ChunkedText, exportName, type ExportMeta, type ExportRow, type ExportSink } from './types'

const WOMAN_TITLES = new Set(['WGM', 'WIM', 'WFM', 'WCM'])

/**
 * The list's title goes where FIDE puts it: an open title under Tit (with the registry's woman title, if any,
 * under WTit), a woman title alone under WTit. Read back, the title of the entry is the same.
 */
export function titleColumns(r: Pick<ExportRow, 'title' | 'womanTitle'>): { title: string; wtitle: string } {
  if (r.title && WOMAN_TITLES.has(r.title)) return { title: '', wtitle: r.title }
  return { title: r.title ?? '', wtitle: r.title ? (r.womanTitle ?? '') : '' }
}

export function txtLine(r: ExportRow): string {
  const t = titleColumns(r)
  return layoutTxtLine({
    id: String(r.fideId ?? ''),
    name: exportName(r),
    fed: r.federation ?? '',
    sex: r.sex ?? '',
    title: t.title,
    wtitle: t.wtitle,
    otitle: r.otherTitles ?? '',
    foa: r.foaTitle ?? '',
    rating: r.rating === null ? '' : String(r.rating),
    games: r.games === null ? '' : String(r.games),
    k: r.k === null ? '' : String(r.k),
    birth: r.birthYear === null ? '' : String(r.birthYear),
    // a delisted line: no rating (rows carry the published rating) and the delisted mark in the flag column
    flag: writeFlag(r.flags, Boolean(r.delisted))
  })
}

/** UTF-8 without a byte-order mark, LF line ends, as FIDE's current downloads. Rows without a FIDE ID are skipped by the caller. */
export async function writeTxt(meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink): Promise<void> {
  const out = new ChunkedText(sink)
  await out.push(txtHeaderLine(meta.listDate) + '\n')
  for (const r of rows) await out.push(txtLine(r) + '\n')
  await out.flush()
}
