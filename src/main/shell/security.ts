// The Electron security policy as plain data and predicates (no electron import, so it is unit-tested).

/** webPreferences of every window: sandboxed renderer, isolated context, no Node. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false
  } as const
}

/**
 * Whether a URL belongs to the application itself: the built renderer file, or the dev server in development.
 * IPC from any other frame, and navigation to anything else, is refused.
 */
export function isAppUrl(url: string, appEntry: string): boolean {
  let target: URL
  let entry: URL
  try {
    target = new URL(url)
    entry = new URL(appEntry)
  } catch {
    return false
  }
  if (entry.protocol === 'file:') return target.protocol === 'file:' && target.pathname === entry.pathname
  return target.origin === entry.origin
}

/** Paths among command-line arguments that look like tournament reports to open. */
export function reportPathsFromArgv(argv: readonly string[]): string[] {
  return argv.filter((a) => !a.startsWith('-') && /\.(trf|trfx|txt|tab)$/i.test(a))
}

/** Hosts the app links to (the FIDE regulations and rating pages): the only ones opened in the user's browser. */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set(['handbook.fide.com', 'ratings.fide.com', 'www.fide.com', 'fide.com'])

/** Whether a link may be handed to the operating system's browser: https to an allow-listed host, no credentials. */
export function isAllowedExternal(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  return u.protocol === 'https:' && u.username === '' && u.password === '' && u.port === '' && EXTERNAL_HOSTS.has(u.hostname)
}
