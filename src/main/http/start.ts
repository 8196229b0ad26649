// Starts browser mode: services on the chosen database, the HTTP server on loopback (or a guarded interface).
import { fileURLToPath } from 'node:url'
import { dirname, join, resolve } from 'node:path'
import { existsSync } from 'node:fs'
import { hostname, networkInterfaces } from 'node:os'
import { createServices } from '../core/services/index'
import { noticeLines } from '../core/db/open-check'
import { sourceWorkerScript, builtWorkerScript } from '../core/workers/script'
import type { WorkerScript } from '../core/workers/runner'
import { defaultDbPath } from '../core/util/paths'
import { appVersion } from '../core/util/version'
import { createHttpServer, listen } from './server'
import { removeStaleUploads } from '../core/util/uploads'

export interface BrowserModeOptions {
  db?: string
  port: number
  host: string
  readOnly: boolean
  token?: string
  /** Host names besides the address and the machine's name that clients may use off loopback (a DNS name). */
  allowHosts?: string[]
  staticDir?: string
  /** Print the address (default true). */
  quiet?: boolean
  /** Back up the database daily while serving (default: unless read-only). */
  backupSchedule?: boolean
  /** The worker entry for jobs (default: the bundled worker beside a built host, the source one through tsx). */
  worker?: WorkerScript
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

export class UsageError extends Error {}

/** The shortest token accepted off loopback: 24 characters (a generated token is 32 hexadecimal digits). */
export const MIN_TOKEN_CHARS = 24

export function checkExposure(host: string, readOnly: boolean, token?: string): void {
  if (!LOOPBACK.has(host) && !readOnly && !token) {
    throw new UsageError(`refusing to serve on ${host} without --read-only or --token: only 127.0.0.1 is served openly`)
  }
  if (!LOOPBACK.has(host) && token !== undefined && token.length < MIN_TOKEN_CHARS) {
    throw new UsageError(`refusing to serve on ${host} with a token of ${token.length} characters: off loopback a token has at least ${MIN_TOKEN_CHARS} (e.g. \`openssl rand -hex 16\`)`)
  }
}

/**
 * The names a client may give in its Host header (DNS-rebinding guard): loopback's names on loopback; off loopback
 * the address served, this machine's name, and the names given with --allow-host, never any name at all.
 */
export function servedHostNames(host: string, extra: readonly string[] = []): string[] {
  if (LOOPBACK.has(host)) return ['127.0.0.1', 'localhost', '::1']
  const names = new Set([host, hostname(), ...extra])
  if (host === '0.0.0.0' || host === '::') {
    // every interface: each of its addresses is a served name
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.add(a.address)
    names.add('localhost')
  }
  return [...names]
}

export function defaultStaticDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  // built: out/node/*.js → out/web; source: src/main/http → out/web
  return import.meta.url.endsWith('.ts') ? resolve(here, '../../../out/web') : resolve(here, '../web')
}

export async function startBrowserMode(options: BrowserModeOptions) {
  checkExposure(options.host, options.readOnly, options.token)
  const staticDir = options.staticDir ?? defaultStaticDir()
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new UsageError(`the renderer is not built in ${staticDir}: run \`npm run build:web\` first`)
  }
  const dbPath = options.db ?? defaultDbPath()
  // uploads a killed server left behind in the temporary folder
  removeStaleUploads()
  const services = createServices({
    dbPath,
    host: 'browser',
    appVersion,
    readOnly: options.readOnly,
    backupSchedule: options.backupSchedule ?? !options.readOnly,
    // the walks of the whole file in a worker: the server answers at once, the banner follows
    integrityCheck: 'worker',
    onNotices: (found) => {
      for (const line of noticeLines(found)) process.stderr.write(line + '\n')
    },
    worker: options.worker ?? (import.meta.url.endsWith('.ts') ? sourceWorkerScript() : builtWorkerScript(import.meta.url))
  })
  const allowedHosts = servedHostNames(options.host, options.allowHosts ?? [])
  const server = createHttpServer({ services, staticDir, token: options.token, allowedHosts })
  const port = await listen(server, options.port, options.host)
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`
  if (!options.quiet) process.stdout.write(`Rating Office (browser mode) on ${url}\ndatabase ${dbPath}${options.readOnly ? ' (read-only)' : ''}\n`)
  // the checks on opening: on the server's console too (the window shows them as a banner)
  for (const line of noticeLines(services.ctx.notices)) process.stderr.write(line + '\n')
  const stop = async (): Promise<void> => {
    await new Promise<void>((r) => server.close(() => r()))
    await services.close()
  }
  const onSignal = (): void => {
    void stop().then(() => process.exit(0))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  return { url, port, server, services, stop }
}
