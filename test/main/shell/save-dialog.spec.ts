// The desktop save dialog for exports, with a mocked electron module: suggested name, filter, cancel, extension.
import { beforeEach, describe, expect, it, vi } from 'vitest'

const showSaveDialog = vi.fn()
vi.mock('electron', () => ({
  app: { getPath: (name: string) => (name === 'documents' ? '/home/officer/Documents' : '/tmp') },
  dialog: { showSaveDialog: (...args: unknown[]) => showSaveDialog(...args) }
}))

const { saveDialogChooser } = await import('../../../src/main/shell/save-dialog')

beforeEach(() => showSaveDialog.mockReset())

describe('export save dialog', () => {
  it('opens on the suggested name in the documents folder, attached to the window, filtered to the format', async () => {
    const win = { id: 1 }
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/officer/Desktop/list.pdf' })
    const choose = saveDialogChooser(() => win as never)
    expect(await choose('FRA-standard-2026-01-01-v1.pdf')).toBe('/home/officer/Desktop/list.pdf')
    expect(showSaveDialog).toHaveBeenCalledWith(win, {
      defaultPath: '/home/officer/Documents/FRA-standard-2026-01-01-v1.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation']
    })
  })

  it('gives null when the officer cancels, and adds the extension to a bare name', async () => {
    showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' })
    const choose = saveDialogChooser(() => null)
    expect(await choose('list.csv')).toBeNull()
    expect(showSaveDialog.mock.calls[0]).toHaveLength(1)
    showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/data/top-list' })
    expect(await choose('list.csv')).toBe('/data/top-list.csv')
  })
})
