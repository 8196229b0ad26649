// Browser mode: the contract over HTTP on loopback (POST /api/call/<name>), job events as server-sent events,
// and the built renderer as static files. Same services, same validation as the Electron shell.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import sirv from 'sirv'
import type { Services } from '../core/services/index'
import { contract, callNames } from '../../shared/contract/index'
import type { JobEvent } from '../../shared/contract/jobs'
import { toApiError } from '../core/services/dispatch'
import { UserError } from '../core/util/errors'
import { serveListExport } from './list-export'
import { serveSiteZip } from './site-export'
import { receiveUpload } from './upload'

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'"
].join('; ')

/** Headers of every response, API and static files alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()'
}

/** A call's body is read up to its contract's limit, else this. */
export const DEFAULT_MAX_BODY_BYTES = 512 * 1024

/** Wrong tokens allowed (from all addresses together) within the window before further wrong ones get 429. */
export const TOKEN_FAILURES_ALLOWED = 10
export const TOKEN_FAILURE_WINDOW_MS = 60_000

export interface HttpOptions {
  services: Services
  staticDir?: string
  token?: string
  /** Host names accepted in the Host header (DNS-rebinding guard); empty = any. */
  allowedHosts?: string[]
  /** Overrides every call's body limit (tests). */
  maxBodyBytes?: number
  /** Clock of the failed-token limiter (tests). */
  now?: () => number
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(text)
}

/**
 * Wrong tokens, counted for the whole server (every address: 127.0.0.2 is no way round it) in a fixed window. Past
 * TOKEN_FAILURES_ALLOWED, each further wrong token is answered 429 with the rest of the window as Retry-After, and
 * the window starts again: guessing gets slow, not cheap. The right token is never refused: the limit is on
 * guesses, not on the officer who has the token (and a token off loopback is long enough not to be guessed).
 */
function tokenLimiter(now: () => number) {
  let since = 0
  let count = 0
  return {
    /** A wrong token: 0 while guesses are allowed, else the seconds to wait. */
    fail(): number {
      const t = now()
      if (t - since >= TOKEN_FAILURE_WINDOW_MS) {
        since = t
        count = 0
      }
      count++
      if (count <= TOKEN_FAILURES_ALLOWED) return 0
      // back-off per wrong guess: the window restarts at each one past the limit
      since = t
      return Math.ceil(TOKEN_FAILURE_WINDOW_MS / 1000)
    }
  }
}

function tokenOk(req: IncomingMessage, url: URL, token: string | undefined): boolean {
  if (!token) return true
  const given = (req.headers['x-rating-office-token'] as string | undefined) ?? url.searchParams.get('token') ?? ''
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(`request body over ${limit} bytes`)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLarge(`request body over ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A request sent by another site's page: browsers say so in Sec-Fetch-Site (every current engine) and, for
 * anything but a plain navigation, in Origin. Tools that send neither (curl, the CLI's tests) are not browsers
 * and are judged by the token alone.
 */
export function crossOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = req.headers.origin
  if (origin === undefined) return false
  if (origin === 'null') return true
  try {
    return new URL(origin).host !== (req.headers.host ?? '')
  } catch {
    return true
  }
}

/** The request's path and query read against a fixed origin, or null when it cannot be read (answered 400). */
function requestUrl(req: IncomingMessage): URL | null {
  try {
    // the path is appended to a fixed origin: a path like `//host` must not be read as another origin
    return new URL(`http://localhost${(req.url ?? '/').startsWith('/') ? '' : '/'}${req.url ?? '/'}`)
  } catch {
    return null
  }
}

/** A Host header outside the allowed names is answered 421: a DNS-rebinding page cannot reach the server. */
function refuseUnknownHost(req: IncomingMessage, res: ServerResponse, allowedHosts: string[] | undefined): boolean {
  const hostHeader = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
  if (!allowedHosts?.length || allowedHosts.includes(hostHeader)) return false
  send(res, 421, { ok: false, error: { code: 'host', key: 'internal', params: {}, message: `host “${hostHeader}” is not served here` } })
  return true
}

