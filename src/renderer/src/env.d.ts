// Ambient types of the renderer: Vite's import.meta (glob, env) and the version injected at build time.
/// <reference types="vite/client" />

declare const __APP_VERSION__: string
