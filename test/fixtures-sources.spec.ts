// The tests are self-contained: every fixture is in test/fixtures with its origin in SOURCES.md (size and hash
// pinned), and no test, benchmark or script reads a file beside the repository (a user's clone has none).
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIXTURES_DIR } from './helpers/fixtures'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
}

/** `| \`dir/file\` | bytes | sha256 prefix | origin | licence |` rows of SOURCES.md. */
function sourceRows(): Map<string, { bytes: number; sha: string; origin: string; licence: string }> {
  const rows = new Map<string, { bytes: number; sha: string; origin: string; licence: string }>()
  for (const line of readFileSync(FIXTURES_DIR + 'SOURCES.md', 'utf8').split('\n')) {
    const m = /^\| `([^`]+)` \| (\d+) \| ([0-9a-f]{16}) \| (.+) \| (.+) \|$/.exec(line)
    if (m) rows.set(m[1], { bytes: Number(m[2]), sha: m[3], origin: m[4].trim(), licence: m[5].trim() })
  }
  return rows
}

describe('test/fixtures', () => {
  const files = filesUnder(FIXTURES_DIR).map((f) => relative(FIXTURES_DIR, f).split('\\').join('/')).filter((f) => f !== 'SOURCES.md').sort()
  const rows = sourceRows()

  it('lists every fixture file in SOURCES.md with an origin and a licence, and nothing else', () => {
    expect(files.length).toBeGreaterThan(40)
    expect([...rows.keys()].sort()).toEqual(files)
    for (const [, r] of rows) {
      expect(r.origin.length).toBeGreaterThan(10)
      expect(r.licence).toMatch(/MIT|GPL|Apache|CC0/)
    }
  })

  it('keeps each file byte for byte as recorded (size and sha256)', () => {
    for (const f of files) {
      const bytes = readFileSync(FIXTURES_DIR + f)
      const r = rows.get(f)!
      expect(statSync(FIXTURES_DIR + f).size, f).toBe(r.bytes)
      expect(createHash('sha256').update(bytes).digest('hex').slice(0, 16), f).toBe(r.sha)
    }
  })
})

describe('no test reads outside the repository', () => {
  it('no file under test/, bench/ or scripts/ names the sibling shared folder', () => {
    const sibling = ['..', 'shared', 'fixtures'].join('/')
    const patterns = [sibling, ['..', 'shared', ''].join('/'), '/work/' + 'shared']
    const offenders: string[] = []
    for (const dir of ['test', 'bench', 'scripts']) {
      for (const f of filesUnder(join(ROOT, dir))) {
        if (f.startsWith(FIXTURES_DIR) || !/\.(ts|mts|mjs|js|cjs|json)$/.test(f)) continue
        const text = readFileSync(f, 'utf8')
        if (patterns.some((p) => text.includes(p))) offenders.push(relative(ROOT, f))
      }
    }
    expect(offenders).toEqual([])
  })
})
