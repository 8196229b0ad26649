// Browser mode's download of a list export: GET /api/export/list/<id>?format=…, streamed page by page with
// back-pressure (a read-only server serves it too: an export reads, it never writes).
import type { ServerResponse } from 'node:http'
import type { Services } from '../core/services/index'
import { listExportRequestFromQuery, listExportRequestSchema } from '../../shared/contract/list-out'
import { formatIssues, toApiError } from '../core/services/dispatch'
import { UserError } from '../core/util/errors'
import { planListExport, runListExport } from '../core/services/list-exports'
import type { Locale } from '../../shared/errors/index'

function fail(res: ServerResponse, status: number, e: unknown, locale: Locale): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(JSON.stringify({ ok: false, error: toApiError(e, locale) }))
}

/** `filename*` for any name, and a plain ASCII `filename` for old clients. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export async function serveListExport(services: Services, listId: string, query: URLSearchParams, res: ServerResponse, locale: Locale): Promise<void> {
  const parsed = listExportRequestSchema.safeParse(listExportRequestFromQuery(listId, query))
  if (!parsed.success) {
    fail(res, 400, new UserError('exports.badRequest', { issues: formatIssues(parsed.error.issues) }), locale)
    return
  }
  let plan
  try {
    plan = planListExport(services.ctx.db, parsed.data)
  } catch (e) {
    fail(res, e instanceof UserError && e.key === 'lists.notFound' ? 404 : 400, e, locale)
    return
  }
  res.writeHead(200, {
    'content-type': plan.contentType,
    'content-disposition': contentDisposition(plan.fileName),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff'
  })
  let closed = false
  res.on('close', () => {
    closed = true
  })
  try {
    await runListExport(services.ctx.db, plan, (chunk) => {
      if (closed) throw new Error('the client went away')
      if (!res.write(chunk)) return new Promise<void>((resolve) => res.once('drain', () => resolve()))
    })
    res.end()
  } catch {
    // the headers are gone: a broken download is all that can be said
    res.destroy()
  }
}
