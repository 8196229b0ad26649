// A list as FIDE's XML download (<playerslist><player>…), single rating type, which the registry's XML reader takes.
import { titleColumns } from './txt'
import { writeFlag } from '../registry/list-record'
import { ChunkedText, exportName, type ExportMeta, type ExportRow, type ExportSink } from './types'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

const el = (tag: string, v: string | number | null): string => (v === null || v === '' ? `<${tag}></${tag}>` : `<${tag}>${xmlEscape(String(v))}</${tag}>`)

export function xmlPlayer(r: ExportRow): string {
  const t = titleColumns(r)
  return [
    '<player>',
    el('fideid', r.fideId),
    el('name', exportName(r)),
    el('country', r.federation),
    el('sex', r.sex),
    el('title', t.title),
    el('w_title', t.wtitle),
    el('o_title', r.otherTitles),
    el('foa_title', r.foaTitle),
    el('rating', r.rating),
    el('games', r.games),
    el('k', r.k),
    el('birthday', r.birthYear),
    // a delisted player: no rating (rows carry the published rating) and the delisted mark in the flag element
    el('flag', writeFlag(r.flags, Boolean(r.delisted))),
    '</player>'
  ].join('')
}

export async function writeXml(_meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink): Promise<void> {
  const out = new ChunkedText(sink)
  await out.push('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
  for (const r of rows) await out.push(xmlPlayer(r) + '\n')
  await out.push('</playerslist>\n')
  await out.flush()
}
