// Preload (sandboxed): exposes window.api to the isolated renderer; nothing else crosses the bridge.
import { contextBridge, ipcRenderer } from 'electron'
import { buildBridge } from './bridge'

contextBridge.exposeInMainWorld('api', buildBridge(ipcRenderer))
