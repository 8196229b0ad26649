// Browser mode's download of a list export: GET /api/export/list/<id>?format=…, written by the worker (the
// `lists:export` job, with progress on the job bar) into a temporary file, then streamed with back-pressure (a
// read-only server serves it too: an export reads, it never writes).
import type { ServerResponse } from 'node:http'
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Services } from '../core/services/index'
import { listExportRequestFromQuery, listExportRequestSchema } from '../../shared/contract/list-out'
import { formatIssues, toApiError } from '../core/services/dispatch'
import { UserError } from '../core/util/errors'
import { CONTENT_TYPES, listExportFileName } from '../core/services/list-exports'
import type { Locale } from '../../shared/errors/index'
import { LIMITS } from '../core/limits'

function fail(res: ServerResponse, status: number, e: unknown, locale: Locale): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(JSON.stringify({ ok: false, error: toApiError(e, locale) }))
}

/** `filename*` for any name, and a plain ASCII `filename` for old clients. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Exports running at once in browser mode (LIMITS.browserExports): each is a worker of its own, and a page of any
 * website can ask a loopback server for one; past them, 429 with Retry-After. Counted per server process.
 */
let running = 0

/** For tests: the exports running now. */
export function runningExports(): number {
  return running
}

export async function serveListExport(services: Services, listId: string, query: URLSearchParams, res: ServerResponse, locale: Locale): Promise<void> {
  if (running >= LIMITS.browserExports) {
    res.setHeader('retry-after', String(LIMITS.browserExportRetrySeconds))
    fail(res, 429, new UserError('exports.busy', { running, retry: LIMITS.browserExportRetrySeconds }), locale)
    return
  }
  running++
  try {
    await serveOne(services, listId, query, res, locale)
  } finally {
    running--
  }
}

async function serveOne(services: Services, listId: string, query: URLSearchParams, res: ServerResponse, locale: Locale): Promise<void> {
  const parsed = listExportRequestSchema.safeParse(listExportRequestFromQuery(listId, query), { reportInput: true })
  if (!parsed.success) {
    fail(res, 400, new UserError('exports.badRequest', { issues: formatIssues(parsed.error.issues) }), locale)
    return
  }
  let fileName: string
  try {
    fileName = listExportFileName(services.ctx.db, parsed.data)
  } catch (e) {
    fail(res, e instanceof UserError && e.key === 'lists.notFound' ? 404 : 400, e, locale)
    return
  }
  // the rows and the layout in the worker (a PDF held the main process for seconds), into a file of our own; then
  // the file is streamed, with back-pressure, and removed
  const dir = mkdtempSync(join(tmpdir(), 'rating-office-export-'))
  const out = join(dir, fileName)
  const cleanup = (): void => rmSync(dir, { recursive: true, force: true })
  // a client that goes away before its file is written cancels the job: its worker stops, its file is removed
  let gone = false
  let jobId: string
  try {
    jobId = services.ctx.jobs.start('lists:export', { ...parsed.data, out })
  } catch (e) {
    cleanup()
    fail(res, 400, e, locale)
    return
  }
  const onClose = (): void => {
    gone = true
    services.ctx.jobs.cancel(jobId)
  }
  res.once('close', onClose)
  const end = await services.ctx.jobs.wait(jobId).finally(() => res.off('close', onClose))
  if (gone || end.state !== 'done') {
    cleanup()
    if (!gone) fail(res, 400, end.state === 'cancelled' ? new UserError('jobs.cancelled') : new UserError(end.error?.key ?? 'internal', end.error?.params ?? { message: end.message ?? '' }), locale)
    return
  }
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[parsed.data.format],
    'content-disposition': contentDisposition(fileName),
    'content-length': String(statSync(out).size),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff'
  })
  try {
    await pipeline(createReadStream(out), res)
  } catch {
    // the client went away: a broken download is all that can be said
    res.destroy()
  } finally {
    cleanup()
  }
}
