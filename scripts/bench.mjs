// `npm run bench`: runs every bench/*.bench.ts (or the ones named) with tsx and prints their figures.
import { readdirSync, existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'bench')
const wanted = process.argv.slice(2)
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => !wanted.length || wanted.some((w) => f.includes(w))).sort() : []
if (!files.length) {
  console.error('no benchmark found in bench/')
  process.exit(1)
}
let failed = 0
for (const f of files) {
  console.log(`\n== ${f}`)
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join('bench', f)], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
