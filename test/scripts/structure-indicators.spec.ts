// The structure's indicators (scripts/structure-indicators.mjs) that reached their target stay there: a data file
// importing a migration, a core file below services/ importing services/, a runtime import cycle, an untyped
// reply… each fails this spec with the file that brought it back (the list of enforced ones:
// scripts/structure-indicators.json).
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
type Indicator = { name: string; value: number; target: number; items: string[] }

describe('structure indicators', () => {
  const run = spawnSync(process.execPath, ['scripts/structure-indicators.mjs', '--json'], { cwd: root, encoding: 'utf8' })
  const indicators = JSON.parse(run.stdout) as Indicator[]
  const enforced = JSON.parse(readFileSync(`${root}/scripts/structure-indicators.json`, 'utf8')) as string[]

  it('names each enforced indicator as the script does', () => {
    const names = indicators.map((i) => i.name)
    for (const e of enforced) expect(names).toContain(e)
  })

  for (const name of enforced) {
    it(`${name}: at its target`, () => {
      const i = indicators.find((x) => x.name === name)!
      expect(i.items.slice(0, 20), `${name}: ${i.value} over ${i.target}`).toEqual(i.target === 0 ? [] : i.items.slice(0, 20))
      expect(i.value).toBeLessThanOrEqual(i.target)
    })
  }
})
