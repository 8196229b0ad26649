// The desktop app's save dialog for exports: the officer chooses the file; the renderer never names a path.
import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron'
import { extname, join } from 'node:path'

const FILTERS: Record<string, string> = {
  txt: 'FIDE TXT list',
  xml: 'FIDE XML list',
  csv: 'CSV (spreadsheet)',
  xlsx: 'Excel workbook',
  pdf: 'PDF'
}

/**
 * A chooser for ServiceContext.chooseSaveFile: the dialog opens in the user's documents folder on the suggested
 * name, filtered to its format; a cancelled dialog gives null; a name typed without the extension gets it.
 */
export function saveDialogChooser(getWindow: () => BrowserWindow | null): (fileName: string) => Promise<string | null> {
  return async (fileName) => {
    const ext = extname(fileName).slice(1).toLowerCase()
    const options: SaveDialogOptions = {
      defaultPath: join(app.getPath('documents'), fileName),
      filters: [{ name: FILTERS[ext] ?? ext.toUpperCase(), extensions: [ext] }],
      properties: ['createDirectory', 'showOverwriteConfirmation']
    }
    const win = getWindow()
    const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
    if (r.canceled || !r.filePath) return null
    return extname(r.filePath) ? r.filePath : `${r.filePath}.${ext}`
  }
}
