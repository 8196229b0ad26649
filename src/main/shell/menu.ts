// The desktop menu: the usual Edit / View / Window menus, and Help → User guide (F1), which opens the Help screen.
// Its labels come from the renderer's own Help messages (src/shared/locales), in the system's language.
import { app, Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron'
import { helpLocaleOf, helpMessages } from '../../shared/locales/help'

export function installMenu(window: () => BrowserWindow | null): void {
  const l = helpMessages[helpLocaleOf(app.getLocale())].help
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      label: l.menu,
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
