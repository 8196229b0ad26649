// Builds window.api from the contract: exactly { call, onJobEvent }, and only contract call names go through.
import { callNames, type Api, type CallName } from '../shared/contract/index'
import type { JobEvent } from '../shared/contract/jobs'
import { IPC_CALL, IPC_JOB_EVENT } from './channels'

export interface IpcLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void
}

export function buildBridge(ipc: IpcLike): Api {
  const allowed = new Set<string>(callNames)
  return {
    call: ((name: CallName, input: unknown) => {
      if (!allowed.has(name)) {
        return Promise.resolve({ ok: false, error: { code: 'user', key: 'contract.unknownCall', params: { name }, message: `Unknown call “${String(name)}”.` } })
      }
      return ipc.invoke(IPC_CALL, name, input)
    }) as Api['call'],
    onJobEvent(listener) {
      const wrapped = (_e: unknown, ...args: unknown[]): void => listener(args[0] as JobEvent)
      ipc.on(IPC_JOB_EVENT, wrapped)
      return () => ipc.removeListener(IPC_JOB_EVENT, wrapped)
    }
  }
}
