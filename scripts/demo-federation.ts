// Writes the demo federation (src/main/core/demo/generate.ts) into resources/demo: `npx tsx scripts/demo-federation.ts`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateDemo } from '../src/main/core/demo/generate'

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'demo')
rmSync(out, { recursive: true, force: true })
const { files } = generateDemo()
for (const [name, text] of files) {
  mkdirSync(dirname(join(out, name)), { recursive: true })
  writeFileSync(join(out, name), text)
}
console.log(`${files.size} files written to ${out}`)
