// The Electron main process as a unit, with a mocked `electron` module: what the shell actually does with the
// window, navigation, new windows, permissions, CSP and IPC senders (the window itself can't be launched here).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as ScriptModule from '../../../src/main/core/workers/script'
import { tempDir } from '../../helpers/temp-db'
import { LISTS_DIR } from '../../helpers/fixtures'
import { helpLocaleOf } from '../../../src/shared/locales/help'

const tmp = tempDir()

type Listener = (...args: unknown[]) => unknown
const h = vi.hoisted(() => {
  const appHandlers = new Map<string, Listener>()
  const state = {
    appHandlers,
    ipcHandlers: new Map<string, Listener>(),
    windows: [] as { options: Record<string, unknown>; webContents: { id: number; send: ReturnType<typeof vi.fn>; executeJavaScript: ReturnType<typeof vi.fn> } }[],
    openExternal: vi.fn(async () => undefined),
    permissionRequest: null as null | Listener,
    permissionCheck: null as null | Listener,
    headersReceived: null as null | Listener,
    userData: '',
    /** What the mocked open dialog answers next. */
    openDialog: { canceled: false, filePaths: [] as string[] },
    /** The template the shell gave Menu.buildFromTemplate, once installed as the application menu. */
    menu: null as null | { role?: string; label?: string; submenu?: { label?: string; accelerator?: string; click?: () => void }[] }[],
    ready: null as null | (() => void)
  }
  return state
})

// the shell starts the bundled worker beside its built entry; under test the source worker stands in for it (a national
// list's preview is read in a worker job in the desktop app)
vi.mock('../../../src/main/core/workers/script', async (original) => {
  const m = await original<typeof ScriptModule>()
  return { ...m, builtWorkerScript: () => m.sourceWorkerScript() }
})

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { id: 1, send: vi.fn(), executeJavaScript: vi.fn(async () => undefined) }
    constructor(public options: Record<string, unknown>) {
      h.windows.push(this as never)
    }
    once() {}
    loadURL() {
      return Promise.resolve()
    }
    isMinimized() {
      return false
    }
    restore() {}
    focus() {}
  }
  const readyPromise = new Promise<void>((resolve) => {
    h.ready = resolve
  })
  return {
    app: {
      setName: vi.fn(),
      isPackaged: false,
      requestSingleInstanceLock: () => true,
      on: (event: string, fn: Listener) => h.appHandlers.set(event, fn),
      whenReady: () => readyPromise,
      getPath: () => h.userData,
      getLocale: () => 'fr-FR',
      quit: vi.fn(),
      exit: vi.fn()
    },
    BrowserWindow,
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: (menu: typeof h.menu) => (h.menu = menu) },
    dialog: { showErrorBox: vi.fn(), showOpenDialog: vi.fn(async () => h.openDialog) },
    ipcMain: { handle: (channel: string, fn: Listener) => h.ipcHandlers.set(channel, fn) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Listener) => (h.permissionRequest = fn),
        setPermissionCheckHandler: (fn: Listener) => (h.permissionCheck = fn),
        webRequest: { onHeadersReceived: (fn: Listener) => (h.headersReceived = fn) }
      }
    },
    shell: { openExternal: h.openExternal }
  }
})

const APP_URL = 'http://localhost:5999/'

beforeAll(async () => {
  h.userData = tmp.file('user-data')
  const { mkdirSync } = await import('node:fs')
  mkdirSync(h.userData)
  process.env.ELECTRON_RENDERER_URL = APP_URL
  await import('../../../src/main/shell/index')
  h.ready!()
  // let whenReady's continuation run
  await new Promise((r) => setTimeout(r, 0))
})
afterAll(async () => {
  const closeAll = h.appHandlers.get('window-all-closed')
  closeAll?.()
  await new Promise((r) => setTimeout(r, 50))
  tmp.cleanup()
})

function webContentsEvents() {
  const handlers = new Map<string, Listener>()
  let openHandler: Listener | null = null
  const contents = {
    setWindowOpenHandler: (fn: Listener) => (openHandler = fn),
    on: (event: string, fn: Listener) => handlers.set(event, fn)
  }
  h.appHandlers.get('web-contents-created')!({}, contents)
  return { handlers, open: (url: string) => openHandler!({ url }) }
}

