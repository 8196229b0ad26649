// A list as an Excel workbook (exceljs): one sheet per million rows (Excel's limit), fixed dates so two exports match.
import { Writable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { EXPORT_LABELS } from './labels'
import { listProvenance, publisherName } from '../../../shared/locales/list-publisher'
import { csvCells, csvHeader } from './csv'
import { rankCounter, type ExportMeta, type ExportRow, type ExportSink } from './types'

/** Rows a sheet holds below its heading (Excel stops at 1,048,576 rows). */
export const XLSX_SHEET_ROWS = 1_000_000

/**
 * Sets every member's modification time in a ZIP file (local headers and central directory) to `date`, so that
 * the archive's bytes depend on its content only. The zip library stamps each member with the time of writing.
 */
export function fixZipTimes(zip: Buffer, date: Date): Buffer {
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1)
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate()
  const out = Buffer.from(zip)
  // end of central directory: signature 0x06054b50, within the last 64 KB + 22 bytes
  let eocd = -1
  for (let i = out.length - 22; i >= Math.max(0, out.length - 65557); i--) {
    if (out.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new Error('not a ZIP file: no end of central directory')
  const count = out.readUInt16LE(eocd + 10)
  let p = out.readUInt32LE(eocd + 16)
  for (let n = 0; n < count; n++) {
    if (out.readUInt32LE(p) !== 0x02014b50) throw new Error(`bad ZIP central directory entry at ${p}`)
    out.writeUInt16LE(dosTime, p + 12)
    out.writeUInt16LE(dosDate, p + 14)
    const local = out.readUInt32LE(p + 42)
    if (out.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad ZIP local header at ${local}`)
    out.writeUInt16LE(dosTime, local + 10)
    out.writeUInt16LE(dosDate, local + 12)
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32)
  }
  return out
}

/**
 * The workbook is built by exceljs's streaming writer (rows are committed as they come) and zipped at the end,
 * which exceljs does in memory; the finished file is then handed to the sink.
 */
export async function writeXlsx(meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink): Promise<void> {
  const chunks: Buffer[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk)
      done()
    }
  })
  const date = new Date(`${meta.listDate}T00:00:00Z`)
  // loaded here, not at the module's top: every worker thread imports the exports, and exceljs alone costs half a
  // second of CPU at each start (the TXT and CSV exports and every other job do not need it)
  const { default: Excel } = await import('exceljs')
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  wb.created = date
  wb.modified = date
  wb.creator = 'Rating Office'
  wb.lastModifiedBy = 'Rating Office'
  const l = EXPORT_LABELS[meta.locale]
  // the workbook's properties carry the heading a PDF prints: who publishes the list, which list, how it was obtained
  wb.title = `${publisherName(meta.publisher, meta.locale)} – ${l.listOf(l.ratingType[meta.ratingType], meta.listDate)} — ${l.version(meta.version)}`
  wb.subject = listProvenance(meta.publisher, meta.locale)
  const widths = [7, 11, 36, 6, 5, 5, 7, 7, 7, 4, 5]
  let sheet: ExcelJS.Worksheet | null = null
  let sheetRows = 0
  let sheets = 0
  const newSheet = (): ExcelJS.Worksheet => {
    sheets++
    const ws = wb.addWorksheet(sheets === 1 ? l.sheet : `${l.sheet} ${sheets}`, { views: [{ state: 'frozen', ySplit: 1 }] })
    ws.columns = widths.map((width) => ({ width }))
    const head = ws.addRow(csvHeader(meta.locale, meta.sort))
    head.font = { bold: true }
    head.commit()
    return ws
  }
  const rank = rankCounter(meta.sort)
  for (const r of rows) {
    if (!sheet || sheetRows === XLSX_SHEET_ROWS) {
      if (sheet) sheet.commit()
      sheet = newSheet()
      sheetRows = 0
    }
    sheet.addRow(csvCells(rank(r), r, meta.locale)).commit()
    sheetRows++
  }
  if (!sheet) sheet = newSheet()
  sheet.commit()
  await wb.commit()
  await sink(fixZipTimes(Buffer.concat(chunks), date))
}
