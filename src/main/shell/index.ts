// Electron host: one window on the built renderer, the contract over IPC (sender checked), and the
// security checklist applied (sandbox, isolation, CSP, no navigation, no new windows, no permissions).
import { app, BrowserWindow, dialog, ipcMain, session, shell, type IpcMainInvokeEvent } from 'electron'
import { join, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createServices, type Services } from '../core/services/index'
import { builtWorkerScript } from '../core/workers/script'
import { appVersion } from '../core/util/version'
import { toApiError } from '../core/services/dispatch'
import { UserError } from '../core/util/errors'
import { APP_NAME } from '../core/util/paths'
import { CSP } from '../http/server'
import { isAllowedExternal, isAppUrl, reportPathsFromArgv, secureWebPreferences } from './security'
import { saveDialogChooser } from './save-dialog'
import { installMenu } from './menu'
import { folderDialogChooser, openDialogChooser } from './open-dialog'
import { IPC_CALL, IPC_JOB_EVENT } from '../../preload/channels'

app.setName(APP_NAME)
const here = dirname(fileURLToPath(import.meta.url))
const rendererEntry = process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(here, '../renderer/index.html')).href

let services: Services | null = null
let mainWindow: BrowserWindow | null = null
/** Reports given on the command line or by the OS, waiting for the import screen to take them. */
export const openedReports: string[] = []

function queueReports(paths: string[]): void {
  openedReports.push(...paths)
  if (mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
    void mainWindow.webContents.executeJavaScript('window.location.hash = "#/tournaments/import"').catch(() => undefined)
  }
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', (_e, argv) => queueReports(reportPathsFromArgv(argv.slice(1))))
  app.on('open-file', (e, path) => {
    e.preventDefault()
    queueReports([path])
  })
  queueReports(reportPathsFromArgv(process.argv.slice(app.isPackaged ? 1 : 2)))

  app.on('web-contents-created', (_e, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      // allow-listed links open in the user's browser, never in a new app window; anything else goes nowhere
      if (isAllowedExternal(url)) void shell.openExternal(url)
      return { action: 'deny' }
    })
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url, rendererEntry)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })

  app.whenReady().then(() => {
    const dbPath = join(app.getPath('userData'), 'office.db')
    try {
      services = createServices({
        dbPath,
        host: 'electron',
        appVersion,
        worker: builtWorkerScript(import.meta.url),
        openedReports,
        backupSchedule: true,
        // the walks of the whole file in a worker: the window opens at once, the banner follows
        integrityCheck: 'worker',
        chooseSaveFile: saveDialogChooser(() => mainWindow),
        chooseOpenFile: openDialogChooser(() => mainWindow),
        chooseFolder: folderDialogChooser(() => mainWindow)
      })
    } catch (e) {
      dialog.showErrorBox(APP_NAME, (e as Error).message)
      app.exit(1)
      return
    }
    const s = services
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
    session.defaultSession.setPermissionCheckHandler(() => false)
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } })
    })

    ipcMain.handle(IPC_CALL, async (event: IpcMainInvokeEvent, name: unknown, input: unknown) => {
      const frameUrl = event.senderFrame?.url ?? ''
      if (!isAppUrl(frameUrl, rendererEntry) || event.sender !== mainWindow?.webContents) {
        return { ok: false, error: toApiError(new UserError('contract.foreignSender', { url: frameUrl }), 'en') }
      }
      if (typeof name !== 'string') return { ok: false, error: toApiError(new UserError('contract.unknownCall', { name: String(name) }), 'en') }
      return s.dispatch(name, input)
    })
    s.ctx.jobs.on('event', (e) => mainWindow?.webContents.send(IPC_JOB_EVENT, e))

    mainWindow = new BrowserWindow({
      width: 1360,
      height: 860,
      show: false,
      title: APP_NAME,
      icon: join(here, '../../resources/icon.png'),
      webPreferences: secureWebPreferences(join(here, '../preload/index.cjs'))
    })
    installMenu(() => mainWindow)
    mainWindow.once('ready-to-show', () => mainWindow?.show())
    void mainWindow.loadURL(rendererEntry)
    if (openedReports.length) queueReports([])
  })

  app.on('window-all-closed', () => {
    void services?.close().finally(() => app.quit())
  })
}
