// npm install hook: builds the Node hosts (CLI, browser-mode server, worker) so that `npx rating-office` works.
// Skipped quietly when the build tools are not installed (a production install without devDependencies).
import { existsSync } from 'node:fs'

if (existsSync(new URL('../node_modules/esbuild/package.json', import.meta.url)) && existsSync(new URL('./build-node.mjs', import.meta.url))) {
  await import('./build-node.mjs')
}
