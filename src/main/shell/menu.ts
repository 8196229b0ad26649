// The desktop menu: the usual Edit / View / Window menus, and Help → User guide (F1), which opens the Help screen.
import { app, Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron'

const LABELS = {
  en: { help: 'Help', guide: 'User guide' },
  fr: { help: 'Aide', guide: 'Guide de l’utilisateur' }
} as const

export function installMenu(window: () => BrowserWindow | null): void {
  const l = app.getLocale().startsWith('fr') ? LABELS.fr : LABELS.en
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      label: l.help,
      submenu: [
        {
          label: l.guide,
          accelerator: 'F1',
          // the renderer routes by hash: the guide is its Help screen, in the office's language
          click: () => void window()?.webContents.executeJavaScript('window.location.hash = "#/help"').catch(() => undefined)
        }
      ]
    }
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