type Statics = ReturnType<typeof sirv>

/** The built renderer's files (any path outside /api/), with the security headers; 404 when it is not built. */
function staticFiles(staticDir: string | undefined): Statics | null {
  if (!staticDir) return null
  return sirv(staticDir, {
    single: true,
    dev: false,
    etag: true,
    setHeaders: (res) => {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v)
    }
  })
}

function serveStatic(statics: Statics | null, req: IncomingMessage, res: ServerResponse): void {
  if (statics) statics(req, res, () => send(res, 404, { ok: false, error: { code: 'not_found', key: 'internal', params: {}, message: 'not found' } }))
  else send(res, 404, { ok: false, error: { code: 'not_found', key: 'internal', params: {}, message: 'the renderer is not built (npm run build:web)' } })
}

/** The locale of the messages the server writes itself (its errors carry their key and params as well). */
function locale(): 'en' | 'fr' {
  return 'en'
}

/** Another site's page may not start work here (an export, an upload, an event stream), token or not: 403. */
function refuseCrossOrigin(req: IncomingMessage, res: ServerResponse): boolean {
  if (!crossOrigin(req)) return false
  send(res, 403, { ok: false, error: toApiError(new UserError('contract.crossOrigin'), locale()) })
  return true
}

/** A missing or wrong token is answered 401, or 429 with Retry-After once the limiter has seen too many guesses. */
function refuseWrongToken(req: IncomingMessage, res: ServerResponse, url: URL, token: string | undefined, limiter: ReturnType<typeof tokenLimiter>): boolean {
  if (tokenOk(req, url, token)) return false
  const wait = limiter.fail()
  if (wait > 0) {
    res.setHeader('retry-after', String(wait))
    send(res, 429, { ok: false, error: toApiError(new UserError('contract.tooManyAttempts'), locale()) })
  } else send(res, 401, { ok: false, error: toApiError(new UserError('contract.unauthorized'), locale()) })
  return true
}

/** A route asked with another method: 405 with the one it takes in Allow. */
function refuseMethod(res: ServerResponse, allowed: 'GET' | 'POST'): void {
  res.setHeader('allow', allowed)
  send(res, 405, { ok: false, error: { code: 'method', key: 'internal', params: {}, message: `use ${allowed}` } })
}

/** GET /api/contract: the calls this server answers, with their access and summary. */
function sendContract(res: ServerResponse): void {
  send(res, 200, callNames.map((name) => ({ name, access: contract[name].access, archive: contract[name].archive === true, summary: contract[name].summary })))
}

/** GET /api/events: job events as server-sent events until the client goes; a ping every 25 s keeps the idle stream alive. */
function streamJobEvents(services: Services, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
  res.write(': connected\n\n')
  const listener = (e: JobEvent): void => {
    res.write(`data: ${JSON.stringify(e)}\n\n`)
  }
  services.ctx.jobs.on('event', listener)
  const ping = setInterval(() => res.write(': ping\n\n'), 25000)
  req.on('close', () => {
    clearInterval(ping)
    services.ctx.jobs.off('event', listener)
  })
}

/** POST /api/upload/<kind>: the bytes streamed into a private temporary file, answered with its handle. */
function serveUpload(services: Services, kind: string, url: URL, req: IncomingMessage, res: ServerResponse): void {
  void receiveUpload(services, kind, url.searchParams, req, locale()).then((a) => {
    if (a.close) res.setHeader('connection', 'close')
    send(res, a.status, a.body)
    // what a refused upload did not send is not waited for
    if (a.close) res.once('finish', () => req.destroy())
  })
}

