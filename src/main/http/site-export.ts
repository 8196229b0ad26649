// Browser mode's "Publish the website": GET /api/export/site.zip builds the site (the site:build job, with progress on
// the job bar) into a temporary folder and sends it as one zip, to unpack on the federation's web host.
import type { ServerResponse } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Services } from '../core/services/index'
import { toApiError } from '../core/services/dispatch'
import { UserError } from '../core/util/errors'
import { zipFolder } from '../core/site/zip'
import { contentDisposition } from './list-export'
import type { Locale } from '../../shared/errors/index'

export async function serveSiteZip(services: Services, res: ServerResponse, locale: Locale): Promise<void> {
  const fail = (status: number, e: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    res.end(JSON.stringify({ ok: false, error: toApiError(e, locale) }))
  }
  // publishing writes the audit log: not from an archive served read-only
  if (services.ctx.readOnly) return fail(403, new UserError('contract.readOnly', { name: 'lists:publishSite' }))
  const dir = mkdtempSync(join(tmpdir(), 'rating-office-site-'))
  try {
    await services.ctx.jobs.run('site:build', { out: join(dir, 'site') })
    const zip = zipFolder(join(dir, 'site'))
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition('rating-website.zip'),
      'content-length': String(zip.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff'
    })
    res.end(zip)
  } catch (e) {
    fail(400, e)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
