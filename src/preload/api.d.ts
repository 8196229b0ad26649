// The bridge the preload exposes in Electron; in browser mode the renderer builds the same shape over HTTP.
import type { Api } from '../shared/contract/index'

declare global {
  interface Window {
    api?: Api
  }
}

export {}
