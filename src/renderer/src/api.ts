// The renderer's one door to the core: Electron's preload bridge when present, else the browser-mode HTTP API.
import type { Api, ApiError, CallInput, CallName, CallOutput, JobEvent, Reply, UploadKind, UploadedFile } from '@shared/contract/index'
import { uploadUrl } from '@shared/contract/plain'
import { i18n, sharedErrorText } from './i18n'

const TOKEN_KEY = 'rating-office.token'
export const TOKEN_HEADER = 'X-Rating-Office-Token'

/** The access token of a served archive: taken from `?token=` once (and removed from the address), then kept for the tab's life. */
export function accessToken(): string | null {
  const params = new URLSearchParams(window.location.search)
  const fromUrl = params.get('token')
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl)
    // kept for the tab, gone from the address bar: not in the history, a bookmark, a screenshot or a shared link
    params.delete('token')
    const query = params.toString()
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`)
    return fromUrl
  }
  return sessionStorage.getItem(TOKEN_KEY)
}

function networkFailure(reason: string): Reply<never> {
  return {
    ok: false,
    error: {
      code: 'network',
      key: 'network',
      params: { reason },
      message: `Cannot reach the Rating Office server: ${reason}`
    }
  }
}

function isReply(v: unknown): v is Reply<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { ok?: unknown }).ok === 'boolean'
}

/** The browser-mode client: POST /api/call/<name>, job events from a server-sent event stream. */
export function createHttpApi(base = ''): Api {
  const listeners = new Set<(e: JobEvent) => void>()
  let source: EventSource | null = null
  // settled when the stream is open: the server listens for the jobs' events before it answers the stream's headers
  let open: Promise<void> = Promise.resolve()

  const openEvents = (): void => {
    if (source) return
    const token = accessToken()
    source = new EventSource(`${base}/api/events${token ? `?token=${encodeURIComponent(token)}` : ''}`)
    const opening = source
    open = new Promise<void>((resolve) => {
      opening.onopen = () => resolve()
      // a stream that cannot open (the server gone) holds nothing back: the call says what went wrong
      opening.onerror = () => resolve()
    })
    source.onmessage = (msg: MessageEvent<string>) => {
      let event: JobEvent
      try {
        event = JSON.parse(msg.data) as JobEvent
      } catch {
        return // a keep-alive or a malformed line carries no job state
      }
      for (const l of listeners) l(event)
    }
  }

  return {
    async call<N extends CallName>(name: N, input: CallInput<N>): Promise<Reply<CallOutput<N>>> {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      const token = accessToken()
      if (token) headers[TOKEN_HEADER] = token
      let response: Response
      try {
        // call names are `domain:verb` from the contract: path-safe as they are, and the server matches them verbatim
        response = await fetch(`${base}/api/call/${name}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input ?? {})
        })
      } catch (e) {
        return networkFailure(e instanceof Error ? e.message : String(e))
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        return networkFailure(`HTTP ${response.status} ${response.statusText}`.trim())
      }
      // the server answers replies with 200; a refused token or a proxy error may still carry a reply body
      if (isReply(body)) return body as Reply<CallOutput<N>>
      return networkFailure(`HTTP ${response.status} ${response.statusText}`.trim())
    },
    eventsReady() {
      // without a listener there is no stream to wait for
      return listeners.size ? open : Promise.resolve()
    },
    onJobEvent(listener) {
      listeners.add(listener)
      openEvents()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && source) {
          source.close()
          source = null
        }
      }
    }
  }
}

/** Electron's preload gives `window.api`; a browser page talks HTTP to the server that served it. */
export const api: Api = window.api ?? createHttpApi()

/** The desktop app chooses files with its own dialog (files:open); a browser uploads them (sendFile). */
export const isDesktop = window.api !== undefined

/** Browser mode: streams a file's bytes to the server, which answers with its handle (the path stays the server's). */
export async function sendFile(kind: UploadKind, file: Blob & { name: string }, base = ''): Promise<Reply<UploadedFile>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' }
  const token = accessToken()
  if (token) headers[TOKEN_HEADER] = token
  let response: Response
  try {
    response = await fetch(`${base}${uploadUrl(kind, file.name)}`, { method: 'POST', headers, body: file })
  } catch (e) {
    return networkFailure(e instanceof Error ? e.message : String(e))
  }
  try {
    const body: unknown = await response.json()
    if (isReply(body)) return body as Reply<UploadedFile>
  } catch {
    // not a reply: said below
  }
  return networkFailure(`HTTP ${response.status} ${response.statusText}`.trim())
}

/** The message of a failed reply in the interface language (the catalogue's key when known, else the server's text). */
export function errorMessage(error: ApiError): string {
  const shared = sharedErrorText(error.key, error.params as Record<string, unknown>)
  if (shared !== null) return shared
  const key = `errors.${error.key}`
  const { te, t } = i18n.global
  if (te(key)) return t(key, error.params as Record<string, unknown>)
  return error.message
}

export class ApiFailure extends Error {
  readonly error: ApiError
  constructor(error: ApiError) {
    super(errorMessage(error))
    this.name = 'ApiFailure'
    this.error = error
  }
}

/** What to show for a failed action: the translated message of an ApiFailure (or of any other error). */
export function failureMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

export function unwrap<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new ApiFailure(reply.error)
  return reply.value
}

/** Calls and unwraps in one step; throws an ApiFailure with the translated message. */
export async function callOrThrow<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  return unwrap(await api.call(name, input))
}