/** POST /api/call/<name> with a JSON body: the same dispatch, validation and errors as the Electron shell's. */
function serveCall(services: Services, maxBodyBytes: number | undefined, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const m = /^\/api\/call\/([a-z]+:[A-Za-z-]+)$/.exec(url.pathname)
  if (!m) {
    send(res, 404, { ok: false, error: toApiError(new UserError('contract.unknownCall', { name: url.pathname }), locale()) })
    return
  }
  if (req.method !== 'POST') {
    refuseMethod(res, 'POST')
    return
  }
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    // a cross-site form cannot send JSON without a preflight: this keeps other pages from calling the API
    send(res, 415, { ok: false, error: { code: 'content_type', key: 'internal', params: {}, message: 'content-type must be application/json' } })
    return
  }
  const def = Object.prototype.hasOwnProperty.call(contract, m[1]) ? contract[m[1] as keyof typeof contract] : undefined
  readBody(req, maxBodyBytes ?? def?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)
    .then(async (text) => {
      let input: unknown = {}
      if (text.trim() !== '') {
        try {
          input = JSON.parse(text)
        } catch (e) {
          send(res, 200, { ok: false, error: { code: 'validation', key: 'contract.invalidInput', params: { name: m[1], issues: (e as Error).message }, message: `Invalid JSON: ${(e as Error).message}` } })
          return
        }
      }
      send(res, 200, await services.dispatch(m[1], input))
    })
    .catch((e: Error) => {
      if (e instanceof BodyTooLarge) {
        // answer, then close: the rest of an oversized body is not read
        res.setHeader('connection', 'close')
        send(res, 413, { ok: false, error: { code: 'too_large', key: 'internal', params: { message: e.message }, message: e.message } })
      } else send(res, 500, { ok: false, error: toApiError(e, locale()) })
    })
}

/** An /api/ request that passed the guards, sent to its route: contract, events, exports, uploads, else a call. */
function routeApi(options: HttpOptions, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const { services } = options
  if (url.pathname === '/api/contract' && req.method === 'GET') {
    sendContract(res)
    return
  }
  if (url.pathname === '/api/events' && req.method === 'GET') {
    streamJobEvents(services, req, res)
    return
  }
  if (url.pathname === '/api/export/site.zip' && req.method === 'GET') {
    void serveSiteZip(services, res, locale())
    return
  }
  const exportMatch = /^\/api\/export\/list\/([^/]+)$/.exec(url.pathname)
  if (exportMatch) {
    if (req.method !== 'GET') refuseMethod(res, 'GET')
    else void serveListExport(services, exportMatch[1]!, url.searchParams, res, locale())
    return
  }
  const uploadMatch = /^\/api\/upload\/([a-z-]+)$/.exec(url.pathname)
  if (uploadMatch) {
    if (req.method !== 'POST') refuseMethod(res, 'POST')
    else serveUpload(services, uploadMatch[1]!, url, req, res)
    return
  }
  serveCall(services, options.maxBodyBytes, req, res, url)
}

/**
 * The server's handler, its guards in order: a readable path, an allowed host, the renderer's files outside /api/,
 * then for the API no cross-origin page and the token, before the route.
 */
export function createHttpHandler(options: HttpOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const statics = staticFiles(options.staticDir)
  const limiter = tokenLimiter(options.now ?? Date.now)

  return (req, res) => {
    const url = requestUrl(req)
    if (!url) {
      send(res, 400, { ok: false, error: { code: 'bad_request', key: 'internal', params: {}, message: 'bad request path' } })
      return
    }
    if (refuseUnknownHost(req, res, options.allowedHosts)) return
    if (!url.pathname.startsWith('/api/')) {
      serveStatic(statics, req, res)
      return
    }
    if (refuseCrossOrigin(req, res)) return
    if (refuseWrongToken(req, res, url, options.token, limiter)) return
    routeApi(options, req, res, url)
  }
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const addr = server.address()
      resolve(typeof addr === 'object' && addr ? addr.port : port)
    })
  })
}

export function createHttpServer(options: HttpOptions): Server {
  return createServer(createHttpHandler(options))
}
