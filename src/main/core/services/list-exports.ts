// Exporting a list: chooses the rows (data layer), the writer (one pure function per format) and the output
// (a file written atomically, or any sink such as an HTTP response).
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import type { Db } from '../db/open'
import { UserError } from '../util/errors'
import { getListSummary } from './lists'
import { getList } from '../data/list-reads'
import { readFederationLogo, readSettings } from '../data/settings'
import { countListRows, countRowsWithoutFideId, listRows, type ListRowsQuery } from '../data/list-rows'
import { getListPublisher } from '../data/list-publisher'
import { publisherFileStem } from '../../../shared/locales/list-publisher'
import { needsFideId, type ExportCategory, type ExportFormat, type ExportLocale, type ExportMeta, type ExportSink, type ExportSort } from '../exports/types'
import { writeTxt } from '../exports/txt'
import { writeXml } from '../exports/xml'
import { writeCsv } from '../exports/csv'
import { writeXlsx } from '../exports/xlsx'
import { writeJson } from '../exports/json'
import { JobCancelled } from '../workers/protocol'

export interface ListExportRequest {
  listId: number
  format: ExportFormat
  sort?: ExportSort
  category?: ExportCategory
  federation?: string | null
  /** Only the players of this region (a national list's: migration 14). */
  region?: string | null
  /** A top list: the best `top` rated, active players. */
  top?: number
  locale?: ExportLocale
}

export interface ListExportPlan {
  meta: ExportMeta
  query: ListRowsQuery
  format: ExportFormat
  /** Players the format cannot carry (no FIDE ID in a FIDE format), left out. */
  skipped: number
  fileName: string
  contentType: string
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  json: 'application/json; charset=utf-8'
}

/** FIDE's formats come in FIDE ID order, as FIDE's downloads; the others in rating order. */
export function defaultSort(format: ExportFormat): ExportSort {
  return needsFideId(format) ? 'fideId' : 'rating'
}

/**
 * The export's file name: the list, its type, date and version, the category, federation, region and top-n asked. Read from
 * the list's own row (its summary counts its entries: a scan of two million index entries, not for the main process).
 */
export function listExportFileName(db: Db, req: ListExportRequest): string {
  const list = getList(db, req.listId)
  const category = req.category ?? 'open'
  const federation = req.federation ? req.federation.toUpperCase() : null
  // named by its publisher: the office's federation for its own lists (FRA-standard-…), FIDE for FIDE's download
  const parts = [publisherFileStem(getListPublisher(db, req.listId)), list.ratingType, list.listDate, `v${list.version}`, ...(category !== 'open' ? [category] : []), ...(federation ? [federation] : []), ...(req.region ? [req.region] : []), ...(req.top !== undefined ? [`top${req.top}`] : [])]
  // accents dropped (a region: Île-de-France → Ile-de-France), anything else not a name's letter replaced
  return `${parts.join('-').normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '_')}.${req.format}`
}

export function planListExport(db: Db, req: ListExportRequest): ListExportPlan {
  const list = getListSummary(db, req.listId)
  const sort = req.sort ?? defaultSort(req.format)
  const category = req.category ?? 'open'
  const federation = req.federation ? req.federation.toUpperCase() : null
  const query: ListRowsQuery = {
    listId: list.id,
    listDate: list.listDate,
    sort,
    category,
    federation,
    region: req.region ?? null,
    fideIdOnly: needsFideId(req.format),
    ...(req.top !== undefined ? { top: req.top } : {})
  }
  const meta: ExportMeta = {
    listId: list.id,
    listDate: list.listDate,
    ratingType: list.ratingType,
    kind: list.kind,
    source: list.source,
    status: list.status,
    version: list.version,
    publisher: list.publisher,
    // the federation's logo heads its own lists only, never FIDE's or another federation's
    logo: req.format === 'pdf' && list.publisher.origin === 'office' ? readFederationLogo(db)?.data ?? null : null,
    locale: req.locale ?? readSettings(db).locale,
    sort,
    category,
    federation,
    region: req.region ?? null,
    total: countListRows(db, query)
  }
  return {
    meta,
    query,
    format: req.format,
    skipped: needsFideId(req.format) ? countRowsWithoutFideId(db, query) : 0,
    fileName: listExportFileName(db, req),
    contentType: CONTENT_TYPES[req.format]
  }
}

/** What a long export reports (the `lists:export` job's progress and cancel), every PROGRESS_ROWS rows. */
export interface ExportHooks {
  progress?: (rows: number, total: number) => void
  throwIfCancelled?: () => void
}
const PROGRESS_ROWS = 1000

/** Writes the planned export into `sink`; returns the rows written. */
export async function runListExport(db: Db, plan: ListExportPlan, sink: ExportSink, hooks: ExportHooks = {}): Promise<number> {
  let rows = 0
  const counted = (function* () {
    for (const r of listRows(db, plan.query)) {
      if (++rows % PROGRESS_ROWS === 0) {
        hooks.throwIfCancelled?.()
        hooks.progress?.(rows, plan.meta.total)
      }
      yield r
    }
  })()
  switch (plan.format) {
    case 'txt':
      await writeTxt(plan.meta, counted, sink)
      break
    case 'xml':
      await writeXml(plan.meta, counted, sink)
      break
    case 'csv':
      await writeCsv(plan.meta, counted, sink)
      break
    case 'xlsx':
      await writeXlsx(plan.meta, counted, sink)
      break
    case 'json':
      await writeJson(plan.meta, counted, sink)
      break
    case 'pdf': {
      // pdfkit (and its font engine) loads on the first PDF, not with every host that never prints one
      const [{ writePdf }, { loadPdfFonts }] = await Promise.all([import('../exports/pdf'), import('../exports/fonts')])
      await writePdf(plan.meta, counted, sink, loadPdfFonts())
      break
    }
  }
  return rows
}

export interface ListExportFileResult {
  file: string
  format: ExportFormat
  rows: number
  skipped: number
  bytes: number
}

/**
 * Writes the export to `out` and to nothing else: a folder is refused, the folder must exist, and the bytes go
 * to a temporary file beside it that is renamed over `out` once complete (a failure leaves `out` as it was).
 */
export async function writeListExportFile(db: Db, req: ListExportRequest, out: string, hooks: ExportHooks = {}): Promise<ListExportFileResult> {
  const file = resolve(out)
  if (existsSync(file) && statSync(file).isDirectory()) throw new UserError('exports.outIsDirectory', { path: file })
  const folder = dirname(file)
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UserError('exports.outFolderMissing', { folder })
  const plan = planListExport(db, req)
  const temp = resolve(folder, `.${basename(file)}.${process.pid}.part`)
  let fd: number | null = openSync(temp, 'wx')
  let bytes = 0
  try {
    const rows = await runListExport(
      db,
      plan,
      (chunk) => {
        bytes += writeSync(fd!, chunk)
      },
      hooks
    )
    fsyncSync(fd)
    closeSync(fd)
    fd = null
    renameSync(temp, file)
    return { file, format: req.format, rows, skipped: plan.skipped, bytes }
  } catch (e) {
    if (fd !== null) closeSync(fd)
    rmSync(temp, { force: true })
    if (e instanceof UserError || e instanceof JobCancelled) throw e
    throw new UserError('exports.writeFailed', { path: file, reason: (e as Error).message })
  }
}
