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
