// The desktop app's open dialog for files the officer imports: the main process chooses the file, the renderer
// only ever receives the handle the core mints for it.
import { app, dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'
import { UPLOAD_EXTENSIONS, type UploadKind } from '../../shared/contract/files'

const FILTER_NAMES: Record<UploadKind, string> = {
  'fide-list': 'FIDE rating list (TXT, XML)',
  'national-list': 'National list (CSV, XLSX)'
}

/** A chooser for ServiceContext.chooseFolder: the backups folder, created if need be, or null when cancelled. */
export function folderDialogChooser(getWindow: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const options: OpenDialogOptions = { defaultPath: app.getPath('documents'), properties: ['openDirectory', 'createDirectory'] }
    const win = getWindow()
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return r.canceled || !r.filePaths[0] ? null : r.filePaths[0]
  }
}

/** A chooser for ServiceContext.chooseOpenFile: one existing file of the kind's extensions, or null when cancelled. */
export function openDialogChooser(getWindow: () => BrowserWindow | null): (kind: UploadKind) => Promise<string | null> {
  return async (kind) => {
    const options: OpenDialogOptions = {
      defaultPath: app.getPath('downloads'),
      filters: [{ name: FILTER_NAMES[kind], extensions: [...UPLOAD_EXTENSIONS[kind]] }],
      properties: ['openFile']
    }
    const win = getWindow()
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return r.canceled || !r.filePaths[0] ? null : r.filePaths[0]
  }
}
