// Browser-mode build: the same renderer as the desktop, served by `rating-office serve` from out/web.
import { resolve } from 'node:path'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'

/** Import aliases of the renderer, shared with the desktop build (electron.vite.config.ts). */
export const rendererAliases = {
  '@renderer': resolve(__dirname, 'src/renderer/src'),
  '@shared': resolve(__dirname, 'src/shared')
}

const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string }

export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  base: './',
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: { alias: rendererAliases },
  plugins: [vue()],
  build: {
    outDir: resolve(__dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000
  }
})
