// Browser mode's file upload: POST /api/upload/<kind>?name=<file name>, the raw bytes as application/octet-stream,
// streamed into a private temporary file up to the kind's limit; the answer is the file's handle (never its path).
import type { IncomingMessage } from 'node:http'
import type { Services } from '../core/services/index'
import { uploadKind, type UploadedFile } from '../../shared/contract/files'
import type { ApiError } from '../../shared/contract/define'
import { toApiError } from '../core/services/dispatch'
import { UserError } from '../core/util/errors'
import type { Locale } from '../../shared/errors/index'

export interface UploadAnswer {
  status: number
  body: { ok: true; value: UploadedFile } | { ok: false; error: ApiError }
  /** The rest of the body is not read: close the connection after answering. */
  close?: boolean
}

export async function receiveUpload(services: Services, kindName: string, query: URLSearchParams, req: IncomingMessage, locale: Locale): Promise<UploadAnswer> {
  const fail = (status: number, e: unknown, close = true): UploadAnswer => ({ status, body: { ok: false, error: toApiError(e, locale) }, close })
  if (services.ctx.readOnly) return fail(403, new UserError('contract.readOnly', { name: 'upload' }))
  const kind = uploadKind.safeParse(kindName)
  if (!kind.success) return fail(404, new UserError('contract.unknownCall', { name: `upload/${kindName}` }))
  // a cross-site form cannot send this content type without a preflight, which the server never grants
  if (!(req.headers['content-type'] ?? '').startsWith('application/octet-stream')) {
    return fail(415, new UserError('contract.invalidInput', { name: 'upload', issues: 'content-type must be application/octet-stream' }))
  }
  const name = query.get('name') ?? ''
  if (name.length === 0 || name.length > 260) return fail(400, new UserError('contract.invalidInput', { name: 'upload', issues: 'name: give the file name (1 to 260 characters)' }))
  const declared = Number(req.headers['content-length'] ?? NaN)
  try {
    const file = await services.ctx.uploads.receive(kind.data, name, req, Number.isFinite(declared) ? declared : undefined)
    return { status: 200, body: { ok: true, value: file } }
  } catch (e) {
    const key = e instanceof UserError ? e.key : ''
    return fail(key === 'files.tooLarge' || key === 'files.tooManyUploads' ? 413 : 400, e)
  }
}
