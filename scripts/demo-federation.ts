// Writes the demo federation (src/main/core/demo/generate.ts, FIDE's next list from fide-list.ts) into resources/demo: `npx tsx scripts/demo-federation.ts`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateDemoBundle } from '../src/main/core/demo/fide-list'

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'demo')
rmSync(out, { recursive: true, force: true })
const { files, planted } = generateDemoBundle()
for (const [name, text] of files) {
  mkdirSync(dirname(join(out, name)), { recursive: true })
  writeFileSync(join(out, name), text)
}
console.log(`${files.size} files written to ${out}; FIDE's list differs on purpose for ${JSON.stringify(planted)}`)
