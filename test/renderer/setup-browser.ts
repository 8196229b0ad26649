// Minimal browser globals for renderer modules under vitest's node environment (storage, location, navigator).
import { vi } from 'vitest'

class MemoryStorage {
  private data = new Map<string, string>()
  getItem(k: string): string | null {
    return this.data.has(k) ? (this.data.get(k) as string) : null
  }
  setItem(k: string, v: string): void {
    this.data.set(k, String(v))
  }
  removeItem(k: string): void {
    this.data.delete(k)
  }
  clear(): void {
    this.data.clear()
  }
}

export function stubBrowser(search = ''): { session: MemoryStorage; local: MemoryStorage } {
  const session = new MemoryStorage()
  const local = new MemoryStorage()
  vi.stubGlobal('sessionStorage', session)
  vi.stubGlobal('localStorage', local)
  vi.stubGlobal('navigator', { language: 'en-GB' })
  // vue's DOM runtime makes one template element when it loads
  vi.stubGlobal('document', { documentElement: { lang: 'en', style: {} }, createElement: () => ({}) })
  // the address bar: replaceState changes it as a browser does (the token is taken out of it)
  const location = { search, pathname: '/', hash: '' }
  const history = {
    state: null as unknown,
    replaceState(state: unknown, _title: string, url: string) {
      history.state = state
      const u = new URL(url, 'http://localhost')
      location.search = u.search
      location.pathname = u.pathname
      location.hash = u.hash
    }
  }
  vi.stubGlobal('window', { location, history })
  return { session, local }
}