describe('Electron main process (mocked electron)', () => {
  it('opens one window, sandboxed, context-isolated, without Node', () => {
    expect(h.windows).toHaveLength(1)
    expect(h.windows[0]!.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, webviewTag: false })
  })

  it('installs a Help menu in the system language whose User guide (F1) opens the Help screen', async () => {
    const help = h.menu?.find((m) => m.role === 'help')
    expect(help?.label).toBe('Aide')
    const guide = help?.submenu?.[0]
    expect([guide?.label, guide?.accelerator]).toEqual(['Guide de l’utilisateur', 'F1'])
    // the labels are the renderer's own messages (features/help/i18n.ts), not a second table
    const screen = (await import('../../../src/renderer/src/features/help/i18n')).default
    expect([help?.label, guide?.label]).toEqual([screen.fr.help.menu, screen.fr.help.guide])
    expect(helpLocaleOf('en-GB')).toBe('en')
    expect(helpLocaleOf('fr-CA')).toBe('fr')
    guide!.click!()
    expect(h.windows[0]!.webContents.executeJavaScript).toHaveBeenCalledWith('window.location.hash = "#/help"')
  })

  it('denies every permission request and check', () => {
    const answer = vi.fn()
    h.permissionRequest!({}, 'media', answer)
    expect(answer).toHaveBeenCalledWith(false)
    expect(h.permissionCheck!({}, 'geolocation')).toBe(false)
  })

  it('adds the CSP to every response', () => {
    const callback = vi.fn()
    h.headersReceived!({ responseHeaders: { 'x-a': ['1'] } }, callback)
    const headers = callback.mock.calls[0]![0].responseHeaders as Record<string, string[]>
    expect(headers['Content-Security-Policy']![0]).toContain("default-src 'self'")
    expect(headers['x-a']).toEqual(['1'])
  })

  it('blocks navigation away from the app and every new window; only allow-listed links reach the browser', () => {
    const { handlers, open } = webContentsEvents()
    const away = { preventDefault: vi.fn() }
    handlers.get('will-navigate')!(away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    const inside = { preventDefault: vi.fn() }
    handlers.get('will-navigate')!(inside, APP_URL + '#/lists')
    expect(inside.preventDefault).not.toHaveBeenCalled()
    const webview = { preventDefault: vi.fn() }
    handlers.get('will-attach-webview')!(webview)
    expect(webview.preventDefault).toHaveBeenCalled()

    expect(open('https://handbook.fide.com/chapter/B022024')).toEqual({ action: 'deny' })
    expect(open('https://evil.example/phish')).toEqual({ action: 'deny' })
    expect(open('http://ratings.fide.com/')).toEqual({ action: 'deny' })
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' })
    expect(h.openExternal.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['https://handbook.fide.com/chapter/B022024'])
  })

  it('answers IPC calls from its own window only, with a message of its own for strangers', async () => {
    const handle = [...h.ipcHandlers.values()][0]!
    const own = h.windows[0]!.webContents
    const ok = (await handle({ sender: own, senderFrame: { url: APP_URL + '#/' } }, 'system:info', {})) as { ok: boolean; value?: { host: string } }
    expect(ok).toMatchObject({ ok: true, value: { host: 'electron' } })
    const foreignFrame = (await handle({ sender: own, senderFrame: { url: 'https://evil.example/' } }, 'system:info', {})) as { ok: boolean; error: { key: string; message: string } }
    expect(foreignFrame).toMatchObject({ ok: false, error: { key: 'contract.foreignSender' } })
    expect(foreignFrame.error.message).toContain('https://evil.example/')
    const otherContents = (await handle({ sender: { id: 2 }, senderFrame: { url: APP_URL } }, 'system:info', {})) as { ok: boolean; error: { key: string } }
    expect(otherContents).toMatchObject({ ok: false, error: { key: 'contract.foreignSender' } })
    const badName = (await handle({ sender: own, senderFrame: { url: APP_URL } }, 42, {})) as { ok: boolean; error: { key: string } }
    expect(badName).toMatchObject({ ok: false, error: { key: 'contract.unknownCall' } })
  })

  it('reads a file only through its own open dialog: the renderer gets a handle, never gives a path', async () => {
    const handle = [...h.ipcHandlers.values()][0]!
    const own = { sender: h.windows[0]!.webContents, senderFrame: { url: APP_URL } }
    h.openDialog = { canceled: false, filePaths: [LISTS_DIR + 'national_list.csv'] }
    const opened = (await handle(own, 'files:open', { kind: 'national-list' })) as { ok: true; value: { handle: string; fileName: string; bytes: number } }
    expect(opened).toMatchObject({ ok: true, value: { kind: 'national-list', fileName: 'national_list.csv' } })
    expect(opened.value.handle).toMatch(/^up-[0-9a-f]{32}$/)
    expect(JSON.stringify(opened)).not.toContain(LISTS_DIR)
    const preview = (await handle(own, 'players:previewNational', { upload: opened.value.handle })) as { ok: boolean; value: { rows: number } }
    expect(preview).toMatchObject({ ok: true, value: { rows: 3 } })
    // a path where the handle goes, or a handle the main process never gave, is refused
    expect(await handle(own, 'players:previewNational', { upload: LISTS_DIR + 'national_list.csv' })).toMatchObject({ ok: false, error: { key: 'contract.invalidInput' } })
    expect(await handle(own, 'players:previewNational', { upload: 'up-' + '0'.repeat(32) })).toMatchObject({ ok: false, error: { key: 'files.unknownHandle' } })
    // a handle of another kind does not open the file either
    expect(await handle(own, 'players:importList', { upload: opened.value.handle, listDate: '2025-11-01' })).toMatchObject({ ok: false, error: { key: 'files.unknownHandle' } })
    h.openDialog = { canceled: true, filePaths: [] }
    expect(await handle(own, 'files:open', { kind: 'fide-list' })).toEqual({ ok: true, value: null })
  })
})
