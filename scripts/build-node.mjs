// Builds the Node hosts into out/node: the CLI (also the browser-mode server) and the worker thread entry.
// npm dependencies stay external (resolved from node_modules at run time; better-sqlite3 is native).
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const started = Date.now()
await build({
  entryPoints: { cli: 'src/main/cli/main.ts', worker: 'src/main/core/jobs/worker-entry.ts' },
  outdir: 'out/node',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning'
})
console.log(`built out/node (cli.js, worker.js) in ${Date.now() - started} ms`)
