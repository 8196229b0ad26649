// The preload bridge: window.api is exactly { call, onJobEvent }, only contract calls reach IPC.
import { describe, expect, it, vi } from 'vitest'
import { buildBridge, type IpcLike } from '../../src/preload/bridge'
import { IPC_CALL, IPC_JOB_EVENT } from '../../src/preload/channels'

function fakeIpc() {
  const listeners = new Map<string, ((e: unknown, ...a: unknown[]) => void)[]>()
  const ipc: IpcLike & { emit(channel: string, arg: unknown): void } = {
    invoke: vi.fn(async (_channel: string, name: unknown) => ({ ok: true, value: name })),
    on: (c, l) => listeners.set(c, [...(listeners.get(c) ?? []), l]),
    removeListener: (c, l) => listeners.set(c, (listeners.get(c) ?? []).filter((x) => x !== l)),
    emit: (c, arg) => (listeners.get(c) ?? []).forEach((l) => l({}, arg))
  }
  return ipc
}

describe('preload bridge', () => {
  it('exposes exactly two functions', () => {
    expect(Object.keys(buildBridge(fakeIpc())).sort()).toEqual(['call', 'onJobEvent'])
  })

  it('forwards contract calls over the one IPC channel', async () => {
    const ipc = fakeIpc()
    const api = buildBridge(ipc)
    expect(await api.call('system:info', {})).toEqual({ ok: true, value: 'system:info' })
    expect(ipc.invoke).toHaveBeenCalledWith(IPC_CALL, 'system:info', {})
  })

  it('refuses a name outside the contract without touching IPC', async () => {
    const ipc = fakeIpc()
    const api = buildBridge(ipc)
    const reply = await (api.call as (n: string, i: unknown) => Promise<unknown>)('fs:readFile', { path: '/etc/passwd' })
    expect(reply).toMatchObject({ ok: false, error: { key: 'contract.unknownCall' } })
    expect(ipc.invoke).not.toHaveBeenCalled()
  })

  it('delivers job events and unsubscribes', () => {
    const ipc = fakeIpc()
    const api = buildBridge(ipc)
    const seen: unknown[] = []
    const off = api.onJobEvent((e) => seen.push(e))
    ipc.emit(IPC_JOB_EVENT, { jobId: 'a' })
    off()
    ipc.emit(IPC_JOB_EVENT, { jobId: 'b' })
    expect(seen).toEqual([{ jobId: 'a' }])
  })

  it('the preload entry exposes the bridge under window.api and nothing else', async () => {
    const exposed: Record<string, unknown> = {}
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: fakeIpc()
    }))
    await import('../../src/preload/index')
    expect(Object.keys(exposed)).toEqual(['api'])
    expect(Object.keys(exposed.api as object).sort()).toEqual(['call', 'onJobEvent'])
    vi.doUnmock('electron')
  })
})
